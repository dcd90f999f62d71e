import { demoUsers } from '@mocks/data';
import { createLastTimeFake } from '@mocks/handlers/last-time';
import { demoToday, scheduleHandlers } from '@mocks/handlers/schedule';
import { createTrackingFake } from '@mocks/handlers/tracking';
import { server } from '@mocks/server';
import { act, screen, waitFor, within } from '@testing-library/react';
import { addDays, format, parseISO } from 'date-fns';
import { freshPageState, loseConnection, regainConnection } from '@/testing/offline-cache';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import {
  configureDeviceLogStorage,
  createMemoryDeviceLogStorage,
  forgetDeviceLogsInMemory,
} from '@/lib/tracking-sync/device-logs';
import { stopTrackingSync } from '@/lib/tracking-sync/start-tracking-sync';
import { configureWeekKeeping } from './keep-week-on-device';

/**
 * Issue 22, items 1 and 2: signed in online, the app keeps the coming week; with the connection gone, the Today
 * card opens a workout never opened before, its first set starts it, and the schedule's day and week views
 * open from the device. Back online, the server gets each write once.
 */

let fake: ReturnType<typeof createTrackingFake>;
let lastTimes: ReturnType<typeof createLastTimeFake>;
let requests: string[];

beforeEach(() => {
  configureWeekKeeping({ automatic: true });
  configureDeviceLogStorage(createMemoryDeviceLogStorage());
  server.use(...scheduleHandlers());
  fake = createTrackingFake();
  lastTimes = createLastTimeFake();
  server.use(...fake.handlers, ...lastTimes.handlers);
  requests = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
  });
});

afterEach(() => {
  regainConnection();
  freshPageState();
  configureWeekKeeping({ automatic: false });
  stopTrackingSync();
  forgetDeviceLogsInMemory();
  configureDeviceLogStorage(null);
});

const count = (pattern: RegExp) => requests.filter((request) => pattern.test(request)).length;
const doneButton = (exercise: string, position: number) =>
  screen.getByRole('button', { name: `Set ${position} of ${exercise} done` });
const calendar = () => screen.findByRole('region', { name: /^Schedule of/ });

/** Until the round of the coming week is over: last time asked for, and nothing of it still on its way. */
async function weekKept(queryClient: ReturnType<typeof renderApp>['queryClient'], lastTimeRequests = 1) {
  await waitFor(() => expect(lastTimes.requests.length).toBeGreaterThanOrEqual(lastTimeRequests), {
    timeout: 8000,
  });
  await waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 8000 });
}

