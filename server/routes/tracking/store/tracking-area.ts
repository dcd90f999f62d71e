import { and, asc, eq, inArray } from 'drizzle-orm';
import { errorCodes } from '../../../../contract/errors';
import type {
  AthleteMax,
  LoggedExercise,
  LoggedSet,
  PersonalRecord,
  WorkoutLog,
} from '../../../../contract/tracking';
import type { WeightUnit } from '../../../../contract/training-vocabulary';
import type { athleteMaxes } from '../../../db/schema';
import {
  exercises,
  logCorrections,
  loggedExercises,
  loggedSets,
  scheduleEntries,
  users,
  workoutLogs,
} from '../../../db/schema';
import { todayIn } from '../../../lib/calendar-days';
import type { Viewer } from '../../../lib/directory/sessions';
import { ApiError, forbidden, notFound } from '../../../lib/errors';
import type { TenantScope } from '../../../lib/tenancy';
import {
  fromKg,
  recordsOfLogs,
  rounded,
  type LogRow,
  type RecordRow,
  type SetRow,
} from '../../../lib/tracking-records';

export type PersonRef = { id: string; firstName: string; lastName: string };
type MaxRow = typeof athleteMaxes.$inferSelect;

export const logNotFound = () =>
  notFound('There is no such workout log: start the workout first (it may also have been removed).');
export const othersLog = () => forbidden('Athletes track and read their own workouts only.');
export const conflict = (message: string, fields?: Record<string, string>) =>
  new ApiError(409, errorCodes.conflict, message, fields);
export const unknownPerson: PersonRef = {
  id: '00000000-0000-0000-0000-000000000000',
  firstName: 'Former',
  lastName: 'user',
};

export const fullName = (person: PersonRef) => `${person.firstName} ${person.lastName}`;
export const lower = (id: string) => id.toLowerCase();

/**
 * What every part of tracking's database work shares (issue 15, ADR 035): the organisation's TenantScope, the
 * viewer and what it may reach, and the lookups of people and exercise names its answers name.
 */
export abstract class TrackingArea {
  constructor(
    protected readonly tenant: TenantScope,
    protected readonly viewer: Pick<Viewer, 'user' | 'organization'>,
  ) {}

  protected get isAthlete() {
    return this.viewer.user.role === 'athlete';
  }

  protected get unit(): WeightUnit {
    return this.viewer.organization.weightUnit;
  }

  protected today() {
    return todayIn(this.viewer.organization.timeZone);
  }

  // ——— Access ———

  /** A log of the organisation the viewer may track: an athlete's own only (another's 403, none 404). */
  protected async logFor(scope: TenantScope, logId: string): Promise<LogRow> {
    const log = await scope.first(workoutLogs, eq(workoutLogs.id, logId));
    if (!log) throw logNotFound();
    if (this.isAthlete && log.athleteId !== this.viewer.user.id) throw othersLog();
    return log;
  }

  /** An athlete of the organisation whose training the viewer may read: athletes only their own. */
  protected async athleteFor(athleteId: string): Promise<PersonRef> {
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

  /** A log as the screens show it: sets, exercises, records, corrections, who, and the volume lifted. */
  protected async view(scope: TenantScope, log: LogRow): Promise<WorkoutLog> {
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
  protected async people(scope: TenantScope, ids: (string | null)[]): Promise<Map<string, PersonRef>> {
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

  protected async exerciseNames(scope: TenantScope, ids: string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map();
    const rows = await scope.selectFields(
      exercises,
      { id: exercises.id, name: exercises.name },
      { where: inArray(exercises.id, wanted) },
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}

export const personOf = (people: Map<string, PersonRef>, id: string | null) =>
  (id ? people.get(id) : undefined) ?? unknownPerson;

export function toLoggedSet(
  row: SetRow,
  names: Map<string, string>,
  people: Map<string, PersonRef>,
): LoggedSet {
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

export function toLoggedExercise(
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

export function toRecord(
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

export function toMax(row: MaxRow, names: Map<string, string>, people: Map<string, PersonRef>): AthleteMax {
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
