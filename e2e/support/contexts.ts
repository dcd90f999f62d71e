import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { AppContextOptions, LaunchOptions } from './browser';
import { launchBrowser, newAppContext, signInToDashboard } from './browser';

/**
 * For a suite: one Chromium for all its tests, and every context a test opens closed after that test.
 * Returns how a test opens a context on the server under test (see `newAppContext`).
 */
export function useAppContexts(
  launchOptions: LaunchOptions = {},
): (options?: AppContextOptions) => Promise<BrowserContext> {
  let browser: Browser | undefined;
  const opened: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser(launchOptions);
  });
  afterEach(async () => {
    // A context of a browser that died with it is gone already: nothing to close.
    await Promise.all(opened.splice(0).map((context) => context.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await browser?.close();
  });
  // Chromium here has died between tests (after closing a context with a service worker, on a loaded 2-core
  // machine); the next test gets a fresh one instead of failing on a browser that is gone.
  const relaunch = async () => {
    console.warn('useAppContexts: Chromium had gone away; launching it again.');
    await browser?.close().catch(() => undefined);
    browser = await launchBrowser(launchOptions);
    return browser;
  };
  return async (options) => {
    if (!browser) throw new Error('useAppContexts: contexts open inside tests, after the browser started.');
    const live = browser.isConnected() ? browser : await relaunch();
    const context = await newAppContext(live, options).catch(async (error: unknown) => {
      if (!/has been closed/.test(String(error))) throw error;
      return newAppContext(await relaunch(), options);
    });
    opened.push(context);
    return context;
  };
}

export type OpenContext = ReturnType<typeof useAppContexts>;

/** A page of a new context, signed in as `email` and showing the dashboard. */
export async function openSignedInPage(
  openContext: OpenContext,
  email: string,
  viewport: AppContextOptions['viewport'] = 'desktop',
): Promise<Page> {
  const context = await openContext({ viewport });
  const page = await context.newPage();
  await signInToDashboard(page, email);
  return page;
}
