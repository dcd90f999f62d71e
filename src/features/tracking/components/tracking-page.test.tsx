import type { ScheduleItemResponse, TodayResponse, User } from '@contract';
import { demoSettings, demoUsers, tokenFor } from '@mocks/data';
import { demoToday, scheduleHandlers } from '@mocks/handlers/schedule';
import { createTrackingFake } from '@mocks/handlers/tracking';
import { server } from '@mocks/server';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { recordBodies, tourStepsSaved } from '@/testing/record-bodies';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import {
  configureDeviceLogStorage,
  createMemoryDeviceLogStorage,
  forgetDeviceLogsInMemory,
} from '@/lib/tracking-sync/device-logs';
import { stopTrackingSync } from '@/lib/tracking-sync/start-tracking-sync';

let device: ReturnType<typeof createMemoryDeviceLogStorage>;
let fake: ReturnType<typeof createTrackingFake>;

beforeEach(() => {
  device = createMemoryDeviceLogStorage();
  configureDeviceLogStorage(device);
  server.use(...scheduleHandlers());
  fake = createTrackingFake();
  server.use(...fake.handlers);
});

afterEach(() => {
  stopTrackingSync();
  forgetDeviceLogsInMemory();
  configureDeviceLogStorage(null);
});

async function todaysEntryId(user: User, name: string): Promise<string> {
  const response = await fetch(`${window.location.origin}/api/schedule/today`, {
    headers: { Authorization: `Bearer ${tokenFor(user)}` },
  });
  const today = (await response.json()) as TodayResponse;
  const entry = today.data.find((item) => item.name === name && item.kind === 'entry');
  if (!entry) throw new Error(`No entry "${name}" today`);
  return entry.id;
}

/** The athlete's own workout of today, opened on the tracking screen. */
async function openTodaysWorkout(user: User = demoUsers.athlete) {
  signInAs(user);
  const entryId = await todaysEntryId(demoUsers.athlete, 'Lower Body Strength A');
  const view = renderApp(`/app/track/${entryId}`);
  return { ...view, entryId };
}

