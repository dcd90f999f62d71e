import type { LiveEvent } from '@contract/live-events';
import type { LiveEventCursor, LiveEventStreamTiming } from './live-event-stream';
import { createSessionCursor, openLiveEventStream } from './live-event-stream';

/**
 * One stream per browser (ADR 056): the tab holding the Web Lock reads it and relays each event to the other tabs
 * over a BroadcastChannel; when that tab closes, the lock passes to another, which reconnects from its cursor
 * (relayed events move every tab's cursor). Without Web Locks every tab reads its own stream and relays nothing.
 */

export const liveEventsLockName = 'connect-live-events';
export const liveEventsChannelName = 'connect-live-events';

export interface LiveEventsConnectionOptions {
  apiBaseUrl: string;
  getToken: () => string | null;
  onEvent: (event: LiveEvent) => void;
  /**
   * This tab joined a stream another tab reads: it hears events from now on, so what changed between its first reads
   * and now is unknown (ADR 074).
   */
  onJoined?: () => void;
  cursor?: LiveEventCursor;
  timing?: Partial<LiveEventStreamTiming>;
  /** Tests: the browser's lock manager, or null for one without. */
  locks?: LockManager | null;
}

export interface LiveEventsConnection {
  /** Whether this tab reads the stream (leads), or hears it from the tab that does. */
  isLeader: () => boolean;
  stop: () => void;
}

function browserLocks(): LockManager | null {
  return typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks ? navigator.locks : null;
}

export function connectLiveEvents(options: LiveEventsConnectionOptions): LiveEventsConnection {
  const cursor = options.cursor ?? createSessionCursor();
  const locks = options.locks === undefined ? browserLocks() : options.locks;
  const channel =
    locks !== null && typeof BroadcastChannel === 'function'
      ? new BroadcastChannel(liveEventsChannelName)
      : null;
  let leading = false;
  let stopped = false;
  let releaseLock: (() => void) | null = null;
  let stopStream: (() => void) | null = null;

  const lead = (relay: boolean) => {
    leading = true;
    stopStream = openLiveEventStream({
      apiBaseUrl: options.apiBaseUrl,
      getToken: options.getToken,
      cursor,
      timing: options.timing,
      onEvent: (event) => {
        if (relay) channel?.postMessage(event);
        options.onEvent(event);
      },
    }).stop;
  };

  if (channel) {
    channel.onmessage = (message: MessageEvent<LiveEvent>) => {
      if (leading || stopped) return;
      if (message.data.id !== '') cursor.write(message.data.id);
      options.onEvent(message.data);
    };
  }

  const abortWaiting = new AbortController();
  if (locks === null) {
    lead(false);
  } else {
    // Held until this tab stops or closes; the browser then grants it to the next tab waiting.
    const leadWhileHeld = () => {
      if (stopped) return undefined;
      lead(true);
      return new Promise<void>((resolve) => {
        releaseLock = resolve;
      });
    };
    // Asked first without waiting (which takes no abort signal), to learn whether another tab already reads it.
    locks
      .request(liveEventsLockName, { ifAvailable: true }, (lock) => {
        if (lock !== null) return leadWhileHeld();
        if (stopped) return undefined;
        options.onJoined?.();
        locks
          .request(liveEventsLockName, { signal: abortWaiting.signal }, leadWhileHeld)
          .catch(() => undefined);
        return undefined;
      })
      .catch(() => undefined);
  }

  return {
    isLeader: () => leading,
    stop: () => {
      stopped = true;
      leading = false;
      abortWaiting.abort();
      stopStream?.();
      releaseLock?.();
      channel?.close();
    },
  };
}
