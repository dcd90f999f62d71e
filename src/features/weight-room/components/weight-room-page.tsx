import type { ScheduleItemDetail, WeightUnit } from '@contract';
import { defaultPlateStep } from '@contract/strength';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckIcon, CloseIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormats } from '@/lib/format/use-formats';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { authQueries } from '@/lib/auth/auth-queries';
import { settingsQueries } from '@/lib/settings/settings-queries';
import type { PrefillContext } from '@/lib/tracking-plan/planned-sets';
import { planExercises, setFieldsOf } from '@/lib/tracking-plan/planned-sets';
import type { PersonRef } from '@/lib/tracking-sync/device-logs';
import {
  allDeviceLogs,
  deviceLogOfEntry,
  subscribeToDeviceLogs,
  updateDeviceLog,
} from '@/lib/tracking-sync/device-logs';
import {
  adoptServerLog,
  emptyDeviceLog,
  markSetDone,
  startWorkoutLog,
} from '@/lib/tracking-sync/log-actions';
import { withServerLog } from '@/lib/tracking-sync/server-answers';
import { trackingQueries } from '@/lib/tracking-sync/tracking-queries';
import { useDeviceLogOfEntry } from '@/lib/tracking-sync/use-device-logs';
import { useScreenTitle } from '@/stores/header-store';
import { progressOf } from '../board-rows';

/** Taps on one athlete closer than this are one double tap: no lifter finishes a set that fast. */
export const doubleTapMs = 400;

const route = getRouteApi('/app/weight-room/$assignmentId');

const personName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

type Member = NonNullable<ScheduleItemDetail['members']>[number];

/**
 * The weight-room board (issue 23): a group's workout of the day on one screen, a row per athlete with the next
 * set to do. Every tap goes through the same device logs and outbox as tracking (ADR 036), one log per athlete,
 * so it works with no signal and merges with the athlete's own phone. It opens offline from the coming week kept
 * on the device (ADR 045).
 */
export function WeightRoomPage() {
  const { assignmentId } = route.useParams();
  const { data: me } = useSuspenseQuery(authQueries.me());
  const assignment = useQuery(trackingQueries.assignment(assignmentId));
  const formats = useFormats();
  useScreenTitle(assignment.data ? `Weight room · ${assignment.data.name}` : 'Weight room');
  const members = assignment.data?.members ?? [];

  return (
    <div className="mx-auto max-w-6xl space-y-4 pb-8">
      <header className="flex flex-wrap items-center gap-3 rounded-2xl border border-border bg-surface px-3 py-3 shadow-xs">
        <Link
          to="/app/schedule"
          aria-label="Close the weight room"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <CloseIcon className="size-5" />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-semibold text-foreground sm:text-xl">
            {assignment.data?.name ?? 'Weight room'}
          </h1>
          {assignment.data ? (
            <p className="truncate text-sm text-muted-foreground">
              {assignment.data.group?.name ?? 'Group'} ·{' '}
              {formats.day(assignment.data.date, 'dateWithWeekday')}
              {assignment.data.timeOfDay ? ` · ${assignment.data.timeOfDay}` : ''} · {members.length}{' '}
              {members.length === 1 ? 'athlete' : 'athletes'}
            </p>
          ) : (
            // The subtitle's line kept while loading, so the header keeps its height.
            <Skeleton className="mt-1 h-4 w-64 max-w-full" />
          )}
        </div>
        <BoardSyncStatus assignmentId={assignmentId} userId={me.user.id} />
      </header>

      {assignment.data ? (
        members.length === 0 ? (
          <Alert title="No athletes in this group yet.">
            <p>Add athletes to the group and they show here with their sets.</p>
          </Alert>
        ) : (
          <ul aria-label="Athletes" className="grid gap-3 lg:grid-cols-2">
            {members.map((member) => (
              <AthleteRow key={member.entryId} member={member} userId={me.user.id} />
            ))}
          </ul>
        )
      ) : assignment.isError || assignment.fetchStatus === 'paused' ? (
        <Alert title="This group workout could not be loaded.">
          <p>
            {isApiRequestError(assignment.error)
              ? assignment.error.message
              : 'This workout is not on this device yet, and there is no connection to fetch it. It opens as soon as you are back online.'}
          </p>
        </Alert>
      ) : (
        <div role="status" className="grid gap-3 lg:grid-cols-2">
          <span className="sr-only">Loading the group’s workout…</span>
          {[0, 1, 2, 3].map((index) => (
            // As tall as an athlete's row: the board does not jump when it arrives.
            <Skeleton key={index} className="h-[13.875rem] w-full rounded-2xl" />
          ))}
        </div>
      )}
    </div>
  );
}

