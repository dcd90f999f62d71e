import { createFileRoute, redirect } from '@tanstack/react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { isManagementHost } from '@/lib/branding/management-host';
import { settingsQueries } from '@/lib/settings/settings-queries';

/** The screens reachable without signing in, framed by the organisation of the page's host. */
export const Route = createFileRoute('/_public')({
  // Both are small and always needed together: one request instead of two (first-screen budget).
  codeSplitGroupings: [['loader', 'component']],
  // The management host has no organisation to sign in to: its sign-in is /manage/login (ADR 024).
  beforeLoad: () => {
    if (isManagementHost()) throw redirect({ to: '/manage' });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(settingsQueries.public()),
  component: PublicLayout,
});
