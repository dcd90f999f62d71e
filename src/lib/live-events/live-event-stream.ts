import type { LiveEvent } from '@contract/live-events';
import { liveEventSchema, liveEventTiming, liveEventsPath } from '@contract/live-events';
import { isEarlierPosition } from '@contract/live-events-position';
import { createParser } from 'eventsource-parser';

/**
 * Reads `GET /api/events` with fetch (ADR 056): the token goes in the Authorization header, never in a URL, which
 * EventSource cannot do. Reconnects with back-off, sending the last cursor as `Last-Event-ID`; a stream silent for
 * two heartbeats is taken as dead; nothing is tried while the browser is offline.
 */

export interface LiveEventStreamOptions {
  /** The API root, ending in `/`. */
  apiBaseUrl: string;
  /** Read at each connect, so a new sign-in's token is used. Null: signed out, so no connection. */
  getToken: () => string | null;
  onEvent: (event: LiveEvent) => void;
  cursor: LiveEventCursor;
  /** Overridable for tests; the contract's values otherwise. */
  timing?: Partial<LiveEventStreamTiming>;
}

export interface LiveEventStreamTiming {
  /** No byte for this long (two heartbeats): the stream is dead, even if the socket says otherwise. */
  silenceMs: number;
  /** The first wait before reconnecting; the server's `retry:` replaces it. Doubles per failure, up to `maxRetryMs`. */
  retryMs: number;
  maxRetryMs: number;
}

export const defaultStreamTiming: LiveEventStreamTiming = {
  silenceMs: 2 * liveEventTiming.heartbeatSeconds * 1000,
  retryMs: liveEventTiming.retryMs,
  maxRetryMs: 60_000,
};

/** The last event seen, in memory and in the tab's sessionStorage, so a reload asks only for what it missed. */
export interface LiveEventCursor {
  read: () => string | null;
  write: (id: string) => void;
  /** At sign-out: nothing of this user's session stays in the tab. */
  clear?: () => void;
}

const cursorStorageKey = 'connect-live-events-cursor';

export function createSessionCursor(): LiveEventCursor {
  let last: string | null = null;
  return {
    read: () => {
      if (last !== null) return last;
      try {
        last = sessionStorage.getItem(cursorStorageKey);
      } catch {
        // Storage unavailable (privacy mode): memory only.
      }
      return last;
    },
    write: (id) => {
      // Ids are commit-ordered bigints; an older one relayed late must not move the cursor back.
      if (last !== null && isEarlierPosition(id, last)) return;
      last = id;
      try {
        sessionStorage.setItem(cursorStorageKey, id);
      } catch {
        // Memory keeps it for this page.
      }
    },
    clear: () => {
      last = null;
      try {
        sessionStorage.removeItem(cursorStorageKey);
      } catch {
        // Nothing was stored.
      }
    },
  };
}

/** Whether a `fetch` failed because the stream's status says "stop trying" (signed out, no right to it). */
class StreamRefused extends Error {}

export interface LiveEventStream {
  stop: () => void;
}

export function openLiveEventStream(options: LiveEventStreamOptions): LiveEventStream {
  const timing = { ...defaultStreamTiming, ...options.timing };
  let stopped = false;
  let connection: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let serverRetryMs: number | null = null;

  const retryDelay = (): number => {
    const base = serverRetryMs ?? timing.retryMs;
    const delay = Math.min(timing.maxRetryMs, base * 2 ** Math.max(0, failures - 1));
    // A little spread, so a server restart is not met by every browser in the same millisecond.
    return delay * (0.8 + Math.random() * 0.4);
  };

  const scheduleReconnect = () => {
    clearTimeout(retryTimer);
    if (stopped || !navigator.onLine) return;
    failures += 1;
    retryTimer = setTimeout(connect, retryDelay());
  };

  async function readStream(controller: AbortController): Promise<void> {
    const token = options.getToken();
    if (token === null) throw new StreamRefused('Signed out');
    const headers: Record<string, string> = {
      Accept: 'text/event-stream',
      Authorization: `Bearer ${token}`,
    };
    const cursor = options.cursor.read();
    if (cursor !== null) headers['Last-Event-ID'] = cursor;

    let silence: ReturnType<typeof setTimeout> | undefined;
    const heardFromServer = () => {
      clearTimeout(silence);
      silence = setTimeout(
        () => controller.abort(new DOMException('No heartbeat', 'TimeoutError')),
        timing.silenceMs,
      );
    };
    heardFromServer();
    try {
      // Read at call time: test doubles (MSW) replace the global fetch after modules load.
      const response = await globalThis.fetch(new URL(liveEventsPath.slice(1), options.apiBaseUrl), {
        headers,
        signal: controller.signal,
        cache: 'no-store',
      });
      // 204 is EventSource's "do not reconnect"; 401 and 403: signed out or no right to it.
      if ([204, 401, 403].includes(response.status)) throw new StreamRefused(`${response.status}`);
      if (!response.ok || !response.body) throw new Error(`Stream answered ${response.status}`);
      heardFromServer();

      const parser = createParser({
        onEvent: (message) => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(message.data);
          } catch {
            return;
          }
          const event = liveEventSchema.safeParse(parsed);
          if (!event.success) return;
          // The first event of a working stream: the next failure starts the back-off afresh.
          failures = 0;
          // Control events of a resumed stream carry no id: the cursor stays where it was.
          const id = message.id ?? event.data.id;
          if (id !== '') options.cursor.write(id);
          options.onEvent(event.data);
        },
        onRetry: (retryMs) => {
          serverRetryMs = retryMs;
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      // An abort does not reach a body already being read everywhere (service workers, test doubles): cancel it too.
      controller.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        heardFromServer();
        parser.feed(value);
      }
    } finally {
      clearTimeout(silence);
    }
  }

  function connect(): void {
    if (stopped || !navigator.onLine) return;
    connection?.abort();
    const controller = new AbortController();
    connection = controller;
    readStream(controller).then(
      // The server closed the stream (a deploy, the per-user cap): come back, sending the cursor.
      () => {
        if (connection === controller) scheduleReconnect();
      },
      (error: unknown) => {
        if (connection !== controller || stopped) return;
        // Signed out or refused: try again only at the slowest pace, in case a new sign-in comes.
        if (error instanceof StreamRefused) failures = Math.max(failures, 30);
        scheduleReconnect();
      },
    );
  }

  const onOnline = () => {
    failures = 0;
    clearTimeout(retryTimer);
    connect();
  };
  const onOffline = () => {
    clearTimeout(retryTimer);
    const current = connection;
    connection = null;
    current?.abort();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  connect();

  return {
    stop: () => {
      stopped = true;
      clearTimeout(retryTimer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      const current = connection;
      connection = null;
      current?.abort();
    },
  };
}
