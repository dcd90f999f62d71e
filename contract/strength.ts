// zod-free: the tracking screen, the server and the seed estimate and round the same way.
import { convertLoad, type WeightUnit } from './training-vocabulary';

/** Reps above this are never used to estimate a 1RM (product.md "Maxes and records"). */
export const estimateRepsMax = 12;

/** Epley: load × (1 + reps / 30); a single is its own 1RM. */
export const epley = (load: number, reps: number) => (reps === 1 ? load : load * (1 + reps / 30));

/** Brzycki: load × 36 / (37 − reps). */
export const brzycki = (load: number, reps: number) => (load * 36) / (37 - reps);

/**
 * The category of strength exercises: the only one whose load is lifted for a maximum. A 10 lb med ball passed
 * for 8 reps, a plyo or a 2.5 lb arm-care raise has no "one-rep max" (ADR 048).
 */
export const strengthCategory = 'lift';

/**
 * Whether a 1RM means something for an exercise, so that its sets are estimated and its 1RM records and maxes
 * kept: a loaded strength exercise, a lift that takes load and reps and is not measured by velocity or pitch count.
 * The device and the server both ask this.
 */
export function takesOneRm(exercise: { category: string; measures: readonly string[] }): boolean {
  const { category, measures } = exercise;
  return (
    category === strengthCategory &&
    measures.includes('load') &&
    measures.includes('reps') &&
    !measures.includes('velocity') &&
    !measures.includes('pitchCount')
  );
}

/** The estimate shown and compared (Epley), or null when the set cannot give one. */
export function estimatedOneRm(load: number | null, reps: number | null): number | null {
  if (load === null || reps === null || load <= 0 || reps < 1 || reps > estimateRepsMax) return null;
  return epley(load, reps);
}

/** The plate step a load is rounded to when none is set: 5 lb or 2.5 kg. */
export const defaultPlateStep: Record<WeightUnit, number> = { lb: 5, kg: 2.5 };

/** A load rounded to the nearest step (half a step rounds up). */
export function roundToPlate(load: number, step: number): number {
  if (step <= 0) return load;
  return Math.round(Math.round(load / step) * step * 1000) / 1000;
}

/**
 * The load a %1RM prescription asks of an athlete: its current max (in the max's unit) converted to the unit the
 * organisation works in, times the percentage, rounded to the plate step.
 */
export function loadFromPercent(
  percentOneRm: number,
  max: { value: number; unit: WeightUnit },
  unit: WeightUnit,
  step: number,
): number {
  return roundToPlate((convertLoad(max.value, max.unit, unit) * percentOneRm) / 100, step);
}

/** The bar a barbell load includes when the organisation sets none: an Olympic bar, 45 lb or 20 kg. */
export const defaultBarWeight: Record<WeightUnit, number> = { lb: 45, kg: 20 };

/** The plates a weight room has, heaviest first. */
export const standardPlates: Record<WeightUnit, readonly number[]> = {
  lb: [45, 35, 25, 10, 5, 2.5],
  kg: [25, 20, 15, 10, 5, 2.5, 1.25],
};

/**
 * The plates per side for a barbell load (heaviest first), and what they cannot make (`leftover`, both sides
 * together). Null for a load lighter than the bar.
 */
export function platesPerSide(
  load: number,
  unit: WeightUnit,
  barWeight: number = defaultBarWeight[unit],
): { plates: number[]; leftover: number } | null {
  if (!Number.isFinite(load) || load < barWeight) return null;
  // Thousandths, so 2.5 and 1.25 add up without floating-point crumbs.
  let side = Math.round(((load - barWeight) / 2) * 1000);
  const plates: number[] = [];
  for (const plate of standardPlates[unit]) {
    const size = Math.round(plate * 1000);
    while (side >= size) {
      plates.push(plate);
      side -= size;
    }
  }
  return { plates, leftover: (side * 2) / 1000 };
}

/** Equipment the name says is not a barbell. */
const notBarbell =
  /dumbbell|\bdb\b|kettlebell|\bkb\b|band|cable|machine|med-?ball|sled|landmine|smith|plate|vest|bodyweight/i;

/**
 * Whether an exercise is loaded on a bar (ADR 047): a lift that takes a load, unless its name names other
 * equipment. The library has no equipment field, and "Back squat", "Trap-bar deadlift", "Bench press" are bars.
 */
