import { z } from 'zod';
import { scheduleDateSchema } from './schedule';
import { pageQuerySchema, queryIntegerSchema } from './paging';
import { distanceUnitSchema, weightUnitSchema, workoutCategorySchema } from './library';

/**
 * Tracking (issue 15): a workout log per schedule entry, its logged sets, maxes, records, completed workouts and
 * the organisation's activity feed. Logs and sets get their ids on the device (UUIDv7), so every write is an
 * upsert that may be replayed any number of times; a set changed on two devices keeps the later change
 * (`changedAt`, the device's clock when the person made it).
 */

/**
 * The header of a device's tracking writes that carries its clock when sending: the server reads the request's
 * stamps through the difference (ADR 042).
 */
export const deviceTimeHeader = 'Device-Time';

export const trackingLimits = {
  reps: { min: 0, max: 1000 },
  load: { min: 0, max: 2000 },
  rpe: { min: 1, max: 10 },
  sessionRpe: { min: 1, max: 10 },
  timeSeconds: { min: 0, max: 86_400 },
  distance: { min: 0, max: 100_000 },
  velocityMph: { min: 0, max: 130 },
  /** A workout lasts at most a day. */
  durationSeconds: { min: 0, max: 86_400 },
  setNumber: { min: 1, max: 100 },
  notesMaxLength: 4000,
  correctionReasonMaxLength: 500,
  /** Sets heavier on reps than this are not used to estimate a 1RM (product.md "Maxes and records"). */
  estimateRepsMax: 12,
  pageSize: { default: 25, max: 100 },
  historyDaysMax: 3660,
} as const;

/** An id made on the device for a log or a set. */
export const deviceIdSchema = z.uuid({ version: 'v7', error: 'Use a UUIDv7 made on the device' });

const personRefSchema = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });
const instant = z.iso.datetime({ offset: true, error: 'Use an ISO 8601 time with its offset' });

const whole = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ error: `Enter a number for ${label}` })
    .int(`${label} is a whole number`)
    .min(min, min === 0 ? `${label} cannot be negative` : `${label} is at least ${min}`)
    .max(max, `${label} is at most ${max.toLocaleString('en-US')}`);
const decimal = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ error: `Enter a number for ${label}` })
    .min(min, min === 0 ? `${label} cannot be negative` : `${label} is at least ${min}`)
    .max(max, `${label} is at most ${max.toLocaleString('en-US')}`);
const rpe = (label: string) =>
  z
    .number({ error: `Enter a number for ${label}` })
    .min(1, `${label} is between 1 and 10`)
    .max(10, `${label} is between 1 and 10`)
    .multipleOf(0.5, `${label} goes in half steps (7, 7.5, 8)`);
const notes = z
  .string()
  .trim()
  .max(trackingLimits.notesMaxLength, `At most ${trackingLimits.notesMaxLength} characters`)
  .nullable()
  .transform((text) => (text ? text : null));

// ——— Logged sets ———

/** What was done in one set: the measures that were logged, each null when not. */
const performedFields = {
  reps: whole('Reps', trackingLimits.reps).nullable(),
  load: decimal('Load', trackingLimits.load).nullable(),
  loadUnit: weightUnitSchema.nullable(),
  rpe: rpe('RPE').nullable(),
  timeSeconds: whole('Time', trackingLimits.timeSeconds).nullable(),
  distance: decimal('Distance', trackingLimits.distance).nullable(),
  distanceUnit: distanceUnitSchema.nullable(),
  velocityMph: decimal('Velocity', trackingLimits.velocityMph).nullable(),
};

/**
 * PUT /api/workout-logs/{logId}/sets/{setId}: the whole set as the device has it now. Applied when `changedAt` is
 * not older than what the server has; an older change is answered with the newer set, not an error. `removed`
 * takes a set away (kept as a tombstone so a late replay of an older change cannot bring it back).
 */