let writesCut = false;
/** The athlete's phone loses its connection for tracking's writes: each attempt fails as a lost network does. */
function cutWrites() {
  writesCut = true;
  const fromThePhone = (request: Request) =>
    writesCut && request.headers.get('Authorization') === `Bearer ${tokenFor(demoUsers.athlete)}`;
  server.use(
    http.put('*/api/workout-logs/*', ({ request }) =>
      fromThePhone(request) ? HttpResponse.error() : undefined,
    ),
    http.post('*/api/workout-logs/*', ({ request }) =>
      fromThePhone(request) ? HttpResponse.error() : undefined,
    ),
  );
}
/** Back: the browser says so (`online`), and the outbox sends. */
function restoreWrites() {
  writesCut = false;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

const setRow = (exercise: string, position: number) =>
  screen.getByRole('listitem', { name: `Set ${position} of ${exercise}` });
const doneButton = (exercise: string, position: number) =>
  screen.getByRole('button', { name: `Set ${position} of ${exercise} done` });

/** A page load: what the tab had in memory is gone; the device's storage is as it was. */
function reloadPage(path: string) {
  cleanup();
  stopTrackingSync();
  forgetDeviceLogsInMemory();
  return renderApp(path);
}

describe('tracking a workout', { timeout: 20_000 }, () => {
  it('prefills %1RM as a load from the athlete’s max, rounded to the plate step, beside last time', async () => {
    const { user } = await openTodaysWorkout();
    await user.click(await screen.findByRole('button', { name: 'Start' }));

    // 80% of a 315 lb max is 252 lb: the demo organisation's plate step (5 lb) makes it 250.
    const load = await within(setRow('Trap-bar deadlift', 1)).findByRole('spinbutton', {
      name: 'Load, set 1 of Trap-bar deadlift',
    });
    await waitFor(() => expect(load).toHaveValue(250));
    expect(within(setRow('Trap-bar deadlift', 1)).getByRole('spinbutton', { name: /^Reps/ })).toHaveValue(5);
    expect(
      await screen.findByText('Last time (Nov 17): 235 lb × 5 · e1RM 274 lb · 4 sets'),
    ).toBeInTheDocument();
    // The superset's block runs 3 rounds of one set each.
    expect(
      screen.getByRole('listitem', { name: 'Set 3 of Rear-foot elevated split squat' }),
    ).toBeInTheDocument();
  });

  it('marks a set done in one tap, starts the rest timer, and sends the set once', async () => {
    const { user, entryId } = await openTodaysWorkout();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(within(setRow('Trap-bar deadlift', 1)).getByRole('spinbutton', { name: /^Load/ })).toHaveValue(
        250,
      ),
    );

    await user.click(doneButton('Trap-bar deadlift', 1));
    expect(doneButton('Trap-bar deadlift', 1)).toHaveAttribute('aria-pressed', 'true');
    // The block's set prescribes 180 s of rest.
    const timer = screen.getByRole('timer', { name: 'Rest' });
    expect(within(timer).getByText(/^(3:00|2:59)$/)).toBeInTheDocument();

    await screen.findByText('All changes saved');
    expect([...fake.setWrites.values()]).toEqual([1]);
    expect(fake.logOfEntry(entryId)?.sets).toMatchObject([
      { setNumber: 1, reps: 5, load: 250, loadUnit: 'lb', done: true },
    ]);
    expect(fake.logOfEntry(entryId)?.status).toBe('in_progress');
  });

  it('floats the rest over the sets with the finish bar, and rests as prescribed: none inside a superset, the block’s after its round', async () => {
    const { user } = await openTodaysWorkout();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await user.click(doneButton('Trap-bar deadlift', 1));
    // With the finish bar (fixed at the bottom), not above the sets: nothing moves under the athlete's finger.
    const actions = screen.getByRole('region', { name: 'Workout actions' });
    expect(within(actions).getByRole('timer', { name: 'Rest' })).toBeInTheDocument();
    await user.click(within(actions).getByRole('button', { name: 'Skip rest' }));

    // B1 then B2 straight away; the block's 1:30 after B2, the round's last exercise.
    await user.click(doneButton('Rear-foot elevated split squat', 1));
    expect(screen.queryByRole('timer', { name: 'Rest' })).not.toBeInTheDocument();
    await user.click(doneButton('Med-ball rotational throw', 1));
    expect(
      within(screen.getByRole('timer', { name: 'Rest' })).getByText(/^(1:30|1:29)$/),
    ).toBeInTheDocument();
  });

  it('logs an exercise as prescribed in one tap, and the whole workout from its menu, from the first tap', async () => {
    const { user, entryId } = await openTodaysWorkout();
    // Before the start: the tap starts the workout too (ADR 045).
    await user.click(await screen.findByRole('button', { name: 'Log Trap-bar deadlift as prescribed' }));
    for (const position of [1, 2, 3, 4]) {
      expect(doneButton('Trap-bar deadlift', position)).toHaveAttribute('aria-pressed', 'true');
    }
    expect(doneButton('Rear-foot elevated split squat', 1)).toHaveAttribute('aria-pressed', 'false');
    // Kept in its place, so the cards below do not move up.
    expect(screen.getByRole('button', { name: 'Log Trap-bar deadlift as prescribed' })).toBeDisabled();
    await screen.findByText('All changes saved');
    expect(fake.logOfEntry(entryId)?.sets).toMatchObject(
      [1, 2, 3, 4].map((setNumber) => ({ setNumber, reps: 5, load: 250, loadUnit: 'lb', done: true })),
    );

    await user.click(screen.getByRole('button', { name: 'Workout options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log the whole workout as prescribed' }));
    expect(screen.getByText('10 of 10 sets done')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Workout options' })).not.toBeInTheDocument();
    await screen.findByText('All changes saved');
    expect(fake.logOfEntry(entryId)?.sets).toHaveLength(10);
    expect([...fake.setWrites.values()].every((count) => count === 1)).toBe(true);
  });

  it('goes back where the athlete came from when the congratulations are done', async () => {
    signInAs(demoUsers.athlete);
    const entryId = await todaysEntryId(demoUsers.athlete, 'Lower Body Strength A');
    const { user, router } = renderApp('/app/schedule');
    await act(() => router.navigate({ to: '/app/track/$entryId', params: { entryId } }));
    await user.click(await screen.findByRole('button', { name: 'Log Trap-bar deadlift as prescribed' }));
    await user.click(screen.getByRole('button', { name: 'Finish workout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish the workout' });
    await user.click(within(dialog).getByRole('button', { name: 'Finish workout' }));
    const congrats = await screen.findByRole('dialog', { name: 'Workout complete!' });
    await user.click(within(congrats).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/schedule'));
  });

  it('shows an exercise’s instructions and video one tap from its card', async () => {
    const { user } = await openTodaysWorkout();
    await user.click(await screen.findByRole('button', { name: 'How to do Trap-bar deadlift' }));
    const sheet = await screen.findByRole('dialog', { name: 'Trap-bar deadlift' });
    expect(
      await within(sheet).findByText(
        'Stand in the middle of the bar, hips back, chest up; push the floor away.',
      ),
    ).toBeInTheDocument();
    // YouTube plays in place, as in the library.
    expect(within(sheet).getByTitle('Video: Trap-bar deadlift')).toHaveAttribute(
      'src',
      expect.stringContaining('youtube'),
    );
  });

  it('shows the plates per side for the next set of a barbell lift, and not for a med-ball throw', async () => {
    const { user } = await openTodaysWorkout();
    const deadlift = await screen.findByRole('region', { name: /Trap-bar deadlift$/ });
    expect(
      await within(deadlift).findByText('Set 1, 250 lb: 45 + 45 + 10 + 2.5 a side on a 45 lb bar'),
    ).toBeInTheDocument();
    await user.click(doneButton('Trap-bar deadlift', 1));
    const load = within(setRow('Trap-bar deadlift', 2)).getByRole('spinbutton', { name: /^Load/ });
    await user.clear(load);
    await user.type(load, '135{Enter}');
    expect(within(deadlift).getByText('Set 2, 135 lb: 45 a side on a 45 lb bar')).toBeInTheDocument();
    const throwCard = screen.getByRole('region', { name: /Med-ball rotational throw$/ });
    expect(within(throwCard).queryByText(/a side on a/)).not.toBeInTheDocument();
  });

  it('counts the plates per side on the organisation’s bar', async () => {
    server.use(
      http.get('*/api/settings', () => HttpResponse.json({ data: { ...demoSettings, barWeight: 35 } })),
    );
    const { user } = await openTodaysWorkout();
    const deadlift = await screen.findByRole('region', { name: /Trap-bar deadlift$/ });
    expect(
      await within(deadlift).findByText('Set 1, 250 lb: 45 + 45 + 10 + 5 + 2.5 a side on a 35 lb bar'),
    ).toBeInTheDocument();
    await user.click(doneButton('Trap-bar deadlift', 1));
    const load = within(setRow('Trap-bar deadlift', 2)).getByRole('spinbutton', { name: /^Load/ });
    await user.clear(load);
    await user.type(load, '135{Enter}');
    expect(within(deadlift).getByText('Set 2, 135 lb: 45 + 5 a side on a 35 lb bar')).toBeInTheDocument();
  });

  it('adds, removes and swaps (staff for an athlete), each a write of its own', async () => {
    const { user, entryId } = await openTodaysWorkout(demoUsers.coach);
    await user.click(await screen.findByRole('button', { name: 'Start for Jamie Rivera' }));
    await screen.findByRole('listitem', { name: 'Set 4 of Trap-bar deadlift' });

    await user.click(screen.getByRole('button', { name: 'Add a set to Trap-bar deadlift' }));
    expect(screen.getByRole('listitem', { name: 'Set 5 of Trap-bar deadlift' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove set 2 of Trap-bar deadlift' }));
    expect(screen.queryByRole('listitem', { name: 'Set 5 of Trap-bar deadlift' })).not.toBeInTheDocument();

    const dumbbell = screen.getByRole('region', { name: /Rear-foot elevated split squat/ });
    await user.click(within(dumbbell).getByRole('button', { name: 'Swap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Swap Rear-foot elevated split squat' });
    await user.click(await within(dialog).findByRole('button', { name: 'Dumbbell bench press' }));
    expect(screen.getByRole('heading', { name: /Dumbbell bench press/ })).toBeInTheDocument();
    expect(screen.getByText(/instead of Rear-foot elevated split squat/)).toBeInTheDocument();

    await screen.findByText('All changes saved');
    const log = fake.logOfEntry(entryId);
    expect(log?.sets.filter((loggedSet) => !loggedSet.removed)).toHaveLength(1);
    expect(log?.sets.filter((loggedSet) => loggedSet.removed)).toMatchObject([{ setNumber: 2 }]);
    expect(log?.exercises).toMatchObject([{ exerciseName: 'Dumbbell bench press' }]);
  });

  it('lets an athlete swap an exercise of its own workout for another of the category', async () => {
    const { user, entryId } = await openTodaysWorkout();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    const dumbbell = await screen.findByRole('region', { name: /Rear-foot elevated split squat/ });
    await user.click(within(dumbbell).getByRole('button', { name: 'Swap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Swap Rear-foot elevated split squat' });
    await user.click(await within(dialog).findByRole('button', { name: 'Dumbbell bench press' }));
    expect(screen.getByRole('heading', { name: /Dumbbell bench press/ })).toBeInTheDocument();
    await screen.findByText('All changes saved');
    expect(fake.logOfEntry(entryId)?.exercises).toMatchObject([{ exerciseName: 'Dumbbell bench press' }]);
  });

  it('says offline in the header as soon as the connection goes, before any change', async () => {
    const { user } = await openTodaysWorkout();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await screen.findByText('All changes saved');

    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    // The tracking header's status, at once: nothing was changed since.
    expect(screen.getByText('Offline · changes are kept on this device')).toHaveAttribute('role', 'status');

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText('All changes saved')).toHaveAttribute('role', 'status');
  });

  it('keeps every change on the device while the network fails, and sends each set exactly once when back', async () => {
    const { user, entryId } = await openTodaysWorkout();
    cutWrites();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    for (const position of [1, 2, 3, 4]) await user.click(doneButton('Trap-bar deadlift', position));
    const reps = within(setRow('Trap-bar deadlift', 4)).getByRole('spinbutton', { name: /^Reps/ });
    await user.clear(reps);
    await user.type(reps, '3{Enter}');

    // The start and four sets (set 4's two changes are one write: the later one replaced the waiting one).
    expect(await screen.findByText(/^5 changes waiting/)).toBeInTheDocument();
    expect(fake.logOfEntry(entryId)).toBeUndefined();

    restoreWrites();
    await screen.findByText('All changes saved', {}, { timeout: 4000 });
    const log = fake.logOfEntry(entryId);
    expect(log?.sets.map(({ setNumber, reps: done, done: isDone }) => [setNumber, done, isDone])).toEqual([
      [1, 5, true],
      [2, 5, true],
      [3, 5, true],
      [4, 3, true],
    ]);
    expect([...fake.setRequests.values()]).toEqual([1, 1, 1, 1]);
  });

  it('loses nothing and doubles nothing across a reload in the middle', async () => {
    const { user, entryId } = await openTodaysWorkout();
    cutWrites();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await user.click(doneButton('Trap-bar deadlift', 1));
    await user.click(doneButton('Trap-bar deadlift', 2));
    await screen.findByText(/^3 changes waiting/);

    reloadPage(`/app/track/${entryId}`);
    // From the device: the sets done, the rest still running, the writes still waiting; no "Start" again.
    expect(await screen.findByText(/^3 changes waiting/)).toBeInTheDocument();
    expect(doneButton('Trap-bar deadlift', 1)).toHaveAttribute('aria-pressed', 'true');
    expect(doneButton('Trap-bar deadlift', 2)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('timer', { name: 'Rest' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();

    const { user: again } = reloadPage(`/app/track/${entryId}`);
    await again.click(await screen.findByRole('button', { name: 'Set 3 of Trap-bar deadlift done' }));
    restoreWrites();
    await screen.findByText('All changes saved', {}, { timeout: 4000 });
    expect(fake.logOfEntry(entryId)?.sets).toHaveLength(3);
    expect([...fake.setRequests.values()]).toEqual([1, 1, 1]);
  });

  it('sends a write again with its key when the answer was lost, and the server applies it once', async () => {
    const { user, entryId } = await openTodaysWorkout();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await screen.findByText('All changes saved');
    let dropped = false;
    server.use(
      http.put('*/api/workout-logs/:logId/sets/:setId', async ({ request }) => {
        if (dropped) return undefined;
        dropped = true;
        // The server gets it and applies it; the answer never comes back.
        await fetch(request.clone());
        return HttpResponse.error();
      }),
    );
    await user.click(doneButton('Trap-bar deadlift', 1));
    await screen.findByText('All changes saved', {}, { timeout: 4000 });
    expect([...fake.setRequests.values()]).toEqual([2]);
    expect([...fake.setWrites.values()]).toEqual([1]);
    expect(fake.logOfEntry(entryId)?.sets).toHaveLength(1);
  });

  it('takes a later change made on another device without showing an error', async () => {
    const { user, entryId } = await openTodaysWorkout();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await user.click(doneButton('Trap-bar deadlift', 1));
    await screen.findByText('All changes saved');
    const [loggedSet] = fake.logOfEntry(entryId)?.sets ?? [];
    if (!loggedSet) throw new Error('The set was not sent');

    // The coach, on a tablet, changes the same set a minute later (by the clocks of the devices).
    const { id, exerciseName: _name, estimatedOneRm: _estimate, changedBy: _by, ...coachsSet } = loggedSet;
    await fetch(`${window.location.origin}/api/workout-logs/${fake.logOfEntry(entryId)?.id}/sets/${id}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${tokenFor(demoUsers.coach)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        ...coachsSet,
        load: 245,
        changedAt: new Date(Date.now() + 60_000).toISOString(),
      }),
    });

    const reps = within(setRow('Trap-bar deadlift', 1)).getByRole('spinbutton', { name: /^Reps/ });
    await user.clear(reps);
    await user.type(reps, '4{Enter}');
    await waitFor(() =>
      expect(within(setRow('Trap-bar deadlift', 1)).getByRole('spinbutton', { name: /^Load/ })).toHaveValue(
        245,
      ),
    );
    expect(within(setRow('Trap-bar deadlift', 1)).getByRole('spinbutton', { name: /^Reps/ })).toHaveValue(5);
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('finishes with session RPE, duration and notes, shows the congratulations, and completes the entry', async () => {
    const { user, entryId, router } = await openTodaysWorkout();
    cutWrites();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    const load = within(setRow('Trap-bar deadlift', 1)).getByRole('spinbutton', { name: /^Load/ });
    await waitFor(() => expect(load).toHaveValue(250));
    await user.clear(load);
    await user.type(load, '300{Enter}');
    await user.click(doneButton('Trap-bar deadlift', 1));
    await user.click(doneButton('Trap-bar deadlift', 2));

    await user.click(screen.getByRole('button', { name: 'Finish workout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish the workout' });
    await user.selectOptions(within(dialog).getByLabelText(/Session RPE/), '8');
    const duration = within(dialog).getByLabelText('Duration (minutes)');
    await user.clear(duration);
    await user.type(duration, '52');
    await user.type(within(dialog).getByLabelText(/Notes/), 'Felt strong');
    await user.click(within(dialog).getByRole('button', { name: 'Finish workout' }));

    // Offline, at once: the device's figures (300 × 5 and 250 × 5; 300 × 5 estimates 350 lb, over the 315 lb max).
    const congrats = await screen.findByRole('dialog', { name: 'Workout complete!' });
    expect(within(congrats).getByText('2,750 lb')).toBeInTheDocument();
    expect(within(congrats).getByText('2')).toBeInTheDocument();
    expect(within(congrats).getByText('52 min')).toBeInTheDocument();
    expect(within(congrats).getByText(/Trap-bar deadlift · Best estimated 1RM/)).toBeInTheDocument();
    expect(screen.getByText(/^4 changes waiting/)).toBeInTheDocument();

    restoreWrites();
    await screen.findByText('All changes saved', {}, { timeout: 4000 });
    const log = fake.logOfEntry(entryId);
    expect(log).toMatchObject({
      status: 'completed',
      sessionRpe: 8,
      durationSeconds: 3120,
      notes: 'Felt strong',
    });
    expect(log?.records).toMatchObject([{ kind: 'estimated_one_rm', value: 350 }]);
    expect(within(screen.getByRole('main')).getByText('Completed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the completed workout' })).toHaveAttribute(
      'href',
      `/app/completed/${log?.id}`,
    );
    // Opened straight on the workout (a cold start): Done goes to the dashboard.
    await user.click(within(congrats).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
  });

  it('warns of the sets not logged when finishing, and marks them done as prescribed in one tap', async () => {
    const { user, entryId } = await openTodaysWorkout();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await user.click(doneButton('Trap-bar deadlift', 1));
    await user.click(screen.getByRole('button', { name: 'Finish workout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish the workout' });
    // 4 + 3 rounds × 2 = 10 sets, 1 done.
    expect(within(dialog).getByText('9 sets are not logged')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Go back to them' }));
    expect(screen.queryByRole('dialog', { name: 'Finish the workout' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Finish workout' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Finish the workout' })).getByRole('button', {
        name: 'Mark them done as prescribed',
      }),
    );
    expect(screen.getByText('10 of 10 sets done')).toBeInTheDocument();
    expect(screen.queryByText(/sets? (is|are) not logged/)).not.toBeInTheDocument();
    await screen.findByText('All changes saved');
    expect(fake.logOfEntry(entryId)?.sets).toHaveLength(10);
    expect([...fake.setWrites.values()].every((count) => count === 1)).toBe(true);
  });

  it('lets a coach track a group session athlete by athlete, losing nothing on a switch (tour steps included)', async () => {
    signInAs(demoUsers.coach);
    const saves = recordBodies('POST', `/api/users/${demoUsers.coach.id}`);
    const headers = { Authorization: `Bearer ${tokenFor(demoUsers.coach)}` };
    const today = (await (
      await fetch(`${window.location.origin}/api/schedule/today`, { headers })
    ).json()) as TodayResponse;
    const session = today.data.find((item) => item.kind === 'assignment' && item.name === 'Pitcher Arm Care');
    const assignment = (await (
      await fetch(`${window.location.origin}/api/group-assignments/${session?.id}`, { headers })
    ).json()) as ScheduleItemResponse;
    const [first, second] = assignment.data.members ?? [];
    if (!first || !second) throw new Error('The Pitchers have fewer than two athletes');
    const firstName = `${first.athlete.firstName} ${first.athlete.lastName}`;
    const secondName = `${second.athlete.firstName} ${second.athlete.lastName}`;

    const { user } = renderApp(`/app/track/${first.entryId}`);
    await user.click(await screen.findByRole('button', { name: `Start for ${firstName}` }));
    await user.click(doneButton('Band external rotation', 1));

    await user.selectOptions(screen.getByLabelText('Athlete'), secondName);
    await user.click(await screen.findByRole('button', { name: `Start for ${secondName}` }));
    expect(doneButton('Band external rotation', 1)).toHaveAttribute('aria-pressed', 'false');

    await user.selectOptions(screen.getByLabelText('Athlete'), `${firstName} (started)`);
    expect(await screen.findByText(`For ${firstName} · 1 of 2 sets done`)).toBeInTheDocument();
    expect(doneButton('Band external rotation', 1)).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Finish workout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish the workout' });
    await user.click(within(dialog).getByRole('button', { name: 'Finish workout' }));
    expect(await screen.findByRole('dialog', { name: 'Workout complete!' })).toHaveTextContent(
      `Pitcher Arm Care for ${firstName} is done.`,
    );
    await screen.findByText('All changes saved');
    expect(fake.logOfEntry(first.entryId)).toMatchObject({
      status: 'completed',
      finishedBy: { id: demoUsers.coach.id },
    });
    await waitFor(() =>
      expect(tourStepsSaved(saves)).toMatchObject({
        OPEN_WORKOUT_MODAL: true,
        TRACK_WORKOUT_FOR_ATHLETE: true,
      }),
    );
  });

  it('shows a workout finished offline as done on the schedule at once', async () => {
    const { user, router } = await openTodaysWorkout();
    cutWrites();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await user.click(doneButton('Trap-bar deadlift', 1));
    await user.click(screen.getByRole('button', { name: 'Finish workout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish the workout' });
    await user.click(within(dialog).getByRole('button', { name: 'Finish workout' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Workout complete!' })).getByRole('button', {
        name: 'Done',
      }),
    );

    await act(() => router.navigate({ to: '/app/schedule', search: { view: 'day', date: demoToday() } }));
    expect(await screen.findByRole('button', { name: /^Lower Body Strength A,.*done$/ })).toBeInTheDocument();
  });

  it('says which change the server refused for good, and sends the rest', async () => {
    const { user, entryId } = await openTodaysWorkout();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await screen.findByText('All changes saved');
    let refused = false;
    server.use(
      http.put('*/api/workout-logs/:logId/sets/:setId', () => {
        if (refused) return undefined;
        refused = true;
        return HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Reps are at most 1,000',
              fields: { reps: 'Reps are at most 1,000' },
            },
          },
          { status: 400 },
        );
      }),
    );
    await user.click(doneButton('Trap-bar deadlift', 1));
    await user.click(doneButton('Trap-bar deadlift', 2));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent(/^One change was not accepted by the server:/);
    expect(within(refusal).getByRole('listitem')).toHaveTextContent('Reps are at most 1,000');
    await screen.findByText('All changes saved');
    expect(fake.logOfEntry(entryId)?.sets.map((loggedSet) => loggedSet.setNumber)).toEqual([2]);
  });

  it('joins the log another device started for the same entry, keeping both devices’ sets', async () => {
    const { user, entryId } = await openTodaysWorkout();
    cutWrites();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await user.click(doneButton('Trap-bar deadlift', 1));

    // Meanwhile the coach's tablet started the same workout and logged set 2.
    const coachsLogId = '01900000-0000-7000-8000-00000000c0ac';
    const headers = {
      Authorization: `Bearer ${tokenFor(demoUsers.coach)}`,
      'Content-Type': 'application/json',
    };
    const started = await fetch(`${window.location.origin}/api/workout-logs/${coachsLogId}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ entryId, startedAt: new Date().toISOString() }),
    });
    expect(started.status).toBe(201);
    const entry = (await (
      await fetch(`${window.location.origin}/api/schedule/entries/${entryId}`, { headers })
    ).json()) as ScheduleItemResponse;
    const slot = entry.data.workout.blocks[0]!.exercises[0]!;
    await fetch(
      `${window.location.origin}/api/workout-logs/${coachsLogId}/sets/01900000-0000-7000-8000-0000000005e7`,
      {
        method: 'PUT',
        headers,
        body: JSON.stringify({
          blockExerciseId: slot.id,
          exerciseId: slot.exerciseId,
          setNumber: 2,
          reps: 5,
          load: 250,
          loadUnit: 'lb',
          rpe: null,
          timeSeconds: null,
          distance: null,
          distanceUnit: null,
          velocityMph: null,
          done: true,
          changedAt: new Date().toISOString(),
        }),
      },
    );

    restoreWrites();
    await screen.findByText('All changes saved', {}, { timeout: 4000 });
    const log = fake.logOfEntry(entryId);
    expect(log?.id).toBe(coachsLogId);
    expect(log?.sets.map((loggedSet) => [loggedSet.setNumber, loggedSet.done])).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
