import type { CompletedWorkoutSummary } from '@contract';
import { Link } from '@tanstack/react-router';
import type { Formats } from '@/lib/format/use-formats';
import { useFormats } from '@/lib/format/use-formats';
import { CategoryBadge, CategoryDot } from '@/components/ui/category-badge';
import { formatDuration } from '../workout-comparison';
import { RecordCountBadge } from './record-badges';

interface CompletedListViewProps {
  workouts: readonly CompletedWorkoutSummary[];
  /** Staff see whose workout each row is. */
  showAthlete: boolean;
}

const volumeOf = (workout: CompletedWorkoutSummary, formats: Formats) =>
  workout.volume > 0 ? formats.load(workout.volume, workout.volumeUnit) : '—';
const nameOf = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

const nameLinkClass =
  'rounded-sm font-semibold text-foreground underline-offset-2 hover:text-primary-ink hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

function WorkoutLink({ workout }: { workout: CompletedWorkoutSummary }) {
  return (
    <Link to="/app/completed/$logId" params={{ logId: workout.logId }} className={nameLinkClass}>
      {workout.workoutName}
    </Link>
  );
}

function CorrectedTag() {
  return (
    <span className="inline-flex rounded-md bg-warning/15 px-1.5 py-0.5 text-xs font-semibold text-warning-foreground">
      Corrected
    </span>
  );
}

/** Wider screens: one row per completed workout. */
export function CompletedTable({ workouts, showAthlete }: CompletedListViewProps) {
  const formats = useFormats();
  return (
    <table className="w-full text-left text-sm [&_thead_th:first-child]:rounded-tl-2xl [&_thead_th:last-child]:rounded-tr-2xl">
      <caption className="sr-only">Completed workouts, newest first</caption>
      <thead className="bg-muted/60 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        <tr>
          <th scope="col" className="px-5 py-2.5">
            Date
          </th>
          <th scope="col" className="px-4 py-2.5">
            Workout
          </th>
          {showAthlete ? (
            <th scope="col" className="px-4 py-2.5">
              Athlete
            </th>
          ) : null}
          <th scope="col" className="px-4 py-2.5 text-right">
            Duration
          </th>
          <th scope="col" className="px-4 py-2.5 text-right">
            RPE
          </th>
          <th scope="col" className="px-4 py-2.5 text-right">
            Sets
          </th>
          <th scope="col" className="hidden px-4 py-2.5 text-right xl:table-cell">
            Volume
          </th>
          <th scope="col" className="px-5 py-2.5">
            <span className="sr-only">Records and corrections</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {workouts.map((workout) => (
          <tr key={workout.logId} className="transition-colors hover:bg-muted/40">
            <td className="px-5 py-3 whitespace-nowrap text-muted-foreground tabular-nums">
              {formats.day(workout.date, 'dayWithYear')}
            </td>
            <th scope="row" className="px-4 py-3 text-left font-normal">
              <div className="flex items-center gap-2 whitespace-nowrap">
                <CategoryDot category={workout.category} />
                <WorkoutLink workout={workout} />
              </div>
            </th>
            {showAthlete ? (
              <td className="px-4 py-3 whitespace-nowrap text-foreground">{nameOf(workout.athlete)}</td>
            ) : null}
            <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
              {formatDuration(workout.durationSeconds)}
            </td>
            <td className="px-4 py-3 text-right tabular-nums">{workout.sessionRpe ?? '—'}</td>
            <td className="px-4 py-3 text-right tabular-nums">{workout.doneSetCount}</td>
            <td className="hidden px-4 py-3 text-right whitespace-nowrap tabular-nums xl:table-cell">
              {volumeOf(workout, formats)}
            </td>
            <td className="px-5 py-3">
              <div className="flex justify-end gap-1.5">
                <RecordCountBadge count={workout.recordCount} />
                {workout.corrected ? <CorrectedTag /> : null}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Phones: a card per workout with what a glance needs; the name opens it. */
export function CompletedCards({ workouts, showAthlete }: CompletedListViewProps) {
  const formats = useFormats();
  return (
    <ul aria-label="Completed workouts, newest first" className="divide-y divide-border">
      {workouts.map((workout) => (
        <li key={workout.logId} className="px-4 py-3.5 first:rounded-t-2xl">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="text-xs font-medium text-muted-foreground">
                {formats.day(workout.date, 'dayWithYear')}
              </p>
              <p className="mt-0.5 truncate">
                <WorkoutLink workout={workout} />
              </p>
              {showAthlete ? <p className="text-sm text-foreground">{nameOf(workout.athlete)}</p> : null}
            </div>
            <CategoryBadge category={workout.category} className="shrink-0" />
          </div>
          <p className="mt-2 text-sm text-muted-foreground tabular-nums">
            {formatDuration(workout.durationSeconds)} · {workout.doneSetCount} sets
            {workout.sessionRpe !== null ? ` · RPE ${workout.sessionRpe}` : ''}
          </p>
          {workout.recordCount > 0 || workout.corrected ? (
            <div className="mt-2 flex flex-wrap gap-1.5">
              <RecordCountBadge count={workout.recordCount} />
              {workout.corrected ? <CorrectedTag /> : null}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
