import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * Spec 3's header state `isLoading` and `error`: whether the app is still finding out who is signed in, and
 * the last app-wide error message (spec 8's `/api/me` messages). Screens show their own errors; this is the
 * one that outlives a screen, and the one going back online clears (spec 4).
 */
export interface AppStatus {
  /** Starts true (spec 3): on while the start-up session check runs. */
  isLoading: boolean;
  error: string | null;
}

const initialStatus = (): AppStatus => ({ isLoading: true, error: null });

const appStatusStore = createStore<AppStatus>(initialStatus);

/** Spec 4: "Going online clears a stored error whose text mentions 'Network error' or 'connection'". */
export const isConnectionError = (message: string): boolean => /network error|connection/i.test(message);

export const appStatusActions = {
  loadingStarted: () => appStatusStore.setState({ isLoading: true }),
  loadingFinished: () => appStatusStore.setState({ isLoading: false }),
  /** Spec 4: setting an error ends loading. */
  failed: (message: string) => appStatusStore.setState({ error: message, isLoading: false }),
  errorCleared: () => appStatusStore.setState({ error: null }),
  /** Back online: a connection error no longer holds; any other error stays. */
  connectionRestored: () => {
    const { error } = appStatusStore.getState();
    if (error !== null && isConnectionError(error)) appStatusStore.setState({ error: null });
  },
};

export const getAppStatus = (): AppStatus => appStatusStore.getState();
export const useAppIsLoading = (): boolean => useStore(appStatusStore, (status) => status.isLoading);
export const useAppError = (): string | null => useStore(appStatusStore, (status) => status.error);

/** Tests only: back to the state of a fresh page. */
export function resetAppStatus(): void {
  appStatusStore.setState(initialStatus(), true);
}
