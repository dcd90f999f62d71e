import { z } from 'zod';
import {
  distanceUnits,
  measureLabels,
  measureNames,
  weightUnits,
  workoutCategoryNames,
} from './training-vocabulary';
import { pageQuerySchema, queryIntegerSchema } from './paging';
import { measureTargetField } from './prescription';
import { videoLinkMaxLength, videoLinkProblem } from './video-links';

/** The workout library (issue 13): exercises, and workouts built of blocks of exercises with prescribed sets. */

export const libraryLimits = {
  nameMaxLength: 120,
  instructionsMaxLength: 4000,
  notesMaxLength: 4000,
  blockLabelMaxLength: 60,
  blocksPerWorkout: 50,
  exercisesPerBlock: 12,
  setsPerExercise: 30,
  rounds: { min: 1, max: 20 },
  restSeconds: { min: 0, max: 3600 },
  reps: { min: 1, max: 1000 },
  load: { min: 0, max: 2000 },
  percentOneRm: { min: 1, max: 150 },
  rpe: { min: 1, max: 10 },
  timeSeconds: { min: 1, max: 86_400 },
  distance: { min: 0, max: 100_000 },
  pitchCount: { min: 1, max: 300 },
  velocityMph: { min: 1, max: 130 },
  pageSize: { default: 50, max: 100 },
} as const;

export const workoutCategorySchema = z.enum(workoutCategoryNames, {
  error: `Choose one of the categories: ${workoutCategoryNames.join(', ')}`,
});
export const measureSchema = z.enum(measureNames, {
  error: `Choose from ${measureNames.map((measure) => measureLabels[measure]).join(', ')}`,
});
export const weightUnitSchema = z.enum(weightUnits, { error: 'Use lb or kg' });
export const distanceUnitSchema = z.enum(distanceUnits, { error: 'Use m, yd or ft' });

const name = (what: string) =>
  z
    .string({ error: `Enter a name for the ${what}` })
    .trim()
    .min(1, `Enter a name for the ${what}`)
    .max(libraryLimits.nameMaxLength, `A name has at most ${libraryLimits.nameMaxLength} characters`);

/** Free text that may be left empty: stored as null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .transform((text) => (text ? text : null));

const videoUrl = z
  .string()
  .trim()
  .max(videoLinkMaxLength, `A link has at most ${videoLinkMaxLength} characters`)
  .nullable()
  .transform((link) => (link ? link : null))
  .superRefine((link, context) => {
    const problem = link === null ? null : videoLinkProblem(link);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const measures = z
  .array(measureSchema, { error: 'Choose what the exercise is measured by' })
  .min(1, 'Choose at least one measure')
  .max(measureNames.length)
  .refine((list) => new Set(list).size === list.length, 'Each measure once')
  // Stored and shown in the vocabulary's order, whatever order they were ticked in.
  .transform((list) => measureNames.filter((measure) => list.includes(measure)));

// ——— Exercises ———

export const exerciseSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    category: workoutCategorySchema,
    instructions: z.string().nullable(),
    videoUrl: z.string().nullable(),
    measures: z.array(measureSchema),
    unilateral: z.boolean(),
    archived: z.boolean(),
    /** How many workouts of the library use it (archived ones included): such an exercise is archived, not deleted. */
    workoutCount: z.int().min(0),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Exercise' });
export type Exercise = z.infer<typeof exerciseSchema>;

export const exerciseDetailSchema = exerciseSchema
  .extend({
    /** The workouts that use it, by name (at most 50). */
    usedBy: z.array(z.object({ id: z.uuid(), name: z.string(), archived: z.boolean() })),
  })
  .meta({ id: 'ExerciseDetail' });
export type ExerciseDetail = z.infer<typeof exerciseDetailSchema>;

