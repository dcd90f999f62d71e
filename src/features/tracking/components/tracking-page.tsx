import type { ScheduleItemDetail, WeightUnit } from '@contract';
import { recordKindLabels } from '@contract';
import { defaultBarWeight, defaultPlateStep } from '@contract/strength';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useBottomBar } from '@/components/layouts/bottom-bar';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CategoryBadge } from '@/components/ui/category-badge';
import { CheckIcon, CloseIcon } from '@/components/ui/icons';
import { RowActionsMenu } from '@/components/widgets/row-actions-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { authQueries } from '@/lib/auth/auth-queries';
import { useFormats } from '@/lib/format/use-formats';
import { settingsQueries } from '@/lib/settings/settings-queries';
import type { DeviceLog, PersonRef } from '@/lib/tracking-sync/device-logs';
import { deviceLogOfEntry, updateDeviceLog } from '@/lib/tracking-sync/device-logs';
import {
  adoptServerLog,
  emptyDeviceLog,
  finishWorkoutLog,
  mergeServerPitches,
  saveSets,
  startWorkoutLog,
} from '@/lib/tracking-sync/log-actions';
import { withServerLog } from '@/lib/tracking-sync/server-answers';
import { trackingQueries } from '@/lib/tracking-sync/tracking-queries';
import { useDeviceLogOfEntry } from '@/lib/tracking-sync/use-device-logs';
import { useCompletedWorkoutActions } from '@/stores/completed-workout-store';
import { useScreenTitle } from '@/stores/header-store';
import { useTourStepCompletedWhen } from '@/stores/onboarding-tour-store';
import type { ExercisePlan, PrefillContext } from '@/lib/tracking-plan/planned-sets';
import { planExercises, sessionTotals, setsAsPrescribed } from '@/lib/tracking-plan/planned-sets';
import { formatDuration, unlockRestBeep } from '../rest-beep';
import { CongratsModal } from './congrats-modal';
import { ExerciseCard } from './exercise-card';
import { FinishDialog } from './finish-dialog';
import { PitchPanel, takesPitches } from './pitch-panel';
import { RestTimer } from './rest-timer';
import { NotStartedStatus, RejectedChanges, SyncStatus } from './sync-status';

const route = getRouteApi('/app/track/$entryId');

const personName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

/**
 * Tracking a scheduled workout (ADR 036): full screen on a phone. It draws from the device's copy of the log,
 * which every tap changes at once; the outbox sends the changes when there is a connection. Before the workout is
 * started it shows the same screen with Start, and the first set marked (or any change) starts it (ADR 045).
 */
