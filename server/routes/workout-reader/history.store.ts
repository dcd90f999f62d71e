import { TZDate } from '@date-fns/tz';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { v5 as uuidv5 } from 'uuid';
import type { PrescribedSet } from '../../../contract/library';
import { emptyPrescribedSet } from '../../../contract/prescription';
import { estimatedOneRm, takesOneRm } from '../../../contract/strength';
import { convertLoad, type Measure, type WeightUnit } from '../../../contract/training-vocabulary';
import type { HistoryResult, ReaderExerciseChoice } from '../../../contract/workout-reader';
import {
  athleteMaxes,
  exercises,
  loggedSets,
  scheduleEntries,
  users,
  workoutLogs,
  workoutSnapshots,
} from '../../db/schema';
import type { StoredWorkoutBlock } from '../../db/schema/library';
import { ApiError, invalidFields, notFound } from '../../lib/errors';
import type { NewRow, TenantScope } from '../../lib/tenancy';
import { recomputeLaterRecords, updateEstimatedMax } from '../../lib/tracking-records';
import { nameKey } from '../../workout-reader/match-exercises';
import type { ExportedSession, ReadLogExport } from '../../workout-reader/read-log-export';
import { LibraryStore } from '../library/library.store';

/** Ids of imported history are made from what the session is, so the same file imported again finds them. */
const historyNamespace = '5d0c7f2e-4b1a-4f7e-9a51-2f0e7f6b9c21';

interface Context {
  tenant: TenantScope;
  weightUnit: WeightUnit;
  timeZone: string;
  userId: string;
}

const sessionKey = (athleteId: string, format: string, session: ExportedSession) =>
  [athleteId, format, session.date, session.startTime ?? '', session.name ?? ''].join('\n');

/** The instant a session started, in the organisation's time zone (noon when the export has no time). */
function startOf(session: ExportedSession, timeZone: string): Date {
  const [year, month, day] = session.date.split('-').map(Number) as [number, number, number];
  const [hour = 12, minute = 0, second = 0] = session.startTime?.split(':').map(Number) ?? [];
  return new Date(new TZDate(year, month - 1, day, hour, minute, second, timeZone).getTime());
}

/** What a set of the export targets, as a prescribed set: the snapshot shows the session as it was done. */
const prescribedOf = (set: ExportedSession['sets'][number]): PrescribedSet => ({
  ...emptyPrescribedSet,
  reps: set.reps,
  load: set.load,
  loadUnit: set.load === null ? null : set.loadUnit,
  timeSeconds: set.timeSeconds === null ? null : Math.max(1, Math.round(set.timeSeconds)),
  distance: set.distance,
  distanceUnit: set.distance === null ? null : set.distanceUnit,
});

/** What a new exercise of the export is measured by: what its sets log. */
export function measuresOfExport(sets: readonly ExportedSession['sets'][number][]): Measure[] {
  const measures: Measure[] = [];
  if (sets.some((set) => set.reps !== null)) measures.push('reps');
  if (sets.some((set) => set.load !== null)) measures.push('load');
  if (sets.some((set) => set.timeSeconds !== null)) measures.push('time');
  if (sets.some((set) => set.distance !== null)) measures.push('distance');
  if (sets.some((set) => set.rpe !== null)) measures.push('rpe');
  return measures.length > 0 ? measures : ['reps'];
}

/**
 * An athlete's log export as history (issue 28): each session a completed workout of its date, with a snapshot of
 * what was done and the sets as logged. Sessions imported before (same athlete, app, date, start and name) are left
 * alone, so a file imported twice adds nothing the second time. Without `confirm` nothing is written: the answer
 * says what would be added. The sets feed the athlete's maxes (an estimate that beats the current 1RM becomes it)
 * and the "best before" of later records; old sessions make no records of their own and no activity, so a year
 * of history does not flood the feed.
 */
