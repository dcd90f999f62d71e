import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { detectRecords, takesOneRm, type DetectedRecord } from '../../contract/strength';
import { recordKindLabels, type PersonalRecord } from '../../contract/tracking';
import { convertLoad, type WeightUnit } from '../../contract/training-vocabulary';
import { activities, athleteMaxes, exercises, loggedSets, personalRecords, workoutLogs } from '../db/schema';
import { KeyedTurns } from './keyed-turns';
import type { TenantScope } from './tenancy';

export type LogRow = typeof workoutLogs.$inferSelect;
export type SetRow = typeof loggedSets.$inferSelect;
export type RecordRow = typeof personalRecords.$inferSelect;

/** A set counts for history, records and maxes when it is done and not removed (the partial index's rule). */
export const counted = () => sql`${loggedSets.done} and not ${loggedSets.removed}`;

/**
 * One process's queue of each athlete's records writes. `run` does work in a transaction holding the lock of the
 * log's athlete's records (`lockAthleteRecords`); in this process the athlete's writes queue before they take a
 * database connection, so under a rush of one athlete's sets the waiting ones hold no connection, which the other
 * requests need (issue 30, ADR 084). Across processes, the lock decides.
 */
export class RecordsTurns {
  readonly #turns = new KeyedTurns();
  /** Whose log it is, by log id: a log never changes athlete, so once read is enough. */
  readonly #athleteOfLog = new Map<string, string>();

  async run<T>(
    tenant: TenantScope,
    logId: string,
    /** The log's athlete when the caller knows it without a read; else it is looked up (once per log). */
    knownAthleteId: string | undefined,
    work: (scope: TenantScope) => Promise<T>,
  ): Promise<T> {
    const athleteId = knownAthleteId ?? (await this.#athleteOf(tenant, logId));
    return await this.#turns.run(athleteId ?? logId, () =>
      tenant.transaction(async (scope) => {
        await lockAthleteRecords(scope, logId);
        return await work(scope);
      }),
    );
  }

  async #athleteOf(tenant: TenantScope, logId: string): Promise<string | undefined> {
    const known = this.#athleteOfLog.get(logId);
    if (known !== undefined) return known;
    const [log] = await tenant.selectFields(
      workoutLogs,
      { athleteId: workoutLogs.athleteId },
      { where: eq(workoutLogs.id, logId) },
    );
    if (log === undefined) return undefined;
    if (this.#athleteOfLog.size >= 10_000) this.#athleteOfLog.clear();
    this.#athleteOfLog.set(logId, log.athleteId);
    return log.athleteId;
  }
}

/**
 * Holds, until the transaction ends, the lock of the log's athlete's records: the set upserts, corrections and
 * finishes of one athlete take it first, so each recomputes records seeing the sets the others wrote (two devices
 * logging at once, on one log or on two; ADR 042). Statements after it read what the previous holder committed.
 */
async function lockAthleteRecords(scope: TenantScope, logId: string): Promise<void> {
  await scope.selectFields(
    workoutLogs,
    {
      locked: sql`pg_advisory_xact_lock(hashtextextended('tracking-records:' || ${workoutLogs.athleteId}::text, 0))`,
    },
    { where: eq(workoutLogs.id, logId) },
  );
}

/** The exercises among these that a 1RM means something for (contract's takesOneRm): their sets get estimates. */
export async function exercisesTakingOneRm(
  scope: TenantScope,
  exerciseIds: readonly string[],
): Promise<Set<string>> {
  const ids = [...new Set(exerciseIds)];
  if (ids.length === 0) return new Set();
  const rows = await scope.selectFields(
    exercises,
    { id: exercises.id, category: exercises.category, measures: exercises.measures },
    { where: inArray(exercises.id, ids) },
  );
  return new Set(rows.filter((row) => takesOneRm(row)).map((row) => row.id));
}

/** A log's summary of one exercise (a point of its history, "last time"): grouped by log, of sets that count. */
const heaviestFirst = sql`${loggedSets.loadKg} desc nulls last, ${loggedSets.reps} desc nulls last`;
export const exercisePointFields = {
  logId: loggedSets.logId,
  date: loggedSets.performedOn,
  estimateKg: sql<number | null>`max(${loggedSets.estimatedOneRmKg})`,
  topLoadKg: sql<number | null>`(array_agg(${loggedSets.loadKg} order by ${heaviestFirst}))[1]`,
  topReps: sql<number | null>`(array_agg(${loggedSets.reps} order by ${heaviestFirst}))[1]`,
  velocity: sql<number | null>`max(${loggedSets.velocityMph})`,
  doneSets: sql<number>`count(*)::int`,
};

