import { TZDate } from '@date-fns/tz';
import { format, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { readEverythingOnBell, unreadOnBell } from './support/bell';
import { saveScreenshotsAtBothSizes } from './support/browser';
import { openSignedInPage, useAppContexts } from './support/contexts';

/** The demo organisation's today (America/Chicago). */
const today = format(new TZDate(Date.now(), 'America/Chicago'), 'yyyy-MM-dd');
// The demo organisation writes dates as en-US does (ADR 053).
const heading = (date: string) => format(parseISO(date), 'EEEE, MMMM d');

describe('live updates in Chromium', () => {
  const openContext = useAppContexts();

  it('a coach schedules a workout: the athlete’s open dashboard shows it and the bell counts one, without a reload; the notification opens its day', async () => {
    const athlete = await openSignedInPage(openContext, 'athlete@demo.test', 'phone');
    const todayCard = athlete.getByRole('region', { name: 'Today', exact: true });
    await todayCard.waitFor();
    const shownBefore = await todayCard.getByText('Pitcher Arm Care').count();
    // Read what is there first: a workout on a day that already has one folds into that day's notification.
    await readEverythingOnBell(athlete);

    const coach = await openSignedInPage(openContext, 'coach@demo.test', 'desktop');
    await coach.goto(`/app/schedule?view=week&date=${today}`);
    await coach.getByRole('heading', { level: 1, name: 'Schedule' }).waitFor();
    const whose = coach.getByRole('combobox', { name: 'Whose schedule' });
    await whose.fill('Jamie');
    await coach
      .getByRole('option', { name: /Jamie Rivera/ })
      .first()
      .click();
    await coach.waitForURL(/athlete=/);
    await coach.getByRole('button', { name: `Add a workout on ${heading(today)}` }).click();
    const add = coach.getByRole('dialog', { name: 'Add a workout' });
    await add.getByRole('combobox', { name: 'Workout' }).fill('arm care');
    await coach
      .getByRole('option', { name: /^Pitcher Arm Care/ })
      .first()
      .click();
    const scheduledAt = Date.now();
    await add.getByRole('button', { name: 'Add to the schedule' }).click();
    await add.waitFor({ state: 'detached' });

    // No reload on the athlete's phone: the stream brings it.
    await expect
      .poll(() => todayCard.getByText('Pitcher Arm Care').count(), { timeout: 10_000, interval: 100 })
      .toBeGreaterThan(shownBefore);
    // At least one: a questionnaire reminder (ADR 070) may land on the same bell while the test runs.
    await expect
      .poll(() => unreadOnBell(athlete), { timeout: 10_000, interval: 100 })
      .toBeGreaterThanOrEqual(1);
    console.log(
      `[live-updates] scheduled → on the athlete's dashboard and bell: ${Date.now() - scheduledAt} ms`,
    );

    await athlete.getByRole('button', { name: /^Notifications/ }).click();
    const notification = athlete.getByRole('button', { name: /^New in your schedule \(unread\)/ }).first();
    await notification.waitFor();
    // Alone, it names the workout; folded into the day's earlier ones, it counts them.
    expect(await notification.textContent()).toMatch(
      new RegExp(`(Pitcher Arm Care|\\d+ workouts) on ${heading(today)}`),
    );
    await saveScreenshotsAtBothSizes(athlete, 'live-updates-notifications-drawer');
    await notification.click();
    await athlete.waitForURL(/\/app\/schedule/);
    expect(new URL(athlete.url()).searchParams.get('date')).toBe(today);
    // Opened, it is read. (The bell may still count a questionnaire reminder that arrived meanwhile: ADR 070.)
    await athlete.getByRole('button', { name: /^Notifications/ }).click();
    await athlete
      .getByRole('button', { name: /^New in your schedule/ })
      .first()
      .waitFor();
    await expect
      .poll(() => athlete.getByRole('button', { name: /^New in your schedule \(unread\)/ }).count(), {
        timeout: 5_000,
        interval: 100,
      })
      .toBe(0);
  });
});
