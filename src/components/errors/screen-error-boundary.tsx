import { useRouter, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { reportRenderError } from '@/lib/sentry/error-reporting';
import { ErrorPage } from './error-page';

/**
 * The route-level boundary around the screens of /app (spec 2, 4): a screen that fails to render or load
 * shows the generic error page inside the layout, so the navigation stays usable. 'Try Again' loads the
 * routes again and renders the screen anew; going to another address (its reset key) is back to normal.
 */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const router = useRouter();
  // The resolved location, not the pending one: the screen that failed is still rendered until it resolves.
  const pathname = useRouterState({ select: (state) => (state.resolvedLocation ?? state.location).pathname });
  return (
    <ErrorBoundary
      resetKeys={[pathname]}
      onError={(error, info) => void reportRenderError(error, info.componentStack)}
      fallbackRender={({ error, resetErrorBoundary }) => (
        <ErrorPage
          error={error}
          resetErrorBoundary={() => {
            void router.invalidate().then(() => resetErrorBoundary());
          }}
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