describe('the coming week on the device', { timeout: 40_000 }, () => {
  it('lets an athlete open today’s workout from the dashboard with no signal, start it with a set, and see the schedule', async () => {
    signInAs(demoUsers.athlete);
    const { user, router, queryClient } = renderApp('/app/dashboard');
    const todayList = await screen.findByRole('list', { name: 'Your workouts today' });
    await weekKept(queryClient);
    // One request for the last time of every exercise of the week's workouts.
    expect(lastTimes.requests).toHaveLength(1);
    expect(count(/^GET \/api\/athletes\/[^/]+\/maxes/)).toBe(1);
    // The week's questionnaires, to answer with no signal (ADR 067).
    expect(count(/^GET \/api\/questionnaires\/due\?from=/)).toBe(1);

    loseConnection();
    // Tap 1: the Today card.
    await user.click(within(todayList).getByRole('link', { name: /^Lower Body Strength A .* Start$/ }));
    expect(router.state.location.pathname).toMatch(/^\/app\/track\//);
    const entryId = router.state.location.pathname.split('/').at(-1)!;
    const load = await screen.findByRole('spinbutton', { name: 'Load, set 1 of Trap-bar deadlift' });
    await waitFor(() => expect(load).toHaveValue(250));
    expect(screen.getByText(/^Last time \(Nov 17\): 235 lb × 5/)).toBeInTheDocument();
    // Tap 2: the first set, which starts the workout.
    await user.click(doneButton('Trap-bar deadlift', 1));
    expect(doneButton('Trap-bar deadlift', 1)).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(/^2 changes waiting/)).toBeInTheDocument();
    // The exercises to swap one for are on the device too.
    await user.click(screen.getAllByRole('button', { name: 'Swap' })[0]!);
    const swapIns = await screen.findByRole('list', { name: 'Exercises to swap in' });
    expect(within(swapIns).getAllByRole('button').length).toBeGreaterThan(0);
    await user.keyboard('{Escape}');

    // The schedule's day and week views, from the device.
    await act(() => router.navigate({ to: '/app/schedule', search: { view: 'day', date: demoToday() } }));
    expect(
      await within(await calendar()).findByRole('button', { name: /^Lower Body Strength A/ }),
    ).toBeInTheDocument();
    await act(() => router.navigate({ to: '/app/schedule', search: { view: 'week', date: demoToday() } }));
    expect(
      await within(await calendar()).findAllByRole('button', { name: /^Pitcher Arm Care/ }),
    ).not.toHaveLength(0);
    // Further ahead than the week kept: said plainly, no endless skeleton.
    const later = format(addDays(parseISO(demoToday()), 21), 'yyyy-MM-dd');
    await act(() => router.navigate({ to: '/app/schedule', search: { view: 'day', date: later } }));
    expect(await screen.findByText('This day is not on this device yet.')).toBeInTheDocument();
    expect(screen.queryByText('Loading the schedule…')).not.toBeInTheDocument();

    regainConnection();
    await waitFor(() => expect(fake.logOfEntry(entryId)).toBeDefined(), { timeout: 8000 });
    await waitFor(() => expect([...fake.setWrites.values()]).toEqual([1]), { timeout: 8000 });
  });

  it('lets a coach open a group’s workout of today at its first athlete with no signal, and track a set', async () => {
    signInAs(demoUsers.coach);
    const { user, queryClient } = renderApp('/app/dashboard');
    const todayList = await screen.findByRole('list', { name: 'Today by group' });
    // The Pitchers' three athletes: last time asked for each.
    await weekKept(queryClient, 3);
    expect(lastTimes.requests).toHaveLength(3);
    expect(count(/^GET \/api\/athletes\/[^/]+\/maxes/)).toBe(3);

    loseConnection();
    await user.click(
      within(todayList).getByRole('link', { name: /^Pitchers Pitcher Arm Care .*0\/3 done Track$/ }),
    );
    expect(await screen.findByRole('button', { name: 'Start for Jamie Rivera' })).toBeInTheDocument();
    await user.click(doneButton('Band external rotation', 1));
    expect(await screen.findByText('For Jamie Rivera · 1 of 2 sets done')).toBeInTheDocument();
    expect(screen.getByLabelText('Athlete')).toHaveDisplayValue('Jamie Rivera (started)');
  });

  it('keeps the week once per start, not on every screen; offline never; again on reconnect where it is stale', async () => {
    signInAs(demoUsers.athlete);
    const { router, queryClient } = renderApp('/app/dashboard');
    await screen.findByRole('list', { name: 'Your workouts today' });
    await weekKept(queryClient);
    const entryReads = count(/^GET \/api\/schedule\/entries\//);
    expect(entryReads).toBeGreaterThan(0);

    await act(() => router.navigate({ to: '/app/schedule', search: { view: 'week', date: demoToday() } }));
    await calendar();
    await act(() => router.navigate({ to: '/app/dashboard' }));
    await screen.findByRole('list', { name: 'Your workouts today' });
    expect(count(/^GET \/api\/schedule\/entries\//)).toBe(entryReads);
    expect(lastTimes.requests).toHaveLength(1);

    // What is kept gets old; offline nothing is asked, back online the round reads it again.
    await act(() => queryClient.invalidateQueries({ refetchType: 'none' }));
    loseConnection();
    regainConnection();
    await weekKept(queryClient, 2);
    expect(count(/^GET \/api\/schedule\/entries\//)).toBeGreaterThanOrEqual(2 * entryReads);
  });
});
