import { describe, expect, it } from 'vitest';
import { saveScreenshotsAtBothSizes } from './support/browser';
import { openSignedInPage, useAppContexts } from './support/contexts';

/** The workout reader (issue 28) against the real server, its parser and the seeded library. */
describe('the workout reader in Chromium', () => {
  const openContext = useAppContexts();

  it('a coach pastes a week of text, reviews it and saves it as a program', async () => {
    const suffix = Date.now().toString(36);
    const programName = `Pasted Block ${suffix}`;
    const page = await openSignedInPage(openContext, 'coach@demo.test', 'desktop');

    await page.getByRole('link', { name: 'Workout library' }).click();
    await page.getByRole('link', { name: 'Import' }).click();
    await page.waitForURL((url) => url.pathname === '/app/library/import');
    await page
      .getByLabel('Program text')
      .fill(
        [
          `Week 1`,
          `Monday – Lower ${suffix}`,
          'A1. Back Squat 4x6 @ 75%',
          `A2. Copenhagen Plank ${suffix} 3 x 30s`,
          'romanian deadlift 3 x 8-10 (slow on the way down)',
          'Box Jump 3 x ???',
          '',
          `Thursday – Upper ${suffix}`,
          'Bench Press 5/5/5/3/3 @ 185',
          'Chin-Up 3 x 6-8',
        ].join('\n'),
      );
    await page.getByRole('button', { name: 'Read', exact: true }).click();

    await page.getByText(/Nothing is saved yet/).waitFor();
    await saveScreenshotsAtBothSizes(page, 'workout-reader-review');
    expect(await page.getByText(/^\d+ workouts · /).textContent()).toBe(
      '2 workouts · 5 exercises · 1 line not read',
    );
    const problems = page.getByRole('region', { name: 'Lines that could not be read' });
    expect(await problems.textContent()).toContain('Box Jump 3 x ???');

    await page.getByRole('radio', { name: /A program/ }).check();
    await page.getByLabel('Program name').fill(programName);
    await page.getByRole('button', { name: 'Save program' }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/app/schedule/programs/'));
    await page.getByRole('heading', { name: programName }).waitFor();
    await page.getByText(`Week 1 · Monday – Lower ${suffix}`).first().waitFor();
    await page.getByText(`Week 1 · Thursday – Upper ${suffix}`).first().waitFor();

    // The new exercise is in the library now, made from the pasted name.
    await page.goto('/app/library?tab=exercises');
    await page.getByRole('link', { name: `Copenhagen Plank ${suffix}` }).waitFor();
  });
});
