import type { Exercise, WorkoutSummary } from '@contract';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useCallback, useState } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { DumbbellIcon, PlusIcon, SearchIcon, UploadIcon } from '@/components/ui/icons';
import { ListPager } from '@/components/ui/list-pager';
import { Skeleton } from '@/components/ui/skeleton';
import { requestFailureMessage } from '@/lib/api/request-failure';
import { authQueries } from '@/lib/auth/auth-queries';
import { useMediaQuery } from '@/lib/use-media-query';
import { useScreenTitle } from '@/stores/header-store';
import { useNotificationActions } from '@/stores/notifications-store';
import { useTourStepCompletedWhen } from '@/stores/onboarding-tour-store';
import { useArchiveExercise, useDeleteExercise, useRestoreExercise } from '../api/exercise-mutations';
import { exerciseQueries, workoutQueries } from '../api/library-queries';
import {
  useArchiveWorkout,
  useDeleteWorkout,
  useDuplicateWorkout,
  useRestoreWorkout,
} from '../api/workout-mutations';
import type { LibrarySearch, LibraryTab } from '../library-search';
import { canUseLibrary, hasLibraryFilters, libraryListParamsFrom } from '../library-search';
import type { ExerciseAction } from './exercise-list';
import { ExerciseList } from './exercise-list';
import type { LibraryFilterValues } from './library-filters';
import { LibraryFilters } from './library-filters';
import { LibraryNotAllowed } from './library-screen-parts';
import type { WorkoutAction } from './workout-list';
import { WorkoutList } from './workout-list';

const route = getRouteApi('/app/library/');

const secondaryLinkClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-border bg-surface px-4 text-sm font-semibold text-foreground shadow-sm transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
const primaryLinkClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** The workout library (product.md "workout library"): the organisation's workouts and the exercises they are built of. */
export function LibraryPage() {
  useScreenTitle('Workout library');
  const { data: me } = useSuspenseQuery(authQueries.me());
  if (!canUseLibrary(me.user.role)) return <LibraryNotAllowed title="Workout library" />;
  return <Library organizationName={me.organization.name} />;
}

function Library({ organizationName }: { organizationName: string }) {
  useTourStepCompletedWhen('NAVIGATE_TO_WORKOUT_LIBRARY', true);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const tab: LibraryTab = search.tab ?? 'workouts';
  const isWide = useMediaQuery('(min-width: 768px)', true);

  const onFiltersChange = useCallback(
    (change: Partial<LibraryFilterValues>) =>
      void navigate({
        search: (previous) => {
          const next = { ...previous, ...change, page: undefined };
          return {
            ...next,
            q: next.q || undefined,
            archived: next.archived ? (true as const) : undefined,
          };
        },
        // Each keystroke of a search is not a page of history of its own.
        replace: 'q' in change,
      }),
    [navigate],
  );

  return (
    <div className="space-y-5">
      <PageHeader
        title="Workout library"
        description={`Workouts and exercises of ${organizationName}. Build a workout once, then schedule it for anyone.`}
        actions={
          <>
            <Link to="/app/library/import" className={secondaryLinkClass}>
              <UploadIcon className="size-4" />
              Import
            </Link>
            {tab === 'workouts' ? (
              <Link to="/app/library/workouts/new" className={primaryLinkClass} data-tour="new-workout">
                <PlusIcon className="size-4" />
                New workout
              </Link>
            ) : (
              <Link to="/app/library/exercises/new" className={primaryLinkClass}>
                <PlusIcon className="size-4" />
                New exercise
              </Link>
            )}
          </>
        }
      />

      <nav aria-label="Library" className="inline-flex rounded-xl border border-border bg-muted/60 p-1">
        {(['workouts', 'exercises'] as const).map((name) => (
          <Link
            key={name}
            from="/app/library/"
            search={{ tab: name === 'workouts' ? undefined : name }}
            // Active (aria-current) only on its own tab: the workouts tab is the address without `tab`.
            activeOptions={{ includeSearch: true, explicitUndefined: true }}
            className="inline-flex min-h-10 items-center rounded-lg px-4 text-sm font-semibold text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-[current=page]:bg-surface aria-[current=page]:text-foreground aria-[current=page]:shadow-sm"
          >
            {name === 'workouts' ? 'Workouts' : 'Exercises'}
          </Link>
        ))}
      </nav>

      <LibraryFilters
        noun={tab}
        values={{ q: search.q ?? '', category: search.category, archived: search.archived === true }}
        onChange={onFiltersChange}
      />

      {tab === 'workouts' ? (
        <WorkoutsPanel search={search} isWide={isWide} />
      ) : (
        <ExercisesPanel search={search} isWide={isWide} />
      )}
    </div>
  );
}

