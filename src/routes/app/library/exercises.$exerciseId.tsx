import { createFileRoute } from '@tanstack/react-router';
import { exerciseQueries } from '@/features/library/api/library-queries';
import { ExercisePage } from '@/features/library/components/exercise-page';
import { canUseLibrary } from '@/features/library/library-search';
import { authQueries } from '@/lib/auth/auth-queries';

export const Route = createFileRoute('/app/library/exercises/$exerciseId')({
  loader: async ({ context, params }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    if (canUseLibrary(me.user.role))
      void context.queryClient.prefetchQuery(exerciseQueries.detail(params.exerciseId));
  },
  component: ExercisePage,
});
