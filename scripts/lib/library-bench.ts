import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PrescribedSet } from '../../contract/library';
import { emptyPrescribedSet } from '../../contract/prescription';
import { workoutCategoryNames, type Measure, type WorkoutCategory } from '../../contract/training-vocabulary';
import { openDatabase, type Database } from '../../server/db/client';
import {
  exercises,
  organizations,
  users,
  workoutExercises,
  workouts,
  type StoredWorkoutBlock,
} from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { exerciseIdsOf } from '../../server/lib/workout-document';

/** The organisation `npm run bench` loads the library of: 2,000 exercises and 500 workouts (issue 13). */
export const largeLibrary = {
  slug: 'bench-library',
  coachEmail: 'coach@bench-library.test',
  exerciseCount: 2_000,
  workoutCount: 500,
  /** The workout the read is timed on: the "one workout of 12 blocks". */
  twelveBlockWorkout: 'Lower Body 001',
} as const;

const measuresOf: Record<WorkoutCategory, Measure[]> = {
  'warm-up': ['reps', 'time'],
  mobility: ['reps', 'time'],
  lift: ['reps', 'load', 'percentOneRm', 'rpe'],
  throw: ['pitchCount', 'distance', 'velocity'],
  command: ['pitchCount', 'velocity', 'rpe'],
  sprint: ['distance', 'time'],
  plyo: ['reps', 'distance'],
  'med-ball': ['reps', 'load'],
  fielding: ['reps'],
  hitting: ['reps', 'velocity'],
  'practice plan': ['time'],
};

const movements = [
  'Squat',
  'Deadlift',
  'Press',
  'Row',
  'Lunge',
  'Throw',
  'Sprint',
  'Jump',
  'Carry',
  'Rotation',
];
const variants = ['Barbell', 'Dumbbell', 'Kettlebell', 'Band', 'Cable', 'Single-Leg', 'Tempo', 'Paused'];
const themes = ['Lower Body', 'Upper Body', 'Arm Care', 'Bullpen', 'Speed', 'Power', 'Practice', 'Recovery'];

/** A prescribed set with a sensible target for each measure the exercise takes (a %1RM rather than a load). */
function sampleSet(measures: readonly Measure[], index: number): PrescribedSet {
  const has = (measure: Measure) => measures.includes(measure);
  return {
    ...emptyPrescribedSet,
    reps: has('reps') ? 5 + (index % 4) : null,
    repsMax: has('reps') && index % 2 === 0 ? 8 + (index % 4) : null,
    percentOneRm: has('percentOneRm') ? 70 + 5 * (index % 3) : null,
    load: has('load') && !has('percentOneRm') ? 10 + 5 * (index % 5) : null,
    loadUnit: has('load') && !has('percentOneRm') ? 'lb' : null,
    rpe: has('rpe') ? 7 + (index % 3) / 2 : null,
    timeSeconds: has('time') ? 30 : null,
    distance: has('distance') ? 30 : null,
    distanceUnit: has('distance') ? 'yd' : null,
    pitchCount: has('pitchCount') ? 20 + (index % 3) * 5 : null,
    velocityMph: has('velocity') ? 75 : null,
    restSeconds: 90,
  };
}

/**
 * Adds the benchmark's organisation to a migrated PostgreSQL: a coach, 2,000 exercises across the categories
 * and 500 workouts of 3 to 12 blocks (the first of 12), in four batch inserts. Returns the coach's email.
 */
export async function makeLargeLibrary(databaseUrl: string, password: string): Promise<string> {
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  try {
    const [organization] = await handle.db
      .insert(organizations)
      .values({ slug: largeLibrary.slug, name: 'Bench Library Club' })
      .returning();
    const organizationId = organization!.id;
    await handle.db.insert(users).values({
      organizationId,
      email: largeLibrary.coachEmail,
      passwordHash: await hashPassword(password),
      firstName: 'Bench',
      lastName: 'Coach',
      role: 'coach',
      status: 'approved',
      emailVerifiedAt: new Date(),
    });
    await insertGeneratedLibrary(handle.db, organizationId, largeLibrary);
    return largeLibrary.coachEmail;
  } finally {
    await handle.close();
  }
}

/**
 * A generated library for an organisation, the same on every run: `exerciseCount` exercises across the
 * categories and `workoutCount` workouts of 3 to 12 blocks (the first of 12), in three batch inserts.
 */
export async function insertGeneratedLibrary(
  db: Database,
  organizationId: string,
  { exerciseCount, workoutCount }: { exerciseCount: number; workoutCount: number },
): Promise<void> {
  const exerciseRows = Array.from({ length: exerciseCount }, (_, index) => {
    const category = workoutCategoryNames[index % workoutCategoryNames.length]!;
    const name = `${variants[index % variants.length]} ${movements[Math.floor(index / 7) % movements.length]} ${String(index + 1).padStart(4, '0')}`;
    return {
      organizationId,
      name,
      category,
      instructions: `How to do ${name}: set up, brace, move with control, finish every rep.`,
      measures: measuresOf[category],
      unilateral: index % 5 === 0,
    };
  });
  const created = await db
    .insert(exercises)
    .values(exerciseRows)
    .returning({ id: exercises.id, measures: exercises.measures });

  // A fixed walk through the exercises, so every run builds the same library.
  let cursor = 0;
  const nextExercise = () => created[(cursor = (cursor * 37 + 11) % created.length)]!;
  const workoutRows = Array.from({ length: workoutCount }, (_, index) => {
    const blockCount = index === 0 ? 12 : 3 + (index % 10);
    const blocks: StoredWorkoutBlock[] = Array.from({ length: blockCount }, (__, blockIndex) => ({
      id: randomUUID(),
      label: blockIndex === 0 ? 'Prep' : null,
      rounds: 1,
      restSeconds: 60,
      exercises: Array.from({ length: 1 + ((index + blockIndex) % 3) }, () => {
        const exercise = nextExercise();
        return {
          id: randomUUID(),
          exerciseId: exercise.id,
          notes: null,
          sets: Array.from({ length: 4 }, (___, setIndex) => sampleSet(exercise.measures, setIndex)),
        };
      }),
    }));
    return {
      organizationId,
      name: `${themes[index % themes.length]} ${String(Math.floor(index / themes.length) + 1).padStart(3, '0')}`,
      category: workoutCategoryNames[index % workoutCategoryNames.length]!,
      notes: 'Made by npm run bench.',
      blocks,
    };
  });
  const saved = await db
    .insert(workouts)
    .values(workoutRows)
    .returning({ id: workouts.id, blocks: workouts.blocks });
  await db
    .insert(workoutExercises)
    .values(
      saved.flatMap(({ id, blocks }) =>
        exerciseIdsOf(blocks).map((exerciseId) => ({ organizationId, workoutId: id, exerciseId })),
      ),
    );
  // The statistics autovacuum would gather within a minute of a bulk load; without them the planner guesses.
  await db.execute(sql`analyze ${exercises}, ${workouts}, ${workoutExercises}`);
}
