import type { TodayResponse, User } from '@contract';
import { demoUsers, tokenFor } from '@mocks/data';
import { createLastTimeFake } from '@mocks/handlers/last-time';
import { scheduleHandlers } from '@mocks/handlers/schedule';
import { createTrackingFake } from '@mocks/handlers/tracking';
import { server } from '@mocks/server';
import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { freshPageState, loseConnection, regainConnection } from '@/testing/offline-cache';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import {
  configureDeviceLogStorage,
  createMemoryDeviceLogStorage,
  forgetDeviceLogsInMemory,
} from '@/lib/tracking-sync/device-logs';
import { stopTrackingSync } from '@/lib/tracking-sync/start-tracking-sync';

/**
 * Issue 22, item 1: from the Today card to the first set done in two taps. The screen before the start is the
 * tracking screen itself; the first set marked starts the workout, and nothing the server cannot answer offline
 * holds it (ADR 045).
 */

let fake: ReturnType<typeof createTrackingFake>;
let lastTimes: ReturnType<typeof createLastTimeFake>;

beforeEach(() => {
  configureDeviceLogStorage(createMemoryDeviceLogStorage());
  server.use(...scheduleHandlers());
  fake = createTrackingFake();
  lastTimes = createLastTimeFake();
  server.use(...fake.handlers, ...lastTimes.handlers);
});

afterEach(() => {
  regainConnection();
  freshPageState();
  stopTrackingSync();
  forgetDeviceLogsInMemory();
  configureDeviceLogStorage(null);
});

async function todaysEntryId(name: string): Promise<string> {
  const response = await fetch(`${window.location.origin}/api/schedule/today`, {
    headers: { Authorization: `Bearer ${tokenFor(demoUsers.athlete)}` },
  });
  const today = (await response.json()) as TodayResponse;
  const entry = today.data.find((item) => item.name === name && item.kind === 'entry');
  if (!entry) throw new Error(`No entry "${name}" today`);
  return entry.id;
}

async function openTodaysWorkout(user: User = demoUsers.athlete) {
  signInAs(user);
  const entryId = await todaysEntryId('Lower Body Strength A');
  return { ...renderApp(`/app/track/${entryId}`), entryId };
}

const doneButton = (exercise: string, position: number) =>
  screen.getByRole('button', { name: `Set ${position} of ${exercise} done` });

describe('starting a workout', { timeout: 20_000 }, () => {
  it('starts the workout with the first set marked done, without a Start tap, and sends each once', async () => {
    const { user, entryId } = await openTodaysWorkout();
    // Before the start: the sets as prescribed (80% of a 315 lb max is 250 lb), last time, and Start.
    const load = await screen.findByRole('spinbutton', { name: 'Load, set 1 of Trap-bar deadlift' });
    await waitFor(() => expect(load).toHaveValue(250));
    expect(await screen.findByText(/^Last time \(Nov 17\): 235 lb × 5/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Finish workout' })).not.toBeInTheDocument();

    await user.click(doneButton('Trap-bar deadlift', 1));
    expect(doneButton('Trap-bar deadlift', 1)).toHaveAttribute('aria-pressed', 'true');
    expect(doneButton('Trap-bar deadlift', 1)).toHaveFocus();
    expect(screen.getByRole('timer', { name: 'Rest' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finish workout' })).toBeInTheDocument();

    await screen.findByText('All changes saved');
    expect(fake.logOfEntry(entryId)).toMatchObject({ status: 'in_progress' });
    expect(fake.logOfEntry(entryId)?.sets).toMatchObject([
      { setNumber: 1, reps: 5, load: 250, loadUnit: 'lb', done: true },
    ]);
    expect([...fake.setWrites.values()]).toEqual([1]);
  });

  it('offers Start at once while the check for another device’s log is still unanswered', async () => {
    // The check of whether another device began it: in a weight room it may never be answered.
    server.use(http.get('*/api/workout-logs', () => delay('infinite')));
    const { user } = await openTodaysWorkout();
    const start = await screen.findByRole('button', { name: 'Start' });
    expect(start).toBeEnabled();
    await user.click(start);
    expect(await screen.findByRole('button', { name: 'Finish workout' })).toBeInTheDocument();
    expect(screen.getByText(/^1 change waiting|^All changes saved/)).toBeInTheDocument();
  });

  it('asks for last time once for every exercise of the workout, not once per exercise', async () => {
    await openTodaysWorkout();
    await screen.findByText(/^Last time \(Nov 17\)/);
    const exercises = screen.getAllByRole('region').filter((region) => within(region).queryByRole('list'));
    expect(exercises.length).toBeGreaterThan(1);
    expect(lastTimes.requests).toHaveLength(1);
    expect(lastTimes.requests[0]).toHaveLength(new Set(lastTimes.requests[0]).size);
    expect(lastTimes.requests[0]!.length).toBeGreaterThanOrEqual(exercises.length - 1);
  });

  it('says a workout is not on this device when there is no connection, instead of loading forever', async () => {
    signInAs(demoUsers.athlete);
    const { router } = renderApp('/app/dashboard');
    await screen.findByRole('heading', { level: 1, name: /^Welcome/ });
    loseConnection();
    // A workout this device never had (further ahead than the week it keeps).
    await act(() =>
      router.navigate({
        to: '/app/track/$entryId',
        params: { entryId: '01900000-0000-7000-8000-00000000beef' },
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This workout could not be loaded.');
    expect(alert).toHaveTextContent(/not on this device yet, and there is no connection/);
    expect(screen.queryByText('Loading the workout…')).not.toBeInTheDocument();
  });
});
