import type { Exercise } from '@contract';
import { workoutCategoryLabels } from '@contract/training-vocabulary';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { SheetDialog } from '@/components/ui/sheet-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { trackingQueries } from '@/lib/tracking-sync/tracking-queries';
import type { ExercisePlan } from '@/lib/tracking-plan/planned-sets';

/** Another exercise of the same category, from the library, in place of this one. */
export function SwapExerciseDialog({
  plan,
  onSwap,
  onClose,
}: {
  plan: ExercisePlan;
  onSwap: (exercise: Pick<Exercise, 'id' | 'name'>) => void;
  onClose: () => void;
}) {
  const exercises = useQuery(trackingQueries.exercisesOfCategory(plan.category));
  const [filter, setFilter] = useState('');
  const choices = (exercises.data ?? []).filter(
    (exercise) =>
      exercise.id !== plan.exerciseId && exercise.name.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  return (
    <SheetDialog isOpen title={`Swap ${plan.exerciseName}`} onClose={onClose} dismissOnBackdrop>
      <p className="mb-3 text-sm text-muted-foreground">
        Another {workoutCategoryLabels[plan.category].toLowerCase()} exercise of the library. Sets already
        done stay as they were.
      </p>
      <input
        type="search"
        aria-label="Find an exercise"
        placeholder="Find an exercise"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        className="mb-3 block min-h-11 w-full rounded-lg border border-border bg-surface px-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm"
      />
      {exercises.isPending ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading exercises…</span>
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
        </div>
      ) : exercises.isError ? (
        <Alert title="The exercises could not be loaded.">
          <p>
            {isApiRequestError(exercises.error)
              ? exercises.error.message
              : 'Check your connection and try again.'}
          </p>
        </Alert>
      ) : (
        <ul
          aria-label="Exercises to swap in"
          className="max-h-80 divide-y divide-border overflow-y-auto rounded-xl border border-border"
        >
          {choices.map((exercise) => (
            <li key={exercise.id}>
              <button
                type="button"
                onClick={() => onSwap(exercise)}
                className="flex min-h-11 w-full items-center px-3 text-left text-sm font-medium text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
              >
                {exercise.name}
              </button>
            </li>
          ))}
          {choices.length === 0 ? (
            <li className="px-3 py-2 text-sm text-muted-foreground">No other exercise of this category.</li>
          ) : null}
        </ul>
      )}
    </SheetDialog>
  );
}
