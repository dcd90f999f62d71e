import type { MeResponse } from '@contract';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { appStatusActions } from '@/lib/network/app-status';
import { networkStatusActions } from '@/lib/network/network-status';
import { authQueries } from './auth-queries';
import type { AuthSession } from './auth-session';
import { SessionCheckError } from './session-check-error';

interface GuardContext {
  queryClient: QueryClient;
  auth: AuthSession;
}

/** Spec 8: what the app says when `/api/me` refuses the token. */
export const authenticationFailedMessage = 'Authentication failed.';

function endSession({ queryClient, auth }: GuardContext): void {
  auth.signOut();
  queryClient.removeQueries({ queryKey: authQueries.all() });
}

/**
 * The `/app` guard (spec 4): a stored token, then `/api/me` saying the user is approved. Loading is on while
 * `/api/me` is checked. Throws redirects to `/login`, or a SessionCheckError the route's error screen offers
 * to retry; each outcome of spec 8 also lands in the app status (message, loading, offline).
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
    me = await context.queryClient.ensureQueryData(authQueries.me());
  } catch (error) {
    if (isApiRequestError(error) && (error.status === 401 || error.status === 403)) {
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
  appStatusActions.errorCleared();
  return me;
}

/** Where `/` and unknown addresses go (spec 2): the dashboard when a token is stored, otherwise sign-in. */
export function redirectToStart(auth: AuthSession): never {
  throw auth.isAuthenticated() ? redirect({ to: '/app/dashboard' }) : redirect({ to: '/login' });
}