export async function importHistory(
  context: Context,
  read: ReadLogExport,
  input: { athleteId: string; choices: ReaderExerciseChoice[]; confirm: boolean },
): Promise<HistoryResult['data']> {
  const { tenant } = context;
  const [athlete] = await tenant.selectFields(
    users,
    { id: users.id },
    { where: and(eq(users.id, input.athleteId), eq(users.role, 'athlete')), limit: 1 },
  );
  if (!athlete) throw notFound('There is no such athlete in your organisation.');

  const choiceOf = new Map(input.choices.map((choice) => [choice.key, choice]));
  const names = new Map<string, string>();
  for (const set of read.sessions.flatMap((session) => session.sets))
    names.set(nameKey(set.exercise), set.exercise);
  const missing = [...names].filter(([key]) => !choiceOf.has(key)).map(([, name]) => name);
  if (missing.length > 0)
    throw invalidFields({
      exercises: `Choose a library exercise, or create one, for ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}`,
    });

  const ids = read.sessions.map((session) => {
    const key = sessionKey(athlete.id, read.format, session);
    return {
      entryId: uuidv5(`${key}\nentry`, historyNamespace),
      logId: uuidv5(`${key}\nlog`, historyNamespace),
    };
  });
  /** The sessions not imported before, as this scope sees them. */
  const notYetImported = async (scope: TenantScope) => {
    const existing = new Set(
      ids.length === 0
        ? []
        : (
            await scope.selectFields(
              workoutLogs,
              { id: workoutLogs.id },
              {
                where: inArray(
                  workoutLogs.id,
                  ids.map((id) => id.logId),
                ),
              },
            )
          ).map((row) => row.id),
    );
    return read.sessions
      .map((session, index) => ({ session, ...ids[index]! }))
      .filter(({ logId }) => !existing.has(logId));
  };
  const adding = await notYetImported(tenant);
  const setCount = adding.reduce((sum, { session }) => sum + session.sets.length, 0);

  const chosenIds = [
    ...new Set(input.choices.flatMap((choice) => ('exerciseId' in choice ? [choice.exerciseId] : []))),
  ];
  const library = new Map(
    (chosenIds.length === 0
      ? []
      : await tenant.selectFields(
          exercises,
          {
            id: exercises.id,
            name: exercises.name,
            category: exercises.category,
            measures: exercises.measures,
          },
          { where: inArray(exercises.id, chosenIds) },
        )
    ).map((row) => [row.id, row]),
  );
  const unknown = input.choices.findIndex(
    (choice) => 'exerciseId' in choice && !library.has(choice.exerciseId),
  );
  if (unknown >= 0)
    throw invalidFields({ [`exercises.${unknown}.exerciseId`]: 'This exercise is not in your library' });

  // The best estimate of each exercise the file adds, against the athlete's current 1RM.
  const newMaxes = await maxesRaised(tenant, athlete.id, adding, choiceOf, library);
  const summary = (saved: boolean, createdExercises: { id: string; name: string }[]) => ({
    saved,
    athleteId: athlete.id,
    sessions: { added: adding.length, alreadyImported: read.sessions.length - adding.length },
    sets: setCount,
    newMaxes,
    createdExercises,
  });
  if (!input.confirm || adding.length === 0) return summary(false, []);

  return tenant.transaction(async (scope) => {
    // The athlete's records lock (as a set's write takes it): a second import of the file waits, then finds its sessions.
    await scope.selectFields(
      users,
      { locked: sql`pg_advisory_xact_lock(hashtextextended('tracking-records:' || ${users.id}::text, 0))` },
      { where: eq(users.id, athlete.id) },
    );
    const toAdd = await notYetImported(scope);
    if (toAdd.length === 0)
      return {
        ...summary(false, []),
        sessions: { added: 0, alreadyImported: read.sessions.length },
        sets: 0,
        newMaxes: [],
      };
    const exerciseIdOf = new Map<string, { id: string; takesOneRm: boolean }>();
    const created: { id: string; name: string }[] = [];
    const store = new LibraryStore(scope, context.weightUnit);
    for (const [index, choice] of input.choices.entries()) {
      if (!names.has(choice.key)) continue;
      if ('exerciseId' in choice) {
        exerciseIdOf.set(choice.key, {
          id: choice.exerciseId,
          takesOneRm: takesOneRm(library.get(choice.exerciseId)!),
        });
        continue;
      }
      try {
        const exercise = await store.createExercise({ ...choice.create, unilateral: false });
        exerciseIdOf.set(choice.key, { id: exercise.id, takesOneRm: takesOneRm(exercise) });
        created.push({ id: exercise.id, name: exercise.name });
      } catch (error) {
        const taken = error instanceof ApiError ? error.fields?.name : undefined;
        if (taken) throw invalidFields({ [`exercises.${index}.create.name`]: taken });
        throw error;
      }
    }

    const now = new Date();
    const snapshots: NewRow<typeof workoutSnapshots>[] = [];
    const entries: NewRow<typeof scheduleEntries>[] = [];
    const logs: NewRow<typeof workoutLogs>[] = [];
    const sets: NewRow<typeof loggedSets>[] = [];
    for (const { session, entryId, logId } of toAdd) {
      const name = session.name ?? `Imported session`;
      const startedAt = startOf(session, context.timeZone);
      const blocks: StoredWorkoutBlock[] = [];
      const blockOf = new Map<string, StoredWorkoutBlock['exercises'][number]>();
      for (const [index, set] of session.sets.entries()) {
        const key = nameKey(set.exercise);
        const exercise = exerciseIdOf.get(key)!;
        let place = blockOf.get(key);
        if (!place) {
          place = {
            id: uuidv5(`${logId}\n${key}`, historyNamespace),
            exerciseId: exercise.id,
            notes: null,
            sets: [],
          };
          blockOf.set(key, place);
          blocks.push({
            id: uuidv5(`${logId}\nblock\n${key}`, historyNamespace),
            label: null,
            rounds: 1,
            restSeconds: null,
            exercises: [place],
          });
        }
        place.sets.push(prescribedOf(set));
        const estimate = exercise.takesOneRm ? estimatedOneRm(set.load, set.reps) : null;
        const toKg = (value: number | null) =>
          value === null || set.loadUnit === null ? null : convertLoad(value, set.loadUnit, 'kg');
        sets.push({
          id: uuidv5(`${logId}\nset\n${index}`, historyNamespace),
          logId,
          athleteId: athlete.id,
          blockExerciseId: place.id,
          exerciseId: exercise.id,
          setNumber: place.sets.length,
          reps: set.reps,
          load: set.load,
          loadUnit: set.load === null ? null : set.loadUnit,
          loadKg: toKg(set.load),
          rpe: set.rpe,
          timeSeconds: set.timeSeconds === null ? null : Math.round(set.timeSeconds),
          distance: set.distance,
          distanceUnit: set.distance === null ? null : set.distanceUnit,
          done: true,
          estimatedOneRm: estimate,
          estimatedOneRmKg: toKg(estimate),
          performedOn: session.date,
          changedAt: now,
          changedBy: context.userId,
        });
      }
      const snapshotId = uuidv5(`${logId}\nsnapshot`, historyNamespace);
      snapshots.push({
        id: snapshotId,
        workoutId: null,
        version: 1,
        name,
        category: 'lift',
        notes: session.notes,
        blocks,
      });
      entries.push({
        id: entryId,
        athleteId: athlete.id,
        date: session.date,
        snapshotId,
        name,
        category: 'lift',
        status: 'completed',
        createdBy: context.userId,
      });
      logs.push({
        id: logId,
        entryId,
        athleteId: athlete.id,
        date: session.date,
        category: 'lift',
        snapshotId,
        status: 'completed',
        startedAt,
        finishedAt: new Date(startedAt.getTime() + (session.durationSeconds ?? 0) * 1000),
        durationSeconds: session.durationSeconds,
        notes: session.notes,
        startedBy: context.userId,
        finishedBy: context.userId,
      });
    }
    await scope.insert(workoutSnapshots, snapshots);
    await scope.insertMany(scheduleEntries, entries);
    await scope.insertMany(workoutLogs, logs);
    await scope.insertMany(loggedSets, sets);

    // Each exercise's best imported set is offered as the athlete's 1RM; it becomes it only when it beats the current.
    const best = new Map<string, NewRow<typeof loggedSets>>();
    for (const set of sets) {
      if (set.estimatedOneRmKg == null) continue;
      const before = best.get(set.exerciseId);
      if (!before || set.estimatedOneRmKg > (before.estimatedOneRmKg ?? 0)) best.set(set.exerciseId, set);
    }
    for (const set of best.values()) {
      const [row] = await scope.select(loggedSets, { where: eq(loggedSets.id, set.id), limit: 1 });
      if (row) await updateEstimatedMax(scope, row);
    }
    // A later workout's records are measured against the history now before it.
    const earliest = logs[0];
    if (earliest) {
      const [first] = await scope.select(workoutLogs, { where: eq(workoutLogs.id, earliest.id), limit: 1 });
      if (first)
        await recomputeLaterRecords(
          scope,
          first,
          [...new Set(sets.map((set) => set.exerciseId))],
          {
            unit: context.weightUnit,
            exerciseName: async (exerciseId) =>
              (
                await scope.selectFields(
                  exercises,
                  { name: exercises.name },
                  { where: eq(exercises.id, exerciseId) },
                )
              )[0]?.name ?? 'Exercise',
            actorId: context.userId,
          },
          new Set(logs.map((log) => log.id)),
        );
    }
    const addedSets = toAdd.reduce((sum, { session }) => sum + session.sets.length, 0);
    return {
      ...summary(true, created),
      sessions: { added: toAdd.length, alreadyImported: read.sessions.length - toAdd.length },
      sets: addedSets,
    };
  });
}

