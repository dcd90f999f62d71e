// zod-free, so the first screen's branding and any screen can read the words without loading zod.

/** Spec 1's workout categories, in its order: exercises and workouts each have one, and it picks the colour. */
export const workoutCategoryNames = [
  'warm-up',
  'mobility',
  'lift',
  'throw',
  'command',
  'sprint',
  'plyo',
  'med-ball',
  'fielding',
  'hitting',
  'practice plan',
] as const;
export type WorkoutCategory = (typeof workoutCategoryNames)[number];

/** How each category reads on screen (chips, filters, headings). */
export const workoutCategoryLabels: Record<WorkoutCategory, string> = {
  'warm-up': 'Warm-up',
  mobility: 'Mobility',
  lift: 'Lift',
  throw: 'Throw',
  command: 'Command',
  sprint: 'Sprint',
  plyo: 'Plyo',
  'med-ball': 'Med-ball',
  fielding: 'Fielding',
  hitting: 'Hitting',
  'practice plan': 'Practice plan',
};

export const isWorkoutCategory = (value: string): value is WorkoutCategory =>
  (workoutCategoryNames as readonly string[]).includes(value);

/**
 * What an exercise can be measured by (product.md "Exercise"). A prescribed set may only give targets for the
 * measures its exercise takes; rest is not a measure and any set may have it.
 */
export const measureNames = [
  'reps',
  'load',
  'percentOneRm',
  'rpe',
  'time',
  'distance',
  'pitchCount',
  'velocity',
] as const;
export type Measure = (typeof measureNames)[number];

export const measureLabels: Record<Measure, string> = {
  reps: 'Reps',
  load: 'Load',
  percentOneRm: '%1RM',
  rpe: 'RPE',
  time: 'Time',
  distance: 'Distance',
  pitchCount: 'Pitch count',
  velocity: 'Velocity',
};

/** The organisation's unit for loads (1 lb = 0.45359237 kg, product.md "Units"). */
export const weightUnits = ['lb', 'kg'] as const;
export type WeightUnit = (typeof weightUnits)[number];
export const defaultWeightUnit: WeightUnit = 'lb';
export const kilogramsPerPound = 0.45359237;

/** Distances are kept in the unit they were entered in (product.md "Prescribed set"). */
export const distanceUnits = ['m', 'yd', 'ft'] as const;
export type DistanceUnit = (typeof distanceUnits)[number];

/** A load in another unit, for comparing or showing it in the organisation's unit. */
export function convertLoad(value: number, from: WeightUnit, to: WeightUnit): number {
  if (from === to) return value;
  return from === 'lb' ? value * kilogramsPerPound : value / kilogramsPerPound;
}
