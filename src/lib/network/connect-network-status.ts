import type { QueryClient } from '@tanstack/react-query';
import { appStatusActions } from './app-status';
import { networkStatusActions, subscribeToNetworkStatus } from './network-status';

/** Reads wait this long at most for the queued writes: a write that keeps failing must not hold them. */
export const writesBeforeReadsTimeoutMs = 5000;

/**
 * Writes kept while offline go first, in order (ADR 016): a read of what is on screen should see them. TanStack
 * resumes paused writes on the browser's `online` event too; resuming twice sends each write once.
 */
async function replayQueuedWrites(queryClient: QueryClient): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    queryClient.resumePausedMutations().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, writesBeforeReadsTimeoutMs);
    }),
  ]);
  clearTimeout(timer);
}

/**
 * Wires the browser's `online` / `offline` events into the network status, and reacts to coming back online:
 * a connection error is cleared, the writes queued offline are sent, then what is on screen is fetched again
 * (spec 4). Returns the cleanup.
 */
export function connectNetworkStatus(queryClient: QueryClient): () => void {
  const onOnline = () => networkStatusActions.wentOnline();
  const onOffline = () => networkStatusActions.wentOffline();
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);

  const unsubscribe = subscribeToNetworkStatus((status, previous) => {
    if (!status.isOnline || previous.isOnline) return;
    appStatusActions.connectionRestored();
    void replayQueuedWrites(queryClient).then(() =>
      // cancelRefetch: false joins fetches already running (TanStack's own refetch-on-reconnect among them).
      queryClient.refetchQueries({ type: 'active' }, { cancelRefetch: false }),
    );
  });

  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    unsubscribe();
  };
}
