import '@/testing/dialog-polyfill';
import type { Workout } from '@contract';
import { demoUsers, tokenFor } from '@mocks/data';
import { libraryHandlers } from '@mocks/handlers/library';
import { server } from '@mocks/server';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { recordBodies, tourStepsSaved } from '@/testing/record-bodies';
import { createQueryClient } from '@/lib/query-client';
import { renderApp } from '@/testing/render-app';
import { workoutQueries } from '../../api/library-queries';
import { signInAs } from '@/testing/sign-in-as';

beforeEach(() => {
  // A fresh copy of the demo library per test: what one test saves stays in it.
  server.use(...libraryHandlers());
  signInAs(demoUsers.coach);
});

/** Picks an exercise in a picker by typing part of its name and choosing the option. */
async function pick(user: UserEvent, pickerName: string | RegExp, typed: string, option: string | RegExp) {
  const input = screen.getByRole('combobox', { name: pickerName });
  await user.click(input);
  await user.type(input, typed);
  // The list answers the search once every option is about what was typed.
  await waitFor(() =>
    expect(
      screen
        .getAllByRole('option')
        .every((item) => item.textContent?.toLowerCase().includes(typed.toLowerCase())),
    ).toBe(true),
  );
  await user.click(screen.getByRole('option', { name: option }));
}

function blockNamed(letter: string): HTMLElement {
  return screen.getByRole('region', { name: `Block ${letter}` });
}

