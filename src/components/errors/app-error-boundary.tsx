import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { reportRenderError } from '@/lib/sentry/error-reporting';
import { ErrorPage } from './error-page';

/** The part of a router history this boundary follows: where the app is (TanStack Router's `RouterHistory`). */
export interface LocationSource {
  location: { href: string };
  subscribe: (listener: () => void) => () => void;
}

/**
 * The app-level boundary (spec 2): around everything, for an error no route boundary caught. 'Try Again'
 * reloads the page; moving to another address (back or forward) renders the app again.
 */
export function AppErrorBoundary({
  history,
  onError,
  reloadPage = () => window.location.reload(),
  children,
}: {
  history: LocationSource;
  /** Also told about a caught error (main.tsx takes its boot screen away). */
  onError?: () => void;
  /** How 'Try Again' reloads; replaceable in tests, where jsdom cannot reload. */
  reloadPage?: () => void;
  children: ReactNode;
}) {
  const href = useSyncExternalStore(history.subscribe, () => history.location.href);
  return (
    <ErrorBoundary
      fallbackRender={() => <ErrorPage fullPage resetErrorBoundary={reloadPage} />}
      resetKeys={[href]}
      onError={(error, info) => {
        onError?.();
        void reportRenderError(error, info.componentStack);
      }}
    >
      {children}
    </ErrorBoundary>
  );
}
