import type { ScheduleItemResponse, ScheduleResponse, TodayResponse } from '@contract';
import { addDays, format } from 'date-fns';
import { demoUsers, tokenFor } from '@mocks/data';
import { scheduleHandlers } from '@mocks/handlers/schedule';
import { createTrackingFake, demoAthleteTraining } from '@mocks/handlers/tracking';
import { server } from '@mocks/server';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
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

const headers = { Authorization: `Bearer ${tokenFor(demoUsers.coach)}` };

/** Today's group workout of the Pitchers, with its athletes, as the coach's tablet fetches it. */
async function todaysGroupWorkout() {
  const today = (await (
    await fetch(`${window.location.origin}/api/schedule/today`, { headers })
  ).json()) as TodayResponse;
  const session = today.data.find((item) => item.kind === 'assignment' && item.name === 'Pitcher Arm Care');
  if (!session) throw new Error('No group workout today');
  const assignment = (await (
    await fetch(`${window.location.origin}/api/group-assignments/${session.id}`, { headers })
  ).json()) as ScheduleItemResponse;
  const [first, second] = assignment.data.members ?? [];
  if (!first || !second) throw new Error('The Pitchers have fewer than two athletes');
  const nameOf = (member: typeof first) => `${member.athlete.firstName} ${member.athlete.lastName}`;
  return {
    path: `/app/weight-room/${session.id}`,
    first,
    second,
    firstName: nameOf(first),
    secondName: nameOf(second),
  };
}

let writesCut = false;
/** The tablet loses its connection for the outbox's writes: each attempt fails as a lost network does. */
function cutWrites() {
  writesCut = true;
  const fromTheTablet = (request: Request) =>
    writesCut && request.headers.get('Authorization') === headers.Authorization;
  server.use(
    http.put('*/api/workout-logs/*', ({ request }) =>
      fromTheTablet(request) ? HttpResponse.error() : undefined,
    ),
    http.post('*/api/workout-logs/*', ({ request }) =>
      fromTheTablet(request) ? HttpResponse.error() : undefined,
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

/** A page load: what the tab had in memory is gone; the device's storage is as it was. */
function reloadPage(path: string) {
  cleanup();
  stopTrackingSync();
  forgetDeviceLogsInMemory();
  return renderApp(path);
}

const athleteRow = (name: string) => screen.getByRole('listitem', { name });
const doneButton = (name: string, position: number) =>
  within(athleteRow(name)).getByRole('button', {
    name: `${name}: set ${position} of Band external rotation done`,
  });

describe('the weight-room board', { timeout: 20_000 }, () => {
  it('marks sets for two athletes with no signal, keeps them over a reload, and sends each set once when back', async () => {
    signInAs(demoUsers.coach);
    const { path, first, second, firstName, secondName } = await todaysGroupWorkout();
    cutWrites();
    const { user } = renderApp(path);

    // A double tap: its second tap lands on the next set, drawn in the same place. One set, one log started.
    await user.click(
      await screen.findByRole('button', { name: `${firstName}: set 1 of Band external rotation done` }),
    );
    await user.click(within(athleteRow(firstName)).getByRole('button', { name: /done$/ }));
    expect(within(athleteRow(firstName)).getByText('1 of 2 sets')).toBeInTheDocument();
    expect(doneButton(firstName, 2)).toBeInTheDocument();
    await user.click(doneButton(secondName, 1));
    expect(within(athleteRow(secondName)).getByText('1 of 2 sets')).toBeInTheDocument();
    // Each athlete's start and set, waiting on the tablet.
    expect(screen.getByText('4 changes waiting')).toBeInTheDocument();

    const { user: afterReload } = reloadPage(path);
    expect(await screen.findByText('4 changes waiting')).toBeInTheDocument();
    await waitFor(() => expect(within(athleteRow(firstName)).getByText('1 of 2 sets')).toBeInTheDocument());
    expect(within(athleteRow(secondName)).getByText('1 of 2 sets')).toBeInTheDocument();
    await afterReload.click(doneButton(firstName, 2));
    expect(within(athleteRow(firstName)).getByText('2 of 2 sets')).toBeInTheDocument();
    expect(within(athleteRow(firstName)).getByText('Finished')).toBeInTheDocument();
    expect(within(athleteRow(secondName)).queryByText('Finished')).not.toBeInTheDocument();

    restoreWrites();
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
    expect(fake.logOfEntry(first.entryId)?.sets).toMatchObject([
      { setNumber: 1, reps: 15, done: true },
      { setNumber: 2, reps: 15, done: true },
    ]);
    expect(fake.logOfEntry(second.entryId)?.sets).toMatchObject([{ setNumber: 1, reps: 15, done: true }]);
    expect([...fake.setWrites.values()]).toEqual([1, 1, 1]);
    expect(within(athleteRow(firstName)).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
    expect(within(athleteRow(secondName)).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
  });

  it('shows each athlete the load from their own max, rounded to the plate step', async () => {
    signInAs(demoUsers.coach);
    const from = format(addDays(new Date(), -1), 'yyyy-MM-dd');
    const to = format(addDays(new Date(), 4), 'yyyy-MM-dd');
    const schedule = (await (
      await fetch(`${window.location.origin}/api/schedule?from=${from}&to=${to}`, { headers })
    ).json()) as ScheduleResponse;
    const session = schedule.data.find(
      (item) => item.kind === 'assignment' && item.name === 'Lower Body Strength A',
    );
    const assignment = (await (
      await fetch(`${window.location.origin}/api/group-assignments/${session?.id}`, { headers })
    ).json()) as ScheduleItemResponse;
    const other = assignment.data.members?.find((member) => member.athlete.id !== demoUsers.athlete.id);
    if (!other) throw new Error('The Pitchers have no other athlete');
    const [athletesMax] = demoAthleteTraining.maxes;
    if (!athletesMax) throw new Error('The demo athlete has no max');
    fake.maxes.set(other.athlete.id, [{ ...athletesMax, id: crypto.randomUUID(), value: 405 }]);
    const otherName = `${other.athlete.firstName} ${other.athlete.lastName}`;
    const athleteName = `${demoUsers.athlete.firstName} ${demoUsers.athlete.lastName}`;
    renderApp(`/app/weight-room/${session?.id}`);

    const loadOf = async (name: string) =>
      within(await screen.findByRole('listitem', { name })).findByRole('spinbutton', {
        name: `Load, ${name}, set 1 of Trap-bar deadlift`,
      });
    // 80% of 315 lb is 252 lb, and of 405 lb 324 lb: the demo's plate step (5 lb) makes them 250 and 325.
    await waitFor(async () => expect(await loadOf(athleteName)).toHaveValue(250));
    await waitFor(async () => expect(await loadOf(otherName)).toHaveValue(325));
  });
});