// Whole editing sessions, typed key by key: longer than a unit test.
describe('the workout editor (/app/library/workouts/new)', { timeout: 30_000 }, () => {
  it('builds a superset with ranges and %1RM and saves it: the API gets the whole workout', async () => {
    const saves = recordBodies('POST', '/api/workouts');
    const { user, router } = renderApp('/app/library/workouts/new');
    await user.type(await screen.findByLabelText('Workout name'), 'Lower Body Strength B');
    await user.selectOptions(screen.getByLabelText('Category'), 'Lift');

    // Block A: a main lift filled from the shorthand.
    await pick(user, 'Add the first exercise', 'trap', /Trap-bar deadlift/);
    const blockA = blockNamed('A');
    await user.type(
      within(blockA).getByLabelText(/Quick fill the sets of A Trap-bar deadlift/),
      '4 x 6 @ 75%{Enter}',
    );
    expect(within(blockA).getAllByLabelText(/: Reps$/)).toHaveLength(4);
    expect(within(blockA).getByLabelText('Set 4 of A Trap-bar deadlift: %1RM')).toHaveValue('75');

    // Block B: a superset of a split squat (a rep range) and a med-ball throw.
    await pick(user, 'Add a block with an exercise', 'split', /Rear-foot elevated split squat/);
    const blockB = blockNamed('B');
    await user.type(within(blockB).getByLabelText('Set 1 of B Rear-foot elevated split squat: Reps'), '8-12');
    await user.click(within(blockB).getByRole('button', { name: 'Superset: add to block B' }));
    await pick(user, 'Add an exercise to block B', 'med', /Med-ball rotational throw/);
    expect(within(blockB).getByText('B1')).toBeInTheDocument();
    expect(within(blockB).getByText('B2')).toBeInTheDocument();
    await user.type(within(blockB).getByLabelText('Set 1 of B2 Med-ball rotational throw: Reps'), '5');
    await user.clear(within(blockB).getByLabelText('Rounds'));
    await user.type(within(blockB).getByLabelText('Rounds'), '3');

    await user.click(screen.getByRole('button', { name: 'Create workout' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({
      name: 'Lower Body Strength B',
      category: 'lift',
      blocks: [
        {
          rounds: 1,
          exercises: [
            {
              exerciseId: '5f1c7c1e-0000-4000-8000-000000000001',
              sets: Array.from({ length: 4 }, () => ({
                reps: 6,
                repsMax: null,
                percentOneRm: 75,
                load: null,
              })),
            },
          ],
        },
        {
          rounds: 3,
          exercises: [
            { exerciseId: '5f1c7c1e-0000-4000-8000-000000000002', sets: [{ reps: 8, repsMax: 12 }] },
            { exerciseId: '5f1c7c1e-0000-4000-8000-000000000004', sets: [{ reps: 5 }] },
          ],
        },
      ],
    });
    expect(await screen.findByText('Lower Body Strength B is saved.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/library');
    expect(await screen.findByRole('link', { name: 'Lower Body Strength B' })).toBeInTheDocument();
  });

  it('keeps a rest already typed when the sets are filled from the shorthand', async () => {
    const { user } = renderApp('/app/library/workouts/new');
    await user.type(await screen.findByLabelText('Workout name'), 'Rested');
    await pick(user, 'Add the first exercise', 'trap', /Trap-bar deadlift/);
    const blockA = blockNamed('A');
    await user.type(within(blockA).getByLabelText('Set 1 of A Trap-bar deadlift: rest'), '2:30');
    await user.type(
      within(blockA).getByLabelText(/Quick fill the sets of A Trap-bar deadlift/),
      '3 x 5 @ 80%{Enter}',
    );
    expect(within(blockA).getByLabelText('Set 1 of A Trap-bar deadlift: rest')).toHaveValue('2:30');
    expect(within(blockA).getByLabelText('Set 3 of A Trap-bar deadlift: rest')).toHaveValue('2:30');
    // A rest in the shorthand wins.
    await user.type(
      within(blockA).getByLabelText(/Quick fill the sets of A Trap-bar deadlift/),
      '2 x 3 @ 85% rest 3:00{Enter}',
    );
    expect(within(blockA).getByLabelText('Set 2 of A Trap-bar deadlift: rest')).toHaveValue('3:00');
  });

  it('checks with the contract before sending: an upside-down range and a set without a target stay on screen', async () => {
    const saves = recordBodies('POST', '/api/workouts');
    const { user } = renderApp('/app/library/workouts/new');
    await user.type(await screen.findByLabelText('Workout name'), 'Checked');
    await user.selectOptions(screen.getByLabelText('Category'), 'Lift');
    await pick(user, 'Add the first exercise', 'bench', /Dumbbell bench press/);
    const reps = screen.getByLabelText('Set 1 of A Dumbbell bench press: Reps');
    await user.type(reps, '12-8');
    await user.click(screen.getByRole('button', { name: 'Add set' }));
    await user.clear(screen.getByLabelText('Set 2 of A Dumbbell bench press: Reps'));

    await user.click(screen.getByRole('button', { name: 'Create workout' }));
    expect(await screen.findByText('The range is upside down: 12-8')).toBeInTheDocument();
    expect(reps).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Give this set at least one target (reps, load, time…)')).toBeInTheDocument();
    expect(screen.getByText('2 fields need attention.')).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });

  it('keeps everything after a failed save, also through a reload, and shows it back', async () => {
    // The device has lost its connection: the save fails at once instead of being retried.
    server.use(http.post('*/api/workouts', () => HttpResponse.error()));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const first = renderApp('/app/library/workouts/new');
    await first.user.type(await screen.findByLabelText('Workout name'), 'Speed Day');
    await first.user.selectOptions(screen.getByLabelText('Category'), 'Sprint');
    await pick(first.user, 'Add the first exercise', 'pro', /Pro-agility shuttle/);
    await first.user.type(screen.getByLabelText('Set 1 of A Pro-agility shuttle: Distance'), '20');
    await first.user.click(screen.getByRole('button', { name: 'Create workout' }));
    expect(await screen.findByText(/Your workout is kept on this device/)).toBeInTheDocument();
    expect(screen.getByLabelText('Workout name')).toHaveValue('Speed Day');
    first.unmount();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderApp('/app/library/workouts/new');
    expect(await screen.findByText('Your unsaved changes are back.')).toBeInTheDocument();
    expect(screen.getByLabelText('Workout name')).toHaveValue('Speed Day');
    expect(screen.getByLabelText('Set 1 of A Pro-agility shuttle: Distance')).toHaveValue('20');
    expect(screen.getByLabelText('Set 1 of A Pro-agility shuttle: distance unit')).toHaveValue('yd');
  });

  it('shows the server’s refusal on the exercise it is about', async () => {
    server.use(
      http.post('*/api/workouts', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Invalid request body: check blocks.0.exercises.0.exerciseId.',
              fields: { 'blocks.0.exercises.0.exerciseId': 'Dumbbell bench press is archived' },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/app/library/workouts/new');
    await user.type(await screen.findByLabelText('Workout name'), 'Push');
    await user.selectOptions(screen.getByLabelText('Category'), 'Lift');
    await pick(user, 'Add the first exercise', 'bench', /Dumbbell bench press/);
    await user.type(screen.getByLabelText('Set 1 of A Dumbbell bench press: Reps'), '10');
    await user.click(screen.getByRole('button', { name: 'Create workout' }));
    expect(await within(blockNamed('A')).findByText('Dumbbell bench press is archived')).toBeInTheDocument();
    expect(screen.getByLabelText('Workout name')).toHaveValue('Push');
  });

  it('creates a new exercise from the picker without leaving, and adds it to the block', async () => {
    const { user } = renderApp('/app/library/workouts/new');
    await screen.findByLabelText('Workout name');
    await pick(
      user,
      'Add the first exercise',
      'Copenhagen plank',
      /Create “Copenhagen plank” as a new exercise/,
    );
    const dialog = await screen.findByRole('dialog', { name: 'New exercise' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Copenhagen plank');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Mobility');
    // The category's usual measures are ticked for a new exercise.
    expect(within(dialog).getByRole('checkbox', { name: 'Time' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create and add' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(blockNamed('A')).getByText('Copenhagen plank')).toBeInTheDocument();
    expect(screen.getByLabelText('Set 1 of A Copenhagen plank: Time')).toBeInTheDocument();
  });

  it('reorders blocks from their menu, and asks before leaving with changes', async () => {
    const { user, router } = renderApp('/app/library/workouts/7a2d0b3c-0000-4000-8000-000000000001');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lower Body Strength A' }),
    ).toBeInTheDocument();
    expect(within(blockNamed('A')).getByText('Trap-bar deadlift')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for block A' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move down' }));
    expect(within(blockNamed('A')).getByText('Rear-foot elevated split squat')).toBeInTheDocument();
    expect(within(blockNamed('B')).getByText('Trap-bar deadlift')).toBeInTheDocument();

    // The navigation waits for the answer to the question, so it is not awaited here.
    act(() => {
      void router.navigate({ to: '/app/library' });
    });
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/app/library/workouts/7a2d0b3c-0000-4000-8000-000000000001');
  });

  it('saves an existing workout: the draft is gone, and opening it again and saving again works', async () => {
    const lowerBody = '/app/library/workouts/7a2d0b3c-0000-4000-8000-000000000001';
    const saves = recordBodies('PUT', '/api/workouts/7a2d0b3c-0000-4000-8000-000000000001');
    // As over a real network: the picker's exercises, read again after a save, answer after the page redraws.
    server.use(http.get('*/api/exercises', () => delay(300)));
    const first = renderApp(lowerBody);
    const name = await screen.findByLabelText('Workout name');
    await first.user.type(name, ' (week 2)');
    await first.user.click(screen.getByRole('button', { name: 'Save workout' }));
    expect(await screen.findByText('Lower Body Strength A (week 2) is saved.')).toBeInTheDocument();
    expect(first.router.state.location.pathname).toBe('/app/library');
    first.unmount();

    // Opening it again shows the saved workout, not a draft made before the save.
    const second = renderApp(lowerBody);
    const nameAgain = await screen.findByLabelText('Workout name');
    expect(nameAgain).toHaveValue('Lower Body Strength A (week 2)');
    expect(screen.queryByText('Your unsaved changes are back.')).not.toBeInTheDocument();
    expect(screen.getByText('No changes')).toBeInTheDocument();
    await second.user.clear(nameAgain);
    await second.user.type(nameAgain, 'Lower Body Strength A (week 3)');
    await second.user.click(screen.getByRole('button', { name: 'Save workout' }));
    expect(await screen.findByText('Lower Body Strength A (week 3) is saved.')).toBeInTheDocument();
    expect(saves.map((body) => (body as { version: number }).version)).toEqual([1, 2]);
  });

  it('opens the saved version, not an older copy kept on the device, so a save right after a reload is no conflict', async () => {
    const lowerBody = '/app/library/workouts/7a2d0b3c-0000-4000-8000-000000000001';
    const first = renderApp(lowerBody);
    const name = await screen.findByLabelText('Workout name');
    const kept = first.queryClient.getQueryData(
      workoutQueries.detail('7a2d0b3c-0000-4000-8000-000000000001').queryKey,
    );
    await first.user.type(name, ' (week 2)');
    await first.user.click(screen.getByRole('button', { name: 'Save workout' }));
    expect(await screen.findByText('Lower Body Strength A (week 2) is saved.')).toBeInTheDocument();
    first.unmount();

    // A reload within a second of the save: the device's copy of the cache still holds the version before it,
    // read a moment ago, so the app's minute of freshness would not read it again.
    const queryClient = createQueryClient();
    queryClient.setQueryData(workoutQueries.detail('7a2d0b3c-0000-4000-8000-000000000001').queryKey, kept);
    const saves = recordBodies('PUT', '/api/workouts/7a2d0b3c-0000-4000-8000-000000000001');
    const second = renderApp(lowerBody, { queryClient });
    await waitFor(() =>
      expect(screen.getByLabelText('Workout name')).toHaveValue('Lower Body Strength A (week 2)'),
    );
    await second.user.type(screen.getByLabelText('Workout name'), ', week 3');
    await second.user.click(screen.getByRole('button', { name: 'Save workout' }));
    expect(await screen.findByText('Lower Body Strength A (week 2), week 3 is saved.')).toBeInTheDocument();
    expect(saves.map((body) => (body as { version: number }).version)).toEqual([2]);
  });

  it('does not overwrite a newer save by someone else: it says so and loads their version', async () => {
    const armCare = '/api/workouts/7a2d0b3c-0000-4000-8000-000000000002';
    const { user } = renderApp(`/app/library/workouts/7a2d0b3c-0000-4000-8000-000000000002`);
    const name = await screen.findByLabelText('Workout name');
    // Another coach saves the workout while this one is open.
    const theirs = (await (
      await fetch(new URL(armCare, window.location.origin), {
        headers: { Authorization: `Bearer ${tokenFor(demoUsers.admin)}` },
      })
    ).json()) as { data: Workout };
    const { data } = theirs;
    await fetch(new URL(armCare, window.location.origin), {
      method: 'PUT',
      headers: { Authorization: `Bearer ${tokenFor(demoUsers.admin)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Pitcher Arm Care (in season)',
        category: data.category,
        blocks: data.blocks.map((block) => ({
          ...block,
          exercises: block.exercises.map(({ exercise: _ref, ...slot }) => slot),
        })),
        version: data.version,
      }),
    });

    await user.clear(name);
    await user.type(name, 'Arm Care (mine)');
    await user.click(screen.getByRole('button', { name: 'Save workout' }));
    // Said beside Save, which stays in view, not at the end of the page.
    expect(
      await within(screen.getByRole('group', { name: 'Save' })).findByText(
        'Someone saved this workout after you opened it.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Workout name')).toHaveValue('Arm Care (mine)');
    await user.click(screen.getByRole('button', { name: 'Load the saved version' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Workout name')).toHaveValue('Pitcher Arm Care (in season)'),
    );
  });

  it('completes the guided tour’s fill-workout and create-workout steps with the new workout', async () => {
    const saves = recordBodies('POST', `/api/users/${demoUsers.coach.id}`);
    const { user } = renderApp('/app/library/workouts/new');
    await user.type(await screen.findByLabelText('Workout name'), 'Arm Care 2');
    await user.selectOptions(screen.getByLabelText('Category'), 'Mobility');
    await pick(user, 'Add the first exercise', 'band', /Band external rotation/);
    await user.type(screen.getByLabelText('Set 1 of A Band external rotation: Reps'), '15');
    await user.click(screen.getByRole('button', { name: 'Create workout' }));
    await screen.findByText('Arm Care 2 is saved.');
    await waitFor(() =>
      expect(tourStepsSaved(saves)).toMatchObject({ FILL_WORKOUT_FORM: true, CREATE_NEW_WORKOUT: true }),
    );
    expect(saves.at(-1)).toMatchObject({ onboardingData: { CREATE_NEW_WORKOUT: { name: 'Arm Care 2' } } });
  });
});
