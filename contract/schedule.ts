import { z } from 'zod';
import { daysInRange, isScheduleDate, scheduleDateBounds, scheduleRangeMaxDays } from './calendar-dates';
import { prescribedSetSchema, weightUnitSchema, workoutBlockSchema, workoutCategorySchema } from './library';

/** The schedule (issue 14): workouts on dates for athletes and groups, and programs applied from a start date. */

export const scheduleLimits = {
  rangeMaxDays: scheduleRangeMaxDays,
  /** A program applied at once may make at most this many entries (a group's fan-out included). */
  entriesPerApplication: 2000,
  programDayMax: 365,
  /** A program's name. */
  nameMaxLength: 120,
  programWorkoutsMax: 500,
  skipReasonMaxLength: 280,
  programDescriptionMaxLength: 1000,
  /** A program's progression: one rule for the program and one per exercise, at most this many. */
  progressionRulesMax: 50,
  /** The largest weekly change of each kind (a coach's +2.5 %, +5 lb, +1 set, +1 rep are well inside). */
  progressionStep: { percentOneRm: 20, load: 100, sets: 5, reps: 5 },
  /** The weeks a program can have (365 days). */
  programWeekMax: 53,
} as const;

export const scheduleDateSchema = z
  .string({ error: 'Choose a date' })
  .refine(
    isScheduleDate,
    `Choose a date between ${scheduleDateBounds.min.slice(0, 4)} and ${scheduleDateBounds.max.slice(0, 4)} (YYYY-MM-DD)`,
  );

export const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time of day like 15:30');

export const entryStatuses = ['scheduled', 'in_progress', 'completed', 'skipped'] as const;
export const entryStatusSchema = z.enum(entryStatuses);
export type EntryStatus = z.infer<typeof entryStatusSchema>;

const personRefSchema = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });
const groupRefSchema = z.object({ id: z.uuid(), name: z.string() });

/**
 * What a calendar draws of one item: an athlete's entry, or a group assignment shown once for the group (its
 * members' entries are fanned out from it). The workout itself is read when the item is opened.
 */
export const calendarItemSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(['entry', 'assignment']),
    date: z.iso.date(),
    /** Order among the items of the same day (0 first). */
    position: z.int().min(0),
    timeOfDay: z.string().nullable(),
    name: z.string(),
    category: workoutCategorySchema,
    /**
     * An entry's status. An assignment's comes from its members' entries: `completed` once each is completed or
     * skipped (`skipped` when all are), `in_progress` once one is begun, else `scheduled`.
     */
    status: entryStatusSchema,
    athlete: personRefSchema.nullable(),
    group: groupRefSchema.nullable(),
    /** The group assignment an entry came from, while it still follows it. */
    assignmentId: z.uuid().nullable(),
    programApplicationId: z.uuid().nullable(),
    /** An assignment's members: how many entries it has and how many are completed. */
    progress: z.object({ completed: z.int().min(0), total: z.int().min(0) }).nullable(),
  })
  .meta({ id: 'CalendarItem' });
export type CalendarItem = z.infer<typeof calendarItemSchema>;

type RefinementContext = z.core.$RefinementCtx;

/** An athlete or a group: exactly one where a body says for whom, at most one where none means "everyone". */
function checkWho(
  value: { athleteId?: string | undefined; groupId?: string | undefined },
  context: RefinementContext,
  need: 'one' | 'optional',
  [athleteField, groupField] = ['athleteId', 'groupId'],
) {
  if (need === 'one' && !value.athleteId && !value.groupId) {
    context.addIssue({ code: 'custom', path: [athleteField], message: 'Choose an athlete or a group' });
  } else if (value.athleteId && value.groupId) {
    context.addIssue({
      code: 'custom',
      path: [groupField],
      message: 'Choose an athlete or a group, not both',
    });
  }
}

/** `from` to `to`, both counted, in order and at most `maxDays` long (the fault is named at `to`). */
function checkRange(range: { from: string; to: string }, context: RefinementContext, maxDays: number) {
  if (!isScheduleDate(range.from) || !isScheduleDate(range.to)) return;
  const days = daysInRange(range.from, range.to);
  if (days < 1)
    context.addIssue({ code: 'custom', path: ['to'], message: 'The range ends before it starts' });
  else if (days > maxDays) {
    context.addIssue({
      code: 'custom',
      path: ['to'],
      message: `At most ${maxDays} days at once (this range has ${days})`,
    });
  }
}

