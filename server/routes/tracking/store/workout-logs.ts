import { recordScheduleChange } from '../../../lib/live-events/schedule-events';
import { recordWorkoutLogChange } from '../../../lib/live-events/change-events';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { estimatedOneRm, takesOneRm } from '../../../../contract/strength';
import type {
  LoggedExercise,
  LoggedSetResponse,
  WorkoutLog,
  finishWorkoutLogRequestSchema,
  startWorkoutLogRequestSchema,
  upsertLoggedExerciseRequestSchema,
  upsertLoggedSetRequestSchema,
} from '../../../../contract/tracking';
import { convertLoad } from '../../../../contract/training-vocabulary';
import {
  activities,
  exercises,
  loggedExercises,
  loggedSets,
  scheduleEntries,
  workoutLogs,
  workoutSnapshots,
} from '../../../db/schema';
import { spokenDate } from '../../../lib/calendar-days';
import type { DeviceClock } from '../../../lib/device-clock';
import { invalidFields, notFound } from '../../../lib/errors';
import { recordsSet } from '../../../lib/notifications/makers';
import { notify } from '../../../lib/notifications/notify';
import type { Viewer } from '../../../lib/directory/sessions';
import type { TenantScope } from '../../../lib/tenancy';
import {
  type RecordsTurns,
  recomputeLaterRecords,
  recomputeRecords,
  recordActivity,
  recordTitle,
  recordsOfLogs,
  updateEstimatedMax,
  type LogRow,
  type SetRow,
} from '../../../lib/tracking-records';
import {
  TrackingArea,
  conflict,
  lower,
  othersLog,
  toLoggedExercise,
  toLoggedSet,
  toRecord,
} from './tracking-area';

type StartRequest = z.output<typeof startWorkoutLogRequestSchema>;
type SetRequest = z.output<typeof upsertLoggedSetRequestSchema>;
type ExerciseRequest = z.output<typeof upsertLoggedExerciseRequestSchema>;
type FinishRequest = z.output<typeof finishWorkoutLogRequestSchema>;

/** Tracking a workout: starting its log, its sets and exercises as devices send them, finishing it, reading it. */
export class WorkoutLogs extends TrackingArea {
  constructor(
    tenant: TenantScope,
    viewer: Pick<Viewer, 'user' | 'organization'>,
    /** This process's queue of each athlete's records writes (issue 30). */
    private readonly recordsTurns: RecordsTurns,
  ) {
    super(tenant, viewer);
  }

  /**
   * Starts tracking an entry with a log id made on the device. A replay answers the log as it is (created
   * false); another log id for an entry that has one is refused naming it (fields.logId), so the device adopts it.
   */
  async start(
    logId: string,
    request: StartRequest,
    clock: DeviceClock,
  ): Promise<{ log: WorkoutLog; created: boolean }> {
    return this.tenant.transaction(async (scope) => {
      const existing = await scope.first(workoutLogs, eq(workoutLogs.id, logId));
      if (existing) return { log: await this.startedBefore(scope, existing, request), created: false };
      const entry = await scope.first(scheduleEntries, eq(scheduleEntries.id, request.entryId));
      if (!entry) throw notFound('This workout is not on the schedule (it may have been deleted).');
      if (this.isAthlete && entry.athleteId !== this.viewer.user.id) throw othersLog();
      if (entry.status === 'skipped') {
        throw conflict(
          `${entry.name} on ${spokenDate(entry.date)} is skipped: take the skip back to track it.`,
        );
      }
      const other = await scope.first(workoutLogs, eq(workoutLogs.entryId, entry.id));
      // This very start may have committed since the first read (sent twice at once).
      if (other?.id === logId)
        return { log: await this.startedBefore(scope, other, request), created: false };
      if (other) throw alreadyTracked(entry, other.id);
      const [log] = await scope.insertMissing(workoutLogs, {
        id: logId,
        entryId: entry.id,
        athleteId: entry.athleteId,
        date: entry.date,
        category: entry.category,
        snapshotId: entry.snapshotId,
        startedAt: clock.serverTime(request.startedAt),
        startedBy: this.viewer.user.id,
      });
      if (!log) {
        // A key clashed with a start that committed while this one waited (another device's start of the entry,
        // or this very start sent twice at once): each statement reads afresh, so the winner is visible now.
        const [sameId, sameEntry] = await Promise.all([
          scope.first(workoutLogs, eq(workoutLogs.id, logId)),
          scope.first(workoutLogs, eq(workoutLogs.entryId, entry.id)),
        ]);
        if (sameId) return { log: await this.startedBefore(scope, sameId, request), created: false };
        if (sameEntry) throw alreadyTracked(entry, sameEntry.id);
        // The id is another organisation's (ids are made on devices): never say whose.
        throw conflict('This workout log id is taken: make a new one.');
      }
      if (entry.status === 'scheduled') {
        await scope.update(
          scheduleEntries,
          { status: 'in_progress', updatedAt: new Date() },
          eq(scheduleEntries.id, entry.id),
        );
      }
      await recordWorkoutLogChange(scope, log);
      await recordScheduleChange(scope, { entries: [entry] });
      return { log: await this.view(scope, log), created: true };
    });
  }

