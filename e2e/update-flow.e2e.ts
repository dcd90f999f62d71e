import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, demoPassword, launchBrowser, waitForPath } from './support/browser';
import type { ReleaseName } from './support/releases';
import { deployRelease, releaseDir } from './support/releases';

const updatePendingKey = 'sw-update-pending';

/** The JavaScript files a release ships. */
const scriptsOf = (release: ReleaseName): Set<string> =>
  new Set(readdirSync(path.join(releaseDir(release), 'assets')).filter((file) => file.endsWith('.js')));

/** The release whose entry script the page runs, read from the document the browser loaded. */
async function runningRelease(page: Page): Promise<ReleaseName | 'unknown'> {
  const entry = await page.locator('script[type="module"][src]').first().getAttribute('src');
  const file = path.basename(entry ?? '');
  if (scriptsOf('release-1').has(file) && !scriptsOf('release-2').has(file)) return 'release-1';
  if (scriptsOf('release-2').has(file) && !scriptsOf('release-1').has(file)) return 'release-2';
  return 'unknown';
}

describe('a deploy while a tab is open, in Chromium against the real server', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    deployRelease('release-1');
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
    // The other suites run against the release the server started with.
    deployRelease('release-1');
  });
  afterAll(async () => {
    await browser.close();
  });

  async function open(serviceWorkers: 'allow' | 'block') {
    context = await browser.newContext({
      baseURL: baseUrl(),
      serviceWorkers,
      viewport: { width: 1280, height: 800 },
    });
    context.setDefaultTimeout(15_000);
    const origin = new URL(baseUrl()).origin;
    await context.route(
      (url) => url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:',
      (route) => route.abort('blockedbyclient'),
    );
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    return { page, pageErrors, loads: () => loads };
  }

  async function signInAsCoach(page: Page) {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill('coach@demo.test');
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: /sign in/i }).click();
    await waitForPath(page, '/app/dashboard');
  }

  it('the two releases differ: the second one no longer ships some scripts of the first', () => {
    const removed = [...scriptsOf('release-1')].filter((file) => !scriptsOf('release-2').has(file));
    expect(removed.length).toBeGreaterThan(0);
  });

  it('keeps a tab under the service worker working, then reloads it exactly once into the new release', async () => {
    const { page, pageErrors, loads } = await open('allow');
    await signInAsCoach(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await runningRelease(page)).toBe('release-1');
    const loadsBeforeDeploy = loads();

    deployRelease('release-2');
    // The connection drops and comes back: the app asks the server for a new release (spec 4, reconnect).
    await context?.setOffline(true);
    await context?.setOffline(false);
    await page.waitForFunction((key) => sessionStorage.getItem(key) === 'true', updatePendingKey, {
      timeout: 30_000,
    });
    expect(loads()).toBe(loadsBeforeDeploy);

    // A screen never opened before: its chunk is gone from the server, the old worker still has it.
    await page.getByRole('navigation').getByRole('link', { name: 'Travel roster' }).click();
    await page.waitForFunction(
      (key) => sessionStorage.getItem(key) === null && document.readyState === 'complete',
      updatePendingKey,
    );
    await expect
      .poll(() => runningRelease(page), { timeout: 15_000 })
      .toBe('release-2');
    await page.getByRole('heading', { level: 1, name: 'Travel roster' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/travel-roster');

    // Exactly one reload, and it stays at one.
    await page.waitForTimeout(1_500);
    expect(loads() - loadsBeforeDeploy).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  it('reloads a tab without a service worker once into the new release when a chunk it needs is gone', async () => {
    const { page, loads } = await open('block');
    await signInAsCoach(page);
    expect(await runningRelease(page)).toBe('release-1');
    const loadsBeforeDeploy = loads();

    deployRelease('release-2');
    await page.getByRole('navigation').getByRole('link', { name: 'Travel roster' }).click();
    await page.getByRole('heading', { level: 1, name: 'Travel roster' }).waitFor();
    expect(await runningRelease(page)).toBe('release-2');
    expect(new URL(page.url()).pathname).toBe('/app/travel-roster');
    await page.waitForTimeout(1_500);
    expect(loads() - loadsBeforeDeploy).toBe(1);
  });
});