export const upsertLoggedSetRequestSchema = z
  .strictObject({
    /** The place in the workout (a block exercise's id from the entry's copy of the workout). */
    blockExerciseId: z.uuid({ error: 'Choose the exercise of the workout this set belongs to' }),
    /** The exercise done: the block's own, or the one it was swapped for. */
    exerciseId: z.uuid({ error: 'Choose an exercise' }),
    setNumber: whole('The set number', trackingLimits.setNumber),
    ...performedFields,
    done: z.boolean(),
    removed: z.boolean().default(false),
    changedAt: instant,
  })
  .superRefine((set, context) => {
    if (set.load !== null && set.loadUnit === null) {
      context.addIssue({ code: 'custom', path: ['loadUnit'], message: 'Choose lb or kg' });
    }
    if (set.distance !== null && set.distanceUnit === null) {
      context.addIssue({ code: 'custom', path: ['distanceUnit'], message: 'Choose m, yd or ft' });
    }
  })
  .meta({ id: 'UpsertLoggedSetRequest' });
export type UpsertLoggedSetRequest = z.input<typeof upsertLoggedSetRequestSchema>;

export const loggedSetSchema = z
  .object({
    id: z.uuid(),
    blockExerciseId: z.uuid(),
    exerciseId: z.uuid(),
    exerciseName: z.string(),
    setNumber: z.int(),
    reps: z.int().nullable(),
    load: z.number().nullable(),
    loadUnit: weightUnitSchema.nullable(),
    rpe: z.number().nullable(),
    timeSeconds: z.int().nullable(),
    distance: z.number().nullable(),
    distanceUnit: distanceUnitSchema.nullable(),
    velocityMph: z.number().nullable(),
    done: z.boolean(),
    removed: z.boolean(),
    /** Epley's estimate in the set's load unit, when reps are 1-12 and a load was lifted. */
    estimatedOneRm: z.number().nullable(),
    changedAt: instant,
    /** Who made the change the set shows now. */
    changedBy: personRefSchema,
  })
  .meta({ id: 'LoggedSet' });
export type LoggedSet = z.infer<typeof loggedSetSchema>;

export const loggedSetResponseSchema = z
  .object({
    data: loggedSetSchema,
    /** False when the server kept a newer change made on another device (the answer carries that one). */
    applied: z.boolean(),
    /** The log's records after this change (the server's answer is the truth). */
    records: z.lazy(() => z.array(recordSchema)),
  })
  .meta({ id: 'LoggedSetResponse' });
export type LoggedSetResponse = z.infer<typeof loggedSetResponseSchema>;

// ——— Records and maxes ———

export const recordKinds = [
  'estimated_one_rm',
  'heaviest_load',
  'most_reps_at_load',
  'best_velocity',
] as const;
export const recordKindSchema = z.enum(recordKinds);
export type RecordKind = z.infer<typeof recordKindSchema>;
export const recordKindLabels: Record<RecordKind, string> = {
  estimated_one_rm: 'Best estimated 1RM',
  heaviest_load: 'Heaviest load',
  most_reps_at_load: 'Most reps at a load',
  best_velocity: 'Best velocity',
};

/** A personal record set by one logged set; `previous` is the best before it (null for a first). */
export const recordSchema = z
  .object({
    id: z.uuid(),
    kind: recordKindSchema,
    athlete: personRefSchema,
    exerciseId: z.uuid(),
    exerciseName: z.string(),
    workoutLogId: z.uuid(),
    setId: z.uuid(),
    /** kg-or-lb for loads and estimates (in `unit`), reps for most_reps_at_load, mph for velocity. */
    value: z.number(),
    unit: z.enum(['lb', 'kg', 'reps', 'mph']),
    /** For most_reps_at_load: the load the reps were done at. */
    load: z.number().nullable(),
    previous: z.number().nullable(),
    achievedAt: instant,
  })
  .meta({ id: 'PersonalRecord' });
export type PersonalRecord = z.infer<typeof recordSchema>;

export const maxKinds = ['one_rm', 'velocity'] as const;
export const maxKindSchema = z.enum(maxKinds);

