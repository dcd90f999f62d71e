import { getAppliedSettings } from '@/lib/branding/applied-settings';
import type * as SentryClientModule from './sentry-client';

declare global {
  interface ImportMetaEnv {
    /** Where error reports go; without it Sentry is never loaded. */
    readonly VITE_SENTRY_DSN?: string;
  }
}

type SentryClient = typeof SentryClientModule;

let loading: Promise<SentryClient | null> | null = null;

/**
 * Loads and starts Sentry when a DSN is configured; without one nothing is loaded. It comes in with a dynamic
 * import, so it is never part of the first screen's JavaScript. Safe to call more than once.
 */
export function startErrorReporting(
  dsn: string | undefined = import.meta.env.VITE_SENTRY_DSN,
): Promise<SentryClient | null> {
  if (loading) return loading;
  if (!dsn) return Promise.resolve(null);
  loading = import('./sentry-client').then(
    (client) => {
      client.initSentry(dsn);
      return client;
    },
    (error: unknown) => {
      // Reporting is optional (product.md): a chunk that fails to load must not break the app.
      console.warn('Error reporting could not be loaded:', error);
      return null;
    },
  );
  return loading;
}

/** Starts error reporting once the first screen has painted and the browser is idle. */
export function startErrorReportingAfterFirstPaint(): void {
  if (!import.meta.env.VITE_SENTRY_DSN) return;
  requestAnimationFrame(() => {
    const start = () => void startErrorReporting();
    if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 3000 });
    else setTimeout(start, 0);
  });
}

/** Spec 8: a report is tagged with the organisation's name, or with the current path when there is none. */
export function organizationTag(): string {
  return getAppliedSettings()?.name.trim() || window.location.pathname;
}

/**
 * Reports an error caught by an error boundary, with React's component stack (spec 8). Waits for Sentry if it
 * is still loading; does nothing when reporting is not configured.
 */
export async function reportRenderError(error: unknown, componentStack?: string | null): Promise<void> {
  // A build without a DSN reduces this to nothing, and the Sentry loader drops out of the first screen.
  if (!import.meta.env.VITE_SENTRY_DSN) return;
  const client = await (loading ?? startErrorReporting());
  client?.captureRenderError(error, componentStack, organizationTag());
}