type ExercisePointRow = {
  logId: string;
  date: string;
  estimateKg: number | null;
  topLoadKg: number | null;
  topReps: number | null;
  velocity: number | null;
  doneSets: number;
};

/** Such a summary in the organisation's unit, as the API answers it. */
export function exercisePointOf(row: ExercisePointRow, unit: WeightUnit) {
  return {
    date: row.date,
    logId: row.logId,
    estimatedOneRm: row.estimateKg === null ? null : rounded(fromKg(Number(row.estimateKg), unit)),
    topSet:
      row.topLoadKg === null || row.topReps === null
        ? null
        : { load: rounded(fromKg(Number(row.topLoadKg), unit)), reps: Number(row.topReps) },
    bestVelocityMph: row.velocity === null ? null : Number(row.velocity),
    doneSets: Number(row.doneSets),
  };
}

/** Loads shown to a tenth, as a plate never weighs less. */
export const rounded = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;
export const fromKg = (kg: number, unit: WeightUnit) => rounded(convertLoad(kg, 'kg', unit), 2);

/**
 * The sets of the athlete's other logs done before this one: an earlier date, or the same date and started
 * earlier (by start, then by id, so two logs of a day never both count the other as "before").
 */
function doneBefore(scope: TenantScope, log: LogRow, exerciseId: string) {
  const sameDayEarlier = sql`${loggedSets.logId} in (select ${workoutLogs.id} from ${workoutLogs} where ${scope.own(
    workoutLogs,
    and(
      eq(workoutLogs.athleteId, log.athleteId),
      eq(workoutLogs.date, log.date),
      sql`(${workoutLogs.startedAt}, ${workoutLogs.id}) < (${log.startedAt.toISOString()}::timestamptz, ${log.id}::uuid)`,
    ),
  )})`;
  return and(
    eq(loggedSets.athleteId, log.athleteId),
    eq(loggedSets.exerciseId, exerciseId),
    counted(),
    ne(loggedSets.logId, log.id),
    or(lt(loggedSets.performedOn, log.date), and(eq(loggedSets.performedOn, log.date), sameDayEarlier)),
  )!;
}

/** What a detected record says in the organisation's unit. */
function storedRecord(record: DetectedRecord, unit: WeightUnit) {
  switch (record.kind) {
    case 'estimated_one_rm':
    case 'heaviest_load':
      return {
        value: fromKg(record.valueKg, unit),
        unit,
        load: null,
        previous: record.previousKg === null ? null : fromKg(record.previousKg, unit),
      };
    case 'most_reps_at_load':
      return {
        value: record.reps,
        unit: 'reps' as const,
        load: fromKg(record.loadKg, unit),
        previous: record.previous,
      };
    case 'best_velocity':
      return { value: record.mph, unit: 'mph' as const, load: null, previous: record.previous };
  }
}

/** "Back Squat: best estimated 1RM, 315 lb", the words of a record's activity. */
export function recordTitle(
  record: Pick<PersonalRecord, 'kind' | 'value' | 'unit' | 'load'>,
  exerciseName: string,
) {
  const words = recordKindLabels[record.kind];
  const label = words.charAt(0).toLowerCase() + words.slice(1);
  const amount =
    record.kind === 'most_reps_at_load'
      ? `${record.value} reps at ${record.load ?? 0}`
      : `${record.value} ${record.unit}`;
  return `${exerciseName}: ${label}, ${amount}`;
}

/**
 * Recomputes a log's records for one exercise from its sets and the athlete's bests before it (same
 * transaction as the change), given the log's records as they are: records that still hold keep their ids (and
 * are not written again when unchanged), others go, new ones come. A completed log's records are in the activity
 * feed too. Answers the log's records after the change.
 */
