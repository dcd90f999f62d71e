import type { LiveEvent } from '@contract/live-events';
import { demoUsers, tokenFor } from '@mocks/data';
import { createLiveEventsFake } from '@mocks/handlers/live-events';
import { server } from '@mocks/server';
import { http, HttpResponse } from 'msw';
import { waitFor } from '@testing-library/react';
import type { LiveEventStream } from './live-event-stream';
import { createSessionCursor, openLiveEventStream } from './live-event-stream';

const apiBaseUrl = 'http://localhost:3000/';
const logId = '0196a000-0000-7000-8000-0000000000a1';

const event = (id: string, kind: LiveEvent['kind'] = 'workout-log'): LiveEvent => ({
  id,
  kind,
  data: kind === 'workout-log' ? { logId } : {},
  at: '2026-11-27T01:00:00.000Z',
});

let stream: LiveEventStream | undefined;
afterEach(() => stream?.stop());

function open(fake: ReturnType<typeof createLiveEventsFake>, timing = { retryMs: 20, silenceMs: 5000 }) {
  server.use(fake.handler);
  const received: LiveEvent[] = [];
  stream = openLiveEventStream({
    apiBaseUrl,
    getToken: () => tokenFor(demoUsers.athlete),
    onEvent: (liveEvent) => received.push(liveEvent),
    cursor: createSessionCursor(),
    timing,
  });
  return received;
}

describe('the live-event stream', () => {
  it('reads events as the server writes them, heartbeats and all', async () => {
    const fake = createLiveEventsFake();
    const received = open(fake);
    await waitFor(() => expect(fake.latest()).toBeDefined());

    fake.latest()?.send(event('1', 'ready'));
    fake.latest()?.heartbeat();
    fake.latest()?.send(event('2'));

    await waitFor(() =>
      expect(received.map((each) => [each.id, each.kind])).toEqual([
        ['1', 'ready'],
        ['2', 'workout-log'],
      ]),
    );
    expect(received[1]?.data).toEqual({ logId });
  });

  it('comes back after the server closes the stream, asking for what it missed with Last-Event-ID', async () => {
    const fake = createLiveEventsFake();
    const received = open(fake);
    await waitFor(() => expect(fake.streams).toHaveLength(1));
    expect(fake.streams[0]?.lastEventId).toBeNull();

    fake.streams[0]?.send(event('41'));
    await waitFor(() => expect(received).toHaveLength(1));
    fake.streams[0]?.close();

    await waitFor(() => expect(fake.streams).toHaveLength(2));
    expect(fake.streams[1]?.lastEventId).toBe('41');
    // A reload of the tab starts from the same place.
    expect(sessionStorage.getItem('connect-live-events-cursor')).toBe('41');
  });

  it('never takes a control event without an id for a cursor: the reconnect sends no empty Last-Event-ID', async () => {
    const fake = createLiveEventsFake();
    const received = open(fake);
    await waitFor(() => expect(fake.streams).toHaveLength(1));
    fake.streams[0]?.send(event('', 'ready'));
    await waitFor(() => expect(received).toHaveLength(1));
    fake.streams[0]?.close();
    await waitFor(() => expect(fake.streams).toHaveLength(2));
    // An empty header is no cursor: the server would refuse it, and every reconnect after it.
    expect(fake.streams[1]?.lastEventId).toBeNull();
  });

  it('passes a reset on, so the app reads everything anew', async () => {
    const fake = createLiveEventsFake();
    const received = open(fake);
    await waitFor(() => expect(fake.latest()).toBeDefined());
    fake.latest()?.send(event('900', 'reset'));
    await waitFor(() => expect(received.map((each) => each.kind)).toEqual(['reset']));
  });

  it('takes a stream silent for two heartbeats as dead, and reconnects', async () => {
    const fake = createLiveEventsFake();
    open(fake, { retryMs: 20, silenceMs: 150 });
    await waitFor(() => expect(fake.streams).toHaveLength(1));
    fake.streams[0]?.send(event('7'));

    // Nothing more comes: the client gives up on that socket and opens another, from event 7.
    await waitFor(() => expect(fake.streams.length).toBeGreaterThanOrEqual(2), { timeout: 2000 });
    expect(fake.streams[0]?.isClosed()).toBe(true);
    expect(fake.streams[1]?.lastEventId).toBe('7');
  });

  it('keeps a stream that hears heartbeats', async () => {
    const fake = createLiveEventsFake();
    open(fake, { retryMs: 20, silenceMs: 200 });
    await waitFor(() => expect(fake.streams).toHaveLength(1));
    for (let beat = 0; beat < 6; beat += 1) {
      fake.streams[0]?.heartbeat();
      await new Promise((resolve) => setTimeout(resolve, 80));
    }
    expect(fake.streams).toHaveLength(1);
  });

  it('does not connect while offline, and connects when the browser is back online', async () => {
    const fake = createLiveEventsFake();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    open(fake);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.streams).toHaveLength(0);

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(fake.streams).toHaveLength(1));

    onLine.mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await waitFor(() => expect(fake.streams[0]?.isClosed()).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.streams).toHaveLength(1);
  });

  it('stops at sign-out: the stream is closed and not opened again', async () => {
    const fake = createLiveEventsFake();
    open(fake);
    await waitFor(() => expect(fake.streams).toHaveLength(1));
    stream?.stop();
    await waitFor(() => expect(fake.streams[0]?.isClosed()).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.streams).toHaveLength(1);
  });

  it('does not hammer a server that refuses the stream (signed out elsewhere, or no stream here)', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/events', () => {
        asked += 1;
        return new HttpResponse(null, { status: 401 });
      }),
    );
    stream = openLiveEventStream({
      apiBaseUrl,
      getToken: () => tokenFor(demoUsers.athlete),
      onEvent: () => undefined,
      cursor: createSessionCursor(),
      timing: { retryMs: 20, maxRetryMs: 60_000 },
    });
    await waitFor(() => expect(asked).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked).toBe(1);
  });
});
