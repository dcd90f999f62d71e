import type { MeResponse } from '@contract';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { authQueries } from './auth-queries';
import type { AuthSession } from './auth-session';
import { SessionCheckError } from './session-check-error';

interface GuardContext {
  queryClient: QueryClient;
  auth: AuthSession;
}

function endSession({ queryClient, auth }: GuardContext): void {
  auth.signOut();
  queryClient.removeQueries({ queryKey: authQueries.all() });
}

/**
 * The `/app` guard (spec 4): a stored token, then `/api/me` saying the user is approved.
 * Throws redirects to `/login`, or a SessionCheckError the route's error screen offers to retry.
 */
export async function requireApprovedSession(context: GuardContext, returnTo: string): Promise<MeResponse> {
  if (!context.auth.isAuthenticated()) {
    throw redirect({ to: '/login', search: { redirect: returnTo } });
  }
  let me: MeResponse;
  try {
    me = await context.queryClient.ensureQueryData(authQueries.me());
  } catch (error) {
    if (isApiRequestError(error) && (error.status === 401 || error.status === 403)) {
      endSession(context);
      throw redirect({ to: '/login', search: { status: 'authfailed' } });
    }
    throw new SessionCheckError(error);
  }
  if (me.user.status !== 'approved') {
    endSession(context);
    throw redirect({ to: '/login', search: { account: 'locked' } });
  }
  return me;
}

/** Where `/` and unknown addresses go (spec 2): the dashboard when a token is stored, otherwise sign-in. */
export function redirectToStart(auth: AuthSession): never {
  throw auth.isAuthenticated() ? redirect({ to: '/app/dashboard' }) : redirect({ to: '/login' });
}
