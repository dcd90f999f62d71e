import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** Spec 3's `networkStatus`: whether the API was last reachable, and when that last changed. */
export interface NetworkStatus {
  isOnline: boolean;
  /** Epoch milliseconds of the last change of `isOnline` (page load until the first change). */
  lastUpdated: number;
}

const initialStatus = (): NetworkStatus => ({
  isOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
  lastUpdated: Date.now(),
});

const networkStatusStore = createStore<NetworkStatus>(initialStatus);

function report(isOnline: boolean): void {
  // Only a change is stored: every response reports "online", and subscribers should not re-render for it.
  if (networkStatusStore.getState().isOnline === isOnline) return;
  networkStatusStore.setState({ isOnline, lastUpdated: Date.now() });
}

/**
 * Spec 4: a network failure marks the app offline, any successful response marks it online; the browser's
 * `online` and `offline` events report the same way. Called by the HTTP client and by `connectNetworkStatus`.
 */
export const networkStatusActions = {
  wentOnline: () => report(true),
  wentOffline: () => report(false),
};

export const getNetworkStatus = (): NetworkStatus => networkStatusStore.getState();

/** Calls `listener` with the new and previous status on every change. */
export const subscribeToNetworkStatus = (
  listener: (status: NetworkStatus, previous: NetworkStatus) => void,
) => networkStatusStore.subscribe(listener);

export const useIsOnline = (): boolean => useStore(networkStatusStore, (status) => status.isOnline);
export const useNetworkStatus = (): NetworkStatus => useStore(networkStatusStore);

/** Tests only: back to the state of a fresh page. */
export function resetNetworkStatus(): void {
  networkStatusStore.setState(initialStatus(), true);
}