export const createExerciseRequestSchema = z
  .strictObject({
    name: name('exercise'),
    category: workoutCategorySchema,
    instructions: optionalText(libraryLimits.instructionsMaxLength).optional(),
    videoUrl: videoUrl.optional(),
    measures,
    unilateral: z.boolean().optional(),
  })
  .meta({ id: 'CreateExerciseRequest' });
export type CreateExerciseRequest = z.input<typeof createExerciseRequestSchema>;

export const updateExerciseRequestSchema = z
  .strictObject({
    name: name('exercise').optional(),
    category: workoutCategorySchema.optional(),
    instructions: optionalText(libraryLimits.instructionsMaxLength).optional(),
    videoUrl: videoUrl.optional(),
    measures: measures.optional(),
    unilateral: z.boolean().optional(),
  })
  .meta({ id: 'UpdateExerciseRequest' });
export type UpdateExerciseRequest = z.input<typeof updateExerciseRequestSchema>;

export const exerciseIdParamSchema = z.object({ exerciseId: z.uuid() });

const pageQuery = {
  page: pageQuerySchema,
  size: queryIntegerSchema(
    z.int().min(1).max(libraryLimits.pageSize.max, `At most ${libraryLimits.pageSize.max} per page`),
    libraryLimits.pageSize.default,
  ),
};
const searchQuery = z.string().trim().max(100, 'Search text has at most 100 characters').optional();
const archivedQuery = z
  .enum(['true', 'false'], { error: 'Use true or false' })
  .default('false')
  .transform((value) => value === 'true');

/** `GET /api/exercises`: by name; archived ones only with `archived=true`. */
export const exerciseListQuerySchema = z.object({
  /** Part of the name, any case. */
  q: searchQuery,
  category: workoutCategorySchema.optional(),
  archived: archivedQuery,
  ...pageQuery,
});
export type ExerciseListQuery = z.input<typeof exerciseListQuerySchema>;

export const exerciseListResponseSchema = z
  .object({
    data: z.array(exerciseSchema),
    page: z.int().min(0),
    size: z.int().min(1),
    total: z.int().min(0),
  })
  .meta({ id: 'ExerciseListResponse' });
export type ExerciseListResponse = z.infer<typeof exerciseListResponseSchema>;

export const exerciseResponseSchema = z
  .object({ message: z.string(), data: exerciseDetailSchema })
  .meta({ id: 'ExerciseResponse' });
export type ExerciseResponse = z.infer<typeof exerciseResponseSchema>;

/** Deleting an exercise that a workout uses archives it instead (issue 13). */
export const deleteExerciseResponseSchema = z
  .object({
    message: z.string(),
    outcome: z.enum(['deleted', 'archived']),
    data: exerciseDetailSchema.nullable(),
  })
  .meta({ id: 'DeleteExerciseResponse' });
export type DeleteExerciseResponse = z.infer<typeof deleteExerciseResponseSchema>;

// ——— Prescribed sets ———

const whole = (label: string, { min, max }: { min: number; max: number }, unit = '') =>
  z
    .number({ error: `Enter a number for ${label}` })
    .int(`${label} is a whole number`)
    .min(min, `${label} is at least ${min}${unit}`)
    .max(max, `${label} is at most ${max}${unit}`);
const decimal = (label: string, { min, max }: { min: number; max: number }, unit = '') =>
  z
    .number({ error: `Enter a number for ${label}` })
    .min(min, min === 0 ? `${label} cannot be negative` : `${label} is at least ${min}${unit}`)
    .max(max, `${label} is at most ${max}${unit}`);

const setLimits = libraryLimits;

/**
 * One prescribed set (product.md "Prescribed set"): targets for the measures its exercise takes, each null
 * when not given. Reps may be a range (reps to repsMax); a load or a %1RM, not both; rest is not a target.
 */
