import { createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { settingsQueries } from '@/lib/settings/settings-queries';

/** The screens reachable without signing in, framed by the organisation of the page's host. */
export const Route = createFileRoute('/_public')({
  loader: ({ context }) => context.queryClient.ensureQueryData(settingsQueries.public()),
  component: PublicLayout,
});
