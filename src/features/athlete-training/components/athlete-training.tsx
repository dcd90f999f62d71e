import type { AthleteTrainingResponse, ExerciseHistoryResponse, PersonalRecord } from '@contract';
import { recordKindLabels } from '@contract/tracking';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useFormats } from '@/lib/format/use-formats';
import { lazy, Suspense, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { DumbbellIcon, PlusIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { textLinkClass } from '@/components/ui/text-link-class';
import { settingsQueries } from '@/lib/settings/settings-queries';
import { maxableExercisesQuery, trainingQueries } from '../api/training-queries';
import { RecordMaxForm } from './record-max-form';

// recharts loads only when a history is drawn on this tab (conventions: heavy libraries on their route).
const HistoryChart = lazy(() => import('./history-chart'));

const route = getRouteApi('/app/users_/$userId');

export interface AthleteTrainingProps {
  athlete: { id: string; firstName: string; lastName: string };
  /** Staff record tested maxes; an athlete reads its own. */
  canRecordMaxes: boolean;
}

const sectionTitle = 'text-base font-semibold text-foreground';
const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

/** The athlete page's Training tab: compliance, history per exercise, maxes and records. */
export default function AthleteTraining({ athlete, canRecordMaxes }: AthleteTrainingProps) {
  const training = useQuery(trainingQueries.summary(athlete.id));
  if (training.isPending) return <TrainingSkeleton />;
  if (!training.data) {
    return (
      <Alert title="The training could not be loaded.">
        <p>Check your connection and try again.</p>
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => void training.refetch()}
          isPending={training.isRefetching}
        >
          Try again
        </Button>
      </Alert>
    );
  }
  const name = `${athlete.firstName} ${athlete.lastName}`;
  return (
    <div className="space-y-5">
      <Compliance compliance={training.data.compliance} />
      <History athleteId={athlete.id} name={name} exercises={training.data.exercises} />
      <div className="grid items-start gap-5 lg:grid-cols-2">
        <Maxes athlete={athlete} training={training.data} canRecord={canRecordMaxes} />
        <Records records={training.data.records} />
      </div>
    </div>
  );
}

function Compliance({ compliance }: { compliance: AthleteTrainingResponse['compliance'] }) {
  const openToday = compliance[0]?.openToday ?? 0;
  return (
    <Card aria-labelledby="compliance-title" className="px-4 py-4 sm:px-6">
      <h2 id="compliance-title" className={sectionTitle}>
        Compliance
      </h2>
      <p className="text-sm text-muted-foreground">
        Workouts done of those due: every one scheduled on a day gone by, and today’s once done. A workout the
        coach skipped is not due.
      </p>
      <dl className="mt-3 grid grid-cols-3 gap-3">
        {compliance.map((period) => (
          <div key={period.days} className="rounded-xl bg-muted/60 px-3 py-2.5">
            <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              Last {period.days} days
            </dt>
            <dd className="text-2xl font-bold text-foreground tabular-nums">{percent(period.rate)}</dd>
            <dd className="text-xs text-muted-foreground tabular-nums">
              {period.due === 0 ? 'Nothing due yet' : `${period.completed} of ${period.due} done`}
            </dd>
            <dd className="text-xs text-muted-foreground tabular-nums">
              {period.missed} missed · {period.skipped} skipped
            </dd>
          </div>
        ))}
      </dl>
      {openToday > 0 && (
        <p className="mt-3 text-sm text-muted-foreground">
          {openToday === 1 ? 'One workout' : `${openToday} workouts`} of today still to do: due once done, or
          once the day is over.
        </p>
      )}
    </Card>
  );
}

function History({
  athleteId,
  name,
  exercises,
}: {
  athleteId: string;
  name: string;
  exercises: AthleteTrainingResponse['exercises'];
}) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const pickerId = useId();
  // Without a choice in the address: the main lift, the most logged exercise that has a 1RM (not a sprint or a
  // med-ball throw), else the most logged one.
  const chosen =
    exercises.find((exercise) => exercise.id === search.exercise) ??
    exercises.find((exercise) => exercise.takesOneRm) ??
    exercises[0];
  const history = useQuery({
    ...trainingQueries.history(athleteId, chosen?.id ?? ''),
    enabled: chosen !== undefined,
  });

  return (
    <Card aria-labelledby="history-title" className="px-4 py-4 sm:px-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="history-title" className={sectionTitle}>
            History
          </h2>
          <p className="text-sm text-muted-foreground">
            Estimated 1RM (Epley) and the top set of each workout.
          </p>
        </div>
        {exercises.length > 0 ? (
          <div className="sm:w-64">
            <label htmlFor={pickerId} className="mb-1 block text-sm font-medium text-foreground">
              Exercise
            </label>
            <select
              id={pickerId}
              value={chosen?.id}
              onChange={(event) =>
                void navigate({
                  search: (previous) => ({ ...previous, exercise: event.target.value }),
                  replace: true,
                })
              }
              className="block min-h-11 w-full rounded-lg border border-border bg-surface px-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm"
            >
              {exercises.map((exercise) => (
                <option key={exercise.id} value={exercise.id}>
                  {exercise.name} ({exercise.doneSets} sets)
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>

      {exercises.length === 0 ? (
        <EmptyState icon={DumbbellIcon} title="Nothing logged yet" className="py-8">
          {name}’s history starts with the first workout tracked.
        </EmptyState>
      ) : history.isPending ? (
        <Skeleton className="mt-4 h-56 w-full" />
      ) : !history.data ? (
        <Alert className="mt-4" title="This history could not be loaded.">
          Check your connection and try again.
        </Alert>
      ) : history.data.points.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">
          No completed sets of {history.data.exercise.name} yet.
        </p>
      ) : (
        <>
          {/* A chart of loads with no load logged would be two empty lines on a made-up axis. */}
          {history.data.points.some((point) => point.estimatedOneRm !== null || point.topSet !== null) ? (
            <div className="mt-4">
              <Suspense fallback={<Skeleton className="h-56 w-full sm:h-72" />}>
                <HistoryChart history={history.data} />
              </Suspense>
            </div>
          ) : (
            <p className="mt-4 rounded-xl border border-dashed border-border-strong bg-muted/40 px-4 py-3 text-sm text-muted-foreground">
              {history.data.exercise.name} is logged without a load, so there is no load or estimated 1RM to
              draw. Each workout is listed below.
            </p>
          )}
          <HistoryTable history={history.data} />
        </>
      )}
    </Card>
  );
}

/** The chart's text alternative: every point, newest first, each opening its completed workout. */
function HistoryTable({ history }: { history: ExerciseHistoryResponse }) {
  const formats = useFormats();
  const points = [...history.points].reverse();
  return (
    <div className="mt-4 max-h-80 overflow-y-auto rounded-xl border border-border">
      <table className="w-full text-sm">
        <caption className="sr-only">
          {history.exercise.name}: estimated 1RM and top set per workout, newest first
        </caption>
        <thead className="sticky top-0 bg-muted text-xs font-semibold text-muted-foreground">
          <tr>
            <th scope="col" className="px-2 py-2 whitespace-nowrap sm:px-3 text-left">
              Date
            </th>
            <th scope="col" className="px-2 py-2 whitespace-nowrap sm:px-3 text-right">
              Est. 1RM
            </th>
            <th scope="col" className="px-2 py-2 whitespace-nowrap sm:px-3 text-right">
              Top set
            </th>
            <th scope="col" className="px-2 py-2 whitespace-nowrap sm:px-3 text-right">
              Sets
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {points.map((point) => (
            <tr key={point.logId}>
              <th scope="row" className="px-2 py-1.5 whitespace-nowrap sm:px-3 text-left font-normal">
                <Link to="/app/completed/$logId" params={{ logId: point.logId }} className={textLinkClass}>
                  {formats.day(point.date, 'shortDate')}
                </Link>
              </th>
              <td className="px-2 py-1.5 whitespace-nowrap sm:px-3 text-right tabular-nums">
                {point.estimatedOneRm === null
                  ? '—'
                  : `${formats.number(point.estimatedOneRm)} ${history.unit}`}
              </td>
              <td className="px-2 py-1.5 whitespace-nowrap sm:px-3 text-right tabular-nums">
                {point.topSet
                  ? `${point.topSet.reps} × ${formats.number(point.topSet.load)} ${history.unit}`
                  : '—'}
              </td>
              <td className="px-2 py-1.5 whitespace-nowrap sm:px-3 text-right tabular-nums">
                {point.doneSets}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Maxes({
  athlete,
  training,
  canRecord,
}: {
  athlete: AthleteTrainingProps['athlete'];
  training: AthleteTrainingResponse;
  canRecord: boolean;
}) {
  const [isRecording, setIsRecording] = useState(false);
  const formats = useFormats();
  const settings = useQuery(settingsQueries.full());
  const library = useQuery({ ...maxableExercisesQuery(), enabled: canRecord && isRecording });
  // The athlete's own exercises first, then the rest of the library's that take a load or a velocity.
  const choices = [...training.exercises, ...(library.data ?? [])].filter(
    (exercise, index, all) => all.findIndex((other) => other.id === exercise.id) === index,
  );
  return (
    <Card aria-labelledby="maxes-title" className="px-4 py-4 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="maxes-title" className={sectionTitle}>
          Current maxes
        </h2>
        {canRecord && !isRecording ? (
          <Button variant="secondary" className="whitespace-nowrap" onClick={() => setIsRecording(true)}>
            <PlusIcon className="size-4" />
            Record a max
          </Button>
        ) : null}
      </div>
      {isRecording ? (
        <RecordMaxForm
          athleteId={athlete.id}
          athleteName={`${athlete.firstName} ${athlete.lastName}`}
          exercises={choices}
          weightUnit={settings.data?.weightUnit ?? 'lb'}
          onDone={() => setIsRecording(false)}
        />
      ) : null}
      {training.maxes.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">
          No maxes yet. A tested 1RM, or a tracked set that beats the estimate, becomes one.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-border">
          {training.maxes.map((max) => (
            <li key={max.id} className="flex items-baseline justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="truncate font-medium text-foreground">{max.exerciseName}</p>
                <p className="text-xs text-muted-foreground">
                  {max.source === 'tested' ? 'Tested' : 'Estimated from a set'} ·{' '}
                  {formats.day(max.recordedOn, 'shortDate')}
                  {max.recordedBy ? ` · ${max.recordedBy.firstName} ${max.recordedBy.lastName}` : ''}
                </p>
              </div>
              <p className="shrink-0 text-lg font-bold text-foreground tabular-nums">
                {formats.number(max.value)} {max.unit}
                <span className="sr-only">{max.kind === 'velocity' ? ' velocity' : ' 1RM'}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Records({ records }: { records: readonly PersonalRecord[] }) {
  const formats = useFormats();
  const latest = [...records]
    .sort((a, b) => Date.parse(b.achievedAt) - Date.parse(a.achievedAt))
    .slice(0, 10);
  return (
    <Card aria-labelledby="records-title" className="px-4 py-4 sm:px-6">
      <h2 id="records-title" className={sectionTitle}>
        Records
      </h2>
      {latest.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">No records yet: they come with tracked workouts.</p>
      ) : (
        <ul className="mt-3 divide-y divide-border">
          {latest.map((record) => (
            <li key={record.id} className="py-2">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium text-foreground">{record.exerciseName}</span>
                <span className="font-bold text-foreground tabular-nums">
                  {record.unit === 'reps'
                    ? `${record.value} reps${record.load !== null ? ` at ${formats.number(record.load)}` : ''}`
                    : `${formats.number(record.value)} ${record.unit}`}
                </span>
              </p>
              <p className="text-xs text-muted-foreground">
                {recordKindLabels[record.kind]} ·{' '}
                <Link
                  to="/app/completed/$logId"
                  params={{ logId: record.workoutLogId }}
                  className={textLinkClass}
                >
                  {formats.instant(record.achievedAt, 'shortDate')}
                </Link>
                {record.previous !== null ? ` · was ${formats.number(record.previous)}` : ' · a first'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function TrainingSkeleton() {
  return (
    <div className="space-y-5" role="status" aria-live="polite">
      <span className="sr-only">Loading the training…</span>
      <Card aria-hidden="true" className="grid grid-cols-3 gap-3 p-5">
        {[0, 1, 2].map((cell) => (
          <Skeleton key={cell} className="h-16 w-full" />
        ))}
      </Card>
      <Card aria-hidden="true" className="p-5">
        <Skeleton className="h-56 w-full" />
      </Card>
    </div>
  );
}
