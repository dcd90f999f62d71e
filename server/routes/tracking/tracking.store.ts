import { and, asc, between, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { errorCodes } from '../../../contract/errors';
import { estimatedOneRm } from '../../../contract/strength';
import {
  trackingLimits,
  type Activity,
  type ActivityListResponse,
  type AthleteMax,
  type AthleteTrainingResponse,
  type CompletedWorkoutListResponse,
  type ExerciseHistoryResponse,
  type LoggedExercise,
  type LoggedSet,
  type LoggedSetResponse,
  type LogCorrection,
  type PersonalRecord,
  type WeekComplianceResponse,
  type WorkoutLog,
  type activityQuerySchema,
  type completedWorkoutQuerySchema,
  type correctWorkoutLogRequestSchema,
  type exerciseHistoryQuerySchema,
  type finishWorkoutLogRequestSchema,
  type recordMaxRequestSchema,
  type startWorkoutLogRequestSchema,
  type upsertLoggedExerciseRequestSchema,
  type upsertLoggedSetRequestSchema,
} from '../../../contract/tracking';
import { convertLoad, type WeightUnit } from '../../../contract/training-vocabulary';
import {
  activities,
  athleteGroupMembers,
  athleteGroups,
  athleteMaxes,
  exercises,
  logCorrections,
  loggedExercises,
  loggedSets,
  personalRecords,
  scheduleEntries,
  users,
  workoutLogs,
  workoutSnapshots,
} from '../../db/schema';
import { addCalendarDays, calendarDaysFrom, spokenDate, todayIn, weekOf } from '../../lib/calendar-days';
import type { SignedInVariables } from '../../lib/context';
import type { Viewer } from '../../lib/directory/sessions';
import { ApiError, forbidden, invalidFields, notFound } from '../../lib/errors';
import { groupMemberIds } from '../../lib/schedule-placement';
import type { TenantScope } from '../../lib/tenancy';
import {
  counted,
  fromKg,
  recomputeRecords,
  recordActivity,
  recordsOfLogs,
  rounded,
  updateEstimatedMax,
  type LogRow,
  type RecordRow,
  type SetRow,
} from '../../lib/tracking-records';

type StartRequest = z.output<typeof startWorkoutLogRequestSchema>;
type SetRequest = z.output<typeof upsertLoggedSetRequestSchema>;
type ExerciseRequest = z.output<typeof upsertLoggedExerciseRequestSchema>;
type FinishRequest = z.output<typeof finishWorkoutLogRequestSchema>;
type CorrectionRequest = z.output<typeof correctWorkoutLogRequestSchema>;
type MaxRequest = z.output<typeof recordMaxRequestSchema>;
type HistoryQuery = z.output<typeof exerciseHistoryQuerySchema>;
type CompletedQuery = z.output<typeof completedWorkoutQuerySchema>;
type ActivityQuery = z.output<typeof activityQuerySchema>;
type PersonRef = { id: string; firstName: string; lastName: string };
type MaxRow = typeof athleteMaxes.$inferSelect;
type CorrectionValue = LogCorrection['changes'][number]['before'];

const logNotFound = () =>
  notFound('There is no such workout log: start the workout first (it may also have been removed).');
const othersLog = () => forbidden('Athletes track and read their own workouts only.');
const conflict = (message: string, fields?: Record<string, string>) =>
  new ApiError(409, errorCodes.conflict, message, fields);
const unknownPerson: PersonRef = {
  id: '00000000-0000-0000-0000-000000000000',
  firstName: 'Former',
  lastName: 'user',
};

const fullName = (person: PersonRef) => `${person.firstName} ${person.lastName}`;
const lower = (id: string) => id.toLowerCase();

/** Tracking's database work (issue 15, ADR 035), through the organisation's TenantScope only. */
export class TrackingStore {
  constructor(
    private readonly tenant: TenantScope,
    private readonly viewer: Pick<Viewer, 'user' | 'organization'>,
  ) {}

  private get isAthlete() {
    return this.viewer.user.role === 'athlete';
  }

  private get unit(): WeightUnit {
    return this.viewer.organization.weightUnit;
  }

  private today() {
    return todayIn(this.viewer.organization.timeZone);
  }

  // ——— Access ———

  /** A log of the organisation the viewer may track: an athlete's own only (another's 403, none 404). */
  private async logFor(scope: TenantScope, logId: string): Promise<LogRow> {
    const log = await scope.first(workoutLogs, eq(workoutLogs.id, logId));
    if (!log) throw logNotFound();
    if (this.isAthlete && log.athleteId !== this.viewer.user.id) throw othersLog();
    return log;
  }

  /** An athlete of the organisation whose training the viewer may read: athletes only their own. */
  private async athleteFor(athleteId: string): Promise<PersonRef> {
    if (this.isAthlete && lower(athleteId) !== this.viewer.user.id) {
      throw forbidden('Athletes see their own training only.');
    }
    const [athlete] = await this.tenant.selectFields(
      users,
      { id: users.id, firstName: users.firstName, lastName: users.lastName },
      { where: and(eq(users.id, athleteId), eq(users.role, 'athlete')), limit: 1 },
    );
    if (!athlete) throw notFound('There is no such athlete in your organisation.');
    return athlete;
  }

  // ——— Workout logs ———

  /**
   * Starts tracking an entry with a log id made on the device. A replay answers the log as it is (created
   * false); another log id for an entry that has one is refused naming it (fields.logId), so the device adopts it.
   */
  async start(logId: string, request: StartRequest): Promise<{ log: WorkoutLog; created: boolean }> {
    return this.tenant.transaction(async (scope) => {
      const existing = await scope.first(workoutLogs, eq(workoutLogs.id, logId));
      if (existing) {
        if (this.isAthlete && existing.athleteId !== this.viewer.user.id) throw othersLog();
        if (existing.entryId !== lower(request.entryId)) {
          throw conflict('This workout log belongs to another scheduled workout.', { logId: existing.id });
        }
        return { log: await this.view(scope, existing), created: false };
      }
      const entry = await scope.first(scheduleEntries, eq(scheduleEntries.id, request.entryId));
      if (!entry) throw notFound('This workout is not on the schedule (it may have been deleted).');
      if (this.isAthlete && entry.athleteId !== this.viewer.user.id) throw othersLog();
      if (entry.status === 'skipped') {
        throw conflict(
          `${entry.name} on ${spokenDate(entry.date)} is skipped: take the skip back to track it.`,
        );
      }
      const [other] = await scope.selectFields(
        workoutLogs,
        { id: workoutLogs.id },
        { where: eq(workoutLogs.entryId, entry.id) },
      );
      if (other) {
        throw conflict(`${entry.name} on ${spokenDate(entry.date)} is already being tracked.`, {
          logId: other.id,
        });
      }
      const [log] = await scope.insertMissing(workoutLogs, {
        id: logId,
        entryId: entry.id,
        athleteId: entry.athleteId,
        date: entry.date,
        category: entry.category,
        snapshotId: entry.snapshotId,
        startedAt: new Date(request.startedAt),
        startedBy: this.viewer.user.id,
      });
      // The id is another organisation's (ids are made on devices): never say whose.
      if (!log) throw conflict('This workout log id is taken: make a new one.');
      if (entry.status === 'scheduled') {
        await scope.update(
          scheduleEntries,
          { status: 'in_progress', updatedAt: new Date() },
          eq(scheduleEntries.id, entry.id),
        );
      }
      return { log: await this.view(scope, log), created: true };
    });
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
    const planned = rows.find((row) => row.id === blockExerciseId);
    const swap = rows.find((row) => row.id === lower(exerciseId));
    if (!swap) throw invalidFields({ exerciseId: 'There is no such exercise in your library' });
    if (planned && planned.category !== swap.category) {
      throw invalidFields({
        exerciseId: `${swap.name} is not a ${planned.category} exercise: swap for one of the same category`,
      });
    }
  }

  /**
   * Writes a set as the device has it, unless the server has a later change of it (then the answer carries
   * that one, applied false). Allowed on completed logs too: a set synced late must still land. The log's
   * records and the athlete's estimated max are recomputed in the same transaction.
   */
  async upsertSet(logId: string, setId: string, request: SetRequest): Promise<LoggedSetResponse> {
    return this.tenant.transaction(async (scope) => {
      // One round trip: the driver pipelines the reads of a transaction.
      const [log, existing, recordsBefore] = await Promise.all([
        this.logFor(scope, logId),
        scope.first(loggedSets, eq(loggedSets.id, setId)),
        recordsOfLogs(scope, [logId]),
      ]);
      const planned = await this.blockExercise(scope, log, request.blockExerciseId);
      await this.checkSwap(scope, planned.exerciseId, request.exerciseId);
      const changedAt = new Date(request.changedAt);
      if (existing && existing.logId !== log.id) {
        throw conflict('This set belongs to another workout log.');
      }
      let row = existing;
      let applied = false;
      if (!existing || existing.changedAt.getTime() <= changedAt.getTime()) {
        const estimate = estimatedOneRm(request.load, request.reps);
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
        const recompute = async () => {
          for (const exerciseId of exerciseIds) {
            records = await recomputeRecords(scope, log, exerciseId, records, {
              unit: this.unit,
              exerciseName: async () =>
                (await this.exerciseNames(scope, [exerciseId])).get(exerciseId) ?? 'An exercise',
              actorId: this.viewer.user.id,
            });
          }
        };
        await Promise.all([recompute(), updateEstimatedMax(scope, row!)]);
      }
      const [people, names] = await Promise.all([
        this.people(scope, [row!.changedBy, log.athleteId]),
        this.exerciseNames(scope, [row!.exerciseId, ...records.map((record) => record.exerciseId)]),
      ]);
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
  ): Promise<{ data: LoggedExercise; applied: boolean }> {
    return this.tenant.transaction(async (scope) => {
      const log = await this.logFor(scope, logId);
      const planned = await this.blockExercise(scope, log, blockExerciseId);
      await this.checkSwap(scope, planned.exerciseId, request.exerciseId);
      const changedAt = new Date(request.changedAt);
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
      const names = await this.exerciseNames(scope, [row!.exerciseId]);
      return { data: toLoggedExercise(row!, names), applied: written !== undefined };
    });
  }

  /**
   * Completes the log and its entry and tells the activity feed (the workout and each record). Finishing a
   * completed log changes nothing and answers it as it is.
   */
  async finish(logId: string, request: FinishRequest): Promise<{ log: WorkoutLog; finished: boolean }> {
    return this.tenant.transaction(async (scope) => {
      const log = await this.logFor(scope, logId);
      if (log.status === 'completed') return { log: await this.view(scope, log), finished: false };
      const [completed] = await scope.update(
        workoutLogs,
        {
          status: 'completed',
          finishedAt: new Date(request.finishedAt),
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
      return { log: await this.view(scope, completed), finished: true };
    });
  }

  /**
   * A staff correction of a completed log: the changed values are applied, and the correction keeps each
   * one's value before and after, who made it, when and why. Nothing changed records nothing.
   */
  async correct(logId: string, request: CorrectionRequest): Promise<{ log: WorkoutLog; changed: number }> {
    return this.tenant.transaction(async (scope) => {
      const log = await this.logFor(scope, logId);
      if (log.status !== 'completed') {
        throw conflict('Only a completed workout is corrected: while it is in progress, change its sets.');
      }
      const changes: LogCorrection['changes'] = [];
      const note = (target: string, field: string, before: CorrectionValue, after: CorrectionValue) => {
        if (before !== after) changes.push({ target, field, before, after });
      };
      const session: Partial<LogRow> = {};
      const asked = request.session ?? {};
      if (asked.durationSeconds !== undefined) {
        note('session', 'durationSeconds', log.durationSeconds, asked.durationSeconds);
        session.durationSeconds = asked.durationSeconds;
      }
      if (asked.sessionRpe !== undefined) {
        note('session', 'sessionRpe', log.sessionRpe, asked.sessionRpe);
        session.sessionRpe = asked.sessionRpe;
      }
      if (asked.notes !== undefined) {
        note('session', 'notes', log.notes, asked.notes);
        session.notes = asked.notes;
      }
      const setIds = request.sets.map((set) => lower(set.id));
      const current =
        setIds.length === 0
          ? []
          : await scope.select(loggedSets, {
              where: and(eq(loggedSets.logId, log.id), inArray(loggedSets.id, setIds)),
            });
      const byId = new Map(current.map((row) => [row.id, row]));
      const problems: Record<string, string> = {};
      const updates: { row: SetRow; values: Partial<SetRow> }[] = [];
      request.sets.forEach((asked, index) => {
        const row = byId.get(lower(asked.id));
        if (!row) {
          problems[`sets.${index}.id`] = 'This set is not in the workout log';
          return;
        }
        const { id: _id, ...fields } = asked;
        const next = {
          ...row,
          ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
        };
        if (next.load !== null && next.loadUnit === null) {
          problems[`sets.${index}.loadUnit`] = 'Choose lb or kg';
          return;
        }
        for (const field of Object.keys(fields) as (keyof typeof fields)[]) {
          if (fields[field] === undefined) continue;
          note(row.id, field, row[field], next[field]);
        }
        const estimate = estimatedOneRm(next.load, next.reps);
        const toKg = (value: number | null) =>
          value === null || next.loadUnit === null ? null : convertLoad(value, next.loadUnit, 'kg');
        updates.push({
          row,
          values: {
            reps: next.reps,
            load: next.load,
            loadUnit: next.load === null ? null : next.loadUnit,
            loadKg: toKg(next.load),
            rpe: next.rpe,
            timeSeconds: next.timeSeconds,
            distance: next.distance,
            velocityMph: next.velocityMph,
            done: next.done,
            estimatedOneRm: estimate,
            estimatedOneRmKg: toKg(estimate),
            // A correction is a change of its own: a device's older change replayed later does not undo it.
            changedAt: new Date(),
            changedBy: this.viewer.user.id,
          },
        });
      });
      if (Object.keys(problems).length > 0) throw invalidFields(problems);
      if (changes.length === 0) return { log: await this.view(scope, log), changed: 0 };

      let corrected = log;
      if (Object.keys(session).length > 0) {
        [corrected] = (await scope.update(
          workoutLogs,
          { ...session, updatedAt: new Date() },
          eq(workoutLogs.id, log.id),
        )) as [LogRow];
      }
      const touched = new Set<string>();
      for (const { row, values } of updates) {
        if (!changes.some((change) => change.target === row.id)) continue;
        const [updated] = await scope.update(loggedSets, values, eq(loggedSets.id, row.id));
        await updateEstimatedMax(scope, updated!);
        touched.add(row.exerciseId);
      }
      const names = await this.exerciseNames(scope, [...touched]);
      let records = await recordsOfLogs(scope, [log.id]);
      for (const exerciseId of touched) {
        records = await recomputeRecords(scope, corrected, exerciseId, records, {
          unit: this.unit,
          exerciseName: () => Promise.resolve(names.get(exerciseId) ?? 'An exercise'),
          actorId: this.viewer.user.id,
        });
      }
      await scope.insert(logCorrections, {
        logId: log.id,
        correctedBy: this.viewer.user.id,
        reason: request.reason ? request.reason : null,
        changes,
      });
      return { log: await this.view(scope, corrected), changed: changes.length };
    });
  }

  /** A log as the screens show it: sets, exercises, records, corrections, who, and the volume lifted. */
  private async view(scope: TenantScope, log: LogRow): Promise<WorkoutLog> {
    const [entry, sets, exerciseRows, records, corrections] = await Promise.all([
      scope.first(scheduleEntries, eq(scheduleEntries.id, log.entryId)),
      scope.select(loggedSets, {
        where: eq(loggedSets.logId, log.id),
        orderBy: [asc(loggedSets.blockExerciseId), asc(loggedSets.setNumber), asc(loggedSets.id)],
      }),
      scope.select(loggedExercises, { where: eq(loggedExercises.logId, log.id) }),
      recordsOfLogs(scope, [log.id]),
      scope.select(logCorrections, {
        where: eq(logCorrections.logId, log.id),
        orderBy: [asc(logCorrections.createdAt)],
      }),
    ]);
    const [people, names] = await Promise.all([
      this.people(scope, [
        log.athleteId,
        log.startedBy,
        log.finishedBy,
        ...sets.map((set) => set.changedBy),
        ...corrections.map((correction) => correction.correctedBy),
      ]),
      this.exerciseNames(scope, [
        ...sets.map((set) => set.exerciseId),
        ...exerciseRows.map((row) => row.exerciseId),
        ...records.map((record) => record.exerciseId),
      ]),
    ]);
    const done = sets.filter((set) => set.done && !set.removed);
    const volumeKg = done.reduce((sum, set) => sum + (set.reps ?? 0) * (set.loadKg ?? 0), 0);
    return {
      id: log.id,
      entryId: log.entryId,
      date: log.date,
      athlete: people.get(log.athleteId) ?? unknownPerson,
      workoutName: entry?.name ?? 'Workout',
      category: log.category,
      status: log.status,
      startedAt: log.startedAt.toISOString(),
      finishedAt: log.finishedAt?.toISOString() ?? null,
      durationSeconds: log.durationSeconds,
      sessionRpe: log.sessionRpe,
      notes: log.notes,
      startedBy: personOf(people, log.startedBy),
      finishedBy: log.finishedBy ? personOf(people, log.finishedBy) : null,
      exercises: exerciseRows.map((row) => toLoggedExercise(row, names)),
      sets: sets.map((set) => toLoggedSet(set, names, people)),
      records: records.map((record) => toRecord(record, names, people)),
      corrections: corrections.map((correction) => ({
        id: correction.id,
        correctedBy: personOf(people, correction.correctedBy),
        correctedAt: correction.createdAt.toISOString(),
        reason: correction.reason,
        changes: correction.changes,
      })),
      volume: rounded(fromKg(volumeKg, this.unit)),
      volumeUnit: this.unit,
      doneSetCount: done.length,
    };
  }

  /** People by id; the viewer is known without asking the database (most answers name only it). */
  private async people(scope: TenantScope, ids: (string | null)[]): Promise<Map<string, PersonRef>> {
    const { id, firstName, lastName } = this.viewer.user;
    const known = new Map<string, PersonRef>([[id, { id, firstName, lastName }]]);
    const wanted = [...new Set(ids.filter((other): other is string => other !== null && other !== id))];
    if (wanted.length === 0) return known;
    const rows = await scope.selectFields(
      users,
      { id: users.id, firstName: users.firstName, lastName: users.lastName },
      { where: inArray(users.id, wanted) },
    );
    for (const row of rows) known.set(row.id, row);
    return known;
  }

  private async exerciseNames(scope: TenantScope, ids: string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map();
    const rows = await scope.selectFields(
      exercises,
      { id: exercises.id, name: exercises.name },
      { where: inArray(exercises.id, wanted) },
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  // ——— Maxes ———

  /** The athlete's current maxes: the latest of each exercise and kind. */
  async maxes(athleteId: string): Promise<AthleteMax[]> {
    const athlete = await this.athleteFor(athleteId);
    return this.currentMaxes(athlete.id);
  }

  private async currentMaxes(athleteId: string): Promise<AthleteMax[]> {
    const rows = await this.tenant.select(athleteMaxes, {
      where: eq(athleteMaxes.athleteId, athleteId),
      orderBy: [desc(athleteMaxes.recordedOn), desc(athleteMaxes.createdAt)],
    });
    const current = new Map<string, MaxRow>();
    for (const row of rows) {
      const key = `${row.exerciseId}:${row.kind}`;
      if (!current.has(key)) current.set(key, row);
    }
    const latest = [...current.values()];
    const [names, people] = await Promise.all([
      this.exerciseNames(
        this.tenant,
        latest.map((row) => row.exerciseId),
      ),
      this.people(
        this.tenant,
        latest.map((row) => row.recordedBy),
      ),
    ]);
    return latest
      .map((row) => toMax(row, names, people))
      .sort((a, b) => a.exerciseName.localeCompare(b.exerciseName) || a.kind.localeCompare(b.kind));
  }

  /** Staff record a tested 1RM or velocity best; it is the current max from its date on. */
  async recordMax(athleteId: string, request: MaxRequest): Promise<{ max: AthleteMax; message: string }> {
    const athlete = await this.athleteFor(athleteId);
    const names = await this.exerciseNames(this.tenant, [lower(request.exerciseId)]);
    const exerciseName = names.get(lower(request.exerciseId));
    if (!exerciseName) throw invalidFields({ exerciseId: 'There is no such exercise in your library' });
    const comparable =
      request.kind === 'one_rm' && request.unit !== 'mph'
        ? convertLoad(request.value, request.unit, 'kg')
        : request.value;
    const [row] = await this.tenant.insert(athleteMaxes, {
      athleteId: athlete.id,
      exerciseId: lower(request.exerciseId),
      kind: request.kind,
      value: request.value,
      unit: request.unit,
      comparable,
      source: 'tested',
      recordedOn: request.testedOn,
      recordedBy: this.viewer.user.id,
    });
    const people = await this.people(this.tenant, [this.viewer.user.id]);
    const what = request.kind === 'one_rm' ? '1RM' : 'best velocity';
    return {
      max: toMax(row!, names, people),
      message: `${fullName(athlete)}'s ${exerciseName} ${what} is ${request.value} ${request.unit}.`,
    };
  }

  // ——— An athlete's training ———

  /** One point per log of the exercise in the range (two years back by default). */
  async history(athleteId: string, query: HistoryQuery): Promise<ExerciseHistoryResponse> {
    const athlete = await this.athleteFor(athleteId);
    const to = query.to ?? this.today();
    const from = query.from ?? addCalendarDays(to, -730);
    if (calendarDaysFrom(from, to) < 0) throw invalidFields({ to: 'The end is before the start' }, 'query');
    if (calendarDaysFrom(from, to) > trackingLimits.historyDaysMax) {
      throw invalidFields({ from: `At most ${trackingLimits.historyDaysMax} days at once` }, 'query');
    }
    const exerciseId = lower(query.exerciseId);
    const names = await this.exerciseNames(this.tenant, [exerciseId]);
    const name = names.get(exerciseId);
    if (!name) throw notFound('There is no such exercise in your library.');
    const heaviestFirst = sql`${loggedSets.loadKg} desc nulls last, ${loggedSets.reps} desc nulls last`;
    const rows = await this.tenant.selectFields(
      loggedSets,
      {
        logId: loggedSets.logId,
        date: loggedSets.performedOn,
        estimateKg: sql<number | null>`max(${loggedSets.estimatedOneRmKg})`,
        topLoadKg: sql<number | null>`(array_agg(${loggedSets.loadKg} order by ${heaviestFirst}))[1]`,
        topReps: sql<number | null>`(array_agg(${loggedSets.reps} order by ${heaviestFirst}))[1]`,
        velocity: sql<number | null>`max(${loggedSets.velocityMph})`,
        doneSets: sql<number>`count(*)::int`,
      },
      {
        where: and(
          eq(loggedSets.athleteId, athlete.id),
          eq(loggedSets.exerciseId, exerciseId),
          counted(),
          between(loggedSets.performedOn, from, to),
        ),
        groupBy: [loggedSets.performedOn, loggedSets.logId],
        orderBy: [asc(loggedSets.performedOn), asc(loggedSets.logId)],
      },
    );
    return {
      exercise: { id: exerciseId, name },
      unit: this.unit,
      points: rows.map((row) => ({
        date: row.date,
        logId: row.logId,
        estimatedOneRm: row.estimateKg === null ? null : rounded(fromKg(Number(row.estimateKg), this.unit)),
        topSet:
          row.topLoadKg === null || row.topReps === null
            ? null
            : { load: rounded(fromKg(Number(row.topLoadKg), this.unit)), reps: Number(row.topReps) },
        bestVelocityMph: row.velocity === null ? null : Number(row.velocity),
        doneSets: Number(row.doneSets),
      })),
    };
  }

  /** The Training tab: exercises logged, current maxes, latest records, and compliance over 7/30/90 days. */
  async training(athleteId: string): Promise<AthleteTrainingResponse> {
    const athlete = await this.athleteFor(athleteId);
    const today = this.today();
    const [logged, maxes, records, entries] = await Promise.all([
      this.tenant.selectFields(
        loggedSets,
        { exerciseId: loggedSets.exerciseId, doneSets: sql<number>`count(*)::int` },
        {
          where: and(eq(loggedSets.athleteId, athlete.id), counted()),
          groupBy: [loggedSets.exerciseId],
        },
      ),
      this.currentMaxes(athlete.id),
      this.tenant.select(personalRecords, {
        where: eq(personalRecords.athleteId, athlete.id),
        orderBy: [desc(personalRecords.achievedAt), asc(personalRecords.kind)],
        limit: 20,
      }),
      this.tenant.selectFields(
        scheduleEntries,
        { date: scheduleEntries.date, status: scheduleEntries.status },
        {
          where: and(
            eq(scheduleEntries.athleteId, athlete.id),
            between(scheduleEntries.date, addCalendarDays(today, -89), today),
          ),
        },
      ),
    ]);
    const names = await this.exerciseNames(this.tenant, [
      ...logged.map((row) => row.exerciseId),
      ...records.map((record) => record.exerciseId),
    ]);
    const people = new Map([[athlete.id, athlete]]);
    return {
      exercises: logged
        .map((row) => ({
          id: row.exerciseId,
          name: names.get(row.exerciseId) ?? 'Exercise',
          doneSets: Number(row.doneSets),
        }))
        .sort((a, b) => b.doneSets - a.doneSets || a.name.localeCompare(b.name)),
      maxes,
      records: records.map((record) => toRecord(record, names, people)),
      compliance: ([7, 30, 90] as const).map((days) => {
        const since = addCalendarDays(today, -(days - 1));
        const due = entries.filter((entry) => entry.date >= since);
        const completed = due.filter((entry) => entry.status === 'completed').length;
        return { days, completed, scheduled: due.length, rate: complianceRate(completed, due.length) };
      }),
    };
  }

  // ——— Lists ———

  /** Completed workouts, newest first: staff the organisation's (filtered), athletes their own. */
  async completed(query: CompletedQuery): Promise<CompletedWorkoutListResponse> {
    const filters: (SQL | undefined)[] = [eq(workoutLogs.status, 'completed')];
    if (this.isAthlete) filters.push(eq(workoutLogs.athleteId, this.viewer.user.id));
    else if (query.athleteId) filters.push(eq(workoutLogs.athleteId, lower(query.athleteId)));
    if (query.groupId && !this.isAthlete) {
      const group = await this.tenant.first(athleteGroups, eq(athleteGroups.id, query.groupId));
      if (!group) throw notFound('There is no such group in your organisation.');
      const members = await groupMemberIds(this.tenant, group.id);
      filters.push(members.length === 0 ? sql`false` : inArray(workoutLogs.athleteId, members));
    }
    if (query.category) filters.push(eq(workoutLogs.category, query.category));
    if (query.from) filters.push(sql`${workoutLogs.date} >= ${query.from}`);
    if (query.to) filters.push(sql`${workoutLogs.date} <= ${query.to}`);
    const where = and(...filters)!;
    const [logs, total] = await Promise.all([
      this.tenant.select(workoutLogs, {
        where,
        orderBy: [desc(workoutLogs.date), desc(workoutLogs.finishedAt), desc(workoutLogs.id)],
        limit: query.size,
        offset: query.page * query.size,
      }),
      this.tenant.count(workoutLogs, where),
    ]);
    const logIds = logs.map((log) => log.id);
    const none = logIds.length === 0;
    const [entries, totals, recordCounts, corrected, people] = await Promise.all([
      none
        ? []
        : this.tenant.selectFields(
            scheduleEntries,
            { id: scheduleEntries.id, name: scheduleEntries.name },
            {
              where: inArray(
                scheduleEntries.id,
                logs.map((log) => log.entryId),
              ),
            },
          ),
      none
        ? []
        : this.tenant.selectFields(
            loggedSets,
            {
              logId: loggedSets.logId,
              sets: sql<number>`count(*)::int`,
              volumeKg: sql<number>`coalesce(sum(${loggedSets.reps} * ${loggedSets.loadKg}), 0)::float8`,
            },
            { where: and(inArray(loggedSets.logId, logIds), counted()), groupBy: [loggedSets.logId] },
          ),
      none
        ? []
        : this.tenant.selectFields(
            personalRecords,
            { logId: personalRecords.logId, count: sql<number>`count(*)::int` },
            { where: inArray(personalRecords.logId, logIds), groupBy: [personalRecords.logId] },
          ),
      none
        ? []
        : this.tenant.selectFields(
            logCorrections,
            { logId: logCorrections.logId },
            { where: inArray(logCorrections.logId, logIds), groupBy: [logCorrections.logId] },
          ),
      this.people(
        this.tenant,
        logs.flatMap((log) => [log.athleteId, log.finishedBy]),
      ),
    ]);
    const nameOf = new Map(entries.map((entry) => [entry.id, entry.name]));
    const totalsOf = new Map(totals.map((row) => [row.logId, row]));
    const recordsOf = new Map(recordCounts.map((row) => [row.logId, Number(row.count)]));
    const correctedIds = new Set(corrected.map((row) => row.logId));
    return {
      data: logs.map((log) => ({
        logId: log.id,
        entryId: log.entryId,
        date: log.date,
        athlete: personOf(people, log.athleteId),
        workoutName: nameOf.get(log.entryId) ?? 'Workout',
        category: log.category,
        finishedAt: (log.finishedAt ?? log.updatedAt).toISOString(),
        durationSeconds: log.durationSeconds,
        sessionRpe: log.sessionRpe,
        doneSetCount: Number(totalsOf.get(log.id)?.sets ?? 0),
        volume: rounded(fromKg(Number(totalsOf.get(log.id)?.volumeKg ?? 0), this.unit)),
        volumeUnit: this.unit,
        recordCount: recordsOf.get(log.id) ?? 0,
        finishedBy: log.finishedBy ? personOf(people, log.finishedBy) : null,
        corrected: correctedIds.has(log.id),
      })),
      page: query.page,
      size: query.size,
      total,
    };
  }

  /** The activity feed, newest first: staff all of it; athletes their own and their groups' athletes'. */
  async activities(query: ActivityQuery): Promise<ActivityListResponse> {
    const filters: (SQL | undefined)[] = [];
    if (this.isAthlete) filters.push(inArray(activities.athleteId, await this.groupMates()));
    if (query.kind) filters.push(eq(activities.kind, query.kind));
    const where = filters.length > 0 ? and(...filters) : undefined;
    const [rows, total] = await Promise.all([
      this.tenant.select(activities, {
        where,
        orderBy: [desc(activities.createdAt), desc(activities.id)],
        limit: query.size,
        offset: query.page * query.size,
      }),
      this.tenant.count(activities, where),
    ]);
    const people = await this.people(
      this.tenant,
      rows.flatMap((row) => [row.actorId, row.athleteId]),
    );
    return {
      data: rows.map((row): Activity => ({
        id: row.id,
        kind: row.kind,
        actor: row.actorId ? (people.get(row.actorId) ?? null) : null,
        athlete: row.athleteId ? (people.get(row.athleteId) ?? null) : null,
        title: row.title,
        workoutLogId: row.workoutLogId,
        createdAt: row.createdAt.toISOString(),
      })),
      page: query.page,
      size: query.size,
      total,
    };
  }

  /** The athlete and everyone in a group with it. */
  private async groupMates(): Promise<string[]> {
    const self = this.viewer.user.id;
    const groups = await this.tenant.selectFields(
      athleteGroupMembers,
      { groupId: athleteGroupMembers.groupId },
      { where: eq(athleteGroupMembers.userId, self) },
    );
    if (groups.length === 0) return [self];
    const mates = await this.tenant.selectFields(
      athleteGroupMembers,
      { userId: athleteGroupMembers.userId },
      {
        where: inArray(
          athleteGroupMembers.groupId,
          groups.map((group) => group.groupId),
        ),
      },
    );
    return [...new Set([self, ...mates.map((mate) => mate.userId)])];
  }

  /** Staff's "This week": per group, its members' entries of the organisation's week so far. */
  async weekCompliance(): Promise<WeekComplianceResponse> {
    const today = this.today();
    const from = weekOf(today, this.viewer.organization.weekStartsOn).from;
    const [groups, members] = await Promise.all([
      this.tenant.selectFields(
        athleteGroups,
        { id: athleteGroups.id, name: athleteGroups.name },
        { orderBy: [asc(athleteGroups.name)] },
      ),
      this.tenant.selectFields(athleteGroupMembers, {
        groupId: athleteGroupMembers.groupId,
        userId: athleteGroupMembers.userId,
      }),
    ]);
    const athleteIds = [...new Set(members.map((member) => member.userId))];
    const counts =
      athleteIds.length === 0
        ? []
        : await this.tenant.selectFields(
            scheduleEntries,
            {
              athleteId: scheduleEntries.athleteId,
              scheduled: sql<number>`count(*)::int`,
              completed: sql<number>`(count(*) filter (where ${scheduleEntries.status} = 'completed'))::int`,
            },
            {
              where: and(
                inArray(scheduleEntries.athleteId, athleteIds),
                between(scheduleEntries.date, from, today),
              ),
              groupBy: [scheduleEntries.athleteId],
            },
          );
    const byAthlete = new Map(counts.map((row) => [row.athleteId, row]));
    return {
      from,
      to: today,
      groups: groups.map((group) => {
        let scheduled = 0;
        let completed = 0;
        for (const member of members) {
          if (member.groupId !== group.id) continue;
          scheduled += Number(byAthlete.get(member.userId)?.scheduled ?? 0);
          completed += Number(byAthlete.get(member.userId)?.completed ?? 0);
        }
        return { group, completed, scheduled, rate: complianceRate(completed, scheduled) };
      }),
    };
  }
}

/** The block exercises of each copy of a workout: copies never change, so they are kept once read. */
const plannedExercises = new Map<string, { id: string; exerciseId: string }[]>();

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

/** Completed ÷ scheduled, to three places; null when nothing was due. */
const complianceRate = (completed: number, scheduled: number) =>
  scheduled === 0 ? null : Math.round((completed / scheduled) * 1000) / 1000;

const personOf = (people: Map<string, PersonRef>, id: string | null) =>
  (id ? people.get(id) : undefined) ?? unknownPerson;

function toLoggedSet(row: SetRow, names: Map<string, string>, people: Map<string, PersonRef>): LoggedSet {
  return {
    id: row.id,
    blockExerciseId: row.blockExerciseId,
    exerciseId: row.exerciseId,
    exerciseName: names.get(row.exerciseId) ?? 'Exercise',
    setNumber: row.setNumber,
    reps: row.reps,
    load: row.load,
    loadUnit: row.loadUnit,
    rpe: row.rpe,
    timeSeconds: row.timeSeconds,
    distance: row.distance,
    distanceUnit: row.distanceUnit,
    velocityMph: row.velocityMph,
    done: row.done,
    removed: row.removed,
    estimatedOneRm: row.estimatedOneRm === null ? null : rounded(row.estimatedOneRm),
    changedAt: row.changedAt.toISOString(),
    changedBy: personOf(people, row.changedBy),
  };
}

function toLoggedExercise(
  row: typeof loggedExercises.$inferSelect,
  names: Map<string, string>,
): LoggedExercise {
  return {
    blockExerciseId: row.blockExerciseId,
    exerciseId: row.exerciseId,
    exerciseName: names.get(row.exerciseId) ?? 'Exercise',
    notes: row.notes,
    changedAt: row.changedAt.toISOString(),
  };
}

function toRecord(
  row: RecordRow,
  names: Map<string, string>,
  people: Map<string, PersonRef>,
): PersonalRecord {
  return {
    id: row.id,
    kind: row.kind,
    athlete: personOf(people, row.athleteId),
    exerciseId: row.exerciseId,
    exerciseName: names.get(row.exerciseId) ?? 'Exercise',
    workoutLogId: row.logId,
    setId: row.setId,
    value: row.value,
    unit: row.unit,
    load: row.load,
    previous: row.previous,
    achievedAt: row.achievedAt.toISOString(),
  };
}

function toMax(row: MaxRow, names: Map<string, string>, people: Map<string, PersonRef>): AthleteMax {
  return {
    id: row.id,
    exerciseId: row.exerciseId,
    exerciseName: names.get(row.exerciseId) ?? 'Exercise',
    kind: row.kind,
    value: row.value,
    unit: row.unit,
    source: row.source,
    setId: row.setId,
    recordedOn: row.recordedOn,
    recordedBy: row.recordedBy ? (people.get(row.recordedBy) ?? null) : null,
  };
}

/** Tracking as the signed-in user may see and change it. */
export const trackingOf = (c: { var: Pick<SignedInVariables, 'tenant' | 'viewer'> }) =>
  new TrackingStore(c.var.tenant, c.var.viewer);