  /** A start replayed for a log that exists: the log, when it is this entry's and the viewer may track it. */
  private async startedBefore(scope: TenantScope, log: LogRow, request: StartRequest): Promise<WorkoutLog> {
    if (this.isAthlete && log.athleteId !== this.viewer.user.id) throw othersLog();
    if (log.entryId !== lower(request.entryId)) {
      throw conflict('This workout log belongs to another scheduled workout.', { logId: log.id });
    }
    return this.view(scope, log);
  }

  async find(entryId: string): Promise<WorkoutLog | null> {
    const log = await this.tenant.first(workoutLogs, eq(workoutLogs.entryId, entryId));
    if (!log) return null;
    if (this.isAthlete && log.athleteId !== this.viewer.user.id) throw othersLog();
    return this.view(this.tenant, log);
  }

  async get(logId: string): Promise<WorkoutLog> {
    return this.view(this.tenant, await this.logFor(this.tenant, logId));
  }

  /** The log's athlete known without a read (an athlete writes only their own logs: logFor refuses others'). */
  private get ownAthleteId(): string | undefined {
    return this.isAthlete ? this.viewer.user.id : undefined;
  }

  /** The block exercise a set or an exercise change names, from the entry's copy of the workout. */
  private async blockExercise(scope: TenantScope, log: LogRow, blockExerciseId: string) {
    const key = `${scope.organizationId}:${log.snapshotId}`;
    let planned = plannedExercises.get(key);
    if (!planned) {
      const [snapshot] = await scope.selectFields(
        workoutSnapshots,
        { blocks: workoutSnapshots.blocks },
        { where: eq(workoutSnapshots.id, log.snapshotId) },
      );
      planned = (snapshot?.blocks ?? []).flatMap((block) =>
        block.exercises.map((entry) => ({ id: entry.id, exerciseId: entry.exerciseId })),
      );
      if (plannedExercises.size >= 1000) plannedExercises.clear();
      plannedExercises.set(key, planned);
    }
    const found = planned.find((entry) => entry.id === lower(blockExerciseId));
    if (!found) {
      throw invalidFields({ blockExerciseId: 'This exercise is not in the workout being tracked' });
    }
    return found;
  }

  /** The exercise done in a block's place: its own, or one of the same category (a swap). */
  private async checkSwap(scope: TenantScope, blockExerciseId: string, exerciseId: string) {
    if (lower(exerciseId) === blockExerciseId) return;
    const rows = await scope.selectFields(
      exercises,
      { id: exercises.id, category: exercises.category, name: exercises.name },
      { where: inArray(exercises.id, [blockExerciseId, exerciseId]) },
    );
    checkSwapOf(rows, blockExerciseId, exerciseId);
  }

  /** Name, category and measures of these exercises, for the checks, the estimate and the answer of a set write. */
  private async exerciseFacts(scope: TenantScope, ids: string[]) {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return [];
    return scope.selectFields(
      exercises,
      {
        id: exercises.id,
        name: exercises.name,
        category: exercises.category,
        measures: exercises.measures,
      },
      { where: inArray(exercises.id, wanted) },
    );
  }

