import type { ExerciseDetail } from '@contract';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { authQueries } from '@/lib/auth/auth-queries';
import { useScreenTitle } from '@/stores/header-store';
import { useNotificationActions } from '@/stores/notifications-store';
import { useCreateExercise, useRestoreExercise, useUpdateExercise } from '../api/exercise-mutations';
import { exerciseQueries } from '../api/library-queries';
import { canUseLibrary } from '../library-search';
import { CategoryBadge } from '@/components/ui/category-badge';
import { clearExerciseDraft, emptyExerciseForm, ExerciseForm, exerciseFormOf } from './exercise-form';
import { BackToLibrary, LibraryItemMissing, LibraryNotAllowed } from './library-screen-parts';

const route = getRouteApi('/app/library/exercises/$exerciseId');
const newExerciseDraftKey = 'exercise-new';

/** `/app/library/exercises/new`: a new exercise for the library. */
export function NewExercisePage() {
  useScreenTitle('New exercise');
  const { data: me } = useSuspenseQuery(authQueries.me());
  const navigate = useNavigate();
  const create = useCreateExercise();
  const { setNewNotification } = useNotificationActions();
  if (!canUseLibrary(me.user.role)) return <LibraryNotAllowed title="New exercise" />;
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <BackToLibrary tab="exercises" />
      <PageHeader title="New exercise" description="Workouts pick exercises from the library by name." />
      <Card className="p-5 sm:p-6">
        <ExerciseForm
          draftKey={newExerciseDraftKey}
          initial={emptyExerciseForm}
          submitLabel="Create exercise"
          isPending={create.isPending}
          onCancel={() => void navigate({ to: '/app/library', search: { tab: 'exercises' } })}
          onSubmit={(request, onError) =>
            create.mutate(request, {
              onSuccess: ({ data, message }) => {
                clearExerciseDraft(newExerciseDraftKey);
                setNewNotification({ title: 'Exercise created', message });
                void navigate({ to: '/app/library', search: { tab: 'exercises', q: data.name } });
              },
              onError,
            })
          }
        />
      </Card>
    </div>
  );
}

/** `/app/library/exercises/$exerciseId`: an exercise's fields, video and the workouts that use it. */
export function ExercisePage() {
  const { exerciseId } = route.useParams();
  const { data: me } = useSuspenseQuery(authQueries.me());
  const exercise = useQuery({ ...exerciseQueries.detail(exerciseId), enabled: canUseLibrary(me.user.role) });
  useScreenTitle(exercise.data?.name ?? 'Exercise');
  if (!canUseLibrary(me.user.role)) return <LibraryNotAllowed title="Exercise" />;
  if (exercise.data) return <ExerciseView exercise={exercise.data} />;
  if (exercise.isPending) {
    return (
      <div className="mx-auto max-w-2xl space-y-5" role="status" aria-live="polite">
        <span className="sr-only">Loading the exercise…</span>
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-9 w-72" />
        <Card className="space-y-4 p-6">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-24 w-full" />
        </Card>
      </div>
    );
  }
  return (
    <LibraryItemMissing
      error={exercise.error}
      what="exercise"
      tab="exercises"
      onRetry={() => void exercise.refetch()}
      isRetrying={exercise.isRefetching}
    />
  );
}

function ExerciseView({ exercise }: { exercise: ExerciseDetail }) {
  const update = useUpdateExercise();
  const restore = useRestoreExercise();
  const navigate = useNavigate();
  const { setNewNotification } = useNotificationActions();
  const draftKey = `exercise-${exercise.id}`;
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <BackToLibrary tab="exercises" />
      <PageHeader title={exercise.name} description={<CategoryBadge category={exercise.category} />} />
      {exercise.archived ? (
        <Alert tone="warning" role="status" title="This exercise is archived.">
          <p>It is kept for the workouts that use it, and does not show when you pick exercises.</p>
          <Button
            variant="secondary"
            className="mt-3"
            isPending={restore.isPending}
            onClick={() =>
              restore.mutate(exercise.id, {
                onSuccess: ({ message }) => setNewNotification({ title: 'Exercise restored', message }),
              })
            }
          >
            Restore
          </Button>
        </Alert>
      ) : null}
      <Card className="p-5 sm:p-6">
        <ExerciseForm
          // A save gives new values: the form starts again from them.
          key={exercise.updatedAt}
          draftKey={draftKey}
          initial={exerciseFormOf(exercise)}
          submitLabel="Save exercise"
          isPending={update.isPending}
          onCancel={() => void navigate({ to: '/app/library', search: { tab: 'exercises' } })}
          onSubmit={(changes, onError) =>
            update.mutate(
              { exerciseId: exercise.id, changes },
              {
                onSuccess: ({ message }) => {
                  clearExerciseDraft(draftKey);
                  setNewNotification({ title: 'Exercise saved', message });
                },
                onError,
              },
            )
          }
        />
      </Card>
      <Card className="p-5 sm:p-6">
        <h2 className="text-base font-semibold text-foreground">Used in</h2>
        {exercise.usedBy.length === 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">
            No workout uses it yet. It can be deleted without touching any workout.
          </p>
        ) : (
          <ul className="mt-2 divide-y divide-border">
            {exercise.usedBy.map((workout) => (
              <li key={workout.id} className="flex items-center justify-between gap-3 py-2.5">
                <Link
                  to="/app/library/workouts/$workoutId"
                  params={{ workoutId: workout.id }}
                  className="text-sm font-semibold text-foreground underline-offset-2 hover:text-primary-ink hover:underline"
                >
                  {workout.name}
                </Link>
                {workout.archived ? <span className="text-xs text-muted-foreground">Archived</span> : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