/** The exercises whose best estimate in the added sessions beats the athlete's current 1RM (or is the first). */
async function maxesRaised(
  tenant: TenantScope,
  athleteId: string,
  adding: readonly { session: ExportedSession }[],
  choiceOf: ReadonlyMap<string, ReaderExerciseChoice>,
  library: ReadonlyMap<string, { id: string; name: string; category: string; measures: readonly string[] }>,
): Promise<HistoryResult['data']['newMaxes']> {
  const best = new Map<
    string,
    { exercise: string; kg: number; value: number; unit: WeightUnit; date: string }
  >();
  for (const { session } of adding) {
    for (const set of session.sets) {
      const key = nameKey(set.exercise);
      const choice = choiceOf.get(key);
      if (!choice || set.loadUnit === null) continue;
      const exercise =
        'exerciseId' in choice
          ? library.get(choice.exerciseId)
          : { ...choice.create, name: choice.create.name };
      if (!exercise || !takesOneRm(exercise)) continue;
      const estimate = estimatedOneRm(set.load, set.reps);
      if (estimate === null) continue;
      const kg = convertLoad(estimate, set.loadUnit, 'kg');
      const before = best.get(key);
      if (!before || kg > before.kg)
        best.set(key, {
          exercise: exercise.name,
          kg,
          value: Math.round(estimate * 10) / 10,
          unit: set.loadUnit,
          date: session.date,
        });
    }
  }
  const existingIds = [...best.keys()].flatMap((key) => {
    const choice = choiceOf.get(key);
    return choice && 'exerciseId' in choice ? [choice.exerciseId] : [];
  });
  const current = new Map<string, number>();
  if (existingIds.length > 0) {
    // The current max is the latest (as updateEstimatedMax reads it), not the highest ever.
    const rows = await tenant.selectFields(
      athleteMaxes,
      { exerciseId: athleteMaxes.exerciseId, comparable: athleteMaxes.comparable },
      {
        where: and(
          eq(athleteMaxes.athleteId, athleteId),
          eq(athleteMaxes.kind, 'one_rm'),
          inArray(athleteMaxes.exerciseId, existingIds),
        ),
        orderBy: [desc(athleteMaxes.recordedOn), desc(athleteMaxes.createdAt)],
      },
    );
    for (const row of rows) if (!current.has(row.exerciseId)) current.set(row.exerciseId, row.comparable);
  }
  return [...best]
    .filter(([key, found]) => {
      const choice = choiceOf.get(key)!;
      return !('exerciseId' in choice) || found.kg > (current.get(choice.exerciseId) ?? 0) + 1e-6;
    })
    .map(([, { exercise, value, unit, date }]) => ({ exercise, value, unit, date }))
    .sort((a, b) => a.exercise.localeCompare(b.exercise));
}
