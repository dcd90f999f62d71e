import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  detectRecords,
  estimatedOneRm,
  roundToPlate,
  defaultPlateStep,
  takesOneRm,
} from '../../contract/strength';
import { convertLoad, type WeightUnit } from '../../contract/training-vocabulary';
import { addCalendarDays, calendarDaysFrom, todayIn } from '../lib/calendar-days';
import { TenantScope } from '../lib/tenancy';
import { fromKg, recordTitle } from '../lib/tracking-records';
import type { Database } from './client';
import {
  activities,
  athleteMaxes,
  exercises,
  loggedSets,
  personalRecords,
  scheduleEntries,
  workoutLogs,
  workoutSnapshots,
} from './schema';

/**
 * Athletes whose past workouts are logged: tested maxes (in the organisation's unit) for the %1RM lifts, and
 * working loads for the lifts prescribed by RPE. Each week they lift a little more, so records come.
 */
export interface TrackingSeed {
  /** How many days back the tested maxes are dated. */
  testedDaysAgo: number;
  athletes: {
    email: string;
    /** How many days back its workouts are logged. */
    days: number;
    maxes: Record<string, number>;
    workingLoads: Record<string, number>;
  }[];
}

export interface TrackingPeople {
  organizationId: string;
  timeZone: string;
  weightUnit: WeightUnit;
  userId: (email: string) => string;
  coachId: string | null;
}

type SetRow = typeof loggedSets.$inferInsert;
type RecordRow = typeof personalRecords.$inferInsert & { id: string };

/** A start time on a date: the entry's time of day (or late afternoon), near enough for a demo. */
const startOf = (date: string, time: string | null) => new Date(`${date}T${time ?? '16:00'}:00Z`);

/**
 * Completed logs for every past completed entry of the seeded athletes, with their sets as prescribed, the
 * records and estimated maxes the server would have found (the same rules, run here in memory so the seed stays a
 * handful of batched inserts), and the activity feed.
 */
