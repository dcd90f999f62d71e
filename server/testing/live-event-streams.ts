import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';
import { liveEventsPath } from '../../contract/live-events';

/** A received event, as a client reads it. */
export interface ReceivedLiveEvent {
  id: string | undefined;
  kind: string;
  data: { id: string; kind: string; data: Record<string, unknown>; at: string };
}

/** An open event stream as a browser would read it: events in order, comments (heartbeats) counted. */
export interface OpenLiveStream {
  status: number;
  /** The stream's first event; on a new stream its id is where the stream starts (the cursor to resume from). */
  ready: ReceivedLiveEvent | undefined;
  /** Waits for the next event matching, at most `timeoutMs`; undefined when none came. */
  next(
    matching?: (event: ReceivedLiveEvent) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedLiveEvent | undefined>;
  /** Everything received and not yet taken by next(). */
  pending(): ReceivedLiveEvent[];
  heartbeats(): number;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): Promise<void>;
}

type Fetch = (path: string, init: RequestInit) => Response | Promise<Response>;

/**
 * Opens `/api/events` through `fetch` (the in-process app's or a real server's) and reads its body as it arrives.
 * Waits until the `ready` event came, so what is written after this resolves reaches it.
 */
export async function openLiveStream(
  fetchFrom: Fetch,
  token: string | undefined,
  lastEventId?: string,
): Promise<OpenLiveStream> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const controller = new AbortController();
  const response = await fetchFrom(liveEventsPath, { headers, signal: controller.signal });
  const received: ReceivedLiveEvent[] = [];
  let heartbeatCount = 0;
  let wake: (() => void) | undefined;
  let endedResolve!: () => void;
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));
  const reader =
    response.status === 200 && response.body
      ? response.body
          .pipeThrough(new TextDecoderStream())
          .pipeThrough(new EventSourceParserStream({ onComment: () => (heartbeatCount += 1) }))
          .getReader()
      : undefined;

  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader!.read();
        if (done) break;
        received.push(toReceived(value));
        wake?.();
      }
    } catch {
      // Aborted by close(), or the connection was cut: both end the stream.
    } finally {
      endedResolve();
      wake?.();
    }
  })();

  let finished = false;
  void ended.then(() => (finished = true));

  async function next(matching: (event: ReceivedLiveEvent) => boolean = () => true, timeoutMs = 3_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = received.findIndex(matching);
      if (index >= 0) return received.splice(0, index + 1).at(-1);
      const left = deadline - Date.now();
      if (left <= 0 || finished) return undefined;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  const stream: OpenLiveStream = {
    status: response.status,
    ready: undefined,
    next,
    pending: () => [...received],
    heartbeats: () => heartbeatCount,
    ended,
    async close() {
      controller.abort();
      await reader?.cancel().catch(() => undefined);
      await ended;
    },
  };
  if (!reader) {
    endedResolve();
    return stream;
  }
  stream.ready = await next((event) => event.kind === 'ready', 10_000);
  if (!stream.ready) throw new Error('The event stream sent no ready event');
  return stream;
}

function toReceived(message: EventSourceMessage): ReceivedLiveEvent {
  return {
    id: message.id,
    kind: message.event ?? 'message',
    data: JSON.parse(message.data) as ReceivedLiveEvent['data'],
  };
}
