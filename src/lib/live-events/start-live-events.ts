import type { QueryClient } from '@tanstack/react-query';
import { apiBaseUrl } from '@/lib/api/api-client';
import { forgetLiveEventsStart, takeLiveEventsStart } from '@/lib/api/live-events-position';
import { authSession } from '@/lib/auth/auth-session';
import { announceLiveEvent } from './live-event-listeners';
import { applyLiveEvent } from './live-event-invalidations';
import { createSessionCursor } from './live-event-stream';
import { connectLiveEvents } from './live-events-connection';

/**
 * The signed-in area's live updates (ADR 056), loaded with a dynamic import after the first screen. Features that
 * do more than refetch (the new notification's toast) listen with `subscribeToLiveEvents`.
 */

/** When this page began: data older than it came from the device's cache, from before any stream of this tab. */
const pageStartedAt = Math.floor(performance.timeOrigin);

export function startLiveEvents(queryClient: QueryClient): () => void {
  const cursor = createSessionCursor();
  const readAllAgain = () => void queryClient.invalidateQueries();
  // ADR 078: a new tab starts its stream where its first reads began; the replay brings what they missed.
  const start = cursor.read() === null ? takeLiveEventsStart(readAllAgain) : null;
  let startsFromReads = start !== null;
  if (start !== null) cursor.write(start);
  const connection = connectLiveEvents({
    apiBaseUrl: apiBaseUrl(),
    getToken: authSession.getToken,
    cursor,
    onEvent: (event) => {
      if (startsFromReads && event.kind === 'ready') {
        startsFromReads = false;
        // What the page shows from the device's cache was read before the replay's start: only that is read again.
        void queryClient.invalidateQueries(
          {
            predicate: ({ state }) => state.dataUpdatedAt < pageStartedAt && state.fetchStatus !== 'fetching',
          },
          { cancelRefetch: false },
        );
      }
      void applyLiveEvent(queryClient, event).then(() => announceLiveEvent(event));
    },
    onJoined: readAllAgain,
  });
  // The signed-in area ends (a sign-out, not a reload or a closed tab): the next user starts without this cursor.
  return () => {
    connection.stop();
    cursor.clear?.();
    forgetLiveEventsStart();
  };
}
