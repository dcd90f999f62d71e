import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { ExerciseRef, PrescribedSet, SaveWorkoutValues, WorkoutBlock } from '../../contract/library';
import { measureFields, measuresUsedBy } from '../../contract/prescription';
import { measureLabels, type Measure, type WeightUnit } from '../../contract/training-vocabulary';
import { exercises, type StoredBlockExercise, type StoredWorkoutBlock } from '../db/schema';
import type { TenantScope } from './tenancy';

/** What checking a workout needs to know of each exercise it names. */
export interface ExerciseFacts {
  name: string;
  measures: readonly Measure[];
  archived: boolean;
}

export interface WorkoutDocumentContext {
  /** The organisation's exercises among those the workout names, by lower-case id; any other is not in its library. */
  exercises: ReadonlyMap<string, ExerciseFacts>;
  /** The organisation's unit, for a load given without one. */
  weightUnit: WeightUnit;
  /** Exercises the workout used before this save: they may stay in it after being archived. */
  alreadyUsed?: ReadonlySet<string>;
  newId?: () => string;
}

export type PreparedWorkout =
  { ok: true; blocks: StoredWorkoutBlock[] } | { ok: false; fields: Record<string, string> };

/**
 * The rules of a workout that need the organisation's library, applied to a document the contract's schema
 * has already accepted: every exercise is the organisation's and not newly archived, every set gives targets
 * only for what its exercise measures, and ids are unique. Returns the document as stored (missing ids made,
 * loads given their unit) or each field at fault, by its path in the request body.
 */
export function prepareWorkoutBlocks(
  blocks: SaveWorkoutValues['blocks'],
  context: WorkoutDocumentContext,
): PreparedWorkout {
  const fields: Record<string, string> = {};
  const newId = context.newId ?? randomUUID;
  const seenIds = new Set<string>();
  const uniqueId = (id: string | undefined, path: string): string => {
    if (id === undefined) return newId();
    // Kept in lower case, the way PostgreSQL writes uuids, so that one id has one spelling.
    const key = id.toLowerCase();
    if (seenIds.has(key)) fields[`${path}.id`] = 'This id is used twice in the workout';
    seenIds.add(key);
    return key;
  };

  const prepared = blocks.map((block, blockIndex): StoredWorkoutBlock => {
    const blockPath = `blocks.${blockIndex}`;
    return {
      id: uniqueId(block.id, blockPath),
      label: block.label ?? null,
      rounds: block.rounds,
      restSeconds: block.restSeconds,
      exercises: block.exercises.map((entry, entryIndex): StoredBlockExercise => {
        const entryPath = `${blockPath}.exercises.${entryIndex}`;
        const id = uniqueId(entry.id, entryPath);
        const exerciseId = entry.exerciseId.toLowerCase();
        const exercise = context.exercises.get(exerciseId);
        if (!exercise) {
          fields[`${entryPath}.exerciseId`] = 'No such exercise in your library';
        } else if (exercise.archived && !context.alreadyUsed?.has(exerciseId)) {
          fields[`${entryPath}.exerciseId`] =
            `${exercise.name} is archived: restore it in the library or choose another exercise`;
        }
        const sets = entry.sets.map((set, setIndex) => {
          if (exercise) {
            const problem = unmeasuredTarget(set, exercise);
            if (problem) fields[`${entryPath}.sets.${setIndex}.${problem.field}`] = problem.message;
          }
          return withLoadUnit(set, context.weightUnit);
        });
        return { id, exerciseId, notes: entry.notes ?? null, sets };
      }),
    };
  });
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, blocks: prepared };
}

/** The first target a set gives for a measure its exercise does not take, at the field that holds it. */
function unmeasuredTarget(
  set: PrescribedSet,
  exercise: ExerciseFacts,
): { field: keyof PrescribedSet; message: string } | null {
  const measure = measuresUsedBy(set).find((used) => !exercise.measures.includes(used));
  if (!measure) return null;
  const field = measureFields[measure].find((name) => set[name] !== null) ?? measureFields[measure][0];
  return { field, message: `${exercise.name} is not measured by ${measureLabels[measure]}` };
}

/** A load given without a unit is in the organisation's unit (product.md "Units"). */
function withLoadUnit(set: PrescribedSet, weightUnit: WeightUnit): PrescribedSet {
  return set.load !== null && set.loadUnit === null ? { ...set, loadUnit: weightUnit } : set;
}

/** The exercises a workout names, each once, in the order they first appear. */
export function exerciseIdsOf(blocks: readonly StoredWorkoutBlock[]): string[] {
  return [...new Set(blocks.flatMap((block) => block.exercises.map((entry) => entry.exerciseId)))];
}

/** The same document with new ids for its blocks and block exercises (a duplicate is a workout of its own). */
export function withNewIds(
  blocks: readonly StoredWorkoutBlock[],
  newId: () => string = randomUUID,
): StoredWorkoutBlock[] {
  return blocks.map((block) => ({
    ...block,
    id: newId(),
    exercises: block.exercises.map((entry) => ({ ...entry, id: newId() })),
  }));
}

/**
 * The measures an exercise would stop taking that a workout's sets still give targets for, by workout:
 * narrowing an exercise's measures must not leave workouts with sets nobody can log.
 */
export function measuresStillUsed(
  blocks: readonly StoredWorkoutBlock[],
  exerciseId: string,
  keptMeasures: readonly Measure[],
): Measure[] {
  const used = new Set<Measure>();
  for (const block of blocks) {
    for (const entry of block.exercises) {
      if (entry.exerciseId !== exerciseId) continue;
      for (const set of entry.sets) {
        for (const measure of measuresUsedBy(set)) if (!keptMeasures.includes(measure)) used.add(measure);
      }
    }
  }
  return [...used];
}

/** The exercises matching `where`, as a workout shows them (name and measures as they are now), by id. */
export async function readExerciseRefs(scope: TenantScope, where: SQL): Promise<Map<string, ExerciseRef>> {
  const rows = await scope.selectFields(
    exercises,
    {
      id: exercises.id,
      name: exercises.name,
      category: exercises.category,
      measures: exercises.measures,
      unilateral: exercises.unilateral,
      videoUrl: exercises.videoUrl,
      archivedAt: exercises.archivedAt,
    },
    { where },
  );
  return new Map(rows.map(({ archivedAt, ...ref }) => [ref.id, { ...ref, archived: archivedAt !== null }]));
}

/**
 * A stored document with each exercise as it is now. Every exercise it names exists: a workout's index and the
 * rule that an exercise a scheduled copy names is archived, not deleted, keep them; `owner` names the document
 * in the error when that is broken.
 */
export function blocksWithExercises(
  blocks: readonly StoredWorkoutBlock[],
  refs: ReadonlyMap<string, ExerciseRef>,
  owner: string,
): WorkoutBlock[] {
  return blocks.map((block) => ({
    ...block,
    exercises: block.exercises.map((entry) => {
      const exercise = refs.get(entry.exerciseId);
      if (!exercise) throw new Error(`${owner} names exercise ${entry.exerciseId}, which is missing`);
      return { ...entry, exercise };
    }),
  }));
}
