import * as Sentry from '@sentry/react';
import type { BrowserOptions } from '@sentry/react';

/** Spec 9: no traces, no replays, no transactions; every report is tagged environment production. */
export function sentryOptions(dsn: string): BrowserOptions {
  return {
    dsn,
    environment: 'production',
    tracesSampleRate: 0,
    replaysSessionSampleRate: 0,
    replaysOnErrorSampleRate: 0,
    beforeSendTransaction: () => null,
  };
}

/** Loaded with a dynamic import (error-reporting.ts), so Sentry never weighs on the first screen. */
export function initSentry(dsn: string): void {
  Sentry.init(sentryOptions(dsn));
}

/**
 * Spec 8: a render error with React's component stack, tagged with the organisation. The stack goes in as
 * Sentry's own ErrorBoundary sends it: as `contexts.react`, and as a linked cause for grouping.
 */
export function captureRenderError(
  error: unknown,
  componentStack: string | null | undefined,
  organization: string,
) {
  Sentry.withScope((scope) => {
    scope.setTag('organization', organization);
    if (componentStack) scope.setContext('react', { componentStack });
    Sentry.captureReactException(error, { componentStack: componentStack ?? '' });
  });
}
