import { describe, expect, it } from 'vitest';
import { readEverythingOnBell, unreadOnBell } from './support/bell';
import { saveScreenshotsAtBothSizes } from './support/browser';
import { openSignedInPage, useAppContexts } from './support/contexts';

describe('the activity feed in Chromium', () => {
  const openContext = useAppContexts();

  it('a coach likes and comments on an athlete’s activity; the athlete’s bell counts it and its notification opens the activity with the comment', async () => {
    const athlete = await openSignedInPage(openContext, 'athlete@demo.test', 'phone');
    await athlete.getByRole('button', { name: /^Notifications/ }).waitFor();
    // Read what is there first, so the count below is the coach's alone.
    await readEverythingOnBell(athlete);

    const coach = await openSignedInPage(openContext, 'coach@demo.test', 'desktop');
    await coach.getByRole('link', { name: 'Activity', exact: true }).first().click();
    await coach.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    await coach.getByRole('combobox', { name: 'Athlete' }).fill('Jamie');
    await coach
      .getByRole('option', { name: /Jamie Rivera/ })
      .first()
      .click();
    await coach.waitForURL(/athleteId=/);
    const row = coach.getByRole('region', { name: 'Activity, newest first' }).getByRole('article').first();
    await row.waitFor();
    const like = row.getByRole('button', { name: /^Like \(/ });
    if ((await like.getAttribute('aria-pressed')) !== 'true') await like.click();
    await row.locator('[aria-pressed="true"]').waitFor();

    await row.getByRole('button', { name: /^Comments \(/ }).click();
    const text = `Great work today ${Date.now()}`;
    await row.getByRole('textbox', { name: 'Comment to Jamie Rivera' }).fill(text);
    await row.getByRole('button', { name: 'Send' }).click();
    await row.getByText(text).waitFor();
    await saveScreenshotsAtBothSizes(coach, 'activities-coach');

    // The athlete's bell counts the comment (and the like) without a reload.
    await expect
      .poll(() => unreadOnBell(athlete), { timeout: 10_000, interval: 200 })
      .toBeGreaterThanOrEqual(1);
    await athlete.getByRole('button', { name: /^Notifications/ }).click();
    const notification = athlete.getByRole('button', { name: /^Casey Jordan commented on your/ }).first();
    await notification.waitFor();
    await notification.click();
    await athlete.waitForURL(/\/app\/activities\?activity=/);
    const opened = athlete.getByRole('region', { name: 'Opened activity' });
    await opened.getByText(text).waitFor();
    expect(await opened.getByRole('button', { name: /^Like/ }).count()).toBe(0);
    await saveScreenshotsAtBothSizes(athlete, 'activities-athlete-opened');
  });
});
