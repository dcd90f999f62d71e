import type { LiveEvent } from '@contract/live-events';
import { liveEventsPath } from '@contract/live-events';
import { http, HttpResponse } from 'msw';
import { requestUser, unauthorized } from './respond';

/** One stream the fake has open: what the client sent, and a way to write to it as the server would. */
export interface FakeLiveStream {
  lastEventId: string | null;
  send: (event: LiveEvent) => void;
  /** A `: heartbeat` comment line. */
  heartbeat: () => void;
  /** The server ends the stream (a deploy, the per-user cap). */
  close: () => void;
  isClosed: () => boolean;
}

const encoder = new TextEncoder();

/**
 * `GET /api/events` (ADR 054, 056): a text/event-stream per request, kept open until the client aborts it or the
 * test closes it. `streams` lists every connection in order, so a test sees reconnects and their `Last-Event-ID`.
 */
export function createLiveEventsFake() {
  const streams: FakeLiveStream[] = [];
  const handler = http.get(`*${liveEventsPath}`, ({ request }) => {
    if (!requestUser(request)) return unauthorized();
    let closed = false;
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start: (streamController) => {
        controller = streamController;
      },
      cancel: () => {
        closed = true;
      },
    });
    const write = (text: string) => {
      if (!closed) controller.enqueue(encoder.encode(text));
    };
    const close = () => {
      if (closed) return;
      closed = true;
      controller.close();
    };
    request.signal.addEventListener('abort', () => {
      closed = true;
    });
    streams.push({
      lastEventId: request.headers.get('Last-Event-ID'),
      send: (event) => write(`id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`),
      heartbeat: () => write(': heartbeat\n\n'),
      close,
      isClosed: () => closed,
    });
    return new HttpResponse(body, {
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' },
    });
  });
  return { handler, streams, latest: () => streams.at(-1) };
}

/**
 * The default: 204, which tells a client (as it tells EventSource) not to reconnect soon. A stream left open under
 * every signed-in screen slowed the fake IndexedDB of other tests by seconds; a test that wants one installs the fake.
 */
export const liveEventHandlers = [
  http.get(`*${liveEventsPath}`, ({ request }) =>
    requestUser(request) ? new HttpResponse(null, { status: 204 }) : unauthorized(),
  ),
];
