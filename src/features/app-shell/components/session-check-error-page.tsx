import type { ErrorComponentProps } from '@tanstack/react-router';
import { ErrorComponent, useRouter } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { SessionCheckError } from '@/lib/auth/session-check-error';

/** Shown when `/api/me` could not be checked (spec 8): the reason and a way to try again. */
export function SessionCheckErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (!(error instanceof SessionCheckError)) return <ErrorComponent error={error} />;

  const retry = async () => {
    reset();
    await router.invalidate();
  };

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
