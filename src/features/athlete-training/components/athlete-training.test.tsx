import { demoUsers } from '@mocks/data';
import { demoExercises } from '@mocks/library-data';
import { demoToday } from '@mocks/handlers/schedule';
import { completedWorkoutHandlers } from '@mocks/handlers/training';
import { server } from '@mocks/server';
import type { AthleteTrainingResponse, ExerciseHistoryResponse } from '@contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { addDays, format, parseISO } from 'date-fns';
import { formatDay } from '@/lib/format/format';
import { recordBodies } from '@/testing/record-bodies';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

const jamie = demoUsers.athlete;
// The demo organisation writes dates as en-US does.
const yesterday = formatDay(format(addDays(parseISO(demoToday()), -1), 'yyyy-MM-dd'), 'shortDate');
const [trapBar, splitSquat] = demoExercises as [(typeof demoExercises)[0], (typeof demoExercises)[0]];

beforeEach(() => {
  server.use(...completedWorkoutHandlers());
});

/** The chart's text alternative: its rows as "date | est. 1RM | top set | sets". */
function historyRows(exercise: string) {
  const table = screen.getByRole('table', {
    name: `${exercise}: estimated 1RM and top set per workout, newest first`,
  });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')]
        .map((cell) => cell.textContent)
        .join(' | '),
    );
}

