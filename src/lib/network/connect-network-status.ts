import type { QueryClient } from '@tanstack/react-query';
import { appStatusActions } from './app-status';
import { networkStatusActions, subscribeToNetworkStatus } from './network-status';

/**
 * Wires the browser's `online` / `offline` events into the network status, and reacts to coming back online:
 * a connection error is cleared and what is on screen is fetched again (spec 4). Returns the cleanup.
 */
export function connectNetworkStatus(queryClient: QueryClient): () => void {
  const onOnline = () => networkStatusActions.wentOnline();
  const onOffline = () => networkStatusActions.wentOffline();
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);

  const unsubscribe = subscribeToNetworkStatus((status, previous) => {
    if (!status.isOnline || previous.isOnline) return;
    appStatusActions.connectionRestored();
    // cancelRefetch: false joins fetches already running (TanStack's own refetch-on-reconnect among them).
    void queryClient.refetchQueries({ type: 'active' }, { cancelRefetch: false });
  });

  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    unsubscribe();
  };
}
