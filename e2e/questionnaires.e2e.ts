import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshotsAtBothSizes, signInToDashboard, waitUntilUsableOffline } from './support/browser';
import { openSignedInPage, useAppContexts } from './support/contexts';

/*
 * Questionnaires in Chromium (issue 26): the demo athlete on a 390 px phone answers today's wellness check with no
 * signal, reloads, comes back online, and the coach's Readiness today card shows the answer and its flag (the
 * demo's six weeks of answers are the athlete's baseline, so a day of 1s is red).
 */

const wellnessItems = ['Fatigue', 'Sleep quality', 'Muscle soreness', 'Stress', 'Mood'];

async function answerEveryItemWith(page: Page, value: string): Promise<void> {
  for (const item of wellnessItems)
    await page.getByRole('radiogroup', { name: item }).getByText(value, { exact: true }).click();
}

const readinessCard = (page: Page) => page.getByRole('region', { name: 'Readiness today' });

describe('questionnaires in Chromium', () => {
  const openContext = useAppContexts();

  it('an athlete answers the wellness check offline, reloads, comes online; the coach sees it flagged', async () => {
    const athleteContext = await openContext({ viewport: 'phone', serviceWorkers: 'allow' });
    const athlete = await athleteContext.newPage();
    await signInToDashboard(athlete, 'athlete@demo.test');
    await waitUntilUsableOffline(athlete);
    const answerLink = athlete.getByRole('link', { name: 'Answer Daily wellness' });
    await answerLink.waitFor({ timeout: 20_000 });
    // ADR 016 writes the query cache at most once a second: let it hold the week's questionnaires first.
    await athlete.waitForTimeout(1500);

    await athleteContext.setOffline(true);
    await answerLink.click();
    await athlete.getByRole('radiogroup', { name: 'Fatigue' }).waitFor();
    const started = Date.now();
    await answerEveryItemWith(athlete, '1');
    await athlete.getByRole('button', { name: 'Submit', exact: true }).click();
    await athlete.getByText('Will send when you’re back online.').first().waitFor();
    const secondsToAnswer = (Date.now() - started) / 1000;
    console.info(`[questionnaires] wellness check answered in ${secondsToAnswer.toFixed(1)} s of clicks`);

    // Still offline, a reload keeps the answer on the phone, waiting to be sent.
    await athlete.reload();
    await athlete
      .getByText(/will send when you’re back online/i)
      .first()
      .waitFor({ timeout: 20_000 });
    await saveScreenshotsAtBothSizes(athlete, 'questionnaire-athlete-offline');

    await athleteContext.setOffline(false);
    const coach = await openSignedInPage(openContext, 'coach@demo.test', 'desktop');
    const card = readinessCard(coach);
    await card.getByText('Jamie Rivera').waitFor();
    // The answer reaches the server once the signal is back, and the card shows it flagged red.
    await expect
      .poll(
        async () => {
          await coach.reload();
          await card.getByText('Jamie Rivera').waitFor();
          return await card
            .getByRole('link', { name: /Jamie Rivera/ })
            .first()
            .textContent();
        },
        { timeout: 60_000, interval: 3000 },
      )
      .toMatch(/Red flag/);
    await saveScreenshotsAtBothSizes(coach, 'questionnaire-readiness-coach');

    // The athlete's card now says answered, and the server holds one answer for today.
    await athlete.getByRole('link', { name: 'Change Daily wellness' }).waitFor({ timeout: 30_000 });
  });
});