/** An athlete's current max for an exercise: tested by staff, or estimated from a tracked set that beat it. */
export const athleteMaxSchema = z
  .object({
    id: z.uuid(),
    exerciseId: z.uuid(),
    exerciseName: z.string(),
    kind: maxKindSchema,
    value: z.number(),
    unit: z.enum(['lb', 'kg', 'mph']),
    source: z.enum(['tested', 'estimated']),
    /** The set an estimated max came from. */
    setId: z.uuid().nullable(),
    recordedOn: z.iso.date(),
    recordedBy: personRefSchema.nullable(),
  })
  .meta({ id: 'AthleteMax' });
export type AthleteMax = z.infer<typeof athleteMaxSchema>;

export const athleteMaxListResponseSchema = z
  .object({ data: z.array(athleteMaxSchema) })
  .meta({ id: 'AthleteMaxListResponse' });

/** POST /api/athletes/{athleteId}/maxes: a tested 1RM (with its unit) or a velocity best (mph). */
export const recordMaxRequestSchema = z
  .strictObject({
    exerciseId: z.uuid({ error: 'Choose an exercise' }),
    kind: maxKindSchema,
    value: decimal('The max', { min: 0.5, max: 2000 }),
    unit: z.enum(['lb', 'kg', 'mph'], { error: 'Use lb, kg or mph' }),
    testedOn: scheduleDateSchema,
  })
  .superRefine((max, context) => {
    if (max.kind === 'velocity' && max.unit !== 'mph') {
      context.addIssue({ code: 'custom', path: ['unit'], message: 'A velocity is in mph' });
    }
    if (max.kind === 'one_rm' && max.unit === 'mph') {
      context.addIssue({ code: 'custom', path: ['unit'], message: 'A 1RM is in lb or kg' });
    }
  })
  .meta({ id: 'RecordMaxRequest' });
export type RecordMaxRequest = z.input<typeof recordMaxRequestSchema>;

export const athleteMaxResponseSchema = z
  .object({ message: z.string(), data: athleteMaxSchema })
  .meta({ id: 'AthleteMaxResponse' });

// ——— Workout logs ———

export const workoutLogStatuses = ['in_progress', 'completed'] as const;

/** Per exercise of the workout: a swap for another exercise of the same category, and notes. */
export const loggedExerciseSchema = z
  .object({
    blockExerciseId: z.uuid(),
    exerciseId: z.uuid(),
    exerciseName: z.string(),
    notes: z.string().nullable(),
    changedAt: instant,
  })
  .meta({ id: 'LoggedExercise' });
export type LoggedExercise = z.infer<typeof loggedExerciseSchema>;

/** PUT /api/workout-logs/{logId}/exercises/{blockExerciseId}: swap it or write its notes (later change wins). */
export const upsertLoggedExerciseRequestSchema = z
  .strictObject({
    exerciseId: z.uuid({ error: 'Choose an exercise' }),
    notes: notes.optional(),
    changedAt: instant,
  })
  .meta({ id: 'UpsertLoggedExerciseRequest' });
export type UpsertLoggedExerciseRequest = z.input<typeof upsertLoggedExerciseRequestSchema>;

export const loggedExerciseResponseSchema = z
  .object({ data: loggedExerciseSchema, applied: z.boolean() })
  .meta({ id: 'LoggedExerciseResponse' });

/** A staff correction of a completed log: who, when, why, and each field's value before and after. */
export const logCorrectionSchema = z
  .object({
    id: z.uuid(),
    correctedBy: personRefSchema,
    correctedAt: instant,
    reason: z.string().nullable(),
    changes: z.array(
      z.object({
        /** `session` for the log's own fields, else the set's id. */
        target: z.string(),
        field: z.string(),
        before: z.union([z.string(), z.number(), z.boolean(), z.null()]),
        after: z.union([z.string(), z.number(), z.boolean(), z.null()]),
      }),
    ),
  })
  .meta({ id: 'LogCorrection' });
export type LogCorrection = z.infer<typeof logCorrectionSchema>;

