import { TZDate } from '@date-fns/tz';
import { addDays, format, parseISO, startOfWeek } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findAccessibilityViolations } from './support/axe';
import { saveScreenshot, saveScreenshotsAtBothSizes } from './support/browser';
import { openSignedInPage, useAppContexts } from './support/contexts';

/** The demo organisation's today (America/Chicago) and dates counted from it. */
const today = format(new TZDate(Date.now(), 'America/Chicago'), 'yyyy-MM-dd');
/** A Monday six weeks ahead: past the seeded weeks, so the test's workouts are the only ones of that group. */
const clearMonday = format(startOfWeek(addDays(parseISO(today), 42), { weekStartsOn: 1 }), 'yyyy-MM-dd');
const plus = (date: string, days: number) => format(addDays(parseISO(date), days), 'yyyy-MM-dd');
// The demo organisation writes dates as en-US does (ADR 053).
const heading = (date: string) => format(parseISO(date), 'EEEE, MMMM d');

async function choose(page: Page, combobox: string, typed: string, option: string | RegExp) {
  const input = page.getByRole('combobox', { name: combobox });
  await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** The workout buttons of one day of the week view: those inside the day's column. */
const dayColumn = (page: Page, date: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Add a workout on ${heading(date)}` }) });

describe('the schedule in Chromium', () => {
  const openContext = useAppContexts();

  it('a coach schedules a workout for a group, sees it on a member’s calendar, drags it, copies the week, and applies and removes a program', async () => {
    const page = await openSignedInPage(openContext, 'coach@demo.test', 'desktop');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedule' }).click();
    await page.getByRole('heading', { level: 1, name: 'Schedule' }).waitFor();
    await choose(page, 'Whose schedule', '2027', /2027 Graduates/);
    await page.waitForURL(/group=/);
    const group = new URL(page.url()).searchParams.get('group');
    await page.goto(`/app/schedule?view=week&date=${clearMonday}&group=${group}`);
    await page
      .getByRole('heading', { level: 2, name: new RegExp(format(parseISO(clearMonday), 'd')) })
      .waitFor();

    // A workout on Wednesday for the whole group.
    await page.getByRole('button', { name: `Add a workout on ${heading(plus(clearMonday, 2))}` }).click();
    const add = page.getByRole('dialog', { name: 'Add a workout' });
    await choose(page, 'Workout', 'bullpen', /^Bullpen Day/);
    expect(await add.getByRole('combobox', { name: 'For which athlete or group' }).inputValue()).toBe(
      '2027 Graduates',
    );
    await add.getByRole('button', { name: 'Add to the schedule' }).click();
    await add.waitFor({ state: 'detached' });
    const wednesday = dayColumn(page, plus(clearMonday, 2));
    await wednesday.getByRole('button', { name: /^Bullpen Day/ }).waitFor();

    // Each member has it on their own calendar.
    for (const member of ['Tyler Brooks', 'Sam Whitaker']) {
      await choose(page, 'Whose schedule', member.split(' ')[0]!, member);
      await page.waitForURL(/athlete=/);
      await dayColumn(page, plus(clearMonday, 2))
        .getByRole('button', { name: /^Bullpen Day/ })
        .waitFor();
    }
    await page.goto(`/app/schedule?view=week&date=${clearMonday}&group=${group}`);

    // Dragged from Wednesday to Friday.
    const item = dayColumn(page, plus(clearMonday, 2)).getByRole('button', { name: /^Bullpen Day/ });
    const friday = dayColumn(page, plus(clearMonday, 4));
    const from = await item.boundingBox();
    const to = await friday.boundingBox();
    if (!from || !to) throw new Error('The week is not on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 12 });
    await page.mouse.up();
    // The toast says where it went (issue 23), with Undo.
    await page.getByText(`Moved to ${heading(plus(clearMonday, 4))}`).waitFor();
    await dayColumn(page, plus(clearMonday, 4))
      .getByRole('button', { name: /^Bullpen Day/ })
      .waitFor();
    expect(
      await dayColumn(page, plus(clearMonday, 2))
        .getByRole('button', { name: /^Bullpen Day/ })
        .count(),
    ).toBe(0);
    await saveScreenshotsAtBothSizes(page, 'schedule-group-week');

    // The week copied to the next one.
    await page.getByRole('button', { name: 'More schedule actions' }).click();
    await page.getByRole('button', { name: 'Copy to another week…' }).click();
    const copy = page.getByRole('dialog', { name: 'Copy to another week' });
    await copy.getByRole('button', { name: 'Copy', exact: true }).click();
    // The dialog closes once the copy is answered; a refusal stays in it with its reason, which the test reports.
    await Promise.race([
      copy.waitFor({ state: 'detached', timeout: 30_000 }),
      copy
        .getByText('Not copied.')
        .waitFor({ timeout: 30_000 })
        .then(async () => {
          throw new Error(`The copy was refused: ${await copy.textContent()}`);
        }),
    ]).catch(async (error: unknown) => {
      await saveScreenshot(page, 'schedule-copy-failure');
      throw error;
    });
    // The toast says what was copied where, in the server's words.
    await page.getByText(/^Copied 1 workout to 2027 Graduates from /).waitFor();
    await page.getByRole('button', { name: 'Next week' }).click();
    await dayColumn(page, plus(clearMonday, 11))
      .getByRole('button', { name: /^Bullpen Day/ })
      .waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);

    // A program applied to the group after its preview, then taken off again.
    await page.getByRole('link', { name: 'Programs' }).click();
    await page.getByRole('link', { name: 'Return to Throw — 3 weeks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Return to Throw — 3 weeks' }).waitFor();
    await choose(page, 'Apply for which athlete or group', '2027', /2027 Graduates/);
    await page.getByLabel('Starting on').fill(plus(clearMonday, 21));
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.waitFor();
    expect(await preview.textContent()).toMatch(/\d+ workouts, \d+ entries on calendars/);
    await saveScreenshot(page, 'program-preview-1280');
    await page.getByRole('button', { name: /^Apply \d+ workouts$/ }).click();
    await page.getByRole('button', { name: 'Remove from 2027 Graduates' }).click();
    await page
      .getByText(/off the calendar|removed/i)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Remove from 2027 Graduates' }).waitFor({ state: 'detached' });
  });

  it('shows the month, week and day of the whole organisation at both sizes', async () => {
    const page = await openSignedInPage(openContext, 'coach@demo.test', 'desktop');
    for (const view of ['month', 'week', 'day'] as const) {
      await page.goto(`/app/schedule?view=${view}&date=${today}`);
      await page.getByRole('region', { name: /^Schedule of Everyone/ }).waitFor();
      await page
        .getByRole('button', { name: /Pitchers|Position Players|Dynamic Warm-Up/ })
        .first()
        .waitFor()
        .catch(() => undefined);
      await saveScreenshotsAtBothSizes(page, `schedule-${view}`);
    }
  });

  it('an athlete on a phone sees today’s workout first', async () => {
    const page = await openSignedInPage(openContext, 'athlete@demo.test', 'phone');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'Schedule', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'My schedule' }).waitFor();
    const first = page
      .getByRole('region', { name: /^Schedule of/ })
      .getByRole('listitem')
      .first();
    await first.getByText('Today', { exact: true }).waitFor();
    await first.getByRole('button', { name: /^Dynamic Warm-Up\s*,\s*07:00/ }).waitFor();
    await saveScreenshot(page, 'schedule-athlete-390');
  });
});