export function isBarbellExercise(exercise: {
  name: string;
  category: string;
  measures: readonly string[];
}): boolean {
  return (
    exercise.category === 'lift' &&
    (exercise.measures.includes('load') || exercise.measures.includes('percentOneRm')) &&
    !notBarbell.test(exercise.name)
  );
}

/** A done set as record detection sees it: loads in kg, so sets in lb and in kg compare. */
export interface RecordCandidate {
  id: string;
  reps: number | null;
  loadKg: number | null;
  velocityMph: number | null;
}

/** The athlete's bests at an exercise before a workout: per load (kg) the most reps, the best estimate, velocity. */
export interface PriorBests {
  loads: readonly { loadKg: number; reps: number }[];
  bestEstimateKg: number | null;
  bestVelocityMph: number | null;
}

export type DetectedRecord =
  | { kind: 'estimated_one_rm' | 'heaviest_load'; setId: string; valueKg: number; previousKg: number | null }
  | { kind: 'most_reps_at_load'; setId: string; reps: number; loadKg: number; previous: number }
  | { kind: 'best_velocity'; setId: string; mph: number; previous: number | null };

/** Loads converted between units differ in the last decimals: a hair's difference is not a record. */
const tolerance = 1e-6;
const beats = (value: number, best: number | null) => best === null || value > best + tolerance;

/**
 * The records a workout's done sets of one exercise set against the athlete's bests before it (product.md
 * "Maxes and records"): one of each kind at most, from its best set. A first estimate, load or velocity is a
 * record (previous null); more reps at a load counts only against an earlier set at that load or heavier.
 */
export function detectRecords(
  sets: readonly RecordCandidate[],
  prior: PriorBests,
  { estimates = true }: { estimates?: boolean } = {},
): DetectedRecord[] {
  const records: DetectedRecord[] = [];
  const lifted = sets.filter(
    (set): set is RecordCandidate & { reps: number; loadKg: number } =>
      set.reps !== null && set.reps >= 1 && set.loadKg !== null && set.loadKg > 0,
  );
  const maxOf = (values: number[]) => (values.length === 0 ? null : Math.max(...values));
  const priorEstimate = prior.bestEstimateKg;
  const priorHeaviest = maxOf(prior.loads.filter((load) => load.reps >= 1).map((load) => load.loadKg));

  const bestBy = <T>(items: T[], score: (item: T) => number) =>
    items.reduce<T | undefined>(
      (best, item) => (best === undefined || score(item) > score(best) ? item : best),
      undefined,
    );

  // An exercise without a 1RM (takesOneRm) has no estimate to beat.
  const estimated = bestBy(
    lifted.filter((set) => estimates && estimatedOneRm(set.loadKg, set.reps) !== null),
    (set) => estimatedOneRm(set.loadKg, set.reps)!,
  );
  if (estimated) {
    const valueKg = estimatedOneRm(estimated.loadKg, estimated.reps)!;
    if (beats(valueKg, priorEstimate))
      records.push({ kind: 'estimated_one_rm', setId: estimated.id, valueKg, previousKg: priorEstimate });
  }
  const heaviest = bestBy(lifted, (set) => set.loadKg);
  if (heaviest && beats(heaviest.loadKg, priorHeaviest)) {
    records.push({
      kind: 'heaviest_load',
      setId: heaviest.id,
      valueKg: heaviest.loadKg,
      previousKg: priorHeaviest,
    });
  }
  // The heaviest set that did more reps than ever at its load or heavier.
  const repRecords = lifted.flatMap((set) => {
    const before = maxOf(
      prior.loads.filter((load) => load.loadKg >= set.loadKg - tolerance).map((load) => load.reps),
    );
    return before !== null && set.reps > before ? [{ set, before }] : [];
  });
  const repRecord = bestBy(repRecords, ({ set }) => set.loadKg * 10_000 + set.reps);
  if (repRecord) {
    records.push({
      kind: 'most_reps_at_load',
      setId: repRecord.set.id,
      reps: repRecord.set.reps,
      loadKg: repRecord.set.loadKg,
      previous: repRecord.before,
    });
  }
  const fastest = bestBy(
    sets.filter(
      (set): set is RecordCandidate & { velocityMph: number } =>
        set.velocityMph !== null && set.velocityMph > 0,
    ),
    (set) => set.velocityMph,
  );
  if (fastest && beats(fastest.velocityMph, prior.bestVelocityMph)) {
    records.push({
      kind: 'best_velocity',
      setId: fastest.id,
      mph: fastest.velocityMph,
      previous: prior.bestVelocityMph,
    });
  }
  return records;
}
