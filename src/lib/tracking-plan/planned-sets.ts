import type {
  AthleteMax,
  BlockExercise,
  DistanceUnit,
  Measure,
  PrescribedSet,
  WeightUnit,
  WorkoutBlock,
} from '@contract';
import { describeSets } from '@contract/prescription';
import { convertLoad } from '@contract/training-vocabulary';
import { estimatedOneRm, loadFromPercent, takesOneRm } from '@contract/strength';
import type { DeviceExercise, DeviceLog, DeviceSet } from '@/lib/tracking-sync/device-logs';
import type { SetFields } from '@/lib/tracking-sync/log-actions';

/**
 * The rows of the tracking screen: the prescribed sets of each exercise (its sets, once per round), each
 * prefilled from the prescription until the person changes it, plus the sets added on the device.
 */

export interface PerformedValues {
  reps: number | null;
  load: number | null;
  loadUnit: WeightUnit | null;
  rpe: number | null;
  timeSeconds: number | null;
  distance: number | null;
  distanceUnit: DistanceUnit | null;
  velocityMph: number | null;
}

export interface SetRow {
  /** Stable across renders and touches: the block exercise and the set number. */
  key: string;
  /** The device set once the person touched it; null while it only shows the prescription. */
  setId: string | null;
  setNumber: number;
  prescribed: PrescribedSet | null;
  values: PerformedValues;
  done: boolean;
  restSeconds: number | null;
}

export interface ExercisePlan {
  blockExerciseId: string;
  /** "A", "B1", "B2"… */
  label: string;
  /** The exercise done: the block's own, or the one it was swapped for. */
  exerciseId: string;
  exerciseName: string;
  category: BlockExercise['exercise']['category'];
  measures: Measure[];
  swappedFrom: string | null;
  notes: string | null;
  coachNotes: string | null;
  /** The prescription in words ("4 x 5 @ 80%"), with its rounds. */
  prescription: string;
  /** The number an added set gets: after every set this exercise has had, removed ones included. */
  nextSetNumber: number;
  rows: SetRow[];
}

export interface PrefillContext {
  weightUnit: WeightUnit;
  plateStep: number;
  maxes: readonly AthleteMax[];
}

/** The athlete's current 1RM of an exercise, if it has one. */
export function oneRepMaxOf(maxes: readonly AthleteMax[], exerciseId: string) {
  const max = maxes.find((candidate) => candidate.exerciseId === exerciseId && candidate.kind === 'one_rm');
  return max && max.unit !== 'mph' ? { value: max.value, unit: max.unit } : null;
}

/** What a prescribed set asks of this athlete: %1RM becomes a load rounded to the plate step. */
export function prefill(
  prescribed: PrescribedSet,
  exerciseId: string,
  context: PrefillContext,
): PerformedValues {
  const max = oneRepMaxOf(context.maxes, exerciseId);
  const fromPercent =
    prescribed.percentOneRm !== null && max
      ? loadFromPercent(prescribed.percentOneRm, max, context.weightUnit, context.plateStep)
      : null;
  const load = prescribed.load ?? fromPercent;
  return {
    reps: prescribed.reps,
    load,
    loadUnit:
      load === null
        ? null
        : prescribed.load !== null
          ? (prescribed.loadUnit ?? context.weightUnit)
          : context.weightUnit,
    rpe: prescribed.rpe,
    timeSeconds: prescribed.timeSeconds,
    distance: prescribed.distance,
    distanceUnit: prescribed.distance === null ? null : prescribed.distanceUnit,
    velocityMph: prescribed.velocityMph,
  };
}

/**
 * The rest after a set (ADR 047): the set's own, else the block's; in a superset the block's rest comes after its
 * last exercise (between rounds), as the athlete goes straight from A1 to A2.
 */
export function prescribedRest(
  prescribed: PrescribedSet | null,
  block: Pick<WorkoutBlock, 'restSeconds'>,
  isLastOfBlock: boolean,
): number | null {
  return prescribed?.restSeconds ?? (isLastOfBlock ? block.restSeconds : null);
}

const letterOf = (index: number) => String.fromCharCode(65 + (index % 26));

export function planExercises(log: DeviceLog, context: PrefillContext): ExercisePlan[] {
  const setsBySlot = new Map<string, DeviceSet[]>();
  for (const loggedSet of Object.values(log.sets)) {
    const list = setsBySlot.get(loggedSet.blockExerciseId) ?? [];
    list.push(loggedSet);
    setsBySlot.set(loggedSet.blockExerciseId, list);
  }
  return log.workout.blocks.flatMap((block, blockIndex) =>
    block.exercises.map((slot, slotIndex) =>
      planExercise(
        block,
        slot,
        block.exercises.length > 1 ? `${letterOf(blockIndex)}${slotIndex + 1}` : letterOf(blockIndex),
        setsBySlot.get(slot.id) ?? [],
        log.exercises[slot.id],
        context,
      ),
    ),
  );
}