export function TrackingPage() {
  const { entryId } = route.useParams();
  const { data: me } = useSuspenseQuery(authQueries.me());
  const isStaff = me.user.role !== 'athlete';
  const entry = useQuery(trackingQueries.entry(entryId));
  const deviceLog = useDeviceLogOfEntry(entryId, me.user.id);
  const serverLog = useQuery(trackingQueries.logOfEntry(entryId));
  useScreenTitle(entry.data?.name ?? deviceLog?.workout.name ?? 'Track workout');
  useTourStepCompletedWhen(
    'OPEN_WORKOUT_MODAL',
    isStaff && (entry.data !== undefined || deviceLog !== undefined),
  );

  const athlete = entry.data?.athlete ?? deviceLog?.athlete ?? null;
  // A log begun on another device (the coach's tablet, the athlete's phone) is taken over as the server has it.
  useEffect(() => {
    const found = serverLog.data;
    if (!found || !entry.data || !athlete) return;
    if (!deviceLog) {
      adoptServerLog(found, { ...entry.data, athlete }, me.user.id);
    } else if (deviceLog.logId === found.id) {
      updateDeviceLog(found.id, (log) => withServerLog(log, found));
    }
    // Only a new answer of the server is merged; the device's own changes do not ask for it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverLog.data, entry.data]);

  // Not held by the server's answer about another device's log: offline it never comes, and a log started
  // elsewhere meanwhile is joined anyway (the start is answered with its id, ADR 036).
  const entryDetail = entry.data;
  const draft = useMemo(
    () => (entryDetail && athlete ? draftLogOf(entryDetail, athlete, me.user.id) : null),
    [entryDetail, athlete, me.user.id],
  );
  const beginLog = useCallback((): string => {
    // A second tap before the screen re-rendered finds the log the first one started.
    const started = deviceLogOfEntry(entryId, me.user.id);
    if (started) return started.logId;
    if (!entryDetail || !athlete) throw new Error('The workout is not loaded');
    // A tap: the moment browsers allow the rest timer's sound to be prepared.
    unlockRestBeep();
    return startWorkoutLog({ entry: { ...entryDetail, athlete }, userId: me.user.id }).logId;
  }, [entryId, me.user.id, entryDetail, athlete]);

  return (
    <div className="fixed inset-0 z-30 overflow-y-auto bg-canvas lg:static lg:z-auto lg:overflow-visible lg:bg-transparent">
      {/* Full screen on a phone covers the frame's onboarding guide: it shows here instead (ADR 041). */}
      <div data-tour="guide-slot" className="lg:hidden" />
      {deviceLog ? (
        <TrackingSession
          log={deviceLog}
          details={entryDetail ?? null}
          isStaff={isStaff}
          viewerId={me.user.id}
        />
      ) : entryDetail && draft ? (
        <TrackingSession
          log={draft}
          details={entryDetail}
          isStaff={isStaff}
          viewerId={me.user.id}
          beginLog={beginLog}
        />
      ) : entry.isError || entry.fetchStatus === 'paused' ? (
        <div className="mx-auto max-w-3xl space-y-3 p-4">
          <TopBar title="Track workout" />
          <Alert title="This workout could not be loaded.">
            <p>{notOnDevice(entry.error)}</p>
          </Alert>
        </div>
      ) : (
        <div role="status" className="mx-auto max-w-3xl space-y-3 p-4">
          <span className="sr-only">Loading the workout…</span>
          <Skeleton className="h-8 w-56" />
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      )}
    </div>
  );
}

/**
 * Why a workout cannot be shown: the server's word, or, with no connection, that this device does not hold it
 * (it keeps the coming week's once it has been online, ADR 045) rather than an endless skeleton.
 */
function notOnDevice(error: unknown): string {
  if (isApiRequestError(error)) return error.message;
  return 'This workout is not on this device yet, and there is no connection to fetch it. It opens as soon as you are back online.';
}

/** The screen before the workout is started: a log of nothing yet, never stored; the first change starts one. */
const draftLogOf = (entry: ScheduleItemDetail, athlete: PersonRef, userId: string): DeviceLog =>
  emptyDeviceLog({ entry: { ...entry, athlete }, userId }, `not-started:${entry.id}`, '', 0);

function TopBar({
  title,
  subtitle,
  status,
  menu,
}: {
  title: string;
  subtitle?: string;
  status?: React.ReactNode;
  menu?: React.ReactNode;
}) {
  return (
    <header className="-mx-4 flex flex-wrap items-center gap-x-2 border-b border-border bg-surface/95 px-2 py-2 backdrop-blur sm:-mx-6 sm:flex-nowrap lg:mx-0 lg:rounded-2xl lg:border">
      <Link
        to="/app/schedule"
        aria-label="Close the workout"
        data-tour="leave-tracking"
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <CloseIcon className="size-5" />
      </Link>
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base font-semibold text-foreground sm:text-lg">{title}</h1>
        {subtitle ? <p className="truncate text-sm text-muted-foreground">{subtitle}</p> : null}
      </div>
      {menu}
      {/* On a phone the status gets a line of its own under the title, which keeps its room. */}
      {status ? <div className="w-full pb-0.5 pl-[3.25rem] sm:w-auto sm:p-0">{status}</div> : null}
    </header>
  );
}

/** Which workout and when: its category, its day and time of day. */
function WorkoutFacts({ entry }: { entry: ScheduleItemDetail }) {
  const formats = useFormats();
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <CategoryBadge category={entry.category} />
      <span>{formats.day(entry.date, 'dateWithWeekday')}</span>
      {entry.timeOfDay ? <span>· {entry.timeOfDay}</span> : null}
    </div>
  );
}

/** Staff tracking a group's session: move between its athletes; every change is already on the device. */
function AthleteSwitcher({ assignmentId, entryId }: { assignmentId: string; entryId: string }) {
  const assignment = useQuery(trackingQueries.assignment(assignmentId));
  const navigate = useNavigate();
  const id = useId();
  const members = assignment.data?.members ?? [];
  if (members.length === 0) return null;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        Athlete
      </label>
      <select
        id={id}
        value={entryId}
        onChange={(event) =>
          void navigate({ to: '/app/track/$entryId', params: { entryId: event.target.value } })
        }
        className="block min-h-11 flex-1 rounded-lg border border-border bg-surface px-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:max-w-xs sm:text-sm"
      >
        {members.map((member) => (
          <option key={member.entryId} value={member.entryId}>
            {personName(member.athlete)}
            {member.status === 'completed' ? ' (done)' : member.status === 'in_progress' ? ' (started)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

function usePrefillContext(athleteId: string): PrefillContext & { barWeight: number } {
  const settings = useQuery(settingsQueries.full());
  const maxes = useQuery(trackingQueries.maxes(athleteId));
  const weightUnit: WeightUnit = settings.data?.weightUnit ?? 'lb';
  const plateStep = settings.data?.plateStep ?? defaultPlateStep[weightUnit];
  const barWeight = settings.data?.barWeight ?? defaultBarWeight[weightUnit];
  const maxList = maxes.data;
  return useMemo(
    () => ({ weightUnit, plateStep, barWeight, maxes: maxList ?? [] }),
    [weightUnit, plateStep, barWeight, maxList],
  );
}

/** Keeps each exercise's plan object when nothing of it changed, so only the exercise tapped re-renders. */
function useStablePlans(plans: ExercisePlan[]): ExercisePlan[] {
  const [previous] = useState(() => new Map<string, { json: string; plan: ExercisePlan }>());
  return plans.map((plan) => {
    const json = JSON.stringify(plan);
    const kept = previous.get(plan.blockExerciseId);
    if (kept?.json === json) return kept.plan;
    previous.set(plan.blockExerciseId, { json, plan });
    return plan;
  });
}

/**
 * Pitches entered on other devices (issue 16): the server's list of the log, read again whenever the log is, and
 * joined to the device's copy as its sets are. Not before the server has the log (its start is still waiting).
 */
function useServerPitches(log: DeviceLog, isStarted: boolean): void {
  const isOnServer = isStarted && !log.outbox.some((item) => item.kind === 'start');
  const { data } = useQuery({
    ...trackingQueries.pitchesOfLog(log.entryId, log.logId),
    enabled: isOnServer && takesPitches(log.workout),
  });
  useEffect(() => {
    if (data) mergeServerPitches(log.logId, data);
  }, [data, log.logId]);
}

/**
 * The workout being tracked, or (with `beginLog`) the one about to be: the same screen, so that the first set
 * marked starts the workout without anything moving under the finger (ADR 045).
 */
function TrackingSession({
  log,
  details,
  isStaff,
  viewerId,
  beginLog,
}: {
  log: DeviceLog;
  /** The entry as the schedule has it (its category, date, a skip), when known. */
  details: ScheduleItemDetail | null;
  isStaff: boolean;
  viewerId: string;
  /** Only before the start: starts the workout and answers its log id. */
  beginLog?: () => string;
}) {
  const isStarted = beginLog === undefined;
  useServerPitches(log, isStarted);
  const context = usePrefillContext(log.athlete.id);
  const plans = useStablePlans(useMemo(() => planExercises(log, context), [log, context]));
  const [isFinishing, setIsFinishing] = useState(false);
  const [finishedHere, setFinishedHere] = useState(false);
  const { workoutCompleted } = useCompletedWorkoutActions();
  const queryClient = useQueryClient();
  const router = useRouter();
  const isCompleted = log.status === 'completed';
  const isSkipped = !isStarted && details?.status === 'skipped';
  const forAthlete = isStaff && log.athlete.id !== viewerId;
  useTourStepCompletedWhen('TRACK_WORKOUT_FOR_ATHLETE', forAthlete && finishedHere);
  const totals = sessionTotals(plans, context);
  const doneCount = totals.doneSets;
  const plannedCount = plans.reduce((count, plan) => count + plan.rows.length, 0);
  const canChange = !isCompleted && !isSkipped;
  // One change of the device's log for the whole workout; before the start, it is the start (ADR 045).
  const logAllAsPrescribed = () => saveSets(beginLog ? beginLog() : log.logId, setsAsPrescribed(plans));
  // Where the athlete came from (the dashboard, the schedule), or the dashboard after a cold start.
  const leave = () => {
    if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ to: '/app/dashboard' });
  };

  const finish = (fields: Parameters<typeof finishWorkoutLog>[1]) => {
    const finished = finishWorkoutLog(log.logId, fields);
    setIsFinishing(false);
    setFinishedHere(true);
    if (!finished) return;
    workoutCompleted({
      summary: {
        workoutLogId: log.logId,
        workoutName: log.workout.name,
        completedAt: finished.finishedAt ?? new Date().toISOString(),
        volume: totals.volume,
        volumeUnit: totals.volumeUnit,
        doneSetCount: totals.doneSets,
        durationSeconds: fields.durationSeconds,
        athleteName: forAthlete ? personName(log.athlete) : null,
        records: totals.bestEstimates.map((estimate) => ({
          exerciseName: estimate.exerciseName,
          label: recordKindLabels.estimated_one_rm,
          value: `${estimate.value} ${totals.volumeUnit}`,
        })),
      },
    });
    void queryClient.invalidateQueries({ queryKey: trackingQueries.all() });
  };

  return (
    <div className="mx-auto max-w-3xl space-y-3 px-4 pb-28 lg:px-0 lg:pb-6">
      {/* The bar stays in sight while the sets scroll under it. */}
      <div className="sticky top-0 z-10 lg:top-[4.5rem]">
        <TopBar
          title={log.workout.name}
          subtitle={`${forAthlete ? `For ${personName(log.athlete)} · ` : ''}${doneCount} of ${plannedCount} sets done`}
          status={isStarted ? <SyncStatus log={log} /> : <NotStartedStatus />}
          menu={
            canChange && doneCount < plannedCount ? (
              <RowActionsMenu
                label="Workout options"
                actions={[{ id: 'all', label: 'Log the whole workout as prescribed', icon: CheckIcon }]}
                onAction={logAllAsPrescribed}
              />
            ) : undefined
          }
        />
      </div>
      {details ? <WorkoutFacts entry={details} /> : null}
      {isStaff && log.assignmentId ? (
        <AthleteSwitcher assignmentId={log.assignmentId} entryId={log.entryId} />
      ) : null}
      {isSkipped ? (
        <Alert tone="info" role="status" title="This workout was skipped.">
          <p>{details?.skipReason}</p>
        </Alert>
      ) : null}
      <RejectedChanges log={log} />
      {isCompleted ? (
        <Alert tone="info" role="status" title="Completed">
          <p>
            {formatDuration(log.durationSeconds)}
            {log.sessionRpe ? ` · session RPE ${log.sessionRpe}` : ''}
            {log.notes ? ` · ${log.notes}` : ''}
          </p>
          <a
            href={`/app/completed/${log.logId}`}
            onClick={(event) => {
              event.preventDefault();
              router.history.push(`/app/completed/${log.logId}`);
            }}
            className="mt-1 inline-block font-semibold text-primary-ink underline"
          >
            See the completed workout
          </a>
        </Alert>
      ) : null}
      {log.workout.notes ? <p className="text-sm text-foreground">{log.workout.notes}</p> : null}
      {plans.map((plan) => (
        <ExerciseCard
          key={plan.blockExerciseId}
          logId={log.logId}
          beginLog={beginLog}
          athleteId={log.athlete.id}
          plan={plan}
          weightUnit={context.weightUnit}
          barWeight={context.barWeight}
          isLocked={isCompleted || isSkipped}
        />
      ))}
      {/* After the exercises, just above the finish bar: in reach of a thumb while throwing. Pitches go to a
          started log: Start first. */}
      {isStarted && (takesPitches(log.workout) || Object.keys(log.pitches).length > 0) ? (
        <PitchPanel
          logId={log.logId}
          pitches={log.pitches}
          rejected={log.rejected}
          isLocked={isCompleted}
          // The import reads the log on the server: offered once its start has been sent.
          entryId={log.outbox.some((item) => item.kind === 'start') ? undefined : log.entryId}
        />
      ) : null}
      {isSkipped ? null : !isStarted ? (
        <ActionBar>
          <Button className="w-full lg:w-auto" onClick={() => beginLog()} data-tour="start-tracking">
            {forAthlete ? `Start for ${personName(log.athlete)}` : 'Start'}
          </Button>
        </ActionBar>
      ) : !isCompleted ? (
        <ActionBar above={log.rest ? <RestTimer logId={log.logId} rest={log.rest} /> : null}>
          <Button
            className="w-full lg:w-auto"
            data-tour="finish-workout"
            onClick={() => setIsFinishing(true)}
          >
            Finish workout
          </Button>
        </ActionBar>
      ) : null}
      {isFinishing ? (
        <FinishDialog
          startedAt={log.startedAt}
          notLogged={plannedCount - doneCount}
          onLogAsPrescribed={logAllAsPrescribed}
          onFinish={finish}
          onClose={() => setIsFinishing(false)}
        />
      ) : null}
      <CongratsModal onClosed={leave} />
    </div>
  );
}

/**
 * The screen's main action, fixed to the bottom on a phone (sticky on a desktop); the offline notice sits above it
 * (useBottomBar). The rest timer (`above`) floats over the sets on a phone and sits in the bar on a desktop, so the
 * sets never move (ADR 047).
 */
function ActionBar({ children, above }: { children: ReactNode; above?: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);
  useBottomBar(bar);
  return (
    <div
      ref={bar}
      role="region"
      aria-label="Workout actions"
      className="fixed inset-x-0 bottom-0 z-10 border-t border-border bg-surface p-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] lg:sticky lg:bottom-4 lg:flex lg:items-center lg:justify-end lg:gap-3 lg:rounded-2xl lg:border lg:bg-surface/95 lg:p-2 lg:shadow-sm lg:backdrop-blur"
    >
      {above ? (
        <div className="absolute inset-x-3 bottom-full mb-2 lg:static lg:mb-0 lg:w-80">{above}</div>
      ) : null}
      {children}
    </div>
  );
}
