import type {
  DistanceUnit,
  ExerciseRef,
  Measure,
  PrescribedSet,
  SaveWorkoutRequest,
  WeightUnit,
  Workout,
  WorkoutCategory,
} from '@contract';
import { formatSeconds, saveWorkoutRequestSchema } from '@contract';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { get } from 'react-hook-form';
import { nestedFieldErrors } from '@/lib/forms/field-errors';

/*
 * The workout editor's values: what the coach types, as text, so that "8-12", "1:30" or a half-typed number
 * stay as typed. `toSaveWorkoutRequest` turns them into the API's body; the contract's schema checks that body
 * and its issues come back on the fields they are about (`formFieldOf`).
 */

export interface SetFormValues {
  /** "6" or a range "8-12". */
  reps: string;
  load: string;
  loadUnit: WeightUnit;
  percentOneRm: string;
  rpe: string;
  /** Seconds, "90", "90s" or "1:30". */
  time: string;
  distance: string;
  distanceUnit: DistanceUnit;
  pitchCount: string;
  velocity: string;
  rest: string;
}

export interface BlockExerciseFormValues {
  /** The place's id in the saved workout; absent until saved. */
  slotId?: string | undefined;
  exercise: ExerciseRef;
  notes: string;
  sets: SetFormValues[];
}

export interface BlockFormValues {
  blockId?: string | undefined;
  label: string;
  rounds: string;
  rest: string;
  exercises: BlockExerciseFormValues[];
}

export interface WorkoutFormValues {
  name: string;
  category: WorkoutCategory | '';
  notes: string;
  blocks: BlockFormValues[];
}

/** The set-field text box each measure is typed in (the editor shows only the exercise's measures). */
export const measureInput = {
  reps: 'reps',
  load: 'load',
  percentOneRm: 'percentOneRm',
  rpe: 'rpe',
  time: 'time',
  distance: 'distance',
  pitchCount: 'pitchCount',
  velocity: 'velocity',
} as const satisfies Record<Measure, keyof SetFormValues>;

export const emptyWorkoutForm: WorkoutFormValues = { name: '', category: '', notes: '', blocks: [] };

/** A distance is entered in yards where loads are in pounds, in metres elsewhere, until the coach picks. */
export const defaultDistanceUnit = (weightUnit: WeightUnit): DistanceUnit =>
  weightUnit === 'lb' ? 'yd' : 'm';

export function emptySetForm(weightUnit: WeightUnit): SetFormValues {
  return {
    reps: '',
    load: '',
    loadUnit: weightUnit,
    percentOneRm: '',
    rpe: '',
    time: '',
    distance: '',
    distanceUnit: defaultDistanceUnit(weightUnit),
    pitchCount: '',
    velocity: '',
    rest: '',
  };
}

const text = (value: number | null): string => (value === null ? '' : String(value));
const duration = (seconds: number | null): string =>
  seconds === null ? '' : seconds < 60 ? String(seconds) : formatSeconds(seconds).replace(' min', ':00');

export function setFormOf(set: PrescribedSet, weightUnit: WeightUnit): SetFormValues {
  return {
    reps: set.reps === null ? '' : set.repsMax !== null ? `${set.reps}-${set.repsMax}` : String(set.reps),
    load: text(set.load),
    loadUnit: set.loadUnit ?? weightUnit,
    percentOneRm: text(set.percentOneRm),
    rpe: text(set.rpe),
    time: duration(set.timeSeconds),
    distance: text(set.distance),
    distanceUnit: set.distanceUnit ?? defaultDistanceUnit(weightUnit),
    pitchCount: text(set.pitchCount),
    velocity: text(set.velocityMph),
    rest: duration(set.restSeconds),
  };
}

export function workoutFormOf(workout: Workout, weightUnit: WeightUnit): WorkoutFormValues {
  return {
    name: workout.name,
    category: workout.category,
    notes: workout.notes ?? '',
    blocks: workout.blocks.map((block) => ({
      blockId: block.id,
      label: block.label ?? '',
      rounds: String(block.rounds),
      rest: duration(block.restSeconds),
      exercises: block.exercises.map((slot) => ({
        slotId: slot.id,
        exercise: slot.exercise,
        notes: slot.notes ?? '',
        sets: slot.sets.map((set) => setFormOf(set, weightUnit)),
      })),
    })),
  };
}

