import type { ScheduleItemResponse, TodayResponse } from '@contract';
import { demoUsers, tokenFor } from '@mocks/data';
import { scheduleHandlers } from '@mocks/handlers/schedule';
import { createTrackingFake } from '@mocks/handlers/tracking';
import { server } from '@mocks/server';
import { signInAs } from '@/testing/sign-in-as';
import type { DeviceLog } from './device-logs';
import {
  allDeviceLogs,
  configureDeviceLogStorage,
  createMemoryDeviceLogStorage,
  deviceLogsLoaded,
  forgetDeviceLogsInMemory,
  getDeviceLog,
} from './device-logs';
import { startWorkoutLog } from './log-actions';
import { deviceTimeHeader } from '@contract';
import { configureOutboxSync, requestSync, resetOutboxSync } from './outbox-sync';

/* The outbox on its own (issue 22 items 6 and 13, ADR 044): it recovers by itself and says when it sends. */

const athlete = demoUsers.athlete;
let device: ReturnType<typeof createMemoryDeviceLogStorage>;
let fake: ReturnType<typeof createTrackingFake>;

beforeEach(() => {
  device = createMemoryDeviceLogStorage();
  configureDeviceLogStorage(device);
  fake = createTrackingFake();
  server.use(...scheduleHandlers(), ...fake.handlers);
  signInAs(athlete);
});

afterEach(() => {
  resetOutboxSync();
  forgetDeviceLogsInMemory();
  configureDeviceLogStorage(null);
  vi.useRealTimers();
});

const sendAsTheAthlete = () =>
  configureOutboxSync({ currentUserId: () => athlete.id, onAnswered: () => undefined });

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

/** The headers of the tracking writes that reached the server. */
function recordWriteHeaders(): Headers[] {
  const seen: Headers[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method !== 'GET' && new URL(request.url).pathname.startsWith('/api/workout-logs/')) {
      seen.push(request.headers);
    }
  });
  return seen;
}

describe('the outbox recovers by itself', () => {
  it('tries a round that failed again after a wait, as it does after a network failure', async () => {
    const entry = await todaysEntry();
    // The browser refuses the lock once (a document being unloaded, a sandboxed frame): the round throws.
    let refusals = 1;
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: (_name: string, send: () => Promise<void>) =>
          refusals-- > 0 ? Promise.reject(new DOMException('Not now', 'InvalidStateError')) : send(),
      },
    });
    try {
      sendAsTheAthlete();
      startWorkoutLog({ entry, userId: athlete.id });
      // No other event comes: no change, no `online`, no page shown again.
      await vi.waitFor(() => expect(fake.logOfEntry(entry.id)).toBeDefined(), { timeout: 3000 });
      expect(allDeviceLogs()[0]?.outbox).toEqual([]);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('lets logs leave the device once everything is sent and they are untouched for 30 days', async () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const daysAgo = (days: number) => new Date(now - days * 24 * 60 * 60 * 1000).toISOString();
    const stored = (logId: string, changes: Partial<DeviceLog>): DeviceLog => ({
      logId,
      entryId: `${logId}-entry`,
      userId: athlete.id,
      athlete: { id: athlete.id, firstName: athlete.firstName, lastName: athlete.lastName },
      date: '2026-10-01',
      assignmentId: null,
      workout: {} as DeviceLog['workout'],
      status: 'completed',
      startedAt: daysAgo(60),
      finishedAt: daysAgo(60),
      durationSeconds: 3000,
      sessionRpe: null,
      notes: null,
      sets: {},
      exercises: {},
      pitches: {},
      outbox: [],
      rejected: [],
      records: [],
      rest: null,
      revision: 3,
      ...changes,
    });
    const waitingWrite = {
      key: 'k-1',
      kind: 'set' as const,
      method: 'PUT' as const,
      path: 'api/workout-logs/waiting/sets/s-1',
      body: {},
      targetId: 's-1',
      madeAt: daysAgo(40),
    };
    for (const log of [
      stored('sent-long-ago', { savedAt: daysAgo(31) }),
      stored('sent-before-saved-at-existed', {}),
      // Another user's write still waiting on this shared device: only that user's session sends it.
      stored('waiting', { savedAt: daysAgo(40), userId: demoUsers.coach.id, outbox: [waitingWrite] }),
      stored('refused', {
        savedAt: daysAgo(40),
        rejected: [{ key: 'k-2', kind: 'set', message: 'Reps are at most 1,000', at: daysAgo(40) }],
      }),
      stored('sent-recently', { savedAt: daysAgo(29) }),
      stored('in-progress-recently', { status: 'in_progress', startedAt: daysAgo(2), finishedAt: null }),
    ]) {
      device.logs.set(log.logId, log);
    }
    await deviceLogsLoaded();
    sendAsTheAthlete();
    requestSync();

    const kept = ['waiting', 'refused', 'sent-recently', 'in-progress-recently'];
    await vi.waitFor(() => expect([...device.logs.keys()].sort()).toEqual([...kept].sort()));
    expect(
      allDeviceLogs()
        .map((log) => log.logId)
        .sort(),
    ).toEqual([...kept].sort());
  });
});

describe("the device's clock on every write", () => {
  it('sends Device-Time with the clock at each attempt, not when the write was made', async () => {
    const entry = await todaysEntry();
    const headers = recordWriteHeaders();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-24T09:00:00.000Z'));
    // Made while nothing sends (no one signed in here yet), sent a quarter of an hour later.
    const { logId } = startWorkoutLog({ entry, userId: athlete.id });
    vi.setSystemTime(Date.parse('2026-11-24T09:15:00.000Z'));
    sendAsTheAthlete();
    requestSync();

    await vi.waitFor(() => expect(getDeviceLog(logId)?.outbox).toEqual([]));
    expect(headers).toHaveLength(1);
    // The clock of the attempt (waitFor moves the faked clock on by its polls), in ISO 8601.
    const sentAt = headers[0]?.get(deviceTimeHeader) ?? '';
    expect(sentAt).toMatch(/^2026-11-24T09:15:0\d\.\d{3}Z$/);
    expect(headers[0]?.get('Idempotency-Key')).toBeTruthy();
  });
});
