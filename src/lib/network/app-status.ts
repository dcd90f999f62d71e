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
  /** The session check could not reach the server and the app opened with this device's copy (ADR 016). */
  showingDeviceCopy: boolean;
}

const initialStatus = (): AppStatus => ({ isLoading: true, error: null, showingDeviceCopy: false });

const appStatusStore = createStore<AppStatus>(initialStatus);

/** Spec 4: "Going online clears a stored error whose text mentions 'Network error' or 'connection'". */
export const isConnectionError = (message: string): boolean => /network error|connection/i.test(message);

export const appStatusActions = {
  loadingStarted: () => appStatusStore.setState({ isLoading: true }),
  loadingFinished: () => appStatusStore.setState({ isLoading: false }),
  /** Spec 4: setting an error ends loading. */
  failed: (message: string) => appStatusStore.setState({ error: message, isLoading: false }),
  /** Spec 8's message for a session check that could not reach the server, when the device's copy opened the app. */
  openedFromDevice: (message: string) =>
    appStatusStore.setState({ error: message, isLoading: false, showingDeviceCopy: true }),
  errorCleared: () => appStatusStore.setState({ error: null, showingDeviceCopy: false }),
  /** Back online: a connection error no longer holds; any other error stays. */
  connectionRestored: () => {
    const { error } = appStatusStore.getState();
    if (error !== null && isConnectionError(error))
      appStatusStore.setState({ error: null, showingDeviceCopy: false });
  },
};

export const getAppStatus = (): AppStatus => appStatusStore.getState();
export const useAppIsLoading = (): boolean => useStore(appStatusStore, (status) => status.isLoading);
export const useAppError = (): string | null => useStore(appStatusStore, (status) => status.error);
export const useShowingDeviceCopy = (): boolean =>
  useStore(appStatusStore, (status) => status.showingDeviceCopy);

/** Tests only: back to the state of a fresh page. */
export function resetAppStatus(): void {
  appStatusStore.setState(initialStatus(), true);
}