/** "" is no value; a number is that number; anything else goes as typed, for the schema to name. */
function numberOf(value: string): number | string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const number = Number(trimmed.replace(',', '.'));
  return Number.isFinite(number) ? number : trimmed;
}

/** "90", "90s", "2min", "1:30" in seconds; anything else as typed. */
export function secondsOf(value: string): number | string | null {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === '') return null;
  const clock = /^(\d+):([0-5]\d)$/.exec(trimmed);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const plain = /^(\d+(?:\.\d+)?)\s*(s|sec|secs|min|mins|m)?$/.exec(trimmed);
  if (!plain) return trimmed;
  const amount = Number(plain[1]);
  return plain[2]?.startsWith('m') ? amount * 60 : amount;
}

function repsOf(value: string): { reps: number | string | null; repsMax: number | string | null } {
  const range = /^\s*(\d+)\s*(?:-|–|to)\s*(\d+)\s*$/.exec(value);
  if (range) return { reps: Number(range[1]), repsMax: Number(range[2]) };
  return { reps: numberOf(value), repsMax: null };
}

/** The targets of a set, limited to the measures its exercise takes (a hidden field never sends a value). */
function setRequestOf(set: SetFormValues, measures: readonly Measure[]) {
  const takes = (measure: Measure) => measures.includes(measure);
  const reps = takes('reps') ? repsOf(set.reps) : { reps: null, repsMax: null };
  const load = takes('load') ? numberOf(set.load) : null;
  const distance = takes('distance') ? numberOf(set.distance) : null;
  return {
    ...reps,
    load,
    loadUnit: load === null ? null : set.loadUnit,
    percentOneRm: takes('percentOneRm') ? numberOf(set.percentOneRm) : null,
    rpe: takes('rpe') ? numberOf(set.rpe) : null,
    timeSeconds: takes('time') ? secondsOf(set.time) : null,
    distance,
    distanceUnit: distance === null ? null : set.distanceUnit,
    pitchCount: takes('pitchCount') ? numberOf(set.pitchCount) : null,
    velocityMph: takes('velocity') ? numberOf(set.velocity) : null,
    restSeconds: secondsOf(set.rest),
  };
}

/**
 * The API's body for the editor's values. Values that are not numbers stay as typed, so the contract's schema
 * refuses them with its own message on the right field (the type says what a valid body is, not this one).
 */
export function toSaveWorkoutRequest(values: WorkoutFormValues, version?: number): SaveWorkoutRequest {
  const request = {
    name: values.name,
    category: values.category === '' ? undefined : values.category,
    notes: values.notes,
    blocks: values.blocks.map((block) => ({
      ...(block.blockId ? { id: block.blockId } : {}),
      label: block.label,
      rounds: numberOf(block.rounds) ?? 1,
      restSeconds: secondsOf(block.rest),
      exercises: block.exercises.map((slot) => ({
        ...(slot.slotId ? { id: slot.slotId } : {}),
        exerciseId: slot.exercise.id,
        notes: slot.notes,
        sets: slot.sets.map((set) => setRequestOf(set, slot.exercise.measures)),
      })),
    })),
    ...(version === undefined ? {} : { version }),
  };
  return request as SaveWorkoutRequest;
}

/** The request's set fields that are typed into another box of the form. */
const setFieldInForm: Record<string, keyof SetFormValues> = {
  reps: 'reps',
  repsMax: 'reps',
  load: 'load',
  loadUnit: 'load',
  percentOneRm: 'percentOneRm',
  rpe: 'rpe',
  timeSeconds: 'time',
  distance: 'distance',
  distanceUnit: 'distance',
  pitchCount: 'pitchCount',
  velocityMph: 'velocity',
  restSeconds: 'rest',
};