export const workoutLogSchema = z
  .object({
    id: z.uuid(),
    entryId: z.uuid(),
    /** The entry's date (the organisation's calendar date). */
    date: z.iso.date(),
    athlete: personRefSchema,
    workoutName: z.string(),
    category: workoutCategorySchema,
    status: z.enum(workoutLogStatuses),
    startedAt: instant,
    finishedAt: instant.nullable(),
    durationSeconds: z.int().nullable(),
    sessionRpe: z.number().nullable(),
    notes: z.string().nullable(),
    /** Who started it, and who finished it (staff tracking for an athlete, or the athlete). */
    startedBy: personRefSchema,
    finishedBy: personRefSchema.nullable(),
    exercises: z.array(loggedExerciseSchema),
    /** Every set, removed ones included (their `removed` is true), by block exercise and set number. */
    sets: z.array(loggedSetSchema),
    records: z.array(recordSchema),
    corrections: z.array(logCorrectionSchema),
    /** Load lifted (reps × load of the done sets), in the organisation's unit. */
    volume: z.number(),
    volumeUnit: weightUnitSchema,
    doneSetCount: z.int().min(0),
  })
  .meta({ id: 'WorkoutLog' });
export type WorkoutLog = z.infer<typeof workoutLogSchema>;

export const workoutLogResponseSchema = z
  .object({ message: z.string(), data: workoutLogSchema })
  .meta({ id: 'WorkoutLogResponse' });
export type WorkoutLogResponse = z.infer<typeof workoutLogResponseSchema>;

export const logIdParamSchema = z.object({ logId: z.uuid() });
export const logSetParamSchema = z.object({ logId: z.uuid(), setId: deviceIdSchema });
export const logExerciseParamSchema = z.object({ logId: z.uuid(), blockExerciseId: z.uuid() });

/**
 * PUT /api/workout-logs/{logId}: start tracking an entry (the athlete itself, or staff for the athlete). A replay
 * answers the log as it is; a second log for the same entry is refused with 409 naming the first.
 */
export const startWorkoutLogRequestSchema = z
  .strictObject({ entryId: z.uuid({ error: 'Choose the scheduled workout' }), startedAt: instant })
  .meta({ id: 'StartWorkoutLogRequest' });
export type StartWorkoutLogRequest = z.input<typeof startWorkoutLogRequestSchema>;

/** POST /api/workout-logs/{logId}/finish: a second finish is a no-op answered with the completed log. */
export const finishWorkoutLogRequestSchema = z
  .strictObject({
    finishedAt: instant,
    durationSeconds: whole('The duration', trackingLimits.durationSeconds),
    sessionRpe: rpe('Session RPE').nullable(),
    notes: notes.optional(),
  })
  .meta({ id: 'FinishWorkoutLogRequest' });
export type FinishWorkoutLogRequest = z.input<typeof finishWorkoutLogRequestSchema>;

/** GET /api/workout-logs?entryId=…: the log of an entry, if tracking has begun. */
export const workoutLogQuerySchema = z.object({ entryId: z.uuid({ error: 'Choose the scheduled workout' }) });
export const workoutLogLookupResponseSchema = z
  .object({ data: workoutLogSchema.nullable() })
  .meta({ id: 'WorkoutLogLookupResponse' });

/**
 * POST /api/workout-logs/{logId}/corrections (staff, completed logs): changed values of the session and of sets;
 * the originals are kept in the correction.
 */
export const correctWorkoutLogRequestSchema = z
  .strictObject({
    reason: z
      .string()
      .trim()
      .max(
        trackingLimits.correctionReasonMaxLength,
        `A reason has at most ${trackingLimits.correctionReasonMaxLength} characters`,
      )
      .nullable()
      .default(null),
    session: z
      .strictObject({
        durationSeconds: whole('The duration', trackingLimits.durationSeconds).optional(),
        sessionRpe: rpe('Session RPE').nullable().optional(),
        notes: notes.optional(),
      })
      .optional(),
    sets: z
      .array(
        z.strictObject({
          id: z.uuid(),
          reps: performedFields.reps.optional(),
          load: performedFields.load.optional(),
          loadUnit: performedFields.loadUnit.optional(),
          rpe: performedFields.rpe.optional(),
          timeSeconds: performedFields.timeSeconds.optional(),
          distance: performedFields.distance.optional(),
          velocityMph: performedFields.velocityMph.optional(),
          done: z.boolean().optional(),
        }),
      )
      .max(500)
      .default([]),
  })
  .meta({ id: 'CorrectWorkoutLogRequest' });
