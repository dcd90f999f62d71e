import { createFileRoute } from '@tanstack/react-router';
import { workoutQueries } from '@/features/library/api/library-queries';
import { EditWorkoutPage } from '@/features/library/components/workout-editor/workout-editor-page';
import { canUseLibrary } from '@/features/library/library-search';
import { authQueries } from '@/lib/auth/auth-queries';

export const Route = createFileRoute('/app/library/workouts/$workoutId')({
  loader: async ({ context, params }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    if (canUseLibrary(me.user.role))
      void context.queryClient.prefetchQuery(workoutQueries.detail(params.workoutId));
  },
  component: EditWorkoutPage,
});