/** The writes of this board's logs still to send, across its athletes. */
function BoardSyncStatus({ assignmentId, userId }: { assignmentId: string; userId: string }) {
  const waiting = useSyncExternalStore(subscribeToDeviceLogs, () =>
    allDeviceLogs()
      .filter((log) => log.assignmentId === assignmentId && log.userId === userId)
      .reduce((count, log) => count + log.outbox.length, 0),
  );
  return (
    <p role="status" className="w-full text-sm font-medium text-muted-foreground sm:w-auto">
      {waiting === 0 ? 'All changes saved' : `${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting`}
    </p>
  );
}

function usePrefillContext(athleteId: string): PrefillContext {
  const settings = useQuery(settingsQueries.full());
  const maxes = useQuery(trackingQueries.maxes(athleteId));
  const weightUnit: WeightUnit = settings.data?.weightUnit ?? 'lb';
  const plateStep = settings.data?.plateStep ?? defaultPlateStep[weightUnit];
  const maxList = maxes.data;
  return useMemo(() => ({ weightUnit, plateStep, maxes: maxList ?? [] }), [weightUnit, plateStep, maxList]);
}

/** One athlete of the group: their progress and the next set, marked done in one tap. */
function AthleteRow({ member, userId }: { member: Member; userId: string }) {
  const { entryId } = member;
  const athlete: PersonRef = member.athlete;
  const name = personName(athlete);
  const entry = useQuery(trackingQueries.entry(entryId));
  const deviceLog = useDeviceLogOfEntry(entryId, userId);
  const serverLog = useQuery(trackingQueries.logOfEntry(entryId));
  const context = usePrefillContext(athlete.id);

  // A log begun on the athlete's phone is taken over as the server has it, as tracking does (ADR 036).
  useEffect(() => {
    const found = serverLog.data;
    if (!found || !entry.data) return;
    if (!deviceLog) adoptServerLog(found, { ...entry.data, athlete }, userId);
    else if (deviceLog.logId === found.id) updateDeviceLog(found.id, (log) => withServerLog(log, found));
    // Only a new answer of the server is merged; the device's own changes do not ask for it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverLog.data, entry.data]);

  const log = useMemo(
    () =>
      deviceLog ??
      (entry.data
        ? emptyDeviceLog({ entry: { ...entry.data, athlete }, userId }, `not-started:${entryId}`, '', 0)
        : null),
    [deviceLog, entry.data, athlete, userId, entryId],
  );
  const progress = useMemo(() => (log ? progressOf(planExercises(log, context)) : null), [log, context]);

  const isFinished = progress !== null && progress.current === null && progress.totalSets > 0;
  const percent = progress && progress.totalSets > 0 ? (progress.doneSets / progress.totalSets) * 100 : 0;

  const lastMarkAt = useRef(0);
  const markDone = (shownKey: string, { reps, load }: { reps: number | null; load: number | null }) => {
    if (!entry.data) return;
    // A double tap lands its second tap on the next set, already drawn: it is one tap, not two sets.
    if (Date.now() - lastMarkAt.current < doubleTapMs) return;
    // The set as the device has it now, not as last drawn: a tap the render has not caught up with is not
    // taken twice, and a log started by it is not started again.
    const stored = deviceLogOfEntry(entryId, userId);
    const current = stored ? progressOf(planExercises(stored, context)).current : progress?.current;
    if (!current || current.row.key !== shownKey) return;
    lastMarkAt.current = Date.now();
    const logId = stored?.logId ?? startWorkoutLog({ entry: { ...entry.data, athlete }, userId }).logId;
    markSetDone(
      logId,
      current.row.setId,
      setFieldsOf(current.plan, current.row, {
        done: true,
        reps,
        load,
        loadUnit:
          load === null ? current.row.values.loadUnit : (current.row.values.loadUnit ?? context.weightUnit),
      }),
      // The board moves on at once: the rest between sets is the athletes' own.
      null,
    );
  };

  return (
    <li
      aria-label={name}
      className={`flex flex-col gap-3 rounded-2xl border p-4 shadow-xs ${isFinished ? 'border-success/50 bg-success/5' : 'border-border bg-surface'}`}
    >
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-lg font-semibold text-foreground">{name}</h2>
          {progress ? (
            <p className="text-sm font-medium tabular-nums text-muted-foreground">
              {progress.doneSets} of {progress.totalSets} sets
            </p>
          ) : null}
        </div>
        {isFinished ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-success/10 px-3 py-1 text-sm font-semibold text-success ring-1 ring-success/25">
            <CheckIcon className="size-4" /> Finished
          </span>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-label={`${name}’s sets done`}
        aria-valuemin={0}
        aria-valuemax={progress?.totalSets ?? 0}
        aria-valuenow={progress?.doneSets ?? 0}
        className="h-2.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={`h-full rounded-full transition-[width] ${isFinished ? 'bg-success' : 'bg-primary'}`}
          style={{ width: `${percent}%` }}
        />
      </div>

      {/* Every state of the row's foot is as tall as a set: nothing below moves when an athlete finishes. */}
      <div className="flex min-h-[6.75rem] flex-col justify-center">
        {!progress ? (
          entry.isError || entry.fetchStatus === 'paused' ? (
            <p className="text-sm text-muted-foreground">
              Not on this device yet: it shows once back online.
            </p>
          ) : (
            <Skeleton className="h-[6.75rem] w-full rounded-xl" />
          )
        ) : progress.current ? (
          <CurrentSet
            key={`${progress.current.row.key}:${progress.current.row.values.load ?? ''}:${progress.current.row.values.reps ?? ''}`}
            athleteName={name}
            label={`${progress.current.plan.label} · ${progress.current.plan.exerciseName}`}
            exerciseName={progress.current.plan.exerciseName}
            position={progress.current.position}
            setCount={progress.current.plan.rows.length}
            reps={progress.current.row.values.reps}
            load={progress.current.row.values.load}
            loadUnit={progress.current.row.values.loadUnit ?? context.weightUnit}
            setKey={progress.current.row.key}
            onDone={markDone}
          />
        ) : (
          <p
            className={`flex min-h-[6.75rem] items-center justify-center gap-2 rounded-xl text-base font-semibold ${progress.totalSets === 0 ? 'bg-muted text-muted-foreground' : 'bg-success/10 text-success'}`}
          >
            {progress.totalSets === 0 ? (
              'No sets in this workout.'
            ) : (
              <>
                <CheckIcon className="size-5" /> Every set is done.
              </>
            )}
          </p>
        )}
      </div>
    </li>
  );
}

interface CurrentSetProps {
  athleteName: string;
  label: string;
  exerciseName: string;
  position: number;
  setCount: number;
  reps: number | null;
  load: number | null;
  loadUnit: WeightUnit;
  /** The set shown, so a tap is taken for the set it was seen on. */
  setKey: string;
  onDone: (setKey: string, values: { reps: number | null; load: number | null }) => void;
}

/** A field's number, or null when it is empty. */
const numberIn = (field: HTMLInputElement | null): number | null =>
  field && field.value !== '' && Number.isFinite(field.valueAsNumber) ? field.valueAsNumber : null;

/** The next set: reps and load as prescribed for this athlete, editable in place, and Done. */
function CurrentSet(props: CurrentSetProps) {
  const { athleteName, exerciseName, position, onDone } = props;
  const repsField = useRef<HTMLInputElement>(null);
  const loadField = useRef<HTMLInputElement>(null);
  const fieldClass =
    'block h-14 w-full rounded-lg border border-border bg-surface px-3 text-lg font-semibold tabular-nums text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring';
  return (
    <div className="space-y-3">
      <div className="flex items-baseline justify-between gap-3">
        <p className="min-w-0 truncate text-base font-semibold text-foreground">{props.label}</p>
        <p className="shrink-0 text-sm tabular-nums text-muted-foreground">
          Set {position} of {props.setCount}
        </p>
      </div>
      <div className="flex items-end gap-3">
        <label className="w-20 shrink-0 text-xs font-medium text-muted-foreground">
          Reps
          <input
            ref={repsField}
            type="number"
            inputMode="numeric"
            min={0}
            defaultValue={props.reps ?? ''}
            aria-label={`Reps, ${athleteName}, set ${position} of ${exerciseName}`}
            className={fieldClass}
          />
        </label>
        <label className="w-28 shrink-0 text-xs font-medium text-muted-foreground">
          Load ({props.loadUnit})
          <input
            ref={loadField}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            defaultValue={props.load ?? ''}
            placeholder="—"
            aria-label={`Load, ${athleteName}, set ${position} of ${exerciseName}`}
            className={fieldClass}
          />
        </label>
        <Button
          onClick={() =>
            onDone(props.setKey, { reps: numberIn(repsField.current), load: numberIn(loadField.current) })
          }
          className="h-14 min-w-24 flex-1 text-lg"
          aria-label={`${athleteName}: set ${position} of ${exerciseName} done`}
        >
          <CheckIcon className="size-6" /> Done
        </Button>
      </div>
    </div>
  );
}
