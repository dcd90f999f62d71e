import { measuresUsedBy } from '../../contract/prescription';
import { measureNames, type Measure, type WorkoutCategory } from '../../contract/training-vocabulary';
import type { DraftBlock, DraftWorkout, ExerciseMatch } from '../../contract/workout-reader';
import { matchExercise, nameKey, type LibraryName } from './match-exercises';
import type { ReadExercise, ReadProgram, ReadWorkout } from './read-program';

export interface LibraryExercise extends LibraryName {
  category: WorkoutCategory;
}

export interface Drafts {
  workouts: DraftWorkout[];
  exercises: ExerciseMatch[];
  hasDays: boolean;
}

/** Consecutive exercises labelled with one letter (A1, A2) make one block under it; any other is its own block. */
function blocksOf(exercises: readonly ReadExercise[]): DraftBlock[] {
  const blocks: DraftBlock[] = [];
  for (const exercise of exercises) {
    const letter = exercise.label?.charAt(0) ?? null;
    const last = blocks.at(-1);
    const draft = {
      key: nameKey(exercise.name),
      name: exercise.name,
      line: exercise.line,
      sheet: exercise.sheet,
      notes: exercise.notes,
      sets: exercise.sets,
    };
    if (letter && last?.label === letter) last.exercises.push(draft);
    else blocks.push({ label: letter, exercises: [draft] });
  }
  return blocks;
}

/** What a new exercise is measured by: what its sets give, with load beside %1RM (the athlete logs a load). */
function measuresOf(exercises: readonly ReadExercise[]): Measure[] {
  const used = new Set(exercises.flatMap((exercise) => exercise.sets.flatMap(measuresUsedBy)));
  if (used.has('percentOneRm')) used.add('load');
  if (used.size === 0) used.add('reps');
  return measureNames.filter((measure) => used.has(measure));
}

/** The program day of each workout: week n's day d is day 7(n − 1) + d; a week's days without numbers follow on. */
function programDays(workouts: readonly ReadWorkout[]): (number | null)[] {
  const hasDays = workouts.some((workout) => workout.week !== null || workout.day !== null);
  if (!hasDays) return workouts.map(() => null);
  const seen = new Map<number, number>();
  return workouts.map((workout) => {
    const week = workout.week ?? 1;
    const inWeek = workout.day ?? (seen.get(week) ?? 0) + 1;
    seen.set(week, inWeek);
    return workout.week === null ? inWeek : (week - 1) * 7 + inWeek;
  });
}

/** A name free in the library and among the others: a taken one gets "(2)", "(3)". */
function freeName(base: string, taken: Set<string>): string {
  let name = base.slice(0, 110);
  for (let number = 2; taken.has(name.toLowerCase()); number += 1) name = `${base.slice(0, 110)} (${number})`;
  taken.add(name.toLowerCase());
  return name;
}

/**
 * The review of what was read: workouts with their blocks and program days, named freely in the library, and each
 * exercise name with its match.
 */
export function draftsOf(
  read: ReadProgram,
  library: readonly LibraryExercise[],
  takenWorkoutNames: ReadonlySet<string>,
): Drafts {
  const byKey = new Map<string, { name: string; uses: ReadExercise[] }>();
  for (const exercise of read.workouts.flatMap((workout) => workout.exercises)) {
    const key = nameKey(exercise.name);
    const entry = byKey.get(key) ?? { name: exercise.name, uses: [] };
    entry.uses.push(exercise);
    byKey.set(key, entry);
  }
  const exercises: ExerciseMatch[] = [...byKey].map(([key, { name, uses }]) => ({
    key,
    name,
    uses: uses.length,
    ...matchExercise(name, library),
    measures: measuresOf(uses),
  }));
  const categoryOf = new Map(library.map((exercise) => [exercise.id, exercise.category]));
  const matchedCategory = new Map(
    exercises.flatMap((entry) =>
      entry.match ? [[entry.key, categoryOf.get(entry.match.exerciseId)] as const] : [],
    ),
  );

  const days = programDays(read.workouts);
  const taken = new Set(takenWorkoutNames);
  const workouts = read.workouts.map((workout, index): DraftWorkout => {
    const label = workout.title ?? (workout.day !== null ? `Day ${workout.day}` : null);
    const base =
      [workout.week !== null ? `Week ${workout.week}` : null, label].filter(Boolean).join(' · ') ||
      (read.workouts.length === 1 ? 'Imported workout' : `Imported workout ${index + 1}`);
    return {
      name: freeName(base, taken),
      category: mostCommon(workout.exercises.map((exercise) => matchedCategory.get(nameKey(exercise.name)))),
      notes: workout.notes.length > 0 ? workout.notes.join('\n') : null,
      week: workout.week,
      day: days[index] ?? null,
      blocks: blocksOf(workout.exercises),
    };
  });
  return { workouts, exercises, hasDays: days.some((day) => day !== null) };
}

/** The category most of a workout's matched exercises have; a lift when none is matched. */
function mostCommon(categories: readonly (WorkoutCategory | undefined)[]): WorkoutCategory {
  const counts = new Map<WorkoutCategory, number>();
  for (const category of categories) if (category) counts.set(category, (counts.get(category) ?? 0) + 1);
  let best: WorkoutCategory = 'lift';
  let most = 0;
  for (const [category, count] of counts) {
    if (count > most) [best, most] = [category, count];
  }
  return best;
}