function planExercise(
  block: WorkoutBlock,
  slot: BlockExercise,
  label: string,
  deviceSets: DeviceSet[],
  swap: DeviceExercise | undefined,
  context: PrefillContext,
): ExercisePlan {
  const exerciseId = swap?.exerciseId ?? slot.exerciseId;
  const planned = Array.from({ length: slot.sets.length * Math.max(1, block.rounds) }, (_, index) => ({
    setNumber: index + 1,
    prescribed: slot.sets[index % slot.sets.length] ?? null,
  }));
  const byNumber = new Map(deviceSets.map((loggedSet) => [loggedSet.setNumber, loggedSet]));
  const restOf = (prescribed: PrescribedSet | null) =>
    prescribedRest(prescribed, block, block.exercises.indexOf(slot) === block.exercises.length - 1);
  const rows: SetRow[] = planned.flatMap(({ setNumber, prescribed }) => {
    const touched = byNumber.get(setNumber);
    if (touched?.removed) return [];
    return [
      touched
        ? rowOf(touched, prescribed, restOf(prescribed))
        : {
            key: `${slot.id}:${setNumber}`,
            setId: null,
            setNumber,
            prescribed,
            values: prescribed ? prefill(prescribed, exerciseId, context) : emptyValues,
            done: false,
            restSeconds: restOf(prescribed),
          },
    ];
  });
  const added = deviceSets
    .filter((loggedSet) => loggedSet.setNumber > planned.length && !loggedSet.removed)
    .sort((a, b) => a.setNumber - b.setNumber)
    .map((loggedSet) => rowOf(loggedSet, null, restOf(null)));
  const numbers = [planned.length, ...deviceSets.map((loggedSet) => loggedSet.setNumber)];
  return {
    blockExerciseId: slot.id,
    label,
    exerciseId,
    exerciseName: swap?.exerciseName ?? slot.exercise.name,
    category: slot.exercise.category,
    measures: slot.exercise.measures,
    swappedFrom: swap && swap.exerciseId !== slot.exerciseId ? slot.exercise.name : null,
    notes: swap?.notes ?? null,
    coachNotes: slot.notes,
    prescription: `${describeSets(slot.sets)}${block.rounds > 1 ? ` · ${block.rounds} rounds` : ''}`,
    nextSetNumber: Math.max(...numbers) + 1,
    rows: [...rows, ...added],
  };
}

const emptyValues: PerformedValues = {
  reps: null,
  load: null,
  loadUnit: null,
  rpe: null,
  timeSeconds: null,
  distance: null,
  distanceUnit: null,
  velocityMph: null,
};

function rowOf(loggedSet: DeviceSet, prescribed: PrescribedSet | null, restSeconds: number | null): SetRow {
  const { reps, load, loadUnit, rpe, timeSeconds, distance, distanceUnit, velocityMph } = loggedSet;
  return {
    // The same key before and after the first touch: the row (and the focus in it) stays where it is.
    key: `${loggedSet.blockExerciseId}:${loggedSet.setNumber}`,
    setId: loggedSet.id,
    setNumber: loggedSet.setNumber,
    prescribed,
    values: { reps, load, loadUnit, rpe, timeSeconds, distance, distanceUnit, velocityMph },
    done: loggedSet.done,
    restSeconds,
  };
}

/** The whole set to save for a row, with `changes` applied. */
export function setFieldsOf(
  plan: ExercisePlan,
  row: SetRow,
  changes: Partial<PerformedValues & { done: boolean }>,
): SetFields {
  return {
    blockExerciseId: plan.blockExerciseId,
    exerciseId: plan.exerciseId,
    setNumber: row.setNumber,
    ...row.values,
    done: row.done,
    ...changes,
  };
}

/** "Log as prescribed": the sets not done yet, done with the values they show (the prescription unless changed). */
export function setsAsPrescribed(
  plans: readonly ExercisePlan[],
): { setId: string | null; fields: SetFields }[] {
  return plans.flatMap((plan) =>
    plan.rows
      .filter((row) => !row.done)
      .map((row) => ({ setId: row.setId, fields: setFieldsOf(plan, row, { done: true }) })),
  );
}

export interface SessionTotals {
  doneSets: number;
  volume: number;
  volumeUnit: WeightUnit;
  /** Done sets whose estimated 1RM beats the athlete's current max: the device's guess, until the server answers. */
  bestEstimates: { exerciseId: string; exerciseName: string; value: number; previous: number }[];
}

/** What was done: sets, load lifted (reps × load, in the organisation's unit) and estimated maxes beaten. */
export function sessionTotals(plans: ExercisePlan[], context: PrefillContext): SessionTotals {
  let doneSets = 0;
  let volume = 0;
  const best = new Map<string, SessionTotals['bestEstimates'][number]>();
  for (const plan of plans) {
    // A med-ball throw or a sprint has no 1RM to beat, as the server decides (ADR 048).
    const estimates = takesOneRm(plan);
    for (const row of plan.rows) {
      if (!row.done) continue;
      doneSets += 1;
      const { reps, load, loadUnit } = row.values;
      if (reps === null || load === null) continue;
      const inUnit = convertLoad(load, loadUnit ?? context.weightUnit, context.weightUnit);
      volume += reps * inUnit;
      const estimate = estimates ? estimatedOneRm(inUnit, reps) : null;
      const max = oneRepMaxOf(context.maxes, plan.exerciseId);
      const previous = max ? convertLoad(max.value, max.unit, context.weightUnit) : null;
      if (estimate !== null && previous !== null && estimate > previous) {
        const current = best.get(plan.exerciseId);
        if (!current || estimate > current.value) {
          best.set(plan.exerciseId, {
            exerciseId: plan.exerciseId,
            exerciseName: plan.exerciseName,
            value: Math.round(estimate * 10) / 10,
            previous: Math.round(previous * 10) / 10,
          });
        }
      }
    }
  }
  return {
    doneSets,
    volume: Math.round(volume * 10) / 10,
    volumeUnit: context.weightUnit,
    bestEstimates: [...best.values()],
  };
}
