import { z } from 'zod';
import { daysInRange, isScheduleDate } from './calendar-dates';
import {
  type AnswerValues,
  type Question,
  answerTextMax,
  betterDirections,
  flagLevels,
  totalItemId,
} from './questionnaire-rules';

/**
 * Questionnaires (issue 26, ADR 065): staff build them from ordered questions, assign them to athletes or groups on
 * dates or on a repeat, athletes answer from the phone (also offline: an answer's id is made on the device), and
 * staff read each item over time against the athlete's own baseline.
 *
 * - `GET /api/questionnaires` the organisation's questionnaires with today's answer rate per group (staff);
 *   `POST` builds one (staff); `GET /api/questionnaires/{id}?version=` reads one (a version: old answers stay
 *   readable); `PUT /api/questionnaires/{id}` saves its questions (a new version once it has answers); `PATCH
 *   /api/questionnaires/{id}` `{ archived }` archives or restores it.
 * - `GET /api/questionnaires/due?from=&to=&athleteId=` what an athlete has to answer on each day, with its answers.
 * - `GET|POST /api/questionnaire-assignments`, `DELETE /api/questionnaire-assignments/{id}` (stops it: answers stay).
 * - `PUT /api/questionnaire-answers/{id}` upserts one answer by the id the device made (201 first, 200 after);
 *   `GET /api/questionnaire-answers/export?questionnaireId=&from=&to=&groupId=` is CSV.
 * - `GET /api/questionnaire-trends?questionnaireId=&athleteId=|groupId=&from=&to=` each item over time;
 *   `GET /api/questionnaire-trends/load?athleteId=&to=` the session-RPE load per week and its acute:chronic ratio;
 *   `GET /api/questionnaire-readiness?date=` who answered today and who is flagged (staff dashboard).
 */

export const questionnaireLimits = {
  nameMax: 80,
  descriptionMax: 500,
  questionsMax: 30,
  promptMax: 200,
  anchorMax: 40,
  unitMax: 20,
  optionsMin: 2,
  optionsMax: 12,
  optionMax: 60,
  scaleMin: 0,
  scaleMax: 100,
  textAnswerMax: answerTextMax,
  /** Dates of a one-off assignment. */
  datesMax: 366,
  /** Days one due request may span (the phone keeps a week ahead for offline use). */
  dueDaysMax: 14,
  /** Days one trend may span. */
  trendDaysMax: 366,
  /** Days one export may span. */
  exportDaysMax: 731,
} as const;

export const questionnaireTemplates = ['wellness', 'hooper', 'session_rpe'] as const;
export type QuestionnaireTemplate = (typeof questionnaireTemplates)[number];

export const assignmentRepeats = ['once', 'daily', 'training_days', 'weekly'] as const;
export type AssignmentRepeat = (typeof assignmentRepeats)[number];

const dateSchema = z.string({ error: 'Choose a date' }).refine(isScheduleDate, 'Choose a date (YYYY-MM-DD)');
const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time of day like 07:30');

/** A question's id: stable across versions, so an item's trend continues when its words are edited. */
export const questionIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'Use lower-case letters, digits, - and _ (at most 40)')
  .refine((id) => id !== totalItemId, `"${totalItemId}" is the questionnaire's total`);

const promptSchema = z
  .string()
  .trim()
  .min(1, 'Write the question')
  .max(questionnaireLimits.promptMax, `Keep the question under ${questionnaireLimits.promptMax} characters`);
const anchorSchema = z
  .string()
  .trim()
  .max(questionnaireLimits.anchorMax, `Keep it under ${questionnaireLimits.anchorMax} characters`);
const betterSchema = z.enum(betterDirections).nullable();
const questionBase = { id: questionIdSchema, prompt: promptSchema, required: z.boolean() };

