import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useAppliedSettings } from '@/lib/branding/applied-settings';

export const errorPageTitle = 'Error';
export const errorPageHeading = 'There was an error loading this page';

export interface ErrorPageProps {
  /** What was thrown; not shown to the user (it is reported), kept for the boundary's signature. */
  error?: unknown;
  /** Present when the failed view can be retried: shows 'Try Again'. */
  resetErrorBoundary?: (() => void) | undefined;
  /** Fill the window (the app-level fallback) rather than the screen area of the layout. */
  fullPage?: boolean;
}

/**
 * The generic error page of spec 2, the fallback of the app's error boundaries (`FallbackProps` of
 * react-error-boundary): tab title 'Error', what to do, the organisation's support mailbox, and
 * 'Try Again' when the boundary can reset.
 */
export function ErrorPage({ resetErrorBoundary, fullPage = false }: ErrorPageProps) {
  const supportEmail = useAppliedSettings((settings) => settings?.supportEmail?.trim() || null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const previousTitle = document.title;
    document.title = errorPageTitle;
    // Screen reader and keyboard users land on what happened, not on whatever had focus.
    headingRef.current?.focus();
    return () => {
      document.title = previousTitle;
    };
  }, []);

  return (
    <div className={`flex items-center justify-center px-4 ${fullPage ? 'min-h-dvh bg-canvas' : 'py-12'}`}>
      <section
        aria-labelledby="error-page-heading"
        className="w-full max-w-md rounded-2xl border border-border bg-surface p-6 text-center shadow-sm sm:p-8"
      >
        <h1
          id="error-page-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-semibold tracking-tight text-foreground focus:outline-none"
        >
          {errorPageHeading}
        </h1>
        <p className="mt-3 text-sm text-muted-foreground">
          {resetErrorBoundary
            ? 'Please click the button below to reload the page, or refresh the page and log in again.'
            : 'Please refresh the page and log in again.'}
        </p>
        <p className="mt-2 text-sm text-muted-foreground">
          If the problem persists, please contact{' '}
          {supportEmail ? (
            <a
              href={`mailto:${supportEmail}`}
              className="font-medium text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
            >
              {supportEmail}
            </a>
          ) : (
            'your organisation’s administrator'
          )}
          .
        </p>
        {resetErrorBoundary ? (
          <Button className="mt-6 w-full" onClick={() => resetErrorBoundary()}>
            Try Again
          </Button>
        ) : null}
      </section>
    </div>
  );
}
