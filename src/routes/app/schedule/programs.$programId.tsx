import { createFileRoute } from '@tanstack/react-router';
import { programQueries } from '@/features/schedule/api/schedule-queries';
import { ProgramPage } from '@/features/schedule/components/program-page';
import { plansSchedules } from '@/features/schedule/schedule-search';
import { authQueries } from '@/lib/auth/auth-queries';

export const Route = createFileRoute('/app/schedule/programs/$programId')({
  loader: async ({ context, params }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    if (plansSchedules(me.user.role)) {
      void context.queryClient.prefetchQuery(programQueries.detail(params.programId));
      void context.queryClient.prefetchQuery(programQueries.applications(params.programId));
    }
  },
  component: ProgramPage,
});