export async function recomputeRecords(
  scope: TenantScope,
  log: LogRow,
  exerciseId: string,
  current: RecordRow[],
  context: {
    unit: WeightUnit;
    exerciseName: () => Promise<string>;
    actorId: string | null;
    /** `exercisesTakingOneRm` of the exercise, when the caller has read it in this transaction. */
    takingOneRm?: ReadonlySet<string>;
  },
): Promise<RecordRow[]> {
  const [sets, prior, takingOneRm] = await Promise.all([
    scope.selectFields(
      loggedSets,
      {
        id: loggedSets.id,
        reps: loggedSets.reps,
        loadKg: loggedSets.loadKg,
        velocityMph: loggedSets.velocityMph,
      },
      { where: and(eq(loggedSets.logId, log.id), eq(loggedSets.exerciseId, exerciseId), counted()) },
    ),
    scope.selectFields(
      loggedSets,
      {
        loadKg: loggedSets.loadKg,
        reps: sql<number | null>`max(${loggedSets.reps})`,
        estimateKg: sql<number | null>`max(${loggedSets.estimatedOneRmKg})`,
        velocityMph: sql<number | null>`max(${loggedSets.velocityMph})`,
      },
      { where: doneBefore(scope, log, exerciseId), groupBy: [loggedSets.loadKg] },
    ),
    context.takingOneRm ?? exercisesTakingOneRm(scope, [exerciseId]),
  ]);
  const maxOf = (values: (number | null)[]) => {
    const present = values.filter((value): value is number => value !== null);
    return present.length === 0 ? null : Math.max(...present.map(Number));
  };
  const detected = detectRecords(
    sets,
    {
      loads: prior.flatMap((row) =>
        row.loadKg !== null && row.reps !== null ? [{ loadKg: row.loadKg, reps: Number(row.reps) }] : [],
      ),
      bestEstimateKg: maxOf(prior.map((row) => row.estimateKg)),
      bestVelocityMph: maxOf(prior.map((row) => row.velocityMph)),
    },
    { estimates: takingOneRm.has(exerciseId) },
  );
  const others = current.filter((record) => record.exerciseId !== exerciseId);
  const mine = current.filter((record) => record.exerciseId === exerciseId);
  const gone = mine.filter((record) => !detected.some((found) => found.kind === record.kind));
  const removals =
    gone.length > 0
      ? scope.delete(
          personalRecords,
          inArray(
            personalRecords.id,
            gone.map((record) => record.id),
          ),
        )
      : Promise.resolve([]);
  // The writes touch different rows: sent together, they cost one wait instead of one each.
  const [, ...written] = await Promise.all([
    removals,
    ...detected.map(async (record) => {
      const values = {
        setId: record.setId,
        ...storedRecord(record, context.unit),
        achievedAt: log.startedAt,
      };
      const before = mine.find((row) => row.kind === record.kind);
      if (
        before &&
        before.setId === values.setId &&
        before.value === values.value &&
        before.unit === values.unit &&
        before.load === values.load &&
        before.previous === values.previous &&
        before.achievedAt.getTime() === values.achievedAt.getTime()
      ) {
        return before;
      }
      const [row] = await scope.upsert(
        personalRecords,
        { athleteId: log.athleteId, exerciseId, logId: log.id, kind: record.kind, ...values },
        { target: [personalRecords.logId, personalRecords.exerciseId, personalRecords.kind], set: values },
      );
      if (row && log.status === 'completed') {
        await recordActivity(scope, row, await context.exerciseName(), context.actorId);
      }
      return row;
    }),
  ]);
  const kept = written.filter((row): row is RecordRow => row !== undefined);
  return [...others, ...kept];
}

/**
 * Recomputes the records of the exercises in the athlete's logs after this one (by date, then start, then id) that
 * have sets of them: a set synced days late, or a correction of an old workout, changes the "best before" of each,
 * so a later record may no longer be one and a later set may now be. The records' activities follow.
 */
