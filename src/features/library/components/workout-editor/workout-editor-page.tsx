import type { Workout } from '@contract';
import { defaultWeightUnit } from '@contract/training-vocabulary';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { authQueries } from '@/lib/auth/auth-queries';
import { settingsQueries } from '@/lib/settings/settings-queries';
import { useScreenTitle } from '@/stores/header-store';
import { workoutQueries } from '../../api/library-queries';
import { canUseLibrary } from '../../library-search';
import { emptyWorkoutForm, workoutFormOf } from '../../workout-form';
import { CategoryBadge } from '@/components/ui/category-badge';
import { BackToLibrary, LibraryItemMissing, LibraryNotAllowed } from '../library-screen-parts';
import { WorkoutEditor } from './workout-editor';

const route = getRouteApi('/app/library/workouts/$workoutId');

/** The organisation's unit for loads (settings), pounds until they are read. */
function useWeightUnit() {
  const settings = useQuery(settingsQueries.full());
  return settings.data?.weightUnit ?? defaultWeightUnit;
}

/** `/app/library/workouts/new`. */
export function NewWorkoutPage() {
  useScreenTitle('New workout');
  const { data: me } = useSuspenseQuery(authQueries.me());
  const weightUnit = useWeightUnit();
  if (!canUseLibrary(me.user.role)) return <LibraryNotAllowed title="New workout" />;
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <BackToLibrary tab="workouts" />
      <PageHeader
        title="New workout"
        description="Blocks of exercises with their sets, in the order they are done."
      />
      <WorkoutEditor
        initial={emptyWorkoutForm}
        draftKey={`workout-${me.user.id}-new`}
        weightUnit={weightUnit}
      />
    </div>
  );
}

/** `/app/library/workouts/$workoutId`. */
export function EditWorkoutPage() {
  const { workoutId } = route.useParams();
  const { data: me } = useSuspenseQuery(authQueries.me());
  const allowed = canUseLibrary(me.user.role);
  // An editor starts from the saved version: a copy kept on the device (a minute old, or restored after a reload
  // before the last save reached the device's cache) would make the next save a conflict with oneself.
  const workout = useQuery({
    ...workoutQueries.detail(workoutId),
    enabled: allowed,
    refetchOnMount: 'always',
  });
  useScreenTitle(workout.data?.name ?? 'Workout');
  if (!allowed) return <LibraryNotAllowed title="Workout" />;
  // Offline the read waits (not fetching), and the kept copy is edited; a save then says if it is behind.
  const checking = workout.isFetching && !workout.isFetchedAfterMount;
  if (workout.data && !checking) return <EditWorkout workout={workout.data} userId={me.user.id} />;
  if (workout.isPending || checking) return <EditorSkeleton />;
  return (
    <LibraryItemMissing
      error={workout.error}
      what="workout"
      tab="workouts"
      onRetry={() => void workout.refetch()}
      isRetrying={workout.isRefetching}
    />
  );
}

function EditWorkout({ workout, userId }: { workout: Workout; userId: string }) {
  const weightUnit = useWeightUnit();
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <BackToLibrary tab="workouts" />
      <PageHeader title={workout.name} description={<CategoryBadge category={workout.category} />} />
      <WorkoutEditor
        // A newer saved version (from another device) starts the editor again from it.
        key={workout.version}
        workout={workout}
        initial={workoutFormOf(workout, weightUnit)}
        draftKey={`workout-${userId}-${workout.id}`}
        weightUnit={weightUnit}
      />
    </div>
  );
}

function EditorSkeleton() {
  return (
    <div className="mx-auto max-w-5xl space-y-5" role="status" aria-live="polite">
      <span className="sr-only">Loading the workout…</span>
      <Skeleton className="h-5 w-32" />
      <Skeleton className="h-9 w-80 max-w-full" />
      <Card className="space-y-3 p-6">
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-16 w-full" />
      </Card>
      {[0, 1].map((index) => (
        <Card key={index} className="space-y-3 p-5">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </Card>
      ))}
    </div>
  );
}
