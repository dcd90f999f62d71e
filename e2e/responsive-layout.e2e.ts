import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openSession,
  saveScreenshot,
  signIn,
  viewports,
  waitForPath,
} from './support/browser';
import type { ViewportName } from './support/browser';

/** True when the page is no wider than the window, i.e. nothing forces sideways scrolling. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe.each(Object.keys(viewports) as ViewportName[])('at %s width', (viewport) => {
  const width = viewports[viewport].width;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it(`lays out the sign-in page and the dashboard within ${width} px`, async () => {
    const { context, page } = await openSession(browser, viewport);
    try {
      await page.goto('/login');
      await page.getByRole('button', { name: /sign in/i }).waitFor();
      await saveScreenshot(page, `login-${width}`);
      expect(await fitsWidth(page)).toBe(true);

      await signIn(page, 'coach@demo.test');
      await waitForPath(page, '/app/dashboard');
      // The URL changes before the dashboard replaces the sign-in form; wait for the dashboard itself.
      await page.getByRole('heading', { level: 1, name: /Casey/ }).waitFor();
      await saveScreenshot(page, `dashboard-${width}`);
      expect(await fitsWidth(page)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