export async function recomputeLaterRecords(
  scope: TenantScope,
  log: LogRow,
  exerciseIds: string[],
  context: {
    unit: WeightUnit;
    exerciseName: (exerciseId: string) => Promise<string>;
    actorId: string | null;
    /** `exercisesTakingOneRm` of these exercises, when the caller has read it in this transaction. */
    takingOneRm?: ReadonlySet<string>;
  },
  /** Logs to leave as they are: an imported history's own sessions, which keep no records (ADR 077). */
  skipLogIds: ReadonlySet<string> = new Set(),
): Promise<void> {
  let takingOneRm = context.takingOneRm;
  for (const exerciseId of exerciseIds) {
    const later = await scope
      .select(workoutLogs, {
        where: and(
          eq(workoutLogs.athleteId, log.athleteId),
          sql`(${workoutLogs.date}, ${workoutLogs.startedAt}, ${workoutLogs.id}) > (${log.date}::date, ${log.startedAt.toISOString()}::timestamptz, ${log.id}::uuid)`,
          sql`${workoutLogs.id} in (select ${loggedSets.logId} from ${loggedSets} where ${scope.own(
            loggedSets,
            and(
              eq(loggedSets.athleteId, log.athleteId),
              eq(loggedSets.exerciseId, exerciseId),
              counted(),
              gte(loggedSets.performedOn, log.date),
            ),
          )})`,
        ),
        orderBy: [asc(workoutLogs.date), asc(workoutLogs.startedAt), asc(workoutLogs.id)],
      })
      .then((rows) => rows.filter((row) => !skipLogIds.has(row.id)));
    if (later.length === 0) continue;
    // Read once for every later log, not once per log.
    const [current, taking] = await Promise.all([
      recordsOfLogs(
        scope,
        later.map((row) => row.id),
      ),
      takingOneRm ?? exercisesTakingOneRm(scope, exerciseIds),
    ]);
    takingOneRm = taking;
    for (const laterLog of later) {
      await recomputeRecords(
        scope,
        laterLog,
        exerciseId,
        current.filter((record) => record.logId === laterLog.id),
        {
          unit: context.unit,
          exerciseName: () => context.exerciseName(exerciseId),
          // A record found in a finished workout is the finisher's, as at its finish.
          actorId: laterLog.finishedBy ?? context.actorId,
          takingOneRm: taking,
        },
      );
    }
  }
}

/** A record's line in the activity feed, made once and kept in step with the record's value. */
export async function recordActivity(
  scope: TenantScope,
  record: RecordRow,
  exerciseName: string,
  actorId: string | null,
) {
  const title = recordTitle(record, exerciseName);
  await scope.upsert(
    activities,
    {
      kind: 'record_set',
      actorId,
      athleteId: record.athleteId,
      title,
      workoutLogId: record.logId,
      recordId: record.id,
    },
    { target: [activities.recordId], set: { title } },
  );
}

/**
 * A set whose estimate beats the athlete's current 1RM (leaving out the estimate this set made before) becomes
 * the current max, linked to the set; when it no longer does, the estimate it made goes.
 */
export async function updateEstimatedMax(scope: TenantScope, set: SetRow): Promise<void> {
  const estimateKg = set.done && !set.removed ? set.estimatedOneRmKg : null;
  if (estimateKg === null || set.estimatedOneRm === null || set.loadUnit === null) {
    await scope.delete(athleteMaxes, eq(athleteMaxes.setId, set.id));
    return;
  }
  const [current] = await scope.selectFields(
    athleteMaxes,
    { comparable: athleteMaxes.comparable },
    {
      where: and(
        eq(athleteMaxes.athleteId, set.athleteId),
        eq(athleteMaxes.exerciseId, set.exerciseId),
        eq(athleteMaxes.kind, 'one_rm'),
        or(isNull(athleteMaxes.setId), ne(athleteMaxes.setId, set.id)),
      ),
      orderBy: [desc(athleteMaxes.recordedOn), desc(athleteMaxes.createdAt)],
      limit: 1,
    },
  );
  if (current && estimateKg <= current.comparable + 1e-6) {
    await scope.delete(athleteMaxes, eq(athleteMaxes.setId, set.id));
    return;
  }
  const values = {
    exerciseId: set.exerciseId,
    value: rounded(set.estimatedOneRm),
    unit: set.loadUnit,
    comparable: estimateKg,
    recordedOn: set.performedOn,
    recordedBy: set.changedBy,
  };
  await scope.upsert(
    athleteMaxes,
    { athleteId: set.athleteId, kind: 'one_rm', source: 'estimated', setId: set.id, ...values },
    { target: [athleteMaxes.setId], set: values },
  );
}

/** A log's records, for its answer: in the order of the workout's exercises, then by kind. */
export const recordsOfLogs = (scope: TenantScope, logIds: string[]) =>
  logIds.length === 0
    ? Promise.resolve([])
    : scope.select(personalRecords, {
        where: inArray(personalRecords.logId, logIds),
        orderBy: [desc(personalRecords.achievedAt), personalRecords.exerciseId, personalRecords.kind],
      });