export type CorrectWorkoutLogRequest = z.input<typeof correctWorkoutLogRequestSchema>;

// ——— Completed workouts ———

export const completedWorkoutSummarySchema = z
  .object({
    logId: z.uuid(),
    entryId: z.uuid(),
    date: z.iso.date(),
    athlete: personRefSchema,
    workoutName: z.string(),
    category: workoutCategorySchema,
    finishedAt: instant,
    durationSeconds: z.int().nullable(),
    sessionRpe: z.number().nullable(),
    doneSetCount: z.int().min(0),
    volume: z.number(),
    volumeUnit: weightUnitSchema,
    recordCount: z.int().min(0),
    finishedBy: personRefSchema.nullable(),
    corrected: z.boolean(),
  })
  .meta({ id: 'CompletedWorkoutSummary' });
export type CompletedWorkoutSummary = z.infer<typeof completedWorkoutSummarySchema>;

/** GET /api/completed-workouts: newest first; athletes get their own whatever they ask. */
export const completedWorkoutQuerySchema = z.object({
  athleteId: z.uuid().optional(),
  groupId: z.uuid().optional(),
  category: workoutCategorySchema.optional(),
  from: scheduleDateSchema.optional(),
  to: scheduleDateSchema.optional(),
  page: pageQuerySchema,
  size: queryIntegerSchema(
    z.int().min(1).max(trackingLimits.pageSize.max, `At most ${trackingLimits.pageSize.max} per page`),
    trackingLimits.pageSize.default,
  ),
});
export type CompletedWorkoutQuery = z.input<typeof completedWorkoutQuerySchema>;

export const completedWorkoutListResponseSchema = z
  .object({
    data: z.array(completedWorkoutSummarySchema),
    page: z.int().min(0),
    size: z.int().min(1),
    total: z.int().min(0),
  })
  .meta({ id: 'CompletedWorkoutListResponse' });
export type CompletedWorkoutListResponse = z.infer<typeof completedWorkoutListResponseSchema>;

// ——— An athlete's training ———

export const athleteIdParamSchema = z.object({ athleteId: z.uuid() });

/** GET /api/athletes/{athleteId}/history?exerciseId=…&from=…&to=…: one point per completed workout. */
export const exerciseHistoryQuerySchema = z.object({
  exerciseId: z.uuid({ error: 'Choose an exercise' }),
  from: scheduleDateSchema.optional(),
  to: scheduleDateSchema.optional(),
});
export type ExerciseHistoryQuery = z.input<typeof exerciseHistoryQuerySchema>;

export const exerciseHistoryResponseSchema = z
  .object({
    exercise: z.object({ id: z.uuid(), name: z.string() }),
    unit: weightUnitSchema,
    points: z.array(
      z.object({
        date: z.iso.date(),
        logId: z.uuid(),
        /** Best Epley estimate of the day, in `unit`; null when no set could be estimated. */
        estimatedOneRm: z.number().nullable(),
        /** The heaviest done set: load (in `unit`) × reps. */
        topSet: z.object({ load: z.number(), reps: z.int() }).nullable(),
        bestVelocityMph: z.number().nullable(),
        doneSets: z.int(),
      }),
    ),
  })
  .meta({ id: 'ExerciseHistoryResponse' });
export type ExerciseHistoryResponse = z.infer<typeof exerciseHistoryResponseSchema>;

/**
 * Compliance over a period (product.md: completed entries ÷ scheduled entries whose date has passed), counted by
 * `complianceOf` in contract/compliance.ts. An entry is due once its day is over, or once it is completed (today's
 * completed ones count at once); a skipped entry (staff skip with a reason) is neither completed nor missed and is
 * not due, so a session skipped for a reason never lowers the rate.
 */