/** `GET /api/schedule`: one athlete's, one group's or (no id) the organisation's items in a range of dates. */
export const scheduleQuerySchema = z
  .object({
    from: scheduleDateSchema,
    to: scheduleDateSchema,
    athleteId: z.uuid().optional(),
    groupId: z.uuid().optional(),
  })
  .superRefine((query, context) => {
    checkWho(query, context, 'optional');
    checkRange(query, context, scheduleRangeMaxDays);
  });
export type ScheduleQuery = z.input<typeof scheduleQuerySchema>;

export const scheduleResponseSchema = z
  .object({
    data: z.array(calendarItemSchema),
    from: z.iso.date(),
    to: z.iso.date(),
    /** The organisation's today, in its time zone. */
    today: z.iso.date(),
    timeZone: z.string(),
  })
  .meta({ id: 'ScheduleResponse' });
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

/** Exactly one of athleteId or groupId: who a workout or a program is for. */
const forWhom = <T extends z.ZodRawShape>(shape: T) =>
  z
    .strictObject({ ...shape, athleteId: z.uuid().optional(), groupId: z.uuid().optional() })
    .superRefine((body, context) => {
      checkWho(body as { athleteId?: string; groupId?: string }, context, 'one');
    });

/** `POST /api/schedule`: a library workout on a date, for an athlete (an entry) or a group (an assignment). */
export const createScheduleItemRequestSchema = forWhom({
  workoutId: z.uuid({ error: 'Choose a workout' }),
  date: scheduleDateSchema,
  timeOfDay: timeOfDaySchema.nullable().optional(),
}).meta({ id: 'CreateScheduleItemRequest' });
export type CreateScheduleItemRequest = z.input<typeof createScheduleItemRequestSchema>;

/** The workout as the item keeps it: its own copy, so editing the library never rewrites the schedule. */
export const scheduledWorkoutSchema = z
  .object({
    /** The library workout it was copied from; null when that workout was deleted. */
    workoutId: z.uuid().nullable(),
    /** The library version the copy was taken at. */
    version: z.int().min(1),
    name: z.string(),
    category: workoutCategorySchema,
    notes: z.string().nullable(),
    blocks: z.array(workoutBlockSchema),
    /** The library's version now, when newer than the copy ("update from library" takes it). */
    libraryVersion: z.int().min(1).nullable(),
  })
  .meta({ id: 'ScheduledWorkout' });
export type ScheduledWorkout = z.infer<typeof scheduledWorkoutSchema>;

export const scheduleItemDetailSchema = calendarItemSchema
  .extend({
    workout: scheduledWorkoutSchema,
    skipReason: z.string().nullable(),
    /** An assignment's members and the status of each one's entry. */
    members: z
      .array(
        z.object({
          entryId: z.uuid(),
          athlete: personRefSchema,
          status: entryStatusSchema,
          followsAssignment: z.boolean(),
        }),
      )
      .nullable(),
  })
  .meta({ id: 'ScheduleItemDetail' });
export type ScheduleItemDetail = z.infer<typeof scheduleItemDetailSchema>;

export const scheduleItemResponseSchema = z
  .object({ message: z.string(), data: scheduleItemDetailSchema })
  .meta({ id: 'ScheduleItemResponse' });
export type ScheduleItemResponse = z.infer<typeof scheduleItemResponseSchema>;

export const entryIdParamSchema = z.object({ entryId: z.uuid() });
export const assignmentIdParamSchema = z.object({ assignmentId: z.uuid() });

/**
 * `PATCH /api/schedule/entries/{entryId}` and `PATCH /api/group-assignments/{assignmentId}`: move (date, order,
 * time) or, for an entry, skip with a reason or take the skip back. A member's entry changed alone stops
 * following its assignment; an assignment's change reaches its members' entries that are not started.
 */
export const updateScheduleItemRequestSchema = z
  .strictObject({
    date: scheduleDateSchema.optional(),
    position: z.int().min(0).max(100).optional(),
    timeOfDay: timeOfDaySchema.nullable().optional(),
    status: z.enum(['scheduled', 'skipped'], { error: 'Skip it, or schedule it again' }).optional(),
    skipReason: z
      .string()
      .trim()
      .min(1, 'Say why it is skipped')
      .max(scheduleLimits.skipReasonMaxLength, `At most ${scheduleLimits.skipReasonMaxLength} characters`)
      .optional(),
  })
  .superRefine((body, context) => {
    if (body.status === 'skipped' && !body.skipReason) {
      context.addIssue({ code: 'custom', path: ['skipReason'], message: 'Say why it is skipped' });
    }
  })
  .meta({ id: 'UpdateScheduleItemRequest' });
