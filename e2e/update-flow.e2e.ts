import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, signInToDashboard } from './support/browser';
import { useAppContexts } from './support/contexts';
import { launchPlainChromium } from './support/plain-chromium';
import type { ReleaseName } from './support/releases';
import { deployRelease, releaseDir } from './support/releases';

const updatePendingKey = 'sw-update-pending';

/** The JavaScript files a release ships. */
const scriptsOf = (release: ReleaseName): Set<string> =>
  new Set(readdirSync(path.join(releaseDir(release), 'assets')).filter((file) => file.endsWith('.js')));

const entryScriptSelector = 'script[type="module"][src]';
const entryScript = `document.querySelector('${entryScriptSelector}')?.getAttribute('src') ?? ''`;

/** The release an entry script (its `src`) belongs to. */
function releaseOfEntry(entry: string): ReleaseName | 'unknown' {
  const file = path.basename(entry);
  if (scriptsOf('release-1').has(file) && !scriptsOf('release-2').has(file)) return 'release-1';
  if (scriptsOf('release-2').has(file) && !scriptsOf('release-1').has(file)) return 'release-2';
  return 'unknown';
}

/** The release whose entry script the page runs, read from the document the browser loaded. */
async function runningRelease(page: Page): Promise<ReleaseName | 'unknown'> {
  return releaseOfEntry((await page.locator(entryScriptSelector).first().getAttribute('src')) ?? '');
}

describe('a deploy while a tab is open, in Chromium against the real server', () => {
  const openContext = useAppContexts();
  beforeAll(() => deployRelease('release-1'));
  // The other suites run against the release the server started with.
  afterEach(() => deployRelease('release-1'));

  /** A page with service workers blocked, counting its loads. */
  async function open() {
    const page = await (await openContext({ serviceWorkers: 'block' })).newPage();
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    return { page, loads: () => loads };
  }

  const signInAsCoach = (page: Page) => signInToDashboard(page, 'coach@demo.test');

  it('the two releases differ: the second one no longer ships some scripts of the first', () => {
    const removed = [...scriptsOf('release-1')].filter((file) => !scriptsOf('release-2').has(file));
    expect(removed.length).toBeGreaterThan(0);
  });

  it('keeps a tab under the service worker working, then reloads it exactly once into the new release', async () => {
    // Not Playwright: DevTools on the service workers would keep the new one from ever activating (plain-chromium.ts).
    const chromium = await launchPlainChromium();
    try {
      const page = await chromium.openPage('/login');
      await page.type('input[type="email"]', 'coach@demo.test');
      await page.type('input[type="password"]', demoPassword);
      await page.click('form button[type="submit"]');
      await page.waitFor(`location.pathname === '/app/dashboard'`);
      await page.waitFor('navigator.serviceWorker.controller !== null', 30_000);
      // The worker has every script of release 1 once the page was idle (ADR 080), as a phone after its first visit.
      await page.waitFor(`document.documentElement.dataset.offlineReady === 'true'`, 60_000);
      expect(releaseOfEntry(await page.evaluate<string>(entryScript))).toBe('release-1');
      const loadsBeforeDeploy = page.loads();

      deployRelease('release-2');
      // The connection drops and comes back: the app asks the server for a new release (spec 4, reconnect).
      await page.setOffline(true);
      await page.setOffline(false);
      await page.waitFor(`sessionStorage.getItem('${updatePendingKey}') === 'true'`, 30_000);
      expect(page.loads()).toBe(loadsBeforeDeploy);

      // A screen never opened before: its chunk is gone from the server, the old worker still has it.
      await page.click('nav a[href="/app/travel-roster"]');
      // Up to 30 s: Chromium may hold the new worker back while the old one is warm (ADR 073).
      await page.waitFor(
        `sessionStorage.getItem('${updatePendingKey}') === null && document.readyState === 'complete'`,
        45_000,
      );
      await page.waitFor(
        `[...document.querySelectorAll('h1')].some((h) => h.textContent.trim() === 'Travel roster')`,
      );
      expect(releaseOfEntry(await page.evaluate<string>(entryScript))).toBe('release-2');
      expect(await page.evaluate<string>('location.pathname')).toBe('/app/travel-roster');

      // Exactly one reload, and it stays at one.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(page.loads() - loadsBeforeDeploy).toBe(1);
      expect(page.pageErrors).toEqual([]);
    } finally {
      await chromium.close();
    }
  }, 120_000);

  it('reloads a tab without a service worker once into the new release when a chunk it needs is gone', async () => {
    const { page, loads } = await open();
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
