import { createFileRoute } from '@tanstack/react-router';
import { completedQueries } from '@/features/completed/api/completed-queries';
import { CompletedWorkoutPage } from '@/features/completed/components/completed-workout-page';

export const Route = createFileRoute('/app/completed/$logId')({
  // The log and then its entry's prescription: the second starts as soon as the first answers.
  loader: ({ context, params }) => {
    void context.queryClient
      .fetchQuery(completedQueries.log(params.logId))
      .then((log) => context.queryClient.prefetchQuery(completedQueries.prescription(log.entryId)))
      .catch(() => undefined);
  },
  component: CompletedWorkoutPage,
});
