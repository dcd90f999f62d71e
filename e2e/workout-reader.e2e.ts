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

  it("a coach adds an athlete's Strong export to their history, and it raises their maxes", async () => {
    // A workout name of this run: the server keys a session by athlete, app, date, start and name.
    const session = `Leg Day ${Date.now().toString(36)}`;
    const strongExport = [
      'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
      `2025-03-03 17:30:00,${session},1h 5m,Squat (Barbell),W,135,5,0,0,,,`,
      `2025-03-03 17:30:00,${session},1h 5m,Squat (Barbell),1,315,5,0,0,,,8`,
      `2025-03-03 17:30:00,${session},1h 5m,Squat (Barbell),2,330,4,0,0,,,9`,
      `2025-03-05 18:00:00,Push ${session},48m,Bench Press (Barbell),1,185,5,0,0,,,`,
      `2025-03-05 18:00:00,Push ${session},48m,Bench Press (Barbell),2,205,3,0,0,,,9`,
    ].join('\n');
    const page = await openSignedInPage(openContext, 'coach@demo.test', 'desktop');
    await page.goto('/app/library/import');
    await page.getByRole('tab', { name: 'Upload a file' }).click();
    await page.getByLabel('Choose a CSV or Excel file').setInputFiles({
      name: 'strong-workouts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(strongExport),
    });
    await page.getByRole('button', { name: 'Read', exact: true }).click();
    await page.getByRole('heading', { name: 'Add a workout log to an athlete’s history' }).waitFor();
    await page.getByText('Strong export · 2 sessions · 5 sets').waitFor();

    await page.getByRole('combobox', { name: 'Athlete' }).fill('Sam');
    await page.getByRole('option', { name: 'Sam Whitaker' }).click();
    for (const [written, library] of [
      ['Squat (Barbell)', 'Back Squat'],
      ['Bench Press (Barbell)', 'Bench Press'],
    ] as const) {
      await page
        .getByRole('group', { name: written })
        .getByRole('button', { name: /is saved as$/ })
        .click();
      await page
        .getByRole('option', { name: new RegExp(`^${library}\\b`) })
        .first()
        .click();
    }
    await page.getByRole('button', { name: 'Check what would be added' }).click();
    await page
      .getByText(/^2 sessions and 5 sets would be added to Sam Whitaker’s history, raising 2 maxes/)
      .waitFor();
    await saveScreenshotsAtBothSizes(page, 'workout-reader-log-history');
    await page.getByRole('button', { name: 'Add 2 sessions to the history' }).click();

    const added = page.getByRole('region', { name: 'Added to Sam Whitaker’s history' });
    await added.getByText('2 sessions and 5 sets added to the history.').waitFor();
    await added.getByRole('link', { name: 'Open Sam Whitaker’s training' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/app/users/'));
    // The best Epley estimates: squat 330 × (1 + 4/30) = 374, bench 205 × (1 + 3/30) = 225.5; Sam had none.
    const maxes = page.getByRole('region', { name: 'Current maxes' });
    await maxes.getByText('Back Squat').waitFor();
    expect(await maxes.textContent()).toContain('374 lb');
    expect(await maxes.textContent()).toContain('225.5 lb');
  });
});