describe('an athlete’s Training tab (/app/users/$userId?tab=training)', { timeout: 30_000 }, () => {
  it('shows a coach compliance, the history of each exercise as a table beside the chart, maxes and records', async () => {
    signInAs(demoUsers.coach);
    const { user, router } = renderApp(`/app/users/${jamie.id}?tab=training`);
    const tabs = await screen.findByRole('navigation', { name: 'Person' });
    expect(within(tabs).getByRole('link', { name: 'Training' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('form', { name: /Profile of/ })).not.toBeInTheDocument();

    const compliance = await screen.findByRole('region', { name: 'Compliance' });
    // Skipped workouts are shown apart from missed ones, and today's still to do is not counted as missed.
    expect(within(compliance).getByText('Last 7 days').parentElement).toHaveTextContent(
      '67%2 of 3 done1 missed · 0 skipped',
    );
    expect(within(compliance).getByText('Last 30 days').parentElement).toHaveTextContent(
      '83%5 of 6 done1 missed · 1 skipped',
    );
    expect(within(compliance).getByText('Last 90 days').parentElement).toHaveTextContent(
      '63%5 of 8 done3 missed · 1 skipped',
    );
    expect(compliance).toHaveTextContent(
      'One workout of today still to do: due once done, or once the day is over.',
    );

    const picker = screen.getByRole('combobox', { name: 'Exercise' });
    expect(picker).toHaveDisplayValue('Trap-bar deadlift (20 sets)');
    await waitFor(() => expect(historyRows('Trap-bar deadlift')).toHaveLength(5));
    expect(historyRows('Trap-bar deadlift')[0]).toBe(`${yesterday} | 268.3 lb | 5 × 230 lb | 4`);
    expect(
      within(screen.getByRole('table', { name: /^Trap-bar deadlift/ })).getByRole('link', {
        name: yesterday,
      }),
    ).toHaveAttribute('href', expect.stringMatching(/^\/app\/completed\/0d7e0001-/));

    await user.selectOptions(picker, splitSquat.id);
    expect(router.state.location.search).toEqual({ tab: 'training', exercise: splitSquat.id });
    await waitFor(() =>
      expect(historyRows('Rear-foot elevated split squat')[0]).toBe(`${yesterday} | 63.3 lb | 8 × 50 lb | 3`),
    );

    const maxes = screen.getByRole('region', { name: 'Current maxes' });
    expect(maxes).toHaveTextContent(/Trap-bar deadlift\s*Estimated from a set.*268.3 lb/);
    const records = screen.getByRole('region', { name: 'Records' });
    expect(within(records).getAllByRole('listitem')).toHaveLength(2);
    expect(records).toHaveTextContent(/Trap-bar deadlift268.3 lbBest estimated 1RM/);
  });

  it('opens the history on the main lift, not on a more logged sprint or med-ball throw', async () => {
    const medBall = demoExercises.find((exercise) => exercise.category === 'med-ball')!;
    const none = { completed: 0, missed: 0, skipped: 0, openToday: 0, due: 0, rate: null };
    server.use(
      http.get('*/api/athletes/:athleteId/training', () =>
        HttpResponse.json({
          exercises: [
            { id: medBall.id, name: medBall.name, doneSets: 40, takesOneRm: false },
            { id: trapBar.id, name: trapBar.name, doneSets: 20, takesOneRm: true },
          ],
          maxes: [],
          records: [],
          compliance: ([7, 30, 90] as const).map((days) => ({ days, ...none })),
        } satisfies AthleteTrainingResponse),
      ),
    );
    signInAs(demoUsers.coach);
    renderApp(`/app/users/${jamie.id}?tab=training`);
    // The tab's code is a lazy chunk: the first look waits for it.
    expect(await screen.findByRole('combobox', { name: 'Exercise' }, { timeout: 5000 })).toHaveDisplayValue(
      'Trap-bar deadlift (20 sets)',
    );
    await waitFor(() => expect(historyRows('Trap-bar deadlift')).toHaveLength(5));
  });

  it('draws no empty chart for an exercise logged without a load, and still lists its workouts', async () => {
    const sprint = demoExercises.find((exercise) => exercise.category === 'sprint')!;
    server.use(
      http.get('*/api/athletes/:athleteId/history', () =>
        HttpResponse.json({
          exercise: { id: sprint.id, name: sprint.name },
          unit: 'lb',
          points: [
            {
              date: demoToday(),
              logId: '0d7e0001-0000-4000-8000-000000000001',
              estimatedOneRm: null,
              topSet: null,
              bestVelocityMph: null,
              doneSets: 6,
            },
          ],
        } satisfies ExerciseHistoryResponse),
      ),
    );
    signInAs(demoUsers.coach);
    renderApp(`/app/users/${jamie.id}?tab=training&exercise=${sprint.id}`);
    expect(
      await screen.findByText(/is logged without a load/, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('history-chart')).not.toBeInTheDocument();
    expect(historyRows(sprint.name)).toHaveLength(1);
  });

  it('lets a coach record a tested 1RM, checked by the contract', async () => {
    const sent = recordBodies('POST', `/api/athletes/${jamie.id}/maxes`);
    signInAs(demoUsers.coach);
    const { user } = renderApp(`/app/users/${jamie.id}?tab=training`);
    await user.click(await screen.findByRole('button', { name: 'Record a max' }));
    const form = screen.getByRole('form', { name: 'Record a max for Jamie Rivera' });
    expect(within(form).getByRole('combobox', { name: 'Exercise' })).toHaveDisplayValue('Trap-bar deadlift');

    await user.click(within(form).getByRole('button', { name: 'Record the max' }));
    expect(await within(form).findByText('Enter a number for The max')).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: 'Load' }), '275');
    await user.click(within(form).getByRole('button', { name: 'Record the max' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: /Record a max/ })).not.toBeInTheDocument());
    expect(sent).toEqual([
      {
        exerciseId: trapBar.id,
        kind: 'one_rm',
        value: 275,
        unit: 'lb',
        testedOn: format(new Date(), 'yyyy-MM-dd'),
      },
    ]);
    const maxes = screen.getByRole('region', { name: 'Current maxes' });
    await waitFor(() => expect(maxes).toHaveTextContent(/Trap-bar deadlift\s*Tested.*Casey Jordan\s*275 lb/));
    expect(maxes).not.toHaveTextContent('268.3');
  });

  it('records a velocity best in mph', async () => {
    const sent = recordBodies('POST', `/api/athletes/${jamie.id}/maxes`);
    signInAs(demoUsers.coach);
    const { user } = renderApp(`/app/users/${jamie.id}?tab=training`);
    await user.click(await screen.findByRole('button', { name: 'Record a max' }));
    const form = screen.getByRole('form', { name: 'Record a max for Jamie Rivera' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Kind' }), 'velocity');
    expect(within(form).getByRole('combobox', { name: 'Unit' })).toHaveDisplayValue('mph');
    await user.type(within(form).getByRole('textbox', { name: 'Velocity' }), '84.5');
    await user.click(within(form).getByRole('button', { name: 'Record the max' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ kind: 'velocity', value: 84.5, unit: 'mph' });
  });

  it('shows an athlete its own training without recording maxes, and keeps the profile on its own tab', async () => {
    signInAs(jamie);
    const { user } = renderApp(`/app/users/${jamie.id}?tab=training`);
    expect(await screen.findByRole('region', { name: 'Compliance' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Current maxes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record a max' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Profile' }));
    expect(await screen.findByRole('form', { name: 'Profile of Jamie Rivera' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Compliance' })).not.toBeInTheDocument();
  });

  it('has no Training tab for staff people', async () => {
    signInAs(demoUsers.admin);
    renderApp(`/app/users/${demoUsers.coach.id}`);
    expect(await screen.findByRole('form', { name: 'Profile of Casey Jordan' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Person' })).not.toBeInTheDocument();
  });
});