export const prescribedSetSchema = z
  .strictObject({
    reps: whole('Reps', setLimits.reps).nullable().default(null),
    repsMax: whole('The top of the rep range', setLimits.reps).nullable().default(null),
    load: decimal('Load', setLimits.load).nullable().default(null),
    /** The unit the load was entered in; the organisation's unit when a load is given without one. */
    loadUnit: weightUnitSchema.nullable().default(null),
    percentOneRm: decimal('%1RM', setLimits.percentOneRm, '%').nullable().default(null),
    rpe: z
      .number({ error: 'Enter a number for RPE' })
      .min(setLimits.rpe.min, 'RPE is between 1 and 10')
      .max(setLimits.rpe.max, 'RPE is between 1 and 10')
      .multipleOf(0.5, 'RPE goes in half steps (7, 7.5, 8)')
      .nullable()
      .default(null),
    timeSeconds: whole('Time', setLimits.timeSeconds, ' s').nullable().default(null),
    distance: decimal('Distance', setLimits.distance).nullable().default(null),
    distanceUnit: distanceUnitSchema.nullable().default(null),
    pitchCount: whole('Pitch count', setLimits.pitchCount).nullable().default(null),
    velocityMph: decimal('Velocity', setLimits.velocityMph, ' mph').nullable().default(null),
    restSeconds: whole('Rest', setLimits.restSeconds, ' s').nullable().default(null),
  })
  .superRefine((set, context) => {
    const hasTarget = measureNames.some((measure) => set[measureTargetField[measure]] !== null);
    if (!hasTarget) {
      context.addIssue({ code: 'custom', message: 'Give this set at least one target (reps, load, time…)' });
    }
    if (set.repsMax !== null) {
      if (set.reps === null) {
        context.addIssue({ code: 'custom', path: ['reps'], message: 'Give the bottom of the rep range' });
      } else if (set.repsMax < set.reps) {
        context.addIssue({
          code: 'custom',
          path: ['repsMax'],
          message: `The range is upside down: ${set.reps}-${set.repsMax}`,
        });
      }
    }
    if (set.load !== null && set.percentOneRm !== null) {
      context.addIssue({
        code: 'custom',
        path: ['percentOneRm'],
        message: 'Give a load or a %1RM, not both',
      });
    }
    if (set.distance !== null && set.distanceUnit === null) {
      context.addIssue({ code: 'custom', path: ['distanceUnit'], message: 'Choose m, yd or ft' });
    }
  })
  .meta({ id: 'PrescribedSet' });
export type PrescribedSet = z.infer<typeof prescribedSetSchema>;
export type PrescribedSetInput = z.input<typeof prescribedSetSchema>;

// ——— Workouts ———

/** An exercise as a workout shows it, read with the workout (name and measures as they are now). */
export const exerciseRefSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    category: workoutCategorySchema,
    measures: z.array(measureSchema),
    unilateral: z.boolean(),
    videoUrl: z.string().nullable(),
    archived: z.boolean(),
  })
  .meta({ id: 'ExerciseRef' });
export type ExerciseRef = z.infer<typeof exerciseRefSchema>;

const blockExerciseRequestSchema = z.strictObject({
  /** Stable id of this place in the workout (made by the server when missing); tracking refers to it. */
  id: z.uuid().optional(),
  exerciseId: z.uuid({ error: 'Choose an exercise' }),
  notes: optionalText(libraryLimits.notesMaxLength).optional(),
  sets: z
    .array(prescribedSetSchema)
    .min(1, 'Add at least one set')
    .max(libraryLimits.setsPerExercise, `At most ${libraryLimits.setsPerExercise} sets in one exercise`),
});

/** A block: one exercise, or several done in turn (a superset or circuit, A1, A2, …), for some rounds. */
const blockRequestSchema = z.strictObject({
  id: z.uuid().optional(),
  label: optionalText(libraryLimits.blockLabelMaxLength).optional(),
  rounds: whole('Rounds', libraryLimits.rounds).default(1),
  /** Rest after each round of the block, in seconds. */
  restSeconds: whole('Rest', libraryLimits.restSeconds, ' s').nullable().default(null),
  exercises: z
    .array(blockExerciseRequestSchema)
    .min(1, 'Add an exercise to this block, or remove the block')
    .max(
      libraryLimits.exercisesPerBlock,
      `At most ${libraryLimits.exercisesPerBlock} exercises in one block`,
    ),
});

