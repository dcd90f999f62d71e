import type { QueryClient } from '@tanstack/react-query';
import { apiBaseUrl } from '@/lib/api/api-client';
import { authSession } from '@/lib/auth/auth-session';
import { announceLiveEvent } from './live-event-listeners';
import { applyLiveEvent } from './live-event-invalidations';
import { createSessionCursor } from './live-event-stream';
import { connectLiveEvents } from './live-events-connection';

/**
 * The signed-in area's live updates (ADR 056), loaded with a dynamic import after the first screen. Features that
 * do more than refetch (the new notification's toast) listen with `subscribeToLiveEvents`.
 */

export function startLiveEvents(queryClient: QueryClient): () => void {
  const cursor = createSessionCursor();
  const connection = connectLiveEvents({
    apiBaseUrl: apiBaseUrl(),
    getToken: authSession.getToken,
    cursor,
    onEvent: (event) => {
      void applyLiveEvent(queryClient, event).then(() => announceLiveEvent(event));
    },
    onJoined: () => void queryClient.invalidateQueries(),
  });
  // The signed-in area ends (a sign-out, not a reload or a closed tab): the next user starts without this cursor.
  return () => {
    connection.stop();
    cursor.clear?.();
  };
}
