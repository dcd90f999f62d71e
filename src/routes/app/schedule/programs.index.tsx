import { createFileRoute } from '@tanstack/react-router';
import { programQueries } from '@/features/schedule/api/schedule-queries';
import { ProgramsPage } from '@/features/schedule/components/programs-page';
import { plansSchedules } from '@/features/schedule/schedule-search';
import { authQueries } from '@/lib/auth/auth-queries';

export const Route = createFileRoute('/app/schedule/programs/')({
  loader: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    if (plansSchedules(me.user.role)) void context.queryClient.prefetchQuery(programQueries.list());
  },
  component: ProgramsPage,
});
