import type { Exercise } from '@contract';
import { measureLabels } from '@contract/training-vocabulary';
import { Link } from '@tanstack/react-router';
import { PencilIcon, TrashIcon } from '@/components/ui/icons';
import { CategoryBadge, categoryColor } from '@/components/ui/category-badge';
import { ArchiveIcon, PlayIcon, RestoreIcon } from './library-icons';
import type { RowAction } from '@/components/widgets/row-actions-menu';
import { RowActionsMenu } from '@/components/widgets/row-actions-menu';

export type ExerciseAction = 'edit' | 'archive' | 'restore' | 'delete';

interface ExerciseListProps {
  exercises: readonly Exercise[];
  isWide: boolean;
  onAction: (exercise: Exercise, action: ExerciseAction) => void;
  busyId: string | null;
}

function actionsFor(exercise: Exercise): RowAction[] {
  const remove: RowAction = { id: 'delete', label: 'Delete', icon: TrashIcon, danger: true };
  return exercise.archived
    ? [{ id: 'restore', label: 'Restore', icon: RestoreIcon }, remove]
    : [
        { id: 'edit', label: 'Edit', icon: PencilIcon },
        { id: 'archive', label: 'Archive', icon: ArchiveIcon },
        remove,
      ];
}

const usedIn = (count: number) =>
  count === 0 ? 'Not used yet' : count === 1 ? 'In 1 workout' : `In ${count} workouts`;

function ExerciseName({ exercise }: { exercise: Exercise }) {
  return (
    <Link
      to="/app/library/exercises/$exerciseId"
      params={{ exerciseId: exercise.id }}
      className="rounded-sm font-semibold text-foreground underline-offset-2 hover:text-primary-ink hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      {exercise.name}
    </Link>
  );
}

function Measures({ exercise }: { exercise: Exercise }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Measures">
      {exercise.measures.map((measure) => (
        <li
          key={measure}
          className="rounded-md border border-border bg-muted/60 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-foreground"
        >
          {measureLabels[measure]}
        </li>
      ))}
    </ul>
  );
}

function VideoMark({ exercise }: { exercise: Exercise }) {
  if (!exercise.videoUrl) return null;
  return (
    <span
      className="inline-flex items-center gap-1 text-xs font-medium text-muted-foreground"
      title="Has a video"
    >
      <PlayIcon className="size-3.5" />
      <span className="sr-only">Has a video</span>
    </span>
  );
}

/** The exercises of the library: a table on a wide screen, cards on a phone. */
export function ExerciseList({ exercises, isWide, onAction, busyId }: ExerciseListProps) {
  const menu = (exercise: Exercise) => (
    <RowActionsMenu
      label={`Actions for ${exercise.name}`}
      actions={actionsFor(exercise)}
      onAction={(id) => onAction(exercise, id as ExerciseAction)}
      isDisabled={busyId === exercise.id}
    />
  );
  if (!isWide) {
    return (
      <ul className="divide-y divide-border">
        {exercises.map((exercise) => (
          <li
            key={exercise.id}
            className="flex items-start gap-3 border-l-4 px-4 py-3.5"
            style={{ borderLeftColor: categoryColor(exercise.category) }}
          >
            <div className="min-w-0 flex-1 space-y-1.5">
              <div className="flex items-center gap-2">
                <ExerciseName exercise={exercise} />
                <VideoMark exercise={exercise} />
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <CategoryBadge category={exercise.category} />
                <span className="text-sm text-muted-foreground">{usedIn(exercise.workoutCount)}</span>
              </div>
              <Measures exercise={exercise} />
            </div>
            {menu(exercise)}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <table className="w-full text-left text-sm">
      <thead className="border-b border-border text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        <tr>
          <th scope="col" className="py-3 pr-3 pl-5">
            Exercise
          </th>
          <th scope="col" className="px-3 py-3">
            Category
          </th>
          <th scope="col" className="px-3 py-3">
            Measures
          </th>
          <th scope="col" className="px-3 py-3">
            Used
          </th>
          <th scope="col" className="py-3 pr-5 pl-3">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {exercises.map((exercise) => (
          <tr key={exercise.id} className="hover:bg-muted/40">
            <td className="py-3 pr-3 pl-5">
              <div className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className="h-6 w-1 shrink-0 rounded-full"
                  style={{ backgroundColor: categoryColor(exercise.category) }}
                />
                <ExerciseName exercise={exercise} />
                {exercise.unilateral ? (
                  <span className="rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">
                    Each side
                  </span>
                ) : null}
                <VideoMark exercise={exercise} />
              </div>
            </td>
            <td className="px-3 py-3">
              <CategoryBadge category={exercise.category} />
            </td>
            <td className="px-3 py-3">
              <Measures exercise={exercise} />
            </td>
            <td className="px-3 py-3 whitespace-nowrap text-muted-foreground">
              {usedIn(exercise.workoutCount)}
            </td>
            <td className="py-2 pr-5 pl-3 text-right">{menu(exercise)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
