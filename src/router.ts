import type { QueryClient } from '@tanstack/react-query';
import type { RouterHistory } from '@tanstack/react-router';
import { createRouter } from '@tanstack/react-router';
import { RoutePendingSpinner } from '@/components/ui/spinner';
import type { AuthSession } from '@/lib/auth/auth-session';
import { SessionCheckError } from '@/lib/auth/session-check-error';
import { reportRenderError } from '@/lib/sentry/error-reporting';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthSession;
}

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // TanStack Query decides freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: RoutePendingSpinner,
    // No defaultErrorComponent on purpose: it would give every screen its own boundary, and a screen's error
    // should reach the /app boundary (the generic error page). The root route's errorComponent is the
    // router's default error page, 'Unexpected Application Error!' (ADR 011).
    defaultOnCatch: (error, errorInfo) => {
      // Spec 8: render errors are reported; a session check that could not reach the server is not a bug.
      if (!(error instanceof SessionCheckError)) void reportRenderError(error, errorInfo.componentStack);
    },
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
