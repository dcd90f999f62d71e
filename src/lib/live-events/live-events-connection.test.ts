import type { LiveEvent } from '@contract/live-events';
import { demoUsers, tokenFor } from '@mocks/data';
import { createLiveEventsFake } from '@mocks/handlers/live-events';
import { server } from '@mocks/server';
import { waitFor } from '@testing-library/react';
import type { LiveEventsConnection } from './live-events-connection';
import { connectLiveEvents } from './live-events-connection';
import type { LiveEventCursor } from './live-event-stream';

const apiBaseUrl = 'http://localhost:3000/';

/** The Web Locks API as a browser has it for one exclusive lock: granted in turn, held while the callback's promise is. */
function createFakeLocks(): LockManager {
  let tail: Promise<unknown> = Promise.resolve();
  let held = 0;
  const request = (
    name: string,
    options: LockOptions,
    callback: (lock: Lock | null) => unknown,
  ): Promise<unknown> => {
    if (options.ifAvailable && held > 0) return Promise.resolve().then(() => callback(null));
    held += 1;
    const granted = tail.then(() => {
      if (options.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      return callback({ name, mode: 'exclusive' });
    });
    tail = granted.catch(() => undefined).finally(() => (held -= 1));
    return granted;
  };
  return { request, query: () => Promise.resolve({ held: [], pending: [] }) } as unknown as LockManager;
}

/** Each "tab" has its own sessionStorage in a browser; here, its own memory. */
function memoryCursor(): LiveEventCursor & { value: () => string | null } {
  let last: string | null = null;
  return { read: () => last, write: (id) => (last = id), value: () => last };
}

const scheduleEvent = (id: string): LiveEvent => ({
  id,
  kind: 'schedule',
  data: { dates: ['2026-11-27'] },
  at: '2026-11-27T01:00:00.000Z',
});

const tabs: LiveEventsConnection[] = [];
afterEach(() => {
  for (const tab of tabs.splice(0)) tab.stop();
});

function openTab(locks: LockManager | null) {
  const received: LiveEvent[] = [];
  const cursor = memoryCursor();
  const joined = { count: 0 };
  const tab = connectLiveEvents({
    apiBaseUrl,
    getToken: () => tokenFor(demoUsers.athlete),
    onEvent: (event) => received.push(event),
    onJoined: () => (joined.count += 1),
    cursor,
    locks,
    timing: { retryMs: 20 },
  });
  tabs.push(tab);
  return { tab, received, cursor, joined };
}

describe('one stream per browser', () => {
  it('lets one tab read the stream and relays its events to the others', async () => {
    const fake = createLiveEventsFake();
    server.use(fake.handler);
    const locks = createFakeLocks();
    const first = openTab(locks);
    const second = openTab(locks);

    await waitFor(() => expect(fake.streams).toHaveLength(1));
    expect(first.tab.isLeader()).toBe(true);
    expect(second.tab.isLeader()).toBe(false);
    // The second tab hears events only from now on: it is told, to read its screen again.
    expect(first.joined.count).toBe(0);
    expect(second.joined.count).toBe(1);

    fake.streams[0]?.send(scheduleEvent('12'));
    await waitFor(() => expect(second.received.map((event) => event.id)).toEqual(['12']));
    expect(first.received.map((event) => event.id)).toEqual(['12']);
    // The other tab keeps the cursor too, to carry on from it if it comes to lead.
    expect(second.cursor.value()).toBe('12');
    expect(fake.streams).toHaveLength(1);
  });

  it('hands the stream to a waiting tab when the leading one closes, from where it was', async () => {
    const fake = createLiveEventsFake();
    server.use(fake.handler);
    const locks = createFakeLocks();
    const first = openTab(locks);
    const second = openTab(locks);
    await waitFor(() => expect(fake.streams).toHaveLength(1));
    fake.streams[0]?.send(scheduleEvent('30'));
    await waitFor(() => expect(second.received).toHaveLength(1));

    first.tab.stop();

    await waitFor(() => expect(fake.streams).toHaveLength(2));
    expect(second.tab.isLeader()).toBe(true);
    expect(fake.streams[0]?.isClosed()).toBe(true);
    expect(fake.streams[1]?.lastEventId).toBe('30');
  });

  it('connects every tab where the browser has no Web Locks, and relays nothing', async () => {
    const fake = createLiveEventsFake();
    server.use(fake.handler);
    const first = openTab(null);
    const second = openTab(null);

    await waitFor(() => expect(fake.streams).toHaveLength(2));
    expect(first.tab.isLeader()).toBe(true);
    expect(second.tab.isLeader()).toBe(true);

    fake.streams[0]?.send(scheduleEvent('5'));
    await waitFor(() => expect(first.received.length + second.received.length).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Each tab hears its own stream once; no event arrives twice.
    expect(first.received.length + second.received.length).toBe(1);
  });
});