export const questionSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({
      ...questionBase,
      kind: z.literal('scale'),
      min: z.int().min(questionnaireLimits.scaleMin).max(questionnaireLimits.scaleMax),
      max: z.int().min(questionnaireLimits.scaleMin).max(questionnaireLimits.scaleMax),
      minLabel: anchorSchema,
      maxLabel: anchorSchema,
      better: betterSchema,
      alertAt: z.number().nullable(),
      measure: z.literal('session_rpe').nullable(),
    }),
    z.strictObject({
      ...questionBase,
      kind: z.literal('number'),
      unit: z
        .string()
        .trim()
        .max(questionnaireLimits.unitMax, `Keep the unit under ${questionnaireLimits.unitMax}`),
      min: z.number().nullable(),
      max: z.number().nullable(),
      better: betterSchema,
      alertAt: z.number().nullable(),
      measure: z.literal('session_minutes').nullable(),
    }),
    z.strictObject({ ...questionBase, kind: z.literal('text') }),
    z.strictObject({
      ...questionBase,
      kind: z.enum(['single_choice', 'multiple_choice']),
      options: z
        .array(
          z
            .string()
            .trim()
            .min(1, 'Write the answer')
            .max(
              questionnaireLimits.optionMax,
              `Keep answers under ${questionnaireLimits.optionMax} characters`,
            ),
        )
        .min(questionnaireLimits.optionsMin, `Offer at least ${questionnaireLimits.optionsMin} answers`)
        .max(questionnaireLimits.optionsMax, `Offer at most ${questionnaireLimits.optionsMax} answers`),
    }),
    z.strictObject({ ...questionBase, kind: z.literal('yes_no') }),
  ])
  .superRefine((question, context) => {
    if (question.kind === 'scale' || question.kind === 'number') {
      const { min, max, alertAt } = question;
      if (min !== null && max !== null && min >= max)
        context.addIssue({
          code: 'custom',
          path: ['max'],
          message: 'Make the top of the range above its bottom',
        });
      if (alertAt !== null && ((min !== null && alertAt < min) || (max !== null && alertAt > max)))
        context.addIssue({ code: 'custom', path: ['alertAt'], message: 'Put the alert inside the range' });
      if (alertAt !== null && question.better === null)
        context.addIssue({
          code: 'custom',
          path: ['better'],
          message: 'Say which way is better to set an alert',
        });
    }
    if (
      (question.kind === 'single_choice' || question.kind === 'multiple_choice') &&
      new Set(question.options).size !== question.options.length
    )
      context.addIssue({ code: 'custom', path: ['options'], message: 'Offer each answer once' });
  })
  .meta({ id: 'Question' });

export const questionnaireTotalSchema = z.strictObject({
  label: z.string().trim().min(1, 'Name the total').max(questionnaireLimits.anchorMax),
  better: betterSchema,
});

/** `POST /api/questionnaires` and `PUT /api/questionnaires/{id}`: what staff build. */
export const saveQuestionnaireRequestSchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, 'Name the questionnaire')
      .max(questionnaireLimits.nameMax, `Keep the name under ${questionnaireLimits.nameMax} characters`),
    description: z
      .string()
      .trim()
      .max(
        questionnaireLimits.descriptionMax,
        `Keep the description under ${questionnaireLimits.descriptionMax}`,
      )
      .default(''),
    template: z.enum(questionnaireTemplates).nullable().default(null),
    questions: z
      .array(questionSchema)
      .min(1, 'Add a question')
      .max(questionnaireLimits.questionsMax, `At most ${questionnaireLimits.questionsMax} questions`),
    /** Answerable on any day, not only on the days it is assigned. */
    anyDay: z.boolean().default(false),
    total: questionnaireTotalSchema.nullable().default(null),
  })
  .superRefine((body, context) => {
    const seen = new Set<string>();
    body.questions.forEach((question, index) => {
      if (seen.has(question.id))
        context.addIssue({
          code: 'custom',
          path: ['questions', index, 'id'],
          message: 'Each question needs its own id',
        });
      seen.add(question.id);
    });
    const rpe = body.questions.filter((question) => question.kind === 'scale' && question.measure !== null);
    const minutes = body.questions.filter(
      (question) => question.kind === 'number' && question.measure !== null,
    );
    if (rpe.length > 1 || minutes.length > 1 || rpe.length !== minutes.length)
      context.addIssue({
        code: 'custom',
        path: ['questions'],
        message: 'Session RPE needs exactly one effort question and one minutes question',
      });
    if (
      body.total &&
      !body.questions.some((question) => question.kind === 'scale' && question.measure === null)
    )
      context.addIssue({
        code: 'custom',
        path: ['total'],
        message: 'A total needs scale questions to add up',
      });
  })
  .meta({ id: 'SaveQuestionnaireRequest' });
export type SaveQuestionnaireRequest = z.input<typeof saveQuestionnaireRequestSchema>;

export const questionnaireSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    template: z.enum(questionnaireTemplates).nullable(),
    /** The version these questions are; answers keep the version they were given to. */
    version: z.int(),
    /** The newest version (equal to `version` unless an older one was asked for). */
    currentVersion: z.int(),
    questions: z.array(questionSchema),
    anyDay: z.boolean(),
    total: questionnaireTotalSchema.nullable(),
    archivedAt: z.iso.datetime({ offset: true }).nullable(),
    updatedAt: z.iso.datetime({ offset: true }),
    /** Answers given to any version. */
    answerCount: z.int(),
  })
  .meta({ id: 'Questionnaire' });
