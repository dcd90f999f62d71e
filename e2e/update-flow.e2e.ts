import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInToDashboard } from './support/browser';
import { useAppContexts } from './support/contexts';
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
  const openContext = useAppContexts({ noWorkerWarmUp: true });
  beforeAll(() => deployRelease('release-1'));
  // The other suites run against the release the server started with.
  afterEach(() => deployRelease('release-1'));

  async function open(serviceWorkers: 'allow' | 'block') {
    const context = await openContext({ serviceWorkers });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    return { context, page, pageErrors, loads: () => loads };
  }

  const signInAsCoach = (page: Page) => signInToDashboard(page, 'coach@demo.test');

  it('the two releases differ: the second one no longer ships some scripts of the first', () => {
    const removed = [...scriptsOf('release-1')].filter((file) => !scriptsOf('release-2').has(file));
    expect(removed.length).toBeGreaterThan(0);
  });

  it('keeps a tab under the service worker working, then reloads it exactly once into the new release', async () => {
    const { context, page, pageErrors, loads } = await open('allow');
    await signInAsCoach(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await runningRelease(page)).toBe('release-1');
    const loadsBeforeDeploy = loads();

    deployRelease('release-2');
    // The connection drops and comes back: the app asks the server for a new release (spec 4, reconnect).
    await context.setOffline(true);
    await context.setOffline(false);
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
    await expect.poll(() => runningRelease(page), { timeout: 15_000 }).toBe('release-2');
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
    const travelRoster = page.getByRole('navigation').getByRole('link', { name: 'Travel roster' });
    // A pointer resting on the link preloads the screen's chunk, which is gone: the page stays where it is.
    const chunkGone = page.waitForResponse(
      (response) => response.url().includes('/assets/') && !response.ok(),
    );
    await travelRoster.hover();
    await chunkGone;
    await page.waitForTimeout(500);
    expect(loads()).toBe(loadsBeforeDeploy);
    expect(new URL(page.url()).pathname).toBe('/app/dashboard');
    expect(await page.getByText('There was an error loading this page').count()).toBe(0);
    // Opening the screen loads it as a new page of the new release.
    await travelRoster.click();
    await page.getByRole('heading', { level: 1, name: 'Travel roster' }).waitFor();
    expect(await runningRelease(page)).toBe('release-2');
    expect(new URL(page.url()).pathname).toBe('/app/travel-roster');
    await page.waitForTimeout(1_500);
    expect(loads() - loadsBeforeDeploy).toBe(1);
  });
});
