import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';
import { ErrorPage } from './error-page';

/**
 * The generic error page as a route's `errorComponent`: 'Try Again' loads the route again and resets its
 * boundary, so a failed loader is retried as well as a failed render. The router resets the boundary by
 * itself when its match changes (navigation).
 */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const tryAgain = async () => {
    await router.invalidate();
    reset();
  };
  return <ErrorPage error={error} resetErrorBoundary={() => void tryAgain()} />;
}
