import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { RouteErrorPage } from '@/components/errors/route-error-page';
import { Button } from '@/components/ui/button';
import { SessionCheckError } from '@/lib/auth/session-check-error';
import { useIsOnline } from '@/lib/network/network-status';

/**
 * The /app route's error screen. `/api/me` that could not be checked (spec 8) gets the reason and a way to
 * try again, and is tried again by itself when the connection comes back; any other failure of the signed-in
 * area gets the generic error page.
 */
export function SessionCheckErrorPage(props: ErrorComponentProps) {
  if (!(props.error instanceof SessionCheckError)) return <RouteErrorPage {...props} />;
  return <SessionCheckFailure error={props.error} reset={props.reset} />;
}

function SessionCheckFailure({ error, reset }: { error: SessionCheckError; reset: () => void }) {
  const router = useRouter();
  const isOnline = useIsOnline();
  const wasOnline = useRef(isOnline);

  const retry = async () => {
    reset();
    await router.invalidate();
  };

  useEffect(() => {
    const cameBack = isOnline && !wasOnline.current;
    wasOnline.current = isOnline;
    if (cameBack && error.isNetworkFailure) {
      reset();
      void router.invalidate();
    }
  }, [isOnline, error, reset, router]);

  return (
    <div className="flex min-h-dvh items-center justify-center bg-canvas px-4">
      <div className="w-full max-w-sm rounded-2xl border border-border bg-surface p-6 text-center shadow-sm">
        <h1 className="text-lg font-semibold text-foreground">
          {error.isNetworkFailure ? 'You seem to be offline' : 'We could not sign you in'}
        </h1>
        <p role="alert" className="mt-2 text-sm text-muted-foreground">
          {error.message}
        </p>
        <Button className="mt-6 w-full" onClick={retry}>
          Try again
        </Button>
      </div>
    </div>
  );
}
