import type { ScheduleItemResponse, TodayResponse } from '@contract';
import { demoUsers, tokenFor } from '@mocks/data';
import { scheduleHandlers } from '@mocks/handlers/schedule';
import { createTrackingFake } from '@mocks/handlers/tracking';
import { server } from '@mocks/server';
import { http, HttpResponse } from 'msw';
import { signInAs } from '@/testing/sign-in-as';
import type * as DeviceLogs from './device-logs';
import type { DeviceLogStorage } from './device-logs';
import { createMemoryDeviceLogStorage } from './device-logs';
import type * as LogActions from './log-actions';
import type { SetFields } from './log-actions';
import type * as OutboxSync from './outbox-sync';

/*
 * Two tabs of one browser on one workout log (issue 22 item 7, ADR 044): each tab is its own copy of the modules,
 * sharing one device storage, as two tabs share one IndexedDB. Nothing typed in either tab may be lost, and a
 * write answered in one tab never comes back from the other.
 */

const athlete = demoUsers.athlete;
let device: ReturnType<typeof createMemoryDeviceLogStorage>;
let fake: ReturnType<typeof createTrackingFake>;
const tabs: Tab[] = [];

interface Tab {
  logs: typeof DeviceLogs;
  actions: typeof LogActions;
  sync: typeof OutboxSync;
}

/** A tab: fresh modules over the device's storage, its logs read as a page load reads them. */
async function openTab({
  sends,
  storage = device,
}: {
  sends: boolean;
  storage?: DeviceLogStorage;
}): Promise<Tab> {
  vi.resetModules();
  const logs = await import('./device-logs');
  const actions = await import('./log-actions');
  const sync = await import('./outbox-sync');
  logs.configureDeviceLogStorage(storage);
  // Only the sending tab knows who is signed in here: the other never gets the lock's turn in this test.
  if (sends) sync.configureOutboxSync({ currentUserId: () => athlete.id, onAnswered: () => undefined });
  await logs.deviceLogsLoaded();
  const tab: Tab = { logs, actions, sync };
  tabs.push(tab);
  return tab;
}

beforeEach(() => {
  device = createMemoryDeviceLogStorage();
  fake = createTrackingFake();
  server.use(...scheduleHandlers(), ...fake.handlers);
  signInAs(athlete);
});

afterEach(() => {
  for (const tab of tabs.splice(0)) {
    tab.sync.resetOutboxSync();
    tab.logs.forgetDeviceLogsInMemory();
    tab.logs.configureDeviceLogStorage(null);
  }
});

async function todaysEntry() {
  const headers = { Authorization: `Bearer ${tokenFor(athlete)}` };
  const today = (await (
    await fetch(`${window.location.origin}/api/schedule/today`, { headers })
  ).json()) as TodayResponse;
  const item = today.data.find((entry) => entry.name === 'Lower Body Strength A' && entry.kind === 'entry');
  const { data } = (await (
    await fetch(`${window.location.origin}/api/schedule/entries/${item?.id}`, { headers })
  ).json()) as ScheduleItemResponse;
  return { ...data, athlete: { id: athlete.id, firstName: athlete.firstName, lastName: athlete.lastName } };
}

type Entry = Awaited<ReturnType<typeof todaysEntry>>;

function setDone(entry: Entry, setNumber: number): SetFields {
  const slot = entry.workout.blocks[0]!.exercises[0]!;
  return {
    blockExerciseId: slot.id,
    exerciseId: slot.exerciseId,
    setNumber,
    reps: 5,
    load: 250,
    loadUnit: 'lb',
    rpe: null,
    timeSeconds: null,
    distance: null,
    distanceUnit: null,
    velocityMph: null,
    done: true,
  };
}

let writesCut = false;
function cutWrites() {
  writesCut = true;
  const cut = () => (writesCut ? HttpResponse.error() : undefined);
  server.use(http.put('*/api/workout-logs/*', cut), http.post('*/api/workout-logs/*', cut));
}