interface PanelProps {
  search: LibrarySearch;
  isWide: boolean;
}

/** Loading rows, a failure with "Try again", the filtered and the truly empty list: each list says what it is. */
function ListState({
  query,
  noun,
  search,
  empty,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    isRefetching: boolean;
    refetch: () => unknown;
    data?: { total: number } | undefined;
  };
  noun: string;
  search: LibrarySearch;
  empty: ReactNode;
  children: ReactNode;
}) {
  const navigate = route.useNavigate();
  if (query.isPending) {
    return (
      <Card role="status" aria-live="polite">
        <span className="sr-only">Loading {noun}…</span>
        <ul className="divide-y divide-border">
          {[0, 1, 2, 3, 4].map((index) => (
            <li key={index} className="flex items-center gap-3 px-5 py-4">
              <Skeleton className="h-8 w-1" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-48" />
                <Skeleton className="h-3 w-72 max-w-full" />
              </div>
            </li>
          ))}
        </ul>
      </Card>
    );
  }
  if (query.isError && !query.data) {
    return (
      <Alert title={`The ${noun} could not be loaded.`}>
        <p>Check your connection and try again.</p>
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => void query.refetch()}
          isPending={query.isRefetching}
          pendingLabel="Trying again…"
        >
          Try again
        </Button>
      </Alert>
    );
  }
  if (query.data?.total === 0) {
    if (!hasLibraryFilters(search)) return <Card>{empty}</Card>;
    const what = search.archived ? `archived ${noun}` : noun;
    return (
      <Card>
        <EmptyState
          icon={SearchIcon}
          title={search.q ? `No ${what} match “${search.q}”` : `No ${what} here`}
          action={
            <Button
              variant="secondary"
              onClick={() => void navigate({ search: (previous) => ({ tab: previous.tab }) })}
            >
              Clear filters
            </Button>
          }
        >
          {search.archived
            ? `Archived ${noun} are kept for the history that uses them; archive one from its menu.`
            : 'Try part of the name, or another category.'}
        </EmptyState>
      </Card>
    );
  }
  return <>{children}</>;
}

function Pager({ page, size, shown, total }: { page: number; size: number; shown: number; total: number }) {
  return (
    <ListPager
      page={page}
      size={size}
      shown={shown}
      total={total}
      renderStep={({ page: target, label, className, children }) => (
        <Link
          from="/app/library/"
          search={(previous) => ({ ...previous, page: target })}
          aria-label={label}
          className={className}
        >
          {children}
        </Link>
      )}
    />
  );
}

function WorkoutsPanel({ search, isWide }: PanelProps) {
  const workouts = useQuery(workoutQueries.list(libraryListParamsFrom(search)));
  const navigate = route.useNavigate();
  const { setNewNotification } = useNotificationActions();
  const duplicate = useDuplicateWorkout();
  const archive = useArchiveWorkout();
  const restore = useRestoreWorkout();
  const remove = useDeleteWorkout();
  const [deleting, setDeleting] = useState<WorkoutSummary | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = [duplicate, archive, restore, remove].find((mutation) => mutation.isPending);
  const busyId = busy
    ? typeof busy.variables === 'string'
      ? busy.variables
      : (busy.variables?.workoutId ?? null)
    : null;

  const done = (title: string) => ({
    onSuccess: ({ message }: { message: string }) => {
      setFailure(null);
      setNewNotification({ title, message });
    },
    onError: (error: unknown) => setFailure(requestFailureMessage(error)),
  });

  const onAction = (workout: WorkoutSummary, action: WorkoutAction) => {
    if (action === 'edit')
      void navigate({ to: '/app/library/workouts/$workoutId', params: { workoutId: workout.id } });
    else if (action === 'duplicate') duplicate.mutate({ workoutId: workout.id }, done('Workout duplicated'));
    else if (action === 'archive') archive.mutate(workout.id, done('Workout archived'));
    else if (action === 'restore') restore.mutate(workout.id, done('Workout restored'));
    else setDeleting(workout);
  };

  const list = workouts.data;
  return (
    <>
      {failure ? (
        <Alert title="The change was not saved.">
          <p>{failure}</p>
        </Alert>
      ) : null}
      <ListState
        query={workouts}
        noun="workouts"
        search={search}
        empty={
          <EmptyState
            icon={DumbbellIcon}
            title="No workouts yet"
            action={
              <Link to="/app/library/workouts/new" className={primaryLinkClass}>
                <PlusIcon className="size-4" />
                Build your first workout
              </Link>
            }
          >
            A workout is blocks of exercises with their sets, reps and loads. Build it once, then put it on
            any athlete’s or group’s schedule.
          </EmptyState>
        }
      >
        {list ? (
          <section
            aria-label="Workouts"
            aria-busy={workouts.isPlaceholderData || undefined}
            className="rounded-2xl border border-border bg-surface shadow-xs"
          >
            <div className={`transition-opacity ${workouts.isPlaceholderData ? 'opacity-60' : ''}`}>
              <WorkoutList workouts={list.data} isWide={isWide} onAction={onAction} busyId={busyId} />
            </div>
            <Pager page={list.page} size={list.size} shown={list.data.length} total={list.total} />
          </section>
        ) : null}
      </ListState>
      <ConfirmDialog
        isOpen={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this workout'}?`}
        confirmLabel="Delete workout"
        isPending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            ...done('Workout deleted'),
            onSettled: () => setDeleting(null),
          });
        }}
      >
        It leaves the library for good. To keep it for later without seeing it every day, archive it instead.
      </ConfirmDialog>
    </>
  );
}

