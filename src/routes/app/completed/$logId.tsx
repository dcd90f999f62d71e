import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { completedQueries } from '@/features/completed/api/completed-queries';
import { CompletedWorkoutPage } from '@/features/completed/components/completed-workout-page';
import { pitchingQueries } from '@/features/pitching/api/pitching-queries';
import { ThrowingSectionsSkeleton } from '@/features/pitching/components/throwing-sections-skeleton';

// The pitches and the arm sensor (and recharts after them) load with a completed workout, not before.
const ThrowingSections = lazy(() => import('@/features/pitching/components/throwing-sections'));

export const Route = createFileRoute('/app/completed/$logId')({
  // The log and then its entry's prescription: the second starts as soon as the first answers. The pitches and
  // throws start with the log, so the sections' code and their data arrive together.
  loader: ({ context, params }) => {
    void context.queryClient
      .fetchQuery(completedQueries.log(params.logId))
      .then((log) => context.queryClient.prefetchQuery(completedQueries.prescription(log.entryId)))
      .catch(() => undefined);
    void context.queryClient.prefetchQuery(pitchingQueries.pitches(params.logId));
    void context.queryClient.prefetchQuery(pitchingQueries.sensorThrows(params.logId));
  },
  component: CompletedWorkoutRoute,
});

/** Features do not import each other, so the route puts the pitching feature's sections into the workout. */
function CompletedWorkoutRoute() {
  return (
    <CompletedWorkoutPage
      renderThrowing={(log, viewer) => (
        <Suspense fallback={<ThrowingSectionsSkeleton />}>
          <ThrowingSections logId={log.id} athlete={log.athlete} viewer={viewer} />
        </Suspense>
      )}
    />
  );
}
