import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { appStatusActions, getAppStatus, isConnectionError, resetAppStatus } from './app-status';
import { connectNetworkStatus } from './connect-network-status';
import {
  getNetworkStatus,
  networkStatusActions,
  resetNetworkStatus,
  subscribeToNetworkStatus,
} from './network-status';

beforeEach(() => {
  resetNetworkStatus();
  resetAppStatus();
});

describe('network status (spec 3, 4)', () => {
  it('starts online, as the browser says', () => {
    expect(getNetworkStatus().isOnline).toBe(true);
  });

  it('goes offline on a network failure and online on a success, noting when', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-03-01T10:00:00Z'));
    networkStatusActions.wentOffline();
    expect(getNetworkStatus()).toEqual({ isOnline: false, lastUpdated: Date.parse('2026-03-01T10:00:00Z') });

    vi.setSystemTime(Date.parse('2026-03-01T10:05:00Z'));
    networkStatusActions.wentOnline();
    expect(getNetworkStatus()).toEqual({ isOnline: true, lastUpdated: Date.parse('2026-03-01T10:05:00Z') });
    vi.useRealTimers();
  });

  it('tells subscribers about changes only, not about every response', () => {
    const seen: boolean[] = [];
    const unsubscribe = subscribeToNetworkStatus((status) => seen.push(status.isOnline));
    networkStatusActions.wentOnline();
    networkStatusActions.wentOffline();
    networkStatusActions.wentOffline();
    networkStatusActions.wentOnline();
    unsubscribe();
    expect(seen).toEqual([false, true]);
  });
});

describe('app status (spec 3, 4)', () => {
  it('starts loading, with no error', () => {
    expect(getAppStatus()).toMatchObject({ isLoading: true, error: null });
  });

  it('ends loading when an error is set', () => {
    appStatusActions.failed('Unable to verify authentication. Please try again.');
    expect(getAppStatus()).toMatchObject({
      isLoading: false,
      error: 'Unable to verify authentication. Please try again.',
    });
  });

  it.each([
    ['Network error. Please check your connection.', true],
    ['The connection was lost.', true],
    ['network error', true],
    ['Unable to verify authentication. Please try again.', false],
    ['Authentication failed.', false],
  ])('knows whether %j is about the connection', (message, expected) => {
    expect(isConnectionError(message)).toBe(expected);
  });
});

describe('coming back online (spec 4)', () => {
  function setUp() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const disconnect = connectNetworkStatus(queryClient);
    return { queryClient, disconnect };
  }

  it("follows the browser's online and offline events", () => {
    const { disconnect } = setUp();
    window.dispatchEvent(new Event('offline'));
    expect(getNetworkStatus().isOnline).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(getNetworkStatus().isOnline).toBe(true);
    disconnect();
    window.dispatchEvent(new Event('offline'));
    expect(getNetworkStatus().isOnline).toBe(true);
  });

  it('clears a stored connection error, and keeps any other', () => {
    const { disconnect } = setUp();
    appStatusActions.failed('Network error. Please check your connection.');
    networkStatusActions.wentOffline();
    networkStatusActions.wentOnline();
    expect(getAppStatus().error).toBeNull();

    appStatusActions.failed('Unable to verify authentication. Please try again.');
    networkStatusActions.wentOffline();
    networkStatusActions.wentOnline();
    expect(getAppStatus().error).toBe('Unable to verify authentication. Please try again.');
    disconnect();
  });

  it('fetches again what is on screen, and nothing else', async () => {
    const { queryClient, disconnect } = setUp();
    const onScreen = vi.fn(() => Promise.resolve('today'));
    const offScreen = vi.fn(() => Promise.resolve('last week'));
    const observer = new QueryObserver(queryClient, { queryKey: ['schedule', 'today'], queryFn: onScreen });
    const stopObserving = observer.subscribe(() => undefined);
    await queryClient.fetchQuery({ queryKey: ['schedule', 'last-week'], queryFn: offScreen });
    await vi.waitFor(() => expect(onScreen).toHaveBeenCalledTimes(1));

    networkStatusActions.wentOffline();
    networkStatusActions.wentOnline();

    await vi.waitFor(() => expect(onScreen).toHaveBeenCalledTimes(2));
    expect(offScreen).toHaveBeenCalledTimes(1);
    stopObserving();
    disconnect();
  });

  it('does nothing when already online', () => {
    const { queryClient, disconnect } = setUp();
    const refetch = vi.spyOn(queryClient, 'refetchQueries');
    appStatusActions.failed('Network error. Please check your connection.');
    networkStatusActions.wentOnline();
    expect(refetch).not.toHaveBeenCalled();
    expect(getAppStatus().error).toBe('Network error. Please check your connection.');
    disconnect();
  });
});
