import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findAccessibilityViolations } from './support/axe';
import { saveScreenshotsAtBothSizes, viewports } from './support/browser';
import { openSignedInPage, useAppContexts } from './support/contexts';

/* Issue 16 against the real server: a Rapsodo export imported through the preview, then read by coach and athlete. */
const rapsodoFile = fileURLToPath(new URL('../fixtures/throwing/rapsodo-pitching.csv', import.meta.url));
/** Data rows of the fixture (its preamble and header are not pitches). */
const rapsodoPitches = 30;

async function useDarkTheme(page: Page) {
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await page.getByRole('main').waitFor();
}

/** Waits until the charts' lazy chunk has drawn: every figure of the section has its SVG. */
async function chartsDrawn(page: Page, section: string, figures: number) {
  const region = page.getByRole('region', { name: section });
  await expect
    .poll(() => region.locator('figure svg.recharts-surface').count(), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(figures);
}

describe('pitches in Chromium', () => {
  const openContext = useAppContexts();

  it('a coach imports a Rapsodo file into a completed workout through the preview; coach and athlete read the charts and the table', async () => {
    // The athlete's newest completed workout: the one the coach's bullpen file belongs to.
    const athlete = await openSignedInPage(openContext, 'athlete@demo.test', 'phone');
    await athlete.goto('/app/completed');
    await athlete.getByRole('heading', { level: 1, name: 'Completed' }).waitFor();
    await athlete.getByRole('main').locator('a[href^="/app/completed/"]').first().click();
    await athlete.waitForURL(/\/app\/completed\/[0-9a-f-]{36}$/);
    const workoutPath = new URL(athlete.url()).pathname;

    const coach = await openSignedInPage(openContext, 'coach@demo.test', 'desktop');
    await coach.goto(workoutPath);
    await coach.getByRole('heading', { level: 2, name: 'Pitches' }).waitFor();
    await coach.getByRole('link', { name: 'Import pitches' }).first().click();
    await coach.waitForURL(
      (url) => url.pathname === `${workoutPath}/import` && url.search === '?kind=pitches',
    );
    await coach.getByRole('heading', { level: 1, name: 'Import pitches' }).waitFor();

    // The preview: what the file was read as and the rows as they will be saved; nothing is saved yet.
    await coach.getByLabel('Choose a CSV file').setInputFiles(rapsodoFile);
    await coach.getByText('Rapsodo pitching export').waitFor();
    await coach.getByText(`${rapsodoPitches} rows, all ready`).waitFor();
    expect(await findAccessibilityViolations(coach)).toEqual([]);
    await saveScreenshotsAtBothSizes(coach, 'pitching-import-preview');

    // The fixture is Jamie's bullpen of March, this workout is recent: the preview says so before anything is
    // saved, and the coach confirms the file belongs here.
    await coach
      .getByRole('alert')
      .getByText(/The file's pitches are dated/)
      .waitFor();
    await coach
      .getByRole('checkbox', { name: /This file belongs to this workout: import it anyway/ })
      .check();
    await coach.getByRole('button', { name: `Import ${rapsodoPitches} pitches` }).click();
    await coach.waitForURL((url) => url.pathname === workoutPath);
    const pitchesRegion = coach.getByRole('region', { name: 'Pitches' });
    await pitchesRegion.getByText(`${rapsodoPitches} pitches`, { exact: false }).first().waitFor();
    const everyPitch = coach.getByRole('table', { name: 'Every pitch of the workout' });
    await expect.poll(() => everyPitch.locator('tbody tr').count()).toBe(rapsodoPitches);
    // The fixture's first pitch: a slider at 79.2 mph with a 9:30 spin direction.
    await everyPitch.locator('tbody tr').first().getByText('79.2').waitFor();
    await chartsDrawn(coach, 'Pitches', 3);
    expect(await findAccessibilityViolations(coach)).toEqual([]);
    await saveScreenshotsAtBothSizes(coach, 'pitching-charts-light');
    await useDarkTheme(coach);
    await chartsDrawn(coach, 'Pitches', 3);
    expect(await findAccessibilityViolations(coach)).toEqual([]);
    await saveScreenshotsAtBothSizes(coach, 'pitching-charts-dark');

    // The athlete sees its own workout's pitches, on its phone.
    await athlete.reload();
    const ownTable = athlete.getByRole('table', { name: 'Every pitch of the workout' });
    await expect.poll(() => ownTable.locator('tbody tr').count(), { timeout: 15_000 }).toBe(rapsodoPitches);
    await chartsDrawn(athlete, 'Pitches', 3);
    await athlete.setViewportSize(viewports.phone);
    expect(await athlete.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports.phone.width,
    );
    await saveScreenshotsAtBothSizes(athlete, 'pitching-athlete');
  });

  it("shows a coach an athlete's throwing: pitch counts, velocity and workload, and the dashboard's warnings", async () => {
    const coach = await openSignedInPage(openContext, 'coach@demo.test', 'desktop');
    const warnings = coach.getByRole('region', { name: 'Throwing' });
    await warnings.waitFor();
    // The demo seed keeps Tyler's workload ratio outside the green zone.
    const tyler = warnings.getByRole('link', { name: /Tyler Brooks/ });
    await tyler.waitFor();
    await tyler.click();
    await coach.waitForURL((url) => url.searchParams.get('tab') === 'throwing');
    await coach.getByRole('table').first().waitFor();
    expect(await findAccessibilityViolations(coach)).toEqual([]);
    await saveScreenshotsAtBothSizes(coach, 'pitching-athlete-throwing');
  });
});