/**
 * Where an issue about the request's `path` shows in the form: `blocks.0.exercises.1.sets.2.repsMax` on the
 * set's reps box, `…exerciseId` on the exercise, a block's `restSeconds` on its rest box. A path the form has no
 * box for (a whole set, a whole block) keeps its own name: the editor shows those beside the set or block.
 */
export function formFieldOf(path: string): string {
  const parts = path.split('.');
  const setField = /^blocks\.\d+\.exercises\.\d+\.sets\.\d+\.(\w+)$/.exec(path);
  if (setField?.[1]) return [...parts.slice(0, -1), setFieldInForm[setField[1]] ?? setField[1]].join('.');
  if (/^blocks\.\d+\.exercises\.\d+\.exerciseId$/.test(path))
    return [...parts.slice(0, -1), 'exercise'].join('.');
  if (/^blocks\.\d+\.restSeconds$/.test(path)) return [...parts.slice(0, -1), 'rest'].join('.');
  return path === '' ? 'root' : path;
}

/** What react-hook-form keeps at a place of the errors: a message of its own, its children's, an array's root. */
export type ErrorNode = { message?: string; root?: { message?: string } } & Record<string, unknown>;

export const errorAt = (errors: FieldErrors<WorkoutFormValues>, path: string): ErrorNode | undefined =>
  get<FieldErrors<WorkoutFormValues>, ErrorNode | undefined>(errors, path);

/** The message about the place itself (not its children), if any. */
export function messageAt(errors: FieldErrors<WorkoutFormValues>, path: string): string | undefined {
  const node = errorAt(errors, path);
  return node?.message ?? node?.root?.message;
}

/** The contract's schema as the editor's check: what the server would refuse is refused here first. */
export const workoutFormResolver: Resolver<WorkoutFormValues> = (values) => {
  const parsed = saveWorkoutRequestSchema.safeParse(toSaveWorkoutRequest(values));
  if (parsed.success) return { values, errors: {} };
  const messages: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    messages[path] ??= issue.message;
  }
  return { values: {}, errors: fieldErrorsOf(messages) };
};

/** What the editor keeps on the device while a workout is being changed. */
export interface WorkoutDraft {
  values: WorkoutFormValues;
  /** The saved version the changes were made to (an existing workout only). */
  baseVersion: number | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const allStrings = (value: Record<string, unknown>, keys: readonly string[]) =>
  keys.every((key) => typeof value[key] === 'string');
const setKeys = Object.keys(emptySetForm('lb'));

function isExerciseRef(value: unknown): value is ExerciseRef {
  return (
    isRecord(value) &&
    allStrings(value, ['id', 'name', 'category']) &&
    Array.isArray(value.measures) &&
    typeof value.unilateral === 'boolean' &&
    typeof value.archived === 'boolean'
  );
}

/** A stored draft is outside input: it is used only when it still has the editor's shape. */
export function readWorkoutDraft(saved: unknown): WorkoutDraft | null {
  if (!isRecord(saved) || !isRecord(saved.values)) return null;
  const { values } = saved;
  const baseVersion = typeof saved.baseVersion === 'number' ? saved.baseVersion : null;
  if (!allStrings(values, ['name', 'category', 'notes']) || !Array.isArray(values.blocks)) return null;
  const blocksOk = values.blocks.every(
    (block: unknown) =>
      isRecord(block) &&
      allStrings(block, ['label', 'rounds', 'rest']) &&
      Array.isArray(block.exercises) &&
      block.exercises.every(
        (slot: unknown) =>
          isRecord(slot) &&
          isExerciseRef(slot.exercise) &&
          typeof slot.notes === 'string' &&
          Array.isArray(slot.sets) &&
          slot.sets.every((set: unknown) => isRecord(set) && allStrings(set, setKeys)),
      ),
  );
  return blocksOk ? { values: values as unknown as WorkoutFormValues, baseVersion } : null;
}

/** Field errors as react-hook-form keeps them, at the editor's places. */
export function fieldErrorsOf(messages: Readonly<Record<string, string>>): FieldErrors<WorkoutFormValues> {
  return nestedFieldErrors<WorkoutFormValues>(messages, formFieldOf);
}