  /**
   * Writes a set as the device has it, unless the server has a later change of it (then the answer carries
   * that one, applied false). Allowed on completed logs too: a set synced late must still land. The log's
   * records and the athlete's estimated max are recomputed in the same transaction.
   */
  async upsertSet(
    logId: string,
    setId: string,
    request: SetRequest,
    clock: DeviceClock,
  ): Promise<LoggedSetResponse> {
    return this.recordsTurns.run(this.tenant, logId, this.ownAthleteId, async (scope) => {
      // One round trip: the driver pipelines the reads of a transaction.
      const [log, existing, recordsBefore] = await Promise.all([
        this.logFor(scope, logId),
        scope.first(loggedSets, eq(loggedSets.id, setId)),
        recordsOfLogs(scope, [logId]),
      ]);
      // One read of the exercises this write names serves the swap's check, the estimate, records and the answer.
      const asked = new Set([
        lower(request.exerciseId),
        ...(existing ? [existing.exerciseId] : []),
        ...recordsBefore.map((record) => record.exerciseId),
      ]);
      const [planned, facts] = await Promise.all([
        this.blockExercise(scope, log, request.blockExerciseId),
        this.exerciseFacts(scope, [...asked]),
      ]);
      if (lower(request.exerciseId) !== planned.exerciseId) {
        const plannedFacts = asked.has(planned.exerciseId)
          ? []
          : await this.exerciseFacts(scope, [planned.exerciseId]);
        checkSwapOf([...facts, ...plannedFacts], planned.exerciseId, request.exerciseId);
      }
      const names = new Map(facts.map((fact) => [fact.id, fact.name]));
      const takingOneRm = new Set(facts.filter((fact) => takesOneRm(fact)).map((fact) => fact.id));
      const changedAt = clock.serverTime(request.changedAt);
      if (existing && existing.logId !== log.id) {
        throw conflict('This set belongs to another workout log.');
      }
      let row = existing;
      let applied = false;
      if (!existing || existing.changedAt.getTime() <= changedAt.getTime()) {
        // Only a loaded strength exercise gets an estimate (ADR 048): no "e1RM" of a med-ball pass.
        const estimate = takingOneRm.has(lower(request.exerciseId))
          ? estimatedOneRm(request.load, request.reps)
          : null;
        const toKg = (value: number | null) =>
          value === null || request.loadUnit === null ? null : convertLoad(value, request.loadUnit, 'kg');
        const values = {
          blockExerciseId: planned.id,
          exerciseId: lower(request.exerciseId),
          setNumber: request.setNumber,
          reps: request.reps,
          load: request.load,
          loadUnit: request.load === null ? null : request.loadUnit,
          loadKg: toKg(request.load),
          rpe: request.rpe,
          timeSeconds: request.timeSeconds,
          distance: request.distance,
          distanceUnit: request.distance === null ? null : request.distanceUnit,
          velocityMph: request.velocityMph,
          done: request.done,
          removed: request.removed,
          estimatedOneRm: estimate,
          estimatedOneRmKg: toKg(estimate),
          changedAt,
          changedBy: this.viewer.user.id,
        };
        const [written] = await scope.upsert(
          loggedSets,
          { id: setId, logId: log.id, athleteId: log.athleteId, performedOn: log.date, ...values },
          {
            target: [loggedSets.id],
            set: values,
            when: and(eq(loggedSets.logId, log.id), lte(loggedSets.changedAt, changedAt)),
          },
        );
        if (written) {
          row = written;
          applied = true;
        } else {
          // Another device's later change landed meanwhile, or the id is another organisation's.
          row = await scope.first(loggedSets, and(eq(loggedSets.id, setId), eq(loggedSets.logId, log.id))!);
          if (!row) throw conflict('This set id is taken: make a new one.');
        }
      }
      let records = recordsBefore;
      if (applied && changesBests(existing, row!)) {
        const exerciseIds = [...new Set([row!.exerciseId, ...(existing ? [existing.exerciseId] : [])])];
        const exerciseName = (exerciseId: string) => Promise.resolve(names.get(exerciseId) ?? 'An exercise');
        const recompute = async () => {
          for (const exerciseId of exerciseIds) {
            records = await recomputeRecords(scope, log, exerciseId, records, {
              unit: this.unit,
              exerciseName: () => exerciseName(exerciseId),
              actorId: this.viewer.user.id,
              takingOneRm,
            });
          }
        };
        await Promise.all([recompute(), updateEstimatedMax(scope, row!)]);
        await recomputeLaterRecords(scope, log, exerciseIds, {
          unit: this.unit,
          exerciseName,
          actorId: this.viewer.user.id,
          takingOneRm,
        });
      }
      // Only a set another write kept can name an exercise not read above.
      const unread = [row!.exerciseId, ...records.map((record) => record.exerciseId)].filter(
        (id) => !asked.has(id),
      );
      const [people, moreNames] = await Promise.all([
        this.people(scope, [row!.changedBy, log.athleteId]),
        this.exerciseNames(scope, unread),
      ]);
      for (const [id, name] of moreNames) names.set(id, name);
      // Last: from here every writer of live events waits for this transaction's commit (ADR 086).
      if (applied) {
        const newRecord = records.some((record) => !recordsBefore.some((before) => before.id === record.id));
        await recordWorkoutLogChange(scope, log, { alsoActivity: newRecord });
      }
      return {
        data: toLoggedSet(row!, names, people),
        applied,
        records: records.map((record) => toRecord(record, names, people)),
      };
    });
  }

