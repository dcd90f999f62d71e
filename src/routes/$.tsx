import { createFileRoute } from '@tanstack/react-router';
import { redirectToStart } from '@/lib/auth/session-guards';

/** Any other address (spec 2): the dashboard when signed in, otherwise sign-in. */
export const Route = createFileRoute('/$')({
  beforeLoad: ({ context }) => redirectToStart(context.auth),
});