export type UpdateScheduleItemRequest = z.input<typeof updateScheduleItemRequestSchema>;

/** What a change of many entries did, and how to take it back once (`POST /api/schedule/batches/{batchId}/undo`). */
export const scheduleBatchResponseSchema = z
  .object({
    message: z.string(),
    /** How many entries and assignments it touched. */
    count: z.int().min(0),
    /** Null when there is nothing to undo. */
    batchId: z.uuid().nullable(),
  })
  .meta({ id: 'ScheduleBatchResponse' });
export type ScheduleBatchResponse = z.infer<typeof scheduleBatchResponseSchema>;

export const batchIdParamSchema = z.object({ batchId: z.uuid() });

const dateRange = {
  from: scheduleDateSchema,
  to: scheduleDateSchema,
};

/**
 * `POST /api/schedule/copy`: the items of a day or a week (any range up to 62 days) to another start date, for
 * the same athlete or group or for another one. Every item is copied whatever its status (a completed week is
 * the plan to repeat), as a new scheduled item on the same weekday offset from `toDate`.
 */
export const copyScheduleRequestSchema = z
  .strictObject({
    ...dateRange,
    athleteId: z.uuid().optional(),
    groupId: z.uuid().optional(),
    toDate: scheduleDateSchema,
    toAthleteId: z.uuid().optional(),
    toGroupId: z.uuid().optional(),
  })
  .superRefine((body, context) => {
    checkWho(body, context, 'one');
    checkWho({ athleteId: body.toAthleteId, groupId: body.toGroupId }, context, 'optional', [
      'toAthleteId',
      'toGroupId',
    ]);
    checkRange(body, context, scheduleRangeMaxDays);
  })
  .meta({ id: 'CopyScheduleRequest' });
export type CopyScheduleRequest = z.input<typeof copyScheduleRequestSchema>;

/** `POST /api/schedule/delete`: every item of an athlete or a group in a range that is not started. */
export const deleteScheduleRangeRequestSchema = z
  .strictObject({ ...dateRange, athleteId: z.uuid().optional(), groupId: z.uuid().optional() })
  .superRefine((body, context) => {
    checkWho(body, context, 'one');
    checkRange(body, context, scheduleRangeMaxDays);
  })
  .meta({ id: 'DeleteScheduleRangeRequest' });
export type DeleteScheduleRangeRequest = z.input<typeof deleteScheduleRangeRequestSchema>;

// ——— Programs (the spec's schedule templates) ———

const programName = z
  .string({ error: 'Enter a name for the program' })
  .trim()
  .min(1, 'Enter a name for the program')
  .max(scheduleLimits.nameMaxLength, `A name has at most ${scheduleLimits.nameMaxLength} characters`);

export const programWorkoutInputSchema = z.strictObject({
  /** Day 1 is the start date. */
  day: z
    .int('The day is a whole number')
    .min(1, 'Days start at day 1')
    .max(scheduleLimits.programDayMax, `A program is at most ${scheduleLimits.programDayMax} days long`),
  workoutId: z.uuid({ error: 'Choose a workout' }),
});

const step = scheduleLimits.progressionStep;
/** A weekly change: a number between -limit and limit, null for none. */
const weeklyChange = (label: string, limit: number, unit = '') =>
  z
    .number({ error: `Enter a number for ${label}` })
    .min(-limit, `${label} changes by at most ${limit}${unit} a week`)
    .max(limit, `${label} changes by at most ${limit}${unit} a week`)
    .nullable()
    .default(null);

/** Per week, a change of %1RM, load, sets or reps: for every exercise (exerciseId null) or for one exercise. */
export const progressionRuleSchema = z
  .strictObject({
    exerciseId: z.uuid({ error: 'Choose an exercise of the program' }).nullable().default(null),
    percentOneRm: weeklyChange('%1RM', step.percentOneRm, ' percentage points').refine(
      (value) => value === null || Number.isInteger(value * 10),
      '%1RM changes in tenths of a percentage point (2.5)',
    ),
    load: weeklyChange('Load', step.load).refine(
      (value) => value === null || Number.isInteger(value * 10),
      'Load changes in tenths (2.5)',
    ),
    loadUnit: weightUnitSchema.nullable().default(null),
    sets: weeklyChange('Sets', step.sets).refine(
      (value) => value === null || Number.isInteger(value),
      'Sets change by whole sets',
    ),
    reps: weeklyChange('Reps', step.reps).refine(
      (value) => value === null || Number.isInteger(value),
      'Reps change by whole reps',
    ),
  })
  .superRefine((rule, context) => {
    if (!rule.percentOneRm && !rule.load && !rule.sets && !rule.reps) {
      context.addIssue({
        code: 'custom',
        path: ['percentOneRm'],
        message: 'Give a weekly change of %1RM, load, sets or reps',
      });
    }
    if (rule.load && !rule.loadUnit) {
      context.addIssue({ code: 'custom', path: ['loadUnit'], message: 'Choose lb or kg for the load' });
    }
  })
  .meta({ id: 'ProgressionRule' });

