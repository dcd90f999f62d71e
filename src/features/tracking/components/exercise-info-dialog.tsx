import { useQuery } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { SheetDialog } from '@/components/ui/sheet-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { VideoPreview } from '@/components/widgets/video-preview';
import { trackingQueries } from '@/lib/tracking-sync/tracking-queries';
import type { ExercisePlan } from '@/lib/tracking-plan/planned-sets';

/**
 * How to do the exercise, one tap from its card (issue 23): the library's instructions and video, read from the
 * exercises of its category the swap already asks for (athletes may read them), so no new request or cache.
 */
export function ExerciseInfoDialog({ plan, onClose }: { plan: ExercisePlan; onClose: () => void }) {
  const exercises = useQuery(trackingQueries.exercisesOfCategory(plan.category));
  const exercise = exercises.data?.find((candidate) => candidate.id === plan.exerciseId);
  return (
    <SheetDialog isOpen title={plan.exerciseName} onClose={onClose} dismissOnBackdrop>
      {exercise ? (
        <div className="space-y-4">
          <VideoPreview link={exercise.videoUrl} title={exercise.name} />
          {exercise.instructions ? (
            <p className="text-base whitespace-pre-line text-foreground">{exercise.instructions}</p>
          ) : (
            <p className="text-sm text-muted-foreground">
              The library has no instructions for this exercise yet.
            </p>
          )}
          {plan.coachNotes ? (
            <p className="rounded-lg bg-muted px-3 py-2 text-sm text-foreground">
              <span className="font-semibold">Coach’s note: </span>
              {plan.coachNotes}
            </p>
          ) : null}
        </div>
      ) : exercises.isPending && exercises.fetchStatus !== 'paused' ? (
        <div role="status" className="space-y-3">
          <span className="sr-only">Loading the exercise…</span>
          <Skeleton className="aspect-video w-full" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      ) : (
        <Alert tone="info" role="status" title="Not on this device">
          <p>The instructions and video open once there is a connection.</p>
        </Alert>
      )}
    </SheetDialog>
  );
}
