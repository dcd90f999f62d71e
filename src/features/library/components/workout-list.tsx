import type { WorkoutSummary } from '@contract';
import { Link } from '@tanstack/react-router';
import { TrashIcon, PencilIcon } from '@/components/ui/icons';
import { CategoryBadge, categoryColor } from '@/components/ui/category-badge';
import { ArchiveIcon, CopyIcon, RestoreIcon } from './library-icons';
import type { RowAction } from '@/components/widgets/row-actions-menu';
import { RowActionsMenu } from '@/components/widgets/row-actions-menu';
import { useFormats } from '@/lib/format/use-formats';

export type WorkoutAction = 'edit' | 'duplicate' | 'archive' | 'restore' | 'delete';

interface WorkoutListProps {
  workouts: readonly WorkoutSummary[];
  isWide: boolean;
  onAction: (workout: WorkoutSummary, action: WorkoutAction) => void;
  busyId: string | null;
}

function actionsFor(workout: WorkoutSummary): RowAction[] {
  return workout.archived
    ? [
        { id: 'restore', label: 'Restore', icon: RestoreIcon },
        { id: 'delete', label: 'Delete', icon: TrashIcon, danger: true },
      ]
    : [
        { id: 'edit', label: 'Edit', icon: PencilIcon },
        { id: 'duplicate', label: 'Duplicate', icon: CopyIcon },
        { id: 'archive', label: 'Archive', icon: ArchiveIcon },
        { id: 'delete', label: 'Delete', icon: TrashIcon, danger: true },
      ];
}

const counts = (workout: WorkoutSummary) =>
  `${workout.exerciseCount === 1 ? '1 exercise' : `${workout.exerciseCount} exercises`} · ${
    workout.blockCount === 1 ? '1 block' : `${workout.blockCount} blocks`
  }`;

function WorkoutName({ workout }: { workout: WorkoutSummary }) {
  return (
    <Link
      to="/app/library/workouts/$workoutId"
      params={{ workoutId: workout.id }}
      className="rounded-sm font-semibold text-foreground underline-offset-2 hover:text-primary-ink hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      {workout.name}
    </Link>
  );
}

function Menu({
  workout,
  onAction,
  busyId,
}: Omit<WorkoutListProps, 'workouts' | 'isWide'> & { workout: WorkoutSummary }) {
  return (
    <RowActionsMenu
      label={`Actions for ${workout.name}`}
      actions={actionsFor(workout)}
      onAction={(id) => onAction(workout, id as WorkoutAction)}
      isDisabled={busyId === workout.id}
    />
  );
}

/** The workouts of the library: a table on a wide screen, cards on a phone. */
export function WorkoutList({ workouts, isWide, onAction, busyId }: WorkoutListProps) {
  const formats = useFormats();
  if (!isWide) {
    return (
      <ul className="divide-y divide-border">
        {workouts.map((workout) => (
          <li
            key={workout.id}
            className="flex items-start gap-3 border-l-4 px-4 py-3.5"
            style={{ borderLeftColor: categoryColor(workout.category) }}
          >
            <div className="min-w-0 flex-1">
              <WorkoutName workout={workout} />
              <div className="mt-1 flex flex-wrap items-center gap-2">
                <CategoryBadge category={workout.category} />
                <span className="text-sm text-muted-foreground">{counts(workout)}</span>
              </div>
              {workout.exerciseNames.length > 0 ? (
                <p className="mt-1 line-clamp-1 text-sm text-muted-foreground">
                  {workout.exerciseNames.join(', ')}
                </p>
              ) : null}
            </div>
            <Menu workout={workout} onAction={onAction} busyId={busyId} />
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
            Workout
          </th>
          <th scope="col" className="px-3 py-3">
            Category
          </th>
          <th scope="col" className="px-3 py-3">
            Size
          </th>
          <th scope="col" className="px-3 py-3">
            Updated
          </th>
          <th scope="col" className="py-3 pr-5 pl-3">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {workouts.map((workout) => (
          <tr key={workout.id} className="hover:bg-muted/40">
            <td className="max-w-0 py-3 pr-3 pl-5">
              <div className="flex items-start gap-3">
                <span
                  aria-hidden="true"
                  className="mt-1 h-8 w-1 shrink-0 rounded-full"
                  style={{ backgroundColor: categoryColor(workout.category) }}
                />
                <div className="min-w-0">
                  <WorkoutName workout={workout} />
                  <p className="truncate text-muted-foreground">
                    {workout.exerciseNames.length > 0 ? workout.exerciseNames.join(', ') : 'No exercises yet'}
                  </p>
                </div>
              </div>
            </td>
            <td className="px-3 py-3">
              <CategoryBadge category={workout.category} />
            </td>
            <td className="px-3 py-3 whitespace-nowrap text-muted-foreground tabular-nums">
              {counts(workout)}
            </td>
            <td className="px-3 py-3 whitespace-nowrap text-muted-foreground tabular-nums">
              {formats.instant(workout.updatedAt, 'shortDate')}
            </td>
            <td className="py-2 pr-5 pl-3 text-right">
              <Menu workout={workout} onAction={onAction} busyId={busyId} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
