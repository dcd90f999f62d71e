// zod-free: the tracking screen, the server and the seed estimate and round the same way.
import { convertLoad, type WeightUnit } from './training-vocabulary';

/** Reps above this are never used to estimate a 1RM (product.md "Maxes and records"). */
export const estimateRepsMax = 12;

/** Epley: load × (1 + reps / 30); a single is its own 1RM. */
export const epley = (load: number, reps: number) => (reps === 1 ? load : load * (1 + reps / 30));

/** Brzycki: load × 36 / (37 − reps). */
export const brzycki = (load: number, reps: number) => (load * 36) / (37 - reps);

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