export type QuestionnaireItem = z.infer<typeof questionnaireSchema>;

/**
 * A questionnaire at one version as it is answered and charted: without the answer count, which reads every answer
 * of the organisation (an athlete's day and a trend never show it).
 */
export const questionnaireFormSchema = questionnaireSchema
  .omit({ answerCount: true })
  .meta({ id: 'QuestionnaireForm' });
export type QuestionnaireForm = z.infer<typeof questionnaireFormSchema>;

export const groupAnswerRateSchema = z.object({
  /** Null: athletes assigned one by one. */
  groupId: z.uuid().nullable(),
  name: z.string(),
  due: z.int(),
  answered: z.int(),
});

export const questionnaireSummarySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    template: z.enum(questionnaireTemplates).nullable(),
    currentVersion: z.int(),
    questionCount: z.int(),
    archivedAt: z.iso.datetime({ offset: true }).nullable(),
    updatedAt: z.iso.datetime({ offset: true }),
    /** Assignments not stopped. */
    activeAssignments: z.int(),
    /** Today (the organisation's time zone): who had it due, per group, and how many answered. */
    today: z.array(groupAnswerRateSchema),
  })
  .meta({ id: 'QuestionnaireSummary' });
export type QuestionnaireSummary = z.infer<typeof questionnaireSummarySchema>;

export const questionnaireListQuerySchema = z.object({
  archived: z.enum(['true', 'false']).default('false'),
});
export const questionnaireListResponseSchema = z
  .object({ date: z.string(), questionnaires: z.array(questionnaireSummarySchema) })
  .meta({ id: 'QuestionnaireListResponse' });
export type QuestionnaireListResponse = z.infer<typeof questionnaireListResponseSchema>;

export const questionnaireIdParamSchema = z.object({ id: z.uuid() });
export const questionnaireReadQuerySchema = z.object({
  version: z
    .preprocess(
      (value) => (typeof value === 'string' && value !== '' ? Number(value) : value),
      z.int().min(1),
    )
    .optional(),
});
export const archiveQuestionnaireRequestSchema = z
  .strictObject({ archived: z.boolean() })
  .meta({ id: 'ArchiveQuestionnaireRequest' });
export const questionnaireResponseSchema = z
  .object({ questionnaire: questionnaireSchema })
  .meta({ id: 'QuestionnaireResponse' });

const personRefSchema = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });
const groupRefSchema = z.object({ id: z.uuid(), name: z.string() });

/** `POST /api/questionnaire-assignments`: a questionnaire for an athlete or a group, on dates or on a repeat. */
export const createAssignmentRequestSchema = z
  .strictObject({
    questionnaireId: z.uuid(),
    athleteId: z.uuid().optional(),
    groupId: z.uuid().optional(),
    repeat: z.enum(assignmentRepeats),
    /** `once`: the dates. */
    dates: z.array(dateSchema).max(questionnaireLimits.datesMax).default([]),
    /** Repeats: from this date (inclusive), until `endsOn` or open-ended. */
    startsOn: dateSchema.nullable().default(null),
    endsOn: dateSchema.nullable().default(null),
    /** `weekly`: the weekdays, Monday 0 … Sunday 6. */
    weekdays: z.array(z.int().min(0).max(6)).max(7).default([]),
    /** When in the day it is due (the organisation's time zone): the dashboard's order and the reminder's time. */
    timeOfDay: timeOfDaySchema.default('07:00'),
  })
  .superRefine((body, context) => {
    if ((body.athleteId === undefined) === (body.groupId === undefined))
      context.addIssue({ code: 'custom', path: ['athleteId'], message: 'Choose an athlete or a group' });
    if (body.repeat === 'once' && body.dates.length === 0)
      context.addIssue({ code: 'custom', path: ['dates'], message: 'Choose at least one date' });
    if (body.repeat !== 'once' && body.startsOn === null)
      context.addIssue({ code: 'custom', path: ['startsOn'], message: 'Choose the first day' });
    if (body.startsOn !== null && body.endsOn !== null && body.endsOn < body.startsOn)
      context.addIssue({ code: 'custom', path: ['endsOn'], message: 'End on or after the first day' });
    if (body.repeat === 'weekly' && body.weekdays.length === 0)
      context.addIssue({
        code: 'custom',
        path: ['weekdays'],
        message: 'Choose at least one day of the week',
      });
  })
  .meta({ id: 'CreateQuestionnaireAssignmentRequest' });