function ExercisesPanel({ search, isWide }: PanelProps) {
  const exercises = useQuery(exerciseQueries.list(libraryListParamsFrom(search)));
  const navigate = route.useNavigate();
  const { setNewNotification } = useNotificationActions();
  const archive = useArchiveExercise();
  const restore = useRestoreExercise();
  const remove = useDeleteExercise();
  const [deleting, setDeleting] = useState<Exercise | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = [archive, restore, remove].find((mutation) => mutation.isPending);
  const busyId = busy?.variables ?? null;

  const done = (title: string) => ({
    onSuccess: ({ message }: { message: string }) => {
      setFailure(null);
      setNewNotification({ title, message });
    },
    onError: (error: unknown) => setFailure(requestFailureMessage(error)),
  });

  const onAction = (exercise: Exercise, action: ExerciseAction) => {
    if (action === 'edit')
      void navigate({ to: '/app/library/exercises/$exerciseId', params: { exerciseId: exercise.id } });
    else if (action === 'archive') archive.mutate(exercise.id, done('Exercise archived'));
    else if (action === 'restore') restore.mutate(exercise.id, done('Exercise restored'));
    else setDeleting(exercise);
  };

  const list = exercises.data;
  const isUsed = (deleting?.workoutCount ?? 0) > 0;
  return (
    <>
      {failure ? (
        <Alert title="The change was not saved.">
          <p>{failure}</p>
        </Alert>
      ) : null}
      <ListState
        query={exercises}
        noun="exercises"
        search={search}
        empty={
          <EmptyState
            icon={DumbbellIcon}
            title="No exercises yet"
            action={
              <Link to="/app/library/exercises/new" className={primaryLinkClass}>
                <PlusIcon className="size-4" />
                Add your first exercise
              </Link>
            }
          >
            Exercises are the pieces workouts are built from: a name, a category, what it is measured by and,
            if you like, a video.
          </EmptyState>
        }
      >
        {list ? (
          <section
            aria-label="Exercises"
            aria-busy={exercises.isPlaceholderData || undefined}
            className="rounded-2xl border border-border bg-surface shadow-xs"
          >
            <div className={`transition-opacity ${exercises.isPlaceholderData ? 'opacity-60' : ''}`}>
              <ExerciseList exercises={list.data} isWide={isWide} onAction={onAction} busyId={busyId} />
            </div>
            <Pager page={list.page} size={list.size} shown={list.data.length} total={list.total} />
          </section>
        ) : null}
      </ListState>
      <ConfirmDialog
        isOpen={deleting !== null}
        title={
          isUsed
            ? `Archive ${deleting?.name ?? 'this exercise'}?`
            : `Delete ${deleting?.name ?? 'this exercise'}?`
        }
        confirmLabel={isUsed ? 'Archive exercise' : 'Delete exercise'}
        isPending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            ...done(isUsed ? 'Exercise archived' : 'Exercise deleted'),
            onSettled: () => setDeleting(null),
          });
        }}
      >
        {isUsed
          ? `It is used by ${deleting?.workoutCount === 1 ? '1 workout' : `${deleting?.workoutCount} workouts`}, so it is archived instead of deleted: those workouts keep it, and it no longer shows when you pick exercises.`
          : 'It leaves the library for good.'}
      </ConfirmDialog>
    </>
  );
}
