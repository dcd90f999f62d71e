import { describe, expect, it } from 'vitest';
import { findAccessibilityViolations } from './support/axe';
import { saveScreenshotsAtBothSizes, viewports } from './support/browser';
import { openSignedInPage, useAppContexts } from './support/contexts';

/*
 * Needs the server of issue 15 (the tracking routes and a demo seed with completed workouts): the demo athletes'
 * past workouts are tracked by the seed, so a coach finds some on a fresh database.
 */
describe('completed workouts in Chromium', () => {
  const openContext = useAppContexts();

  it('a coach finds a completed workout of the demo seed, opens it, and reads it set by set at 390 and 1280 px', async () => {
    const page = await openSignedInPage(openContext, 'coach@demo.test', 'desktop');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Completed' }).click();
    await page.getByRole('heading', { level: 1, name: 'Completed' }).waitFor();
    const table = page.getByRole('table', { name: 'Completed workouts, newest first' });
    await table.waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await saveScreenshotsAtBothSizes(page, 'completed-list');

    // The newest first: its name opens it.
    await page.setViewportSize(viewports.desktop);
    const newest = table.getByRole('row').nth(1).getByRole('link').first();
    const name = (await newest.textContent()) ?? '';
    await newest.click();
    await page.waitForURL(/\/app\/completed\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('columnheader', { name: 'Prescribed' }).first().waitFor();
    await page.getByRole('columnheader', { name: 'Done' }).first().waitFor();
    await page.getByText('Finished by').waitFor();
    expect(await page.getByRole('button', { name: 'Correct' }).isVisible()).toBe(true);
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await saveScreenshotsAtBothSizes(page, 'completed-workout');

    // The correction form, on a phone: a sheet from the bottom.
    await page.setViewportSize(viewports.phone);
    await page.getByRole('button', { name: 'Correct' }).click();
    await page.getByRole('dialog', { name: 'Correct this workout' }).waitFor();
    await saveScreenshotsAtBothSizes(page, 'completed-workout-correction');
  });
});