export async function seedTracking(db: Database, spec: TrackingSeed, people: TrackingPeople): Promise<void> {
  const scope = new TenantScope(db, people.organizationId);
  const today = todayIn(people.timeZone);
  const unit = people.weightUnit;
  const step = defaultPlateStep[unit];
  const library = await scope.selectFields(exercises, {
    id: exercises.id,
    name: exercises.name,
    category: exercises.category,
    measures: exercises.measures,
  });
  const takingOneRm = new Set(library.filter((row) => takesOneRm(row)).map((row) => row.id));
  const exerciseName = new Map(library.map((row) => [row.id, row.name]));
  const exerciseId = new Map(library.map((row) => [row.name, row.id]));
  const maxRows: (typeof athleteMaxes.$inferInsert)[] = [];
  const logs: (typeof workoutLogs.$inferInsert)[] = [];
  const sets: SetRow[] = [];
  const records: RecordRow[] = [];
  const feed: (typeof activities.$inferInsert)[] = [];

  for (const athlete of spec.athletes) {
    const athleteId = people.userId(athlete.email);
    const testedOn = addCalendarDays(today, -spec.testedDaysAgo);
    const currentMaxKg = new Map<string, number>();
    // %1RM loads come from the tested max, not from the estimates since: an estimate fed back into the next
    // workout's loads compounds (the 645 lb bench of issue 23).
    const testedMaxKg = new Map<string, number>();
    for (const [name, value] of Object.entries(athlete.maxes)) {
      const id = exerciseId.get(name);
      if (!id) throw new Error(`The tracking seed names no exercise "${name}"`);
      const kg = convertLoad(value, unit, 'kg');
      currentMaxKg.set(id, kg);
      testedMaxKg.set(id, kg);
      maxRows.push({
        organizationId: people.organizationId,
        athleteId,
        exerciseId: id,
        kind: 'one_rm',
        value,
        unit,
        comparable: kg,
        source: 'tested',
        recordedOn: testedOn,
        recordedBy: people.coachId,
      });
    }
    const entries = await scope.select(scheduleEntries, {
      where: and(
        eq(scheduleEntries.athleteId, athleteId),
        eq(scheduleEntries.status, 'completed'),
        lt(scheduleEntries.date, today),
        gte(scheduleEntries.date, addCalendarDays(today, -athlete.days)),
      ),
      orderBy: [asc(scheduleEntries.date), asc(scheduleEntries.position)],
    });
    const snapshotIds = [...new Set(entries.map((entry) => entry.snapshotId))];
    const snapshots = new Map(
      (
        await scope.selectFields(
          workoutSnapshots,
          { id: workoutSnapshots.id, blocks: workoutSnapshots.blocks },
          { where: inArray(workoutSnapshots.id, snapshotIds.length > 0 ? snapshotIds : [uuidv7()]) },
        )
      ).map((row) => [row.id, row.blocks]),
    );
    // The athlete's bests so far per exercise, as the server's record rules read them.
    const bests = new Map<
      string,
      { loads: Map<number, number>; estimateKg: number | null; velocity: number | null }
    >();

    for (const [index, entry] of entries.entries()) {
      const logId = uuidv7();
      const startedAt = startOf(entry.date, entry.timeOfDay);
      const durationSeconds = 45 * 60 + (index % 4) * 300;
      const performer = index % 5 === 0 && people.coachId ? people.coachId : athleteId;
      logs.push({
        id: logId,
        organizationId: people.organizationId,
        entryId: entry.id,
        athleteId,
        date: entry.date,
        category: entry.category,
        snapshotId: entry.snapshotId,
        status: 'completed',
        startedAt,
        finishedAt: new Date(startedAt.getTime() + durationSeconds * 1000),
        durationSeconds,
        sessionRpe: 6 + (index % 4),
        notes: index % 6 === 0 ? 'Felt strong today.' : null,
        startedBy: performer,
        finishedBy: performer,
      });
      feed.push({
        organizationId: people.organizationId,
        kind: 'workout_completed',
        actorId: performer,
        athleteId,
        title: entry.name,
        workoutLogId: logId,
        createdAt: new Date(startedAt.getTime() + durationSeconds * 1000),
      });
      // One percent more every week since the test: about 8 % over a training block, what a trained teenager gains.
      const progress =
        1 + 0.01 * Math.floor(calendarDaysFrom(addCalendarDays(today, -spec.testedDaysAgo), entry.date) / 7);
      const logSets: SetRow[] = [];
      for (const block of snapshots.get(entry.snapshotId) ?? []) {
        for (const planned of block.exercises) {
          let setNumber = 0;
          for (let round = 0; round < block.rounds; round += 1) {
            for (const prescribed of planned.sets) {
              setNumber += 1;
              const name = exerciseName.get(planned.exerciseId) ?? '';
              const maxKg = testedMaxKg.get(planned.exerciseId);
              let load = prescribed.load;
              let loadUnit = prescribed.loadUnit;
              if (prescribed.percentOneRm !== null && maxKg !== undefined) {
                load = roundToPlate(fromKg(maxKg, unit) * (prescribed.percentOneRm / 100) * progress, step);
                loadUnit = unit;
              } else if (load === null && athlete.workingLoads[name] !== undefined) {
                load = roundToPlate(athlete.workingLoads[name] * progress, step);
                loadUnit = unit;
              }
              const reps = prescribed.repsMax ?? prescribed.reps;
              const loadKg = load === null || loadUnit === null ? null : convertLoad(load, loadUnit, 'kg');
              const estimate = takingOneRm.has(planned.exerciseId) ? estimatedOneRm(load, reps) : null;
              logSets.push({
                id: uuidv7(),
                organizationId: people.organizationId,
                logId,
                athleteId,
                blockExerciseId: planned.id,
                exerciseId: planned.exerciseId,
                setNumber,
                reps,
                load,
                loadUnit: load === null ? null : loadUnit,
                loadKg,
                rpe: prescribed.rpe,
                timeSeconds: prescribed.timeSeconds,
                distance: prescribed.distance,
                distanceUnit: prescribed.distance === null ? null : prescribed.distanceUnit,
                velocityMph: prescribed.velocityMph,
                done: true,
                removed: false,
                estimatedOneRm: estimate,
                estimatedOneRmKg:
                  estimate === null || loadUnit === null ? null : convertLoad(estimate, loadUnit, 'kg'),
                performedOn: entry.date,
                changedAt: startedAt,
                changedBy: performer,
              });
            }
          }
        }
      }
      sets.push(...logSets);

      for (const id of new Set(logSets.map((set) => set.exerciseId))) {
        const mine = logSets.filter((set) => set.exerciseId === id);
        const best = bests.get(id) ?? { loads: new Map<number, number>(), estimateKg: null, velocity: null };
        const detected = detectRecords(
          mine.map((set) => ({
            id: set.id,
            reps: set.reps ?? null,
            loadKg: set.loadKg ?? null,
            velocityMph: set.velocityMph ?? null,
          })),
          {
            loads: [...best.loads].map(([loadKg, reps]) => ({ loadKg, reps })),
            bestEstimateKg: best.estimateKg,
            bestVelocityMph: best.velocity,
          },
          { estimates: takingOneRm.has(id) },
        );
        for (const record of detected) {
          const stored =
            record.kind === 'most_reps_at_load'
              ? {
                  value: record.reps,
                  unit: 'reps' as const,
                  load: fromKg(record.loadKg, unit),
                  previous: record.previous,
                }
              : record.kind === 'best_velocity'
                ? { value: record.mph, unit: 'mph' as const, load: null, previous: record.previous }
                : {
                    value: fromKg(record.valueKg, unit),
                    unit,
                    load: null,
                    previous: record.previousKg === null ? null : fromKg(record.previousKg, unit),
                  };
          const row: RecordRow = {
            id: uuidv7(),
            organizationId: people.organizationId,
            athleteId,
            exerciseId: id,
            logId,
            setId: record.setId,
            kind: record.kind,
            achievedAt: startedAt,
            ...stored,
          };
          records.push(row);
          feed.push({
            organizationId: people.organizationId,
            kind: 'record_set',
            actorId: performer,
            athleteId,
            title: recordTitle(
              { kind: record.kind, value: stored.value, unit: stored.unit, load: stored.load },
              exerciseName.get(id) ?? 'An exercise',
            ),
            workoutLogId: logId,
            recordId: row.id,
            createdAt: new Date(startedAt.getTime() + durationSeconds * 1000),
          });
        }
        for (const set of mine) {
          if (set.loadKg !== null && set.loadKg !== undefined && set.reps) {
            best.loads.set(set.loadKg, Math.max(best.loads.get(set.loadKg) ?? 0, set.reps));
          }
          if (set.estimatedOneRmKg != null)
            best.estimateKg = Math.max(best.estimateKg ?? 0, set.estimatedOneRmKg);
          if (set.velocityMph != null) best.velocity = Math.max(best.velocity ?? 0, set.velocityMph);
        }
        bests.set(id, best);
        // The estimate that beats the current max becomes it (from the best set of the day).
        const top = mine.reduce<SetRow | undefined>(
          (found, set) => ((set.estimatedOneRmKg ?? 0) > (found?.estimatedOneRmKg ?? 0) ? set : found),
          undefined,
        );
        if (
          top?.estimatedOneRmKg &&
          top.estimatedOneRm &&
          top.loadUnit &&
          top.estimatedOneRmKg > (currentMaxKg.get(id) ?? 0) + 1e-6
        ) {
          currentMaxKg.set(id, top.estimatedOneRmKg);
          maxRows.push({
            organizationId: people.organizationId,
            athleteId,
            exerciseId: id,
            kind: 'one_rm',
            value: Math.round(top.estimatedOneRm * 10) / 10,
            unit: top.loadUnit,
            comparable: top.estimatedOneRmKg,
            source: 'estimated',
            setId: top.id,
            recordedOn: entry.date,
            recordedBy: top.changedBy,
          });
        }
      }
    }
  }

  const inChunks = async <T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) => {
    for (let start = 0; start < rows.length; start += 1000) await insert(rows.slice(start, start + 1000));
  };
  await inChunks(logs, (chunk) => db.insert(workoutLogs).values(chunk));
  await inChunks(sets, (chunk) => db.insert(loggedSets).values(chunk));
  await inChunks(records, (chunk) => db.insert(personalRecords).values(chunk));
  await inChunks(maxRows, (chunk) => db.insert(athleteMaxes).values(chunk));
  await inChunks(feed, (chunk) => db.insert(activities).values(chunk));
}