export type CreateAssignmentRequest = z.input<typeof createAssignmentRequestSchema>;

export const questionnaireAssignmentSchema = z
  .object({
    id: z.uuid(),
    questionnaireId: z.uuid(),
    questionnaireName: z.string(),
    athlete: personRefSchema.nullable(),
    group: groupRefSchema.nullable(),
    repeat: z.enum(assignmentRepeats),
    dates: z.array(z.string()),
    startsOn: z.string().nullable(),
    endsOn: z.string().nullable(),
    weekdays: z.array(z.int()),
    timeOfDay: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'QuestionnaireAssignment' });
export type QuestionnaireAssignment = z.infer<typeof questionnaireAssignmentSchema>;

export const assignmentListQuerySchema = z.object({ questionnaireId: z.uuid().optional() });
export const assignmentListResponseSchema = z
  .object({ assignments: z.array(questionnaireAssignmentSchema) })
  .meta({ id: 'QuestionnaireAssignmentList' });
export const assignmentResponseSchema = z
  .object({ assignment: questionnaireAssignmentSchema })
  .meta({ id: 'QuestionnaireAssignmentResponse' });
export const assignmentIdParamSchema = z.object({ id: z.uuid() });

export const answerValueSchema = z.union([
  z.number(),
  z.string().max(answerTextMax),
  z.array(z.string().max(200)).max(questionnaireLimits.optionsMax),
  z.boolean(),
  z.null(),
]);

/** `PUT /api/questionnaire-answers/{id}`: one athlete's answers to one questionnaire version on one date. */
export const saveAnswerRequestSchema = z
  .strictObject({
    questionnaireId: z.uuid(),
    version: z.int().min(1),
    date: dateSchema,
    /** Staff answering for an athlete name the athlete; an athlete answers for itself (another's id: 403). */
    athleteId: z.uuid().optional(),
    values: z.record(z.string().max(40), answerValueSchema),
  })
  .meta({ id: 'SaveQuestionnaireAnswerRequest' });
export type SaveAnswerRequest = z.infer<typeof saveAnswerRequestSchema>;

export const questionnaireAnswerSchema = z
  .object({
    id: z.uuid(),
    questionnaireId: z.uuid(),
    version: z.int(),
    athleteId: z.uuid(),
    date: z.string(),
    values: z.record(z.string(), answerValueSchema),
    /** The scale answers' sum when the questionnaire has a total. */
    total: z.number().nullable(),
    /** Server times. */
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'QuestionnaireAnswer' });
export type QuestionnaireAnswer = z.infer<typeof questionnaireAnswerSchema>;
export const answerResponseSchema = z
  .object({ answer: questionnaireAnswerSchema })
  .meta({ id: 'QuestionnaireAnswerResponse' });

export const dueQuerySchema = z
  .object({ from: dateSchema, to: dateSchema, athleteId: z.uuid().optional() })
  .refine((query) => query.to >= query.from, { path: ['to'], message: 'End on or after the start' })
  .refine(
    (query) => query.to < query.from || daysInRange(query.from, query.to) <= questionnaireLimits.dueDaysMax,
    {
      path: ['to'],
      message: `Ask for at most ${questionnaireLimits.dueDaysMax} days`,
    },
  );

export const dueQuestionnaireSchema = z.object({
  date: z.string(),
  questionnaireId: z.uuid(),
  /** The version to answer: the one already answered, or the newest. */
  version: z.int(),
  timeOfDay: z.string(),
  answer: questionnaireAnswerSchema.nullable(),
});
export type DueQuestionnaire = z.infer<typeof dueQuestionnaireSchema>;
export const dueResponseSchema = z
  .object({
    athleteId: z.uuid(),
    /** The organisation's today: an answer can be changed until the day after its date. */
    today: z.string(),
    due: z.array(dueQuestionnaireSchema),
    /** Questionnaires the athlete may answer on any day (`anyDay`, assigned to it): session RPE after practice. */
    answerable: z.array(z.uuid()),
    /** The athlete's answers in the range to questionnaires not due on their date (any-day ones). */
    otherAnswers: z.array(questionnaireAnswerSchema),
    /** Every questionnaire version `due` names. */
    questionnaires: z.array(questionnaireFormSchema),
  })
  .meta({ id: 'QuestionnaireDueResponse' });
export type DueResponse = z.infer<typeof dueResponseSchema>;