/** POST /api/workouts and PUT /api/workouts/{workoutId}: the whole workout. */
export const saveWorkoutRequestSchema = z
  .strictObject({
    name: name('workout'),
    category: workoutCategorySchema,
    notes: optionalText(libraryLimits.notesMaxLength).optional(),
    blocks: z
      .array(blockRequestSchema)
      .max(libraryLimits.blocksPerWorkout, `At most ${libraryLimits.blocksPerWorkout} blocks in one workout`),
    /** The version this save was made from: a newer one on the server answers 409 instead of overwriting it. */
    version: z.int().min(1).optional(),
  })
  .meta({ id: 'SaveWorkoutRequest' });
export type SaveWorkoutRequest = z.input<typeof saveWorkoutRequestSchema>;
export type SaveWorkoutValues = z.output<typeof saveWorkoutRequestSchema>;

export const blockExerciseSchema = z
  .object({
    id: z.uuid(),
    exerciseId: z.uuid(),
    exercise: exerciseRefSchema,
    notes: z.string().nullable(),
    sets: z.array(prescribedSetSchema),
  })
  .meta({ id: 'BlockExercise' });
export type BlockExercise = z.infer<typeof blockExerciseSchema>;

export const workoutBlockSchema = z
  .object({
    id: z.uuid(),
    label: z.string().nullable(),
    rounds: z.int(),
    restSeconds: z.int().nullable(),
    exercises: z.array(blockExerciseSchema),
  })
  .meta({ id: 'WorkoutBlock' });
export type WorkoutBlock = z.infer<typeof workoutBlockSchema>;

export const workoutSummarySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    category: workoutCategorySchema,
    notes: z.string().nullable(),
    blockCount: z.int().min(0),
    exerciseCount: z.int().min(0),
    /** The exercises' names in order, for a list's second line. */
    exerciseNames: z.array(z.string()),
    archived: z.boolean(),
    version: z.int().min(1),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'WorkoutSummary' });
export type WorkoutSummary = z.infer<typeof workoutSummarySchema>;

export const workoutSchema = workoutSummarySchema
  .omit({ exerciseNames: true })
  .extend({
    blocks: z.array(workoutBlockSchema),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Workout' });
export type Workout = z.infer<typeof workoutSchema>;

export const workoutIdParamSchema = z.object({ workoutId: z.uuid() });

/** `GET /api/workouts`: by name; archived ones only with `archived=true`. */
export const workoutListQuerySchema = z.object({
  /** Part of the workout's name, any case. */
  q: searchQuery,
  category: workoutCategorySchema.optional(),
  archived: archivedQuery,
  ...pageQuery,
});
export type WorkoutListQuery = z.input<typeof workoutListQuerySchema>;

export const workoutListResponseSchema = z
  .object({
    data: z.array(workoutSummarySchema),
    page: z.int().min(0),
    size: z.int().min(1),
    total: z.int().min(0),
  })
  .meta({ id: 'WorkoutListResponse' });
export type WorkoutListResponse = z.infer<typeof workoutListResponseSchema>;

export const workoutResponseSchema = z
  .object({ message: z.string(), data: workoutSchema })
  .meta({ id: 'WorkoutResponse' });
export type WorkoutResponse = z.infer<typeof workoutResponseSchema>;

export const duplicateWorkoutRequestSchema = z
  .strictObject({ name: name('workout').optional() })
  .meta({ id: 'DuplicateWorkoutRequest' });
export type DuplicateWorkoutRequest = z.input<typeof duplicateWorkoutRequestSchema>;

export const deleteWorkoutResponseSchema = z
  .object({ message: z.string() })
  .meta({ id: 'DeleteWorkoutResponse' });