export const deloadWeekSchema = z
  .strictObject({
    week: z
      .int('The week is a whole number')
      .min(2, 'Week 1 is the program as written: a deload is week 2 or later')
      .max(scheduleLimits.programWeekMax, `A program has at most ${scheduleLimits.programWeekMax} weeks`),
    volumePercent: z
      .int('The volume is a whole percentage')
      .min(10, 'A deload keeps at least 10 % of the volume')
      .max(99, 'A deload keeps less than 100 % of the volume'),
  })
  .meta({ id: 'DeloadWeek' });

/** How a program's weeks change from week 1 (product.md: a program that progresses); applied when applied. */
export const programProgressionSchema = z
  .strictObject({
    rules: z
      .array(progressionRuleSchema)
      .max(scheduleLimits.progressionRulesMax, `At most ${scheduleLimits.progressionRulesMax} rules`)
      .default([]),
    deloads: z
      .array(deloadWeekSchema)
      .max(scheduleLimits.programWeekMax, `At most ${scheduleLimits.programWeekMax} deload weeks`)
      .default([]),
  })
  .superRefine((progression, context) => {
    const seenRules = new Set<string>();
    progression.rules.forEach((rule, index) => {
      const key = rule.exerciseId?.toLowerCase() ?? 'program';
      if (seenRules.has(key)) {
        context.addIssue({
          code: 'custom',
          path: ['rules', index, 'exerciseId'],
          message: rule.exerciseId
            ? 'This exercise already has a rule'
            : 'The program already has a rule for every exercise',
        });
      }
      seenRules.add(key);
    });
    const seenWeeks = new Set<number>();
    progression.deloads.forEach((deload, index) => {
      if (seenWeeks.has(deload.week)) {
        context.addIssue({
          code: 'custom',
          path: ['deloads', index, 'week'],
          message: `Week ${deload.week} is already a deload`,
        });
      }
      seenWeeks.add(deload.week);
    });
  })
  .meta({ id: 'ProgramProgression' });
export type ProgramProgressionInput = z.input<typeof programProgressionSchema>;

export const saveProgramRequestSchema = z
  .strictObject({
    name: programName,
    description: z
      .string()
      .trim()
      .max(
        scheduleLimits.programDescriptionMaxLength,
        `At most ${scheduleLimits.programDescriptionMaxLength} characters`,
      )
      .nullable()
      .optional(),
    workouts: z
      .array(programWorkoutInputSchema)
      .min(1, 'A program needs at least one workout')
      .max(
        scheduleLimits.programWorkoutsMax,
        `At most ${scheduleLimits.programWorkoutsMax} workouts in a program`,
      ),
    /** Null or missing: every week repeats week 1. */
    progression: programProgressionSchema.nullable().optional(),
  })
  .meta({ id: 'SaveProgramRequest' });
export type SaveProgramRequest = z.input<typeof saveProgramRequestSchema>;

/**
 * `POST /api/programs/from-schedule`: a range of an athlete's or a group's calendar as a program (day 1 = from),
 * at most a program's length (365 days).
 */
export const programFromScheduleRequestSchema = forWhom({
  name: programName,
  description: z.string().trim().max(scheduleLimits.programDescriptionMaxLength).nullable().optional(),
  ...dateRange,
})
  .superRefine((body, context) => checkRange(body, context, scheduleLimits.programDayMax))
  .meta({ id: 'ProgramFromScheduleRequest' });
export type ProgramFromScheduleRequest = z.input<typeof programFromScheduleRequestSchema>;

export const programWorkoutSchema = z
  .object({
    id: z.uuid(),
    day: z.int().min(1),
    /** Order among the workouts of the same day. */
    position: z.int().min(0),
    workout: z.object({
      id: z.uuid(),
      name: z.string(),
      category: workoutCategorySchema,
      archived: z.boolean(),
    }),
  })
  .meta({ id: 'ProgramWorkout' });