/** A from–to range of at most `maxDays` days (the query stays one object with its other fields: a route's query must). */
const withinDays =
  (maxDays: number) =>
  (query: { from: string; to: string }, context: z.RefinementCtx): void => {
    if (query.to < query.from)
      context.addIssue({ code: 'custom', path: ['to'], message: 'End on or after the start' });
    else if (daysInRange(query.from, query.to) > maxDays)
      context.addIssue({ code: 'custom', path: ['to'], message: `Ask for at most ${maxDays} days` });
  };

export const exportQuerySchema = z
  .object({ from: dateSchema, to: dateSchema, questionnaireId: z.uuid(), groupId: z.uuid().optional() })
  .superRefine(withinDays(questionnaireLimits.exportDaysMax));

export const trendQuerySchema = z
  .object({
    from: dateSchema,
    to: dateSchema,
    questionnaireId: z.uuid(),
    athleteId: z.uuid().optional(),
    groupId: z.uuid().optional(),
  })
  .superRefine(withinDays(questionnaireLimits.trendDaysMax));

/** An item of a trend: a scale or number question, or the total. */
export const trendItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(['scale', 'number', 'total']),
  unit: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  better: betterSchema,
  alertAt: z.number().nullable(),
});
export type TrendItem = z.infer<typeof trendItemSchema>;

export const flagSchema = z.object({ level: z.enum(flagLevels), reason: z.enum(['baseline', 'threshold']) });

export const trendPointSchema = z.object({
  date: z.string(),
  value: z.number(),
  /** The athlete's 28-day baseline before this day; null with fewer than 7 answers in it. */
  mean: z.number().nullable(),
  sd: z.number().nullable(),
  z: z.number().nullable(),
  flag: flagSchema.nullable(),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

export const groupTrendPointSchema = z.object({
  date: z.string(),
  mean: z.number(),
  answered: z.int(),
  amber: z.int(),
  red: z.int(),
});


export const trendResponseSchema = z
  .object({
    questionnaire: questionnaireFormSchema,
    from: z.string(),
    to: z.string(),
    items: z.array(trendItemSchema),
    /** An athlete's trend: each item's points. Empty for a group. */
    athlete: z
      .object({
        athlete: personRefSchema,
        series: z.array(z.object({ itemId: z.string(), points: z.array(trendPointSchema) })),
      })
      .nullable(),
    /** A group's trend: each item's daily mean and flag counts, and each athlete's latest answer in the range. */
    group: z
      .object({
        group: groupRefSchema,
        series: z.array(z.object({ itemId: z.string(), points: z.array(groupTrendPointSchema) })),
        athletes: z.array(
          z.object({
            athlete: personRefSchema,
            lastDate: z.string().nullable(),
            flag: z.enum(flagLevels).nullable(),
            answers: z.int(),
          }),
        ),
      })
      .nullable(),
  })
  .meta({ id: 'QuestionnaireTrendResponse' });
export type TrendResponse = z.infer<typeof trendResponseSchema>;

export const loadQuerySchema = z.object({ athleteId: z.uuid(), to: dateSchema.optional() });
export const loadResponseSchema = z
  .object({
    athleteId: z.uuid(),
    to: z.string(),
    /** Monday-started weeks, oldest first (12 weeks): session-RPE load (CR-10 × minutes), from tracked workouts and answers. */
    weeks: z.array(z.object({ weekStart: z.string(), load: z.number(), sessions: z.int() })),
    acute: z.number(),
    chronic: z.number(),
    ratio: z.number().nullable(),
    zone: z.enum(['green', 'amber', 'red']).nullable(),
  })
  .meta({ id: 'SessionLoadResponse' });
export type SessionLoadResponse = z.infer<typeof loadResponseSchema>;

export const readinessQuerySchema = z.object({ date: dateSchema.optional() });
export const flaggedItemSchema = z.object({
  questionnaireId: z.uuid(),
  questionnaireName: z.string(),
  itemId: z.string(),
  label: z.string(),
  value: z.number(),
  z: z.number().nullable(),
  flag: flagSchema,
});
export type FlaggedItem = z.infer<typeof flaggedItemSchema>;
export const readinessResponseSchema = z
  .object({
    date: z.string(),
    due: z.int(),
    answered: z.int(),
    athletes: z.array(
      z.object({
        athlete: personRefSchema,
        due: z.int(),
        answered: z.int(),
        flag: z.enum(flagLevels).nullable(),
        flagged: z.array(flaggedItemSchema),
      }),
    ),
  })
  .meta({ id: 'ReadinessResponse' });
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

/** The parts of a questionnaire version the rules read. */
export type QuestionnaireVersion = {
  questions: Question[];
  total: { label: string; better: 'higher' | 'lower' | null } | null;
};
export type { AnswerValues };
