// zod-free: the server applies it and the program page shows it, so both compute the same weeks.
import { libraryLimits, type PrescribedSet } from './library';
import type { WeightUnit } from './training-vocabulary';

/** Per week, what changes: for every exercise of the program (exerciseId null) or for one exercise. */
export interface ProgressionRule {
  exerciseId: string | null;
  /** Percentage points of 1RM added to each set that has a %1RM (2.5 makes 70 % into 72.5 %). */
  percentOneRm: number | null;
  /** Added to each set that has a load, in `loadUnit`. */
  load: number | null;
  loadUnit: WeightUnit | null;
  /** Sets added (copies of the last set) or taken away (from the end). */
  sets: number | null;
  /** Reps added to each set that has reps (a range moves as a whole). */
  reps: number | null;
}

/** A lighter week: its sets cut to this share of the volume (at least one set an exercise). */
export interface DeloadWeek {
  week: number;
  volumePercent: number;
}

export interface ProgramProgression {
  rules: ProgressionRule[];
  deloads: DeloadWeek[];
}

/** The week of a program day: days 1–7 are week 1. */
export const weekOfDay = (day: number) => Math.ceil(day / 7);

/**
 * How many steps of progression week `week` has taken: one for each week after the first that is not a
 * deload, so a deload holds the week before's numbers and the week after it goes on from there.
 */
export function stepsAt(week: number, deloads: readonly DeloadWeek[]): number {
  const light = new Set(deloads.map((deload) => deload.week));
  let steps = 0;
  for (let w = 2; w <= week; w += 1) if (!light.has(w)) steps += 1;
  return steps;
}

const poundsPerKilogram = 2.20462;
const round = (value: number, step: number) => Math.round(value / step) * step;
const clamp = (value: number, { min, max }: { min: number; max: number }) =>
  Math.min(max, Math.max(min, value));
/** 72.50000001 is 72.5: steps are added as decimals. */
const tidy = (value: number) => Number(value.toFixed(2));

/** A load step in another unit, rounded to a tenth (2.5 kg is 5.5 lb). */
function loadStepIn(unit: WeightUnit, rule: ProgressionRule): number {
  const step = rule.load ?? 0;
  if (!rule.loadUnit || rule.loadUnit === unit) return step;
  return round(unit === 'lb' ? step * poundsPerKilogram : step / poundsPerKilogram, 0.1);
}

/** The rule for an exercise: its own if it has one, otherwise the program's. */
export function ruleFor(exerciseId: string, rules: readonly ProgressionRule[]): ProgressionRule | undefined {
  const id = exerciseId.toLowerCase();
  return (
    rules.find((rule) => rule.exerciseId?.toLowerCase() === id) ??
    rules.find((rule) => rule.exerciseId === null)
  );
}

/**
 * One exercise's sets in a week of the program: the rule's change times the steps taken, kept within the
 * library's limits (reps at least 1, %1RM at most 150); then a deload week's share of the sets.
 */
export function progressSets(
  sets: readonly PrescribedSet[],
  week: number,
  rule: ProgressionRule | undefined,
  progression: Pick<ProgramProgression, 'deloads'>,
  weightUnit: WeightUnit,
): PrescribedSet[] {
  const steps = stepsAt(week, progression.deloads);
  let result = sets.map((set) => ({ ...set }));
  if (rule && steps > 0) {
    result = result.map((set) => {
      const next = { ...set };
      if (rule.percentOneRm && next.percentOneRm !== null) {
        next.percentOneRm = tidy(
          clamp(next.percentOneRm + rule.percentOneRm * steps, libraryLimits.percentOneRm),
        );
      }
      if (rule.load && next.load !== null) {
        const unit = next.loadUnit ?? weightUnit;
        next.load = tidy(clamp(next.load + loadStepIn(unit, rule) * steps, libraryLimits.load));
      }
      if (rule.reps && next.reps !== null) {
        next.reps = clamp(next.reps + rule.reps * steps, libraryLimits.reps);
        if (next.repsMax !== null) next.repsMax = clamp(next.repsMax + rule.reps * steps, libraryLimits.reps);
      }
      return next;
    });
    if (rule.sets) {
      const count = clamp(result.length + rule.sets * steps, { min: 1, max: libraryLimits.setsPerExercise });
      const last = result[result.length - 1]!;
      result =
        count <= result.length
          ? result.slice(0, count)
          : [...result, ...Array.from({ length: count - result.length }, () => ({ ...last }))];
    }
  }
  const deload = progression.deloads.find((item) => item.week === week);
  if (deload) result = result.slice(0, Math.max(1, Math.round((result.length * deload.volumePercent) / 100)));
  return result;
}

interface BlockLike<S extends { exerciseId: string; sets: PrescribedSet[] }> {
  exercises: S[];
}

/** A workout's blocks as week `week` of the program prescribes them; the same blocks when nothing changes. */
export function progressBlocks<
  S extends { exerciseId: string; sets: PrescribedSet[] },
  B extends BlockLike<S>,
>(blocks: readonly B[], week: number, progression: ProgramProgression | null, weightUnit: WeightUnit): B[] {
  if (!progression || (progression.rules.length === 0 && progression.deloads.length === 0)) {
    return [...blocks];
  }
  return blocks.map((block) => ({
    ...block,
    exercises: block.exercises.map((exercise) => ({
      ...exercise,
      sets: progressSets(
        exercise.sets,
        week,
        ruleFor(exercise.exerciseId, progression.rules),
        progression,
        weightUnit,
      ),
    })),
  }));
}