export type ProgramWorkout = z.infer<typeof programWorkoutSchema>;

export const programSummarySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    workoutCount: z.int().min(0),
    /** The last day with a workout. */
    dayCount: z.int().min(0),
    applicationCount: z.int().min(0),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ProgramSummary' });
export type ProgramSummary = z.infer<typeof programSummarySchema>;

export const programSchema = programSummarySchema
  .extend({
    workouts: z.array(programWorkoutSchema),
    progression: programProgressionSchema.nullable(),
    /** The exercises its workouts use, for a rule of one exercise. */
    exercises: z.array(z.object({ id: z.uuid(), name: z.string() })),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Program' });
export type Program = z.infer<typeof programSchema>;

export const programListResponseSchema = z
  .object({ data: z.array(programSummarySchema) })
  .meta({ id: 'ProgramListResponse' });
export type ProgramListResponse = z.infer<typeof programListResponseSchema>;

export const programResponseSchema = z
  .object({ message: z.string(), data: programSchema })
  .meta({ id: 'ProgramResponse' });
export type ProgramResponse = z.infer<typeof programResponseSchema>;

export const deleteProgramResponseSchema = z
  .object({ message: z.string() })
  .meta({ id: 'DeleteProgramResponse' });

export const programIdParamSchema = z.object({ programId: z.uuid() });
export const applicationIdParamSchema = z.object({ applicationId: z.uuid() });

/** `POST /api/programs/{programId}/applications/preview` and `…/applications`: for whom, from which date. */
export const applyProgramRequestSchema = forWhom({ startDate: scheduleDateSchema }).meta({
  id: 'ApplyProgramRequest',
});
export type ApplyProgramRequest = z.input<typeof applyProgramRequestSchema>;

export const programPreviewSchema = z
  .object({
    /** Every date and workout the application will put on the calendar, in order. */
    items: z.array(
      z.object({
        date: z.iso.date(),
        day: z.int().min(1),
        workout: z.object({ id: z.uuid(), name: z.string(), category: workoutCategorySchema }),
      }),
    ),
    /** What is already on those dates for the same athlete or group. */
    existing: z.array(calendarItemSchema),
    /** The program's weeks (a deload with its share of the volume). */
    weeks: z.array(z.object({ week: z.int().min(1), deloadPercent: z.int().nullable() })),
    /** Each exercise of each workout, with its sets in every week the workout is in. */
    exercises: z.array(
      z.object({
        workout: z.object({ id: z.uuid(), name: z.string() }),
        exercise: z.object({ id: z.uuid(), name: z.string() }),
        weeks: z.array(z.object({ week: z.int().min(1), sets: z.array(prescribedSetSchema) })),
      }),
    ),
    /** How many entries it makes (a group's: one per member and date, plus its assignments). */
    entryCount: z.int().min(0),
    endDate: z.iso.date(),
  })
  .meta({ id: 'ProgramPreview' });
export type ProgramPreview = z.infer<typeof programPreviewSchema>;

export const programPreviewResponseSchema = z
  .object({ data: programPreviewSchema })
  .meta({ id: 'ProgramPreviewResponse' });

export const programApplicationSchema = z
  .object({
    id: z.uuid(),
    programId: z.uuid().nullable(),
    programName: z.string(),
    athlete: personRefSchema.nullable(),
    group: groupRefSchema.nullable(),
    startDate: z.iso.date(),
    endDate: z.iso.date(),
    /** Its entries and assignments still on the calendar. */
    itemCount: z.int().min(0),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ProgramApplication' });
export type ProgramApplication = z.infer<typeof programApplicationSchema>;

export const programApplicationResponseSchema = z
  .object({ message: z.string(), data: programApplicationSchema })
  .meta({ id: 'ProgramApplicationResponse' });

export const programApplicationListResponseSchema = z
  .object({ data: z.array(programApplicationSchema) })
  .meta({ id: 'ProgramApplicationListResponse' });

/** `GET /api/schedule/today`: the signed-in user's today (an athlete's own; staff: the organisation's). */
export const todayResponseSchema = z
  .object({ today: z.iso.date(), timeZone: z.string(), data: z.array(calendarItemSchema) })
  .meta({ id: 'TodayResponse' });
export type TodayResponse = z.infer<typeof todayResponseSchema>;
