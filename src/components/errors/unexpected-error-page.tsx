import type { ErrorComponentProps } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';

export const unexpectedErrorHeading = 'Unexpected Application Error!';

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Something went wrong.';
}

/**
 * The router's default error page (spec 2): what the root route shows for an error no screen handled.
 * Screens under /app have the generic error page instead (route-error-page.tsx).
 */
export function UnexpectedErrorPage({ error }: Pick<ErrorComponentProps, 'error'>) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4">
      <div className="w-full max-w-lg rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8">
        <h1 className="text-xl font-semibold tracking-tight text-foreground">{unexpectedErrorHeading}</h1>
        <p className="mt-3 text-sm break-words text-muted-foreground">{messageOf(error)}</p>
        {import.meta.env.DEV && error instanceof Error && error.stack ? (
          <pre className="mt-4 max-h-64 overflow-auto rounded-lg bg-muted p-3 text-xs text-foreground">
            {error.stack}
          </pre>
        ) : null}
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </div>
    </main>
  );
}