/** The requests that reached the server, as `METHOD /path`. */
function recordRequests(): string[] {
  const requests: string[] = [];
  server.events.on('request:start', ({ request }) => {
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  return requests;
}

const setNumbers = (tab: Tab, logId: string) =>
  Object.values(tab.logs.getDeviceLog(logId)?.sets ?? {})
    .map((loggedSet) => loggedSet.setNumber)
    .sort();

describe('two tabs on one workout log', () => {
  it('keeps the sets of both tabs when both change the log and one of them sends', async () => {
    const entry = await todaysEntry();
    const sending = await openTab({ sends: true });
    const other = await openTab({ sends: false });
    cutWrites();
    const { logId } = sending.actions.startWorkoutLog({ entry, userId: athlete.id });
    await other.logs.loadDeviceLogs();
    expect(other.logs.getDeviceLog(logId)).toBeDefined();

    // The same moment in both tabs: neither has seen the other's set yet.
    other.actions.markSetDone(logId, null, setDone(entry, 2), null);
    sending.actions.markSetDone(logId, null, setDone(entry, 1), null);
    // Each tab shows its own set in the same frame.
    expect(setNumbers(sending, logId)).toEqual([1]);
    expect(setNumbers(other, logId)).toEqual([2]);

    writesCut = false;
    sending.sync.requestSync();
    await vi.waitFor(() => expect(device.logs.get(logId)?.outbox).toEqual([]), { timeout: 5000 });
    expect(fake.logOfEntry(entry.id)?.sets.map((loggedSet) => loggedSet.setNumber)).toEqual([1, 2]);
    expect([...fake.setRequests.values()]).toEqual([1, 1]);
    expect(Object.keys(device.logs.get(logId)?.sets ?? {})).toHaveLength(2);
    // Both tabs show both sets, all sent, without a reload: the other tab heard of the changes.
    await vi.waitFor(() => {
      expect(setNumbers(sending, logId)).toEqual([1, 2]);
      expect(setNumbers(other, logId)).toEqual([1, 2]);
      expect(other.logs.getDeviceLog(logId)?.outbox).toEqual([]);
    });
  });

  it('sends a set marked in a tab that missed the move to the log another device began', async () => {
    const entry = await todaysEntry();
    const sending = await openTab({ sends: true });
    const late = await openTab({
      sends: false,
      storage: { ...device, connect: () => ({ announce: () => undefined, close: () => undefined }) },
    });
    // The coach's tablet began the same workout: the server's log of the entry is that one.
    const coachsLogId = '01900000-0000-7000-8000-00000000c0ac';
    const started = await fetch(`${window.location.origin}/api/workout-logs/${coachsLogId}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${tokenFor(demoUsers.coach)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ entryId: entry.id, startedAt: new Date().toISOString() }),
    });
    expect(started.status).toBe(201);
    cutWrites();
    const { logId } = sending.actions.startWorkoutLog({ entry, userId: athlete.id });
    await late.logs.loadDeviceLogs();

    writesCut = false;
    sending.sync.requestSync();
    await vi.waitFor(() => expect([...device.logs.keys()]).toEqual([coachsLogId]));
    // The late tab still shows its own log, and marks a set on it.
    expect(late.logs.getDeviceLog(logId)).toBeDefined();
    late.actions.markSetDone(logId, null, setDone(entry, 1), null);
    await vi.waitFor(() => expect(late.logs.getDeviceLog(coachsLogId)?.outbox).toHaveLength(1));
    expect(late.logs.getDeviceLog(logId)).toBeUndefined();

    sending.sync.requestSync();
    await vi.waitFor(() => expect(fake.logOfEntry(entry.id)?.sets).toHaveLength(1));
    expect(fake.logOfEntry(entry.id)?.id).toBe(coachsLogId);
    await vi.waitFor(() => expect(device.logs.get(coachsLogId)?.outbox).toEqual([]));
  });

  it('never brings back a write the other tab had sent and removed', async () => {
    const entry = await todaysEntry();
    const requests = recordRequests();
    const sending = await openTab({ sends: true });
    // A tab that has not heard of the other's changes yet (its message is late): it changes its older copy.
    const late = await openTab({
      sends: false,
      storage: { ...device, connect: () => ({ announce: () => undefined, close: () => undefined }) },
    });
    cutWrites();
    const { logId } = sending.actions.startWorkoutLog({ entry, userId: athlete.id });
    await late.logs.loadDeviceLogs();
    expect(late.logs.getDeviceLog(logId)?.outbox.map((item) => item.kind)).toEqual(['start']);

    writesCut = false;
    sending.sync.requestSync();
    await vi.waitFor(() => expect(device.logs.get(logId)?.outbox).toEqual([]));
    // The late tab still shows the start waiting, and marks a set on that copy.
    expect(late.logs.getDeviceLog(logId)?.outbox.map((item) => item.kind)).toEqual(['start']);
    late.actions.markSetDone(logId, null, setDone(entry, 1), null);

    await vi.waitFor(() => expect(device.logs.get(logId)?.outbox.map((item) => item.kind)).toEqual(['set']));
    // The stored result is what the late tab shows now: the start answered, its set waiting.
    expect(late.logs.getDeviceLog(logId)?.outbox.map((item) => item.kind)).toEqual(['set']);
    sending.sync.requestSync();
    await vi.waitFor(() => expect(fake.logOfEntry(entry.id)?.sets).toHaveLength(1));
    await vi.waitFor(() => expect(device.logs.get(logId)?.outbox).toEqual([]));
    expect(requests.filter((request) => request === `PUT /api/workout-logs/${logId}`)).toHaveLength(1);
  });
});
