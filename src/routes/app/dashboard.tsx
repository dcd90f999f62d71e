import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { authQueries } from '@/lib/auth/auth-queries';

export const Route = createFileRoute('/app/dashboard')({
  loader: ({ context }) => context.queryClient.ensureQueryData(authQueries.me()),
  component: DashboardPage,
});