export const complianceCountsSchema = z.object({
  /** Completed entries, today's included. */
  completed: z.int().min(0),
  /** Entries whose day has passed without being completed or skipped (begun and never finished included). */
  missed: z.int().min(0),
  /** Skipped entries up to today: shown apart, not due. */
  skipped: z.int().min(0),
  /** Today's entries not done yet: due once completed or once the day is over. */
  openToday: z.int().min(0),
  /** completed + missed: the rate's denominator. */
  due: z.int().min(0),
  /** completed ÷ due, to three places; null when nothing was due. */
  rate: z.number().min(0).max(1).nullable(),
});
export type ComplianceCounts = z.infer<typeof complianceCountsSchema>;

/** GET /api/athletes/{athleteId}/training: what the athlete page's Training tab shows above the chart. */
export const athleteTrainingResponseSchema = z
  .object({
    /**
     * Exercises the athlete has logged, most sets first, for the history's picker; `takesOneRm` marks the loaded
     * strength exercises (contract/strength.ts), which the chart opens on first.
     */
    exercises: z.array(
      z.object({ id: z.uuid(), name: z.string(), doneSets: z.int(), takesOneRm: z.boolean() }),
    ),
    maxes: z.array(athleteMaxSchema),
    records: z.array(recordSchema),
    /** Compliance over the last 7, 30 and 90 days up to today. */
    compliance: z.array(
      complianceCountsSchema.extend({ days: z.union([z.literal(7), z.literal(30), z.literal(90)]) }),
    ),
  })
  .meta({ id: 'AthleteTrainingResponse' });
export type AthleteTrainingResponse = z.infer<typeof athleteTrainingResponseSchema>;

// ——— Activities (spec's activities) ———

export const activityKinds = [
  'workout_completed',
  'record_set',
  'program_applied',
  'athlete_joined',
] as const;
export const activitySchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(activityKinds),
    actor: personRefSchema.nullable(),
    /** The athlete it is about. */
    athlete: personRefSchema.nullable(),
    /** What to say and where to go: the workout's name, the record's words, the log to open. */
    title: z.string(),
    workoutLogId: z.uuid().nullable(),
    createdAt: instant,
    /** Staff's likes (issue 24): how many, and whether the viewer is one of them. */
    likes: z.int().min(0),
    likedByMe: z.boolean(),
    /** How many comments it has (read them at /api/activities/{id}/comments). */
    comments: z.int().min(0),
  })
  .meta({ id: 'Activity' });
export type Activity = z.infer<typeof activitySchema>;

export const activityQuerySchema = z.object({
  page: pageQuerySchema,
  size: queryIntegerSchema(
    z.int().min(1).max(trackingLimits.pageSize.max, `At most ${trackingLimits.pageSize.max} per page`),
    trackingLimits.pageSize.default,
  ),
  kind: z.enum(activityKinds, { error: `kind must be one of ${activityKinds.join(', ')}` }).optional(),
  /** One athlete's activity (staff: anyone's; an athlete: within what it may see). */
  athleteId: z.uuid({ error: 'athleteId must be a user id (UUID)' }).optional(),
  /** The activity of a group's current members. */
  groupId: z.uuid({ error: 'groupId must be a group id (UUID)' }).optional(),
});
export const activityListResponseSchema = z
  .object({
    data: z.array(activitySchema),
    page: z.int().min(0),
    size: z.int().min(1),
    total: z.int().min(0),
  })
  .meta({ id: 'ActivityListResponse' });
export type ActivityListResponse = z.infer<typeof activityListResponseSchema>;

/** GET /api/compliance/week: staff's "This week" card, per group (its current members' entries of the week so far). */
export const weekComplianceResponseSchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    groups: z.array(complianceCountsSchema.extend({ group: z.object({ id: z.uuid(), name: z.string() }) })),
  })
  .meta({ id: 'WeekComplianceResponse' });
export type WeekComplianceResponse = z.infer<typeof weekComplianceResponseSchema>;
