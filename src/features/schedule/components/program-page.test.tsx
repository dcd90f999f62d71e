import '@/testing/dialog-polyfill';
import { demoUsers } from '@mocks/data';
import { libraryHandlers } from '@mocks/handlers/library';
import { demoToday, scheduleHandlers } from '@mocks/handlers/schedule';
import { server } from '@mocks/server';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { addDays, format, parseISO } from 'date-fns';
import { recordBodies } from '@/testing/record-bodies';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

const shift = (days: number) => format(addDays(parseISO(demoToday()), days), 'yyyy-MM-dd');

beforeEach(() => {
  server.use(...scheduleHandlers(), ...libraryHandlers());
  signInAs(demoUsers.coach);
});

async function pickOption(user: UserEvent, combobox: HTMLElement, typed: string, option: RegExp) {
  await user.click(combobox);
  await user.clear(combobox);
  await user.type(combobox, typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** A new program with Lower Body Strength A on day 1 of three weeks, opened on its page. */
async function threeWeekProgram(user: UserEvent) {
  await user.type(await screen.findByLabelText('Program name'), 'Strength block');
  await user.click(screen.getByRole('button', { name: 'Add a week' }));
  await user.click(screen.getByRole('button', { name: 'Add a week' }));
  for (const day of [1, 8, 15]) {
    await user.click(screen.getByRole('button', { name: `Add a workout on day ${day}` }));
    const dialog = await screen.findByRole('dialog', { name: `Add a workout on day ${day}` });
    await pickOption(
      user,
      within(dialog).getByRole('combobox', { name: 'Workout' }),
      'lower',
      /Lower Body Strength A/,
    );
  }
  await user.click(screen.getByRole('button', { name: 'Create program' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Strength block' })).toBeInTheDocument();
}

describe('a program that progresses (/app/schedule/programs/…)', { timeout: 30_000 }, () => {
  it('saves +2.5 % of 1RM a week with a deload in week 3, and the preview shows each week’s numbers', async () => {
    const saves = recordBodies('PUT', /^\/api\/programs\/[0-9a-f-]{36}$/);
    const { user } = renderApp('/app/schedule/programs/new');
    await threeWeekProgram(user);
    const progression = screen.getByRole('region', { name: 'Progression, week by week' });
    expect(progression).toHaveTextContent('Every week repeats week 1.');

    await user.click(within(progression).getByRole('button', { name: 'Add a weekly rule' }));
    const rule = within(progression).getByRole('listitem', { name: 'Rule for every exercise' });
    await user.type(within(rule).getByLabelText('%1RM a week'), '2.5');
    await user.click(within(progression).getByRole('button', { name: 'Add a deload week' }));
    const deload = within(progression).getByRole('listitem', { name: 'Deload week 4' });
    await user.clear(within(deload).getByLabelText('Deload week'));
    await user.type(within(deload).getByLabelText('Deload week'), '3');
    await user.clear(within(deload).getByLabelText('Volume (%)'));
    await user.type(within(deload).getByLabelText('Volume (%)'), '50');
    await user.click(screen.getByRole('button', { name: 'Save program' }));
    expect(await screen.findByText('Strength block is saved.')).toBeInTheDocument();
    expect(saves.at(-1)).toMatchObject({
      progression: {
        rules: [{ exerciseId: null, percentOneRm: 2.5, load: null, sets: null, reps: null }],
        deloads: [{ week: 3, volumePercent: 50 }],
      },
    });

    await pickOption(
      user,
      screen.getByRole('combobox', { name: 'Apply for which athlete or group' }),
      'pitch',
      /Pitchers/,
    );
    await user.type(screen.getByLabelText('Starting on'), shift(7));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const numbers = await screen.findByRole('region', { name: 'Each week’s numbers'.replace('’', "'") });
    expect(
      within(numbers)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Exercise', 'Week 1', 'Week 2', 'Week 3Deload 50 %', 'Lower Body Strength A']);
    const deadlift = within(numbers).getByRole('row', { name: /^Trap-bar deadlift/ });
    expect(
      within(deadlift)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '4 x 5 @ 80%',
      '4 x 5 @ 82.5%',
      // The deload keeps week 2's intensity with half the sets.
      '2 x 5 @ 82.5%',
    ]);
  });

  it('says which change a rule is missing, at its field, before saving', async () => {
    const saves = recordBodies('PUT', /^\/api\/programs\/[0-9a-f-]{36}$/);
    const { user } = renderApp('/app/schedule/programs/new');
    await threeWeekProgram(user);
    const progression = screen.getByRole('region', { name: 'Progression, week by week' });
    await user.click(within(progression).getByRole('button', { name: 'Add a weekly rule' }));
    await user.click(screen.getByRole('button', { name: 'Save program' }));
    const rule = within(progression).getByRole('listitem', { name: 'Rule for every exercise' });
    expect(within(rule).getByLabelText('%1RM a week')).toHaveAccessibleDescription(
      'Give a weekly change of %1RM, load, sets or reps',
    );
    expect(saves).toEqual([]);
  });
});
