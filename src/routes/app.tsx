import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '@/features/app-shell/components/app-layout';
import { SessionCheckErrorPage } from '@/features/app-shell/components/session-check-error-page';
import { requireApprovedSession } from '@/lib/auth/session-guards';

/** Everything under /app needs an approved user (spec 4); the guard runs before any child loads. */
export const Route = createFileRoute('/app')({
  beforeLoad: async ({ context, location }) => {
    await requireApprovedSession(context, location.href);
  },
  component: AppLayout,
  errorComponent: SessionCheckErrorPage,
});