  /** A swap or notes for an exercise of the log; the later change (changedAt) wins. */
  async upsertExercise(
    logId: string,
    blockExerciseId: string,
    request: ExerciseRequest,
    clock: DeviceClock,
  ): Promise<{ data: LoggedExercise; applied: boolean }> {
    return this.tenant.transaction(async (scope) => {
      const log = await this.logFor(scope, logId);
      const planned = await this.blockExercise(scope, log, blockExerciseId);
      await this.checkSwap(scope, planned.exerciseId, request.exerciseId);
      const changedAt = clock.serverTime(request.changedAt);
      const values = {
        exerciseId: lower(request.exerciseId),
        ...(request.notes !== undefined ? { notes: request.notes } : {}),
        changedAt,
        changedBy: this.viewer.user.id,
      };
      const [written] = await scope.upsert(
        loggedExercises,
        { logId: log.id, blockExerciseId: planned.id, ...values },
        {
          target: [loggedExercises.logId, loggedExercises.blockExerciseId],
          set: values,
          when: lte(loggedExercises.changedAt, changedAt),
        },
      );
      const row =
        written ??
        (await scope.first(
          loggedExercises,
          and(eq(loggedExercises.logId, log.id), eq(loggedExercises.blockExerciseId, planned.id))!,
        ));
      if (written) await recordWorkoutLogChange(scope, log);
      const names = await this.exerciseNames(scope, [row!.exerciseId]);
      return { data: toLoggedExercise(row!, names), applied: written !== undefined };
    });
  }

  /**
   * Completes the log and its entry and tells the activity feed (the workout and each record). Finishing a
   * completed log changes nothing and answers it as it is.
   */
  async finish(
    logId: string,
    request: FinishRequest,
    clock: DeviceClock,
  ): Promise<{ log: WorkoutLog; finished: boolean }> {
    return this.recordsTurns.run(this.tenant, logId, this.ownAthleteId, async (scope) => {
      const log = await this.logFor(scope, logId);
      if (log.status === 'completed') return { log: await this.view(scope, log), finished: false };
      const [completed] = await scope.update(
        workoutLogs,
        {
          status: 'completed',
          finishedAt: clock.serverTime(request.finishedAt),
          durationSeconds: request.durationSeconds,
          sessionRpe: request.sessionRpe,
          ...(request.notes !== undefined ? { notes: request.notes } : {}),
          finishedBy: this.viewer.user.id,
          updatedAt: new Date(),
        },
        and(eq(workoutLogs.id, log.id), eq(workoutLogs.status, 'in_progress'))!,
      );
      if (!completed) return { log: await this.view(scope, log), finished: false };
      const [entry] = await scope.update(
        scheduleEntries,
        { status: 'completed', updatedAt: new Date() },
        eq(scheduleEntries.id, log.entryId),
      );
      await scope.insert(activities, {
        kind: 'workout_completed',
        actorId: this.viewer.user.id,
        athleteId: log.athleteId,
        title: entry?.name ?? 'A workout',
        workoutLogId: log.id,
      });
      const records = await recordsOfLogs(scope, [log.id]);
      const names = await this.exerciseNames(
        scope,
        records.map((record) => record.exerciseId),
      );
      for (const record of records) {
        await recordActivity(
          scope,
          record,
          names.get(record.exerciseId) ?? 'An exercise',
          this.viewer.user.id,
        );
      }
      const titles = records.map((record) =>
        recordTitle(record, names.get(record.exerciseId) ?? 'An exercise'),
      );
      await notify(scope, await recordsSet(scope, this.viewer.organization, log, titles), {
        actorId: this.viewer.user.id,
      });
      await recordWorkoutLogChange(scope, log, { alsoActivity: true });
      if (entry) await recordScheduleChange(scope, { entries: [entry] });
      return { log: await this.view(scope, completed), finished: true };
    });
  }
}

/** The entry has a log made on another device: its id, so that this device moves its writes there. */
const alreadyTracked = (entry: { name: string; date: string }, logId: string) =>
  conflict(`${entry.name} on ${spokenDate(entry.date)} is already being tracked.`, { logId });

/** The block exercises of each copy of a workout: copies never change, so they are kept once read. */
const plannedExercises = new Map<string, { id: string; exerciseId: string }[]>();

/** A swap's check, given the block's and the swap's exercise rows as read. */
function checkSwapOf(
  rows: { id: string; category: string; name: string }[],
  blockExerciseId: string,
  exerciseId: string,
) {
  const planned = rows.find((row) => row.id === blockExerciseId);
  const swap = rows.find((row) => row.id === lower(exerciseId));
  if (!swap) throw invalidFields({ exerciseId: 'There is no such exercise in your library' });
  if (planned && planned.category !== swap.category) {
    throw invalidFields({
      exerciseId: `${swap.name} is not a ${planned.category} exercise: swap for one of the same category`,
    });
  }
}

/** Whether a set's change can move records or maxes: what counts of it (done, reps, load, velocity, exercise). */
function changesBests(before: SetRow | undefined, after: SetRow): boolean {
  const counts = (set: SetRow | undefined) => set !== undefined && set.done && !set.removed;
  if (!counts(before) && !counts(after)) return false;
  return (
    !counts(before) ||
    !counts(after) ||
    before!.exerciseId !== after.exerciseId ||
    before!.reps !== after.reps ||
    before!.loadKg !== after.loadKg ||
    before!.velocityMph !== after.velocityMph
  );
}
