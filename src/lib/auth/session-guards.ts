import type { MeResponse } from '@contract';
import type { QueryClient } from '@tanstack/react-query';
import { hashKey, onlineManager } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { isManagementHost } from '@/lib/branding/management-host';
import { appStatusActions, getAppStatus } from '@/lib/network/app-status';
import { getNetworkStatus, networkStatusActions } from '@/lib/network/network-status';
import { authQueries } from './auth-queries';
import type { AuthSession } from './auth-session';
import { networkErrorMessage } from '@/lib/api/network-error';
import { SessionCheckError } from './session-check-error';

interface GuardContext {
  queryClient: QueryClient;
  auth: AuthSession;
}

/** Spec 8: what the app says when `/api/me` refuses the token. */
export const authenticationFailedMessage = 'Authentication failed.';

const isRefusal = (error: unknown): boolean =>
  isApiRequestError(error) && (error.status === 401 || error.status === 403);

/** The device's copy of the session goes with it, and its queued writes are not sent (ADR 016). */
function discardDeviceCopy(queryClient: QueryClient): void {
  // Loaded on demand: the sign-in screen, which carries this guard, has no use for the offline cache.
  void import('@/lib/query-persistence/offline-cache')
    .then(({ discardOfflineCache }) => discardOfflineCache(queryClient))
    .catch(() => undefined);
}

function endSession({ queryClient, auth }: GuardContext): void {
  discardDeviceCopy(queryClient);
  auth.signOut();
  queryClient.removeQueries({ queryKey: authQueries.all() });
}

/** Restored from this device's cache (ADR 016), not fetched since this page loaded. */
function isFromEarlierVisit(queryClient: QueryClient): boolean {
  const state = queryClient.getQueryState(authQueries.me().queryKey);
  return state !== undefined && state.dataUpdatedAt < performance.timeOrigin;
}

/**
 * The session to let in. A session cached in an earlier visit is checked with the server once, when the
 * network is there, so a refused token still ends it (401/403); if the server cannot be reached, the cached
 * session opens the app offline. With nothing cached, `/api/me` decides, as spec 8 says.
 */
async function loadSession(queryClient: QueryClient): Promise<MeResponse> {
  const options = authQueries.me();
  const cached = queryClient.getQueryData(options.queryKey);
  if (cached === undefined) return await queryClient.ensureQueryData(options);
  // Checked once this page: a connection lost since then gets the plain offline notice, not spec 8's message.
  if (!isFromEarlierVisit(queryClient)) return cached;
  // Offline, a fetch would wait for the network (TanStack pauses it): the check fails for a network reason as is.
  // Only the browser's word counts here: one request that failed before the check (a write replayed at start on
  // a reset connection) must not open the app from an old copy while the server is there.
  if (onlineManager.isOnline()) {
    try {
      return await queryClient.fetchQuery({ ...options, staleTime: 0 });
    } catch (error) {
      if (!new SessionCheckError(error).isNetworkFailure) throw error;
    }
  }
  // Spec 8's message stays in the app status (the offline notice shows it) until the connection is back.
  appStatusActions.openedFromDevice(networkErrorMessage);
  networkStatusActions.wentOffline();
  return cached;
}

/**
 * The `/app` guard (spec 4): a stored token, then `/api/me` saying the user is approved. Loading is on while
 * `/api/me` is checked. Throws redirects to `/login`, or a SessionCheckError the route's error screen offers
 * to retry; each outcome of spec 8 also lands in the app status (message, loading, offline). With a session
 * cached on this device, a network error opens the app with it instead (ADR 016).
 */
export async function requireApprovedSession(context: GuardContext, returnTo: string): Promise<MeResponse> {
  if (!context.auth.isAuthenticated()) {
    appStatusActions.loadingFinished();
    throw redirect({ to: '/login', search: { redirect: returnTo } });
  }
  if (context.queryClient.getQueryData(authQueries.me().queryKey) === undefined) {
    appStatusActions.loadingStarted();
  }
  let me: MeResponse;
  try {
    me = await loadSession(context.queryClient);
  } catch (error) {
    if (isRefusal(error)) {
      endSession(context);
      appStatusActions.failed(authenticationFailedMessage);
      throw redirect({ to: '/login', search: { status: 'authfailed' } });
    }
    const failure = new SessionCheckError(error);
    appStatusActions.failed(failure.message);
    if (failure.isNetworkFailure) networkStatusActions.wentOffline();
    throw failure;
  }
  if (me.user.status !== 'approved') {
    endSession(context);
    appStatusActions.loadingFinished();
    throw redirect({ to: '/login', search: { account: 'locked' } });
  }
  appStatusActions.loadingFinished();
  // Opened offline from this device's copy: the connection error holds until going online clears it (spec 4).
  if (!getAppStatus().showingDeviceCopy || getNetworkStatus().isOnline) appStatusActions.errorCleared();
  return me;
}

/**
 * A refused token on a later `/api/me` (a refetch on reconnect of a session opened offline from this device's
 * cache, say) ends the session as the guard would: spec 8's message, then `leave` for /login?status=authfailed.
 * The guard's own check is left to the guard. Returns the unsubscribe.
 */
export function endSessionWhenRefused(context: GuardContext, leave: () => Promise<void>): () => void {
  const meHash = hashKey(authQueries.me().queryKey);
  return context.queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error' || event.query.queryHash !== meHash) return;
    // Only a session the screens are showing: the guard handles a check with nothing on screen yet.
    if (!isRefusal(event.action.error) || !context.auth.isAuthenticated() || !event.query.isActive()) return;
    discardDeviceCopy(context.queryClient);
    context.auth.signOut();
    appStatusActions.failed(authenticationFailedMessage);
    // Leave the signed-in screens before their data goes, so nothing re-fetches it without a token.
    void leave()
      .catch(() => undefined)
      .then(() => context.queryClient.removeQueries({ queryKey: authQueries.all() }));
  });
}

/** Where `/` and unknown addresses go (spec 2): the dashboard when a token is stored, otherwise sign-in. */
export function redirectToStart(auth: AuthSession): never {
  // The management host's start is the management area (ADR 024).
  if (isManagementHost()) throw redirect({ to: '/manage' });
  throw auth.isAuthenticated() ? redirect({ to: '/app/dashboard' }) : redirect({ to: '/login' });
}
