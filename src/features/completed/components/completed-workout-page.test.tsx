import '@/testing/dialog-polyfill';
import { demoUsers } from '@mocks/data';
import { completedWorkoutHandlers, demoLogId } from '@mocks/handlers/training';
import { server } from '@mocks/server';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { recordBodies } from '@/testing/record-bodies';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

beforeEach(() => {
  server.use(...completedWorkoutHandlers());
});

/** The set rows of an exercise's table as "set | prescribed | done" text (not the comment action, nor a set's comments). */
async function setRows(exercise: string) {
  const section = await screen.findByRole('region', { name: exercise });
  const table = within(section).getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .filter((row) => within(row).queryByRole('rowheader'))
    .map((row) =>
      [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell').slice(0, -1)]
        .map((cell) => cell.textContent?.trim())
        .join(' | '),
    );
}

describe('a completed workout (/app/completed/$logId)', { timeout: 30_000 }, () => {
  it('shows a coach every set prescribed against done, the records, who tracked it and the corrections', async () => {
    const tour = recordBodies('POST', `/api/users/${demoUsers.coach.id}`);
    signInAs(demoUsers.coach);
    renderApp(`/app/completed/${demoLogId}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lower Body Strength A' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jamie Rivera' })).toHaveAttribute(
      'href',
      `/app/users/${demoUsers.athlete.id}?tab=training`,
    );
    expect(screen.getByText('Duration').nextSibling).toHaveTextContent('52 min');
    expect(screen.getByText('Session RPE').nextSibling).toHaveTextContent('7');
    expect(screen.getByText('Started by').nextSibling).toHaveTextContent(/^Jamie Rivera · /);
    expect(screen.getByText('Finished by').nextSibling).toHaveTextContent(/^Jamie Rivera · /);
    expect(screen.getByText('Felt strong; the last set was grindy.')).toBeInTheDocument();

    const records = screen.getByRole('region', { name: '2 new records' });
    expect(records).toHaveTextContent(/Best estimated 1RM\s*Trap-bar deadlift\s*268.3 lb \(was 262.5\)/);
    expect(records).toHaveTextContent(/Heaviest load\s*Trap-bar deadlift\s*230 lb \(was 225\)/);

    expect(await setRows('Trap-bar deadlift')).toEqual([
      '1 | 5 @ 80% | 5 × 220 lb @ RPE 7',
      '2 | 5 @ 80% | 5 × 220 lb @ RPE 7',
      '3 | 5 @ 80% | 5 × 230 lb @ RPE 7Best estimated 1RMHeaviest load',
      '4 | 5 @ 80% | 4 × 230 lb @ RPE 8.5',
    ]);
    // A superset's three rounds each do the one prescribed set again.
    expect(await setRows('Rear-foot elevated split squat')).toEqual([
      '1 | 8-10 @ RPE 7 | 8 × 50 lb @ RPE 7',
      '2 | 8-10 @ RPE 7 | 8 × 50 lb @ RPE 7',
      '3 | 8-10 @ RPE 7 | 8 × 50 lb @ RPE 7',
    ]);
    expect(screen.getByRole('region', { name: 'Rear-foot elevated split squat' })).toHaveTextContent(
      'Notes: Left knee fine.',
    );
    expect(screen.getByRole('heading', { name: /^B · Superset, 3 rounds/ })).toBeInTheDocument();

    const corrections = screen.getByRole('region', { name: 'Corrections' });
    expect(corrections).toHaveTextContent(/Casey Jordan corrected it on/);
    expect(corrections).toHaveTextContent('“Counted wrong on the second set”');
    expect(corrections).toHaveTextContent('Trap-bar deadlift, set 2: Reps 4 → 5');

    await waitFor(() =>
      expect(tour.at(-1)).toMatchObject({ onboardingSteps: { VISIT_COMPLETED_WORKOUT: true } }),
    );
  });

  it('lets a coach correct a set; the history keeps the value before', async () => {
    const corrections = recordBodies('POST', `/api/workout-logs/${demoLogId}/corrections`);
    signInAs(demoUsers.coach);
    const { user } = renderApp(`/app/completed/${demoLogId}`);
    await user.click(await screen.findByRole('button', { name: 'Correct' }));
    // The form loads when it is opened, while the pitching sections' charts may still be loading.
    const dialog = await screen.findByRole('dialog', { name: 'Correct this workout' }, { timeout: 20000 });

    await user.click(within(dialog).getByRole('button', { name: 'Save the correction' }));
    expect(await within(dialog).findByText(/nothing differs from the log/)).toBeInTheDocument();

    const rpe = within(dialog).getByRole('textbox', { name: 'RPE, Trap-bar deadlift, set 4' });
    await user.clear(rpe);
    await user.type(rpe, '11');
    await user.click(within(dialog).getByRole('button', { name: 'Save the correction' }));
    expect(await within(dialog).findByText('RPE is between 1 and 10')).toBeInTheDocument();
    expect(corrections).toEqual([]);

    await user.clear(rpe);
    await user.type(rpe, '9');
    const reps = within(dialog).getByRole('textbox', { name: 'Reps, Trap-bar deadlift, set 4' });
    await user.clear(reps);
    await user.type(reps, '5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Why (optional)' }), 'Video shows five');
    await user.click(within(dialog).getByRole('button', { name: 'Save the correction' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(corrections).toEqual([
      { reason: 'Video shows five', sets: [{ id: expect.any(String) as string, reps: 5, rpe: 9 }] },
    ]);
    expect((await setRows('Trap-bar deadlift'))[3]).toBe('4 | 5 @ 80% | 5 × 230 lb @ RPE 9');
    const history = screen.getByRole('region', { name: 'Corrections' });
    const entries = within(history)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'OL');
    expect(entries[0]).toHaveTextContent(/Casey Jordan corrected it on.*“Video shows five”/);
    expect(entries[0]).toHaveTextContent('Trap-bar deadlift, set 4: Reps 4 → 5');
    expect(entries[0]).toHaveTextContent('Trap-bar deadlift, set 4: RPE 8.5 → 9');
    expect(entries[1]).toHaveTextContent('Trap-bar deadlift, set 2: Reps 4 → 5');
  });

  it('shows an athlete its own workout without a way to correct it, and no one else’s', async () => {
    signInAs(demoUsers.athlete);
    const { unmount } = renderApp(`/app/completed/${demoLogId}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lower Body Strength A' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Trap-bar deadlift' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Correct' })).not.toBeInTheDocument();
    // Under the sets, the route adds the workout's pitches and arm-sensor throws (src/features/pitching).
    expect(await screen.findByRole('region', { name: 'Pitches' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Arm sensor' })).toBeInTheDocument();
    unmount();

    // The second log of the fake is another athlete's.
    renderApp(`/app/completed/${demoLogId.replace(/1$/, '2')}`);
    expect(await screen.findByText('No such completed workout')).toBeInTheDocument();
  });

  it('shows what was done when the prescription cannot be read', async () => {
    server.use(
      http.get('*/api/schedule/entries/:entryId', () =>
        HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'Not on the schedule.' } }, { status: 404 }),
      ),
    );
    signInAs(demoUsers.coach);
    renderApp(`/app/completed/${demoLogId}`);
    expect(await screen.findByText('The prescription could not be loaded.')).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Trap-bar deadlift' });
    expect(within(section).queryByRole('columnheader', { name: 'Prescribed' })).not.toBeInTheDocument();
    expect(within(section).getAllByRole('row')[4]).toHaveTextContent('4 × 230 lb @ RPE 8.5');
  });
});
