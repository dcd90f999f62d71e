import { z } from 'zod';
import { daysInRange, isScheduleDate } from './calendar-dates';

/**
 * Reports (issue 27, ADR 075): an organisation's training over a range, for staff, and a written summary of it by a
 * language model that may only state the report's own figures.
 *
 * - `GET /api/reporting/organization/{id}?from=&to=&groupId=|athleteId=` the report: compliance, training volume,
 *   strength, throwing and readiness over the range, for the organisation, a group or an athlete.
 * - `POST /api/reporting/organization/{id}/llm` `{ from, to, groupId?, athleteId? }` streams a summary of that
 *   report (server-sent events, see `summaryEventSchema`); `GET` lists the summaries stored for it.
 *
 * Every number the report states is a figure with a short id (`F1`, `F2`, …) from `reportFigures`, computed the
 * same way on the server (for the model and the checks) and on the screen (for the links of a citation).
 */

export const reportLimits = {
  /** The longest range one report covers: a season and a little more. */
  rangeMaxDays: 366,
  /** Athletes listed per section (the lowest compliance first, the most pitches first …). */
  athletesMax: 300,
  /** Main lifts in the strength section: the lift exercises with the most sets in the range. */
  mainLifts: 5,
  /** Records listed (newest first). */
  recordsMax: 50,
  /** Summaries one organisation may ask for per hour. */
  summariesPerHour: 20,
} as const;

/** Compliance below this is "falling behind" (completed ÷ due). */
export const fallingBehindBelow = 0.8;

const dateSchema = z.string({ error: 'Choose a date' }).refine(isScheduleDate, 'Choose a date (YYYY-MM-DD)');

export const reportQuerySchema = z
  .object({
    from: dateSchema,
    to: dateSchema,
    groupId: z.uuid('Choose a group').optional(),
    athleteId: z.uuid('Choose an athlete').optional(),
  })
  .superRefine((query, ctx) => {
    if (query.groupId && query.athleteId)
      ctx.addIssue({
        code: 'custom',
        path: ['athleteId'],
        message: 'Choose a group or an athlete, not both',
      });
    if (isScheduleDate(query.from) && isScheduleDate(query.to)) {
      if (query.to < query.from)
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end is before the start' });
      else if (daysInRange(query.from, query.to) > reportLimits.rangeMaxDays)
        ctx.addIssue({
          code: 'custom',
          path: ['to'],
          message: `A report covers at most ${reportLimits.rangeMaxDays} days`,
        });
    }
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const organizationIdPathSchema = z.object({ id: z.uuid() });

const ref = z.object({ id: z.uuid(), name: z.string() });
/** completed ÷ due; due = completed + missed (contract/compliance.ts). Rate is null when nothing was due. */
const complianceFigures = {
  completed: z.int(),
  missed: z.int(),
  skipped: z.int(),
  due: z.int(),
  rate: z.number().nullable(),
};

export const reportSchema = z
  .object({
    organizationId: z.uuid(),
    from: z.string(),
    to: z.string(),
    /** The organisation's today: days after it are not yet due. */
    today: z.string(),
    scope: z.object({
      kind: z.enum(['organization', 'group', 'athlete']),
      id: z.uuid(),
      name: z.string(),
    }),
    /** The organisation's weight unit: loads and 1RMs are in it. */
    weightUnit: z.enum(['kg', 'lb']),
    /** The athletes the report counts (the scope's current athletes). */
    athletes: z.int(),
    compliance: z.object({
      total: z.object(complianceFigures),
      /** Weeks starting on the organisation's first day of the week, oldest first. */
      weeks: z.array(z.object({ weekStart: z.string(), ...complianceFigures })),
      /** The organisation's groups (empty for a group's or an athlete's report), lowest rate first. */
      groups: z.array(z.object({ group: ref, ...complianceFigures })),
      /** Lowest rate first: who is falling behind is on top. */
      athletes: z.array(z.object({ athlete: ref, ...complianceFigures })),
    }),
    volume: z.object({
      /** Per workout category and week: completed workouts, sets done, reps, and load (Σ load × reps). */
      weeks: z.array(
        z.object({
          weekStart: z.string(),
          category: z.string(),
          workouts: z.int(),
          sets: z.int(),
          reps: z.int(),
          load: z.number(),
        }),
      ),
      categories: z.array(
        z.object({ category: z.string(), workouts: z.int(), sets: z.int(), reps: z.int(), load: z.number() }),
      ),
      /** Session-RPE load (Foster: CR-10 × minutes, arbitrary units), all athletes of the scope, per week. */
      sessionLoad: z.array(z.object({ weekStart: z.string(), load: z.number(), sessions: z.int() })),
      /** Per athlete on `to`: acute (7 days) and chronic (28-day weekly mean) session load, and their ratio. */
      loadRatios: z.array(
        z.object({
          athlete: ref,
          acute: z.number(),
          chronic: z.number(),
          ratio: z.number().nullable(),
          zone: z.enum(['green', 'amber', 'red']).nullable(),
        }),
      ),
    }),
    strength: z.object({
      /** The main lifts: per athlete the best estimated 1RM before the range and in it. */
      lifts: z.array(
        z.object({
          exercise: ref,
          athletes: z.array(
            z.object({
              athlete: ref,
              before: z.number().nullable(),
              best: z.number(),
              change: z.number().nullable(),
            }),
          ),
        }),
      ),
      /** New records in the range, newest first. */
      records: z.array(
        z.object({
          id: z.uuid(),
          athlete: ref,
          exercise: ref,
          kind: z.string(),
          value: z.number(),
          unit: z.string(),
          date: z.string(),
          logId: z.uuid(),
        }),
      ),
      recordCount: z.int(),
    }),
    throwing: z.object({
      /** Per athlete who pitched, most pitches first: against Pitch Smart's daily limit and rest days for its age. */
      athletes: z.array(
        z.object({
          athlete: ref,
          pitches: z.int(),
          days: z.int(),
          maxDaily: z.int(),
          /** Pitch Smart's daily limit for the athlete's age (null when its age is not known). */
          dailyLimit: z.int().nullable(),
          daysOverLimit: z.int(),
          /** Days pitched before the rest the day before asked for had passed. */
          restDaysMissed: z.int(),
          /** Arm-sensor workload on `to`: acute:chronic ratio and zone (null without sensor data). */
          workloadRatio: z.number().nullable(),
          zone: z.enum(['green', 'amber', 'red']).nullable(),
        }),
      ),
      /** Mean and top velocity per pitch type and week (mph). */
      velocity: z.array(
        z.object({
          weekStart: z.string(),
          pitchType: z.string(),
          pitches: z.int(),
          mean: z.number(),
          top: z.number(),
        }),
      ),
      totalPitches: z.int(),
    }),
    readiness: z.object({
      questionnaires: z.array(
        z.object({
          questionnaire: ref,
          answers: z.int(),
          /** Answers due in the range for the scope's athletes (assignments); null when it may be answered any day. */
          due: z.int().nullable(),
          items: z.array(
            z.object({
              itemId: z.string(),
              label: z.string(),
              mean: z.number().nullable(),
              answers: z.int(),
              amber: z.int(),
              red: z.int(),
            }),
          ),
        }),
      ),
      /** Athletes with flagged answers in the range, most red first. */
      flagged: z.array(z.object({ athlete: ref, amber: z.int(), red: z.int() })),
    }),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof reportSchema>;

export const reportSections = ['compliance', 'volume', 'strength', 'throwing', 'readiness'] as const;
export type ReportSection = (typeof reportSections)[number];

export const figureUnits = [
  'percent',
  'count',
  'workouts',
  'sets',
  'reps',
  'kg',
  'lb',
  'AU',
  'ratio',
  'pitches',
  'days',
  'mph',
  'answers',
  'score',
] as const;
export type FigureUnit = (typeof figureUnits)[number];

/** One number the report states: what a summary may cite and repeat. */
export interface ReportFigure {
  /** `F1`, `F2`, … in the order of `reportFigures`. */
  id: string;
  section: ReportSection;
  label: string;
  /** As the screen shows it: a rate as a percentage (0.853 → 85.3), loads and 1RMs rounded to 0.1. */
  value: number;
  unit: FigureUnit;
  /** Where the figure comes from in the app (an athlete, a group, a completed workout), when one place says it. */
  href?: string;
}

const rounded = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;
const percent = (rate: number) => rounded(rate * 100);

/**
 * The report's figures, each with its id, in a fixed order: the server gives them to the model and checks its text
 * against them; the screen puts the same ids on the cells that show them, so a citation links to its cell.
 */
export function reportFigures(report: Report): ReportFigure[] {
  const figures: ReportFigure[] = [];
  const add = (figure: Omit<ReportFigure, 'id'>) => {
    const made = { id: `F${figures.length + 1}`, ...figure };
    figures.push(made);
    return made.id;
  };
  const athleteHref = (id: string) => `/app/users/${id}`;
  const { compliance, volume, strength, throwing, readiness } = report;

  add({
    section: 'compliance',
    label: 'Workouts completed',
    value: compliance.total.completed,
    unit: 'workouts',
  });
  add({ section: 'compliance', label: 'Workouts due', value: compliance.total.due, unit: 'workouts' });
  add({ section: 'compliance', label: 'Workouts missed', value: compliance.total.missed, unit: 'workouts' });
  if (compliance.total.rate !== null)
    add({
      section: 'compliance',
      label: 'Compliance',
      value: percent(compliance.total.rate),
      unit: 'percent',
    });
  for (const week of compliance.weeks)
    if (week.rate !== null)
      add({
        section: 'compliance',
        label: `Compliance in the week of ${week.weekStart}`,
        value: percent(week.rate),
        unit: 'percent',
      });
  for (const group of compliance.groups)
    if (group.rate !== null)
      add({
        section: 'compliance',
        label: `Compliance of ${group.group.name}`,
        value: percent(group.rate),
        unit: 'percent',
        href: `/app/groups/${group.group.id}`,
      });
  for (const row of compliance.athletes) {
    if (row.rate !== null)
      add({
        section: 'compliance',
        label: `Compliance of ${row.athlete.name}`,
        value: percent(row.rate),
        unit: 'percent',
        href: athleteHref(row.athlete.id),
      });
    if (row.missed > 0)
      add({
        section: 'compliance',
        label: `Workouts missed by ${row.athlete.name}`,
        value: row.missed,
        unit: 'workouts',
        href: athleteHref(row.athlete.id),
      });
  }

  for (const category of volume.categories) {
    add({
      section: 'volume',
      label: `${category.category}: workouts`,
      value: category.workouts,
      unit: 'workouts',
    });
    add({ section: 'volume', label: `${category.category}: sets`, value: category.sets, unit: 'sets' });
    add({ section: 'volume', label: `${category.category}: reps`, value: category.reps, unit: 'reps' });
    if (category.load > 0)
      add({
        section: 'volume',
        label: `${category.category}: load lifted`,
        value: Math.round(category.load),
        unit: report.weightUnit,
      });
  }
  for (const week of volume.sessionLoad)
    add({
      section: 'volume',
      label: `Session-RPE load in the week of ${week.weekStart}`,
      value: Math.round(week.load),
      unit: 'AU',
    });
  for (const row of volume.loadRatios)
    if (row.ratio !== null)
      add({
        section: 'volume',
        label: `Acute:chronic load of ${row.athlete.name}`,
        value: rounded(row.ratio, 2),
        unit: 'ratio',
        href: athleteHref(row.athlete.id),
      });

  for (const lift of strength.lifts)
    for (const row of lift.athletes) {
      add({
        section: 'strength',
        label: `${lift.exercise.name} estimated 1RM of ${row.athlete.name}`,
        value: rounded(row.best),
        unit: report.weightUnit,
        href: athleteHref(row.athlete.id),
      });
      if (row.change !== null)
        add({
          section: 'strength',
          label: `${lift.exercise.name} 1RM change of ${row.athlete.name}`,
          value: rounded(row.change),
          unit: report.weightUnit,
          href: athleteHref(row.athlete.id),
        });
    }
  add({ section: 'strength', label: 'New records', value: strength.recordCount, unit: 'count' });
  for (const record of strength.records)
    add({
      section: 'strength',
      label: `Record: ${record.exercise.name} by ${record.athlete.name} on ${record.date}`,
      value: rounded(record.value),
      unit: (figureUnits as readonly string[]).includes(record.unit) ? (record.unit as FigureUnit) : 'count',
      href: `/app/completed/${record.logId}`,
    });

  add({ section: 'throwing', label: 'Pitches thrown', value: throwing.totalPitches, unit: 'pitches' });
  for (const row of throwing.athletes) {
    const href = athleteHref(row.athlete.id);
    const name = row.athlete.name;
    add({ section: 'throwing', label: `Pitches by ${name}`, value: row.pitches, unit: 'pitches', href });
    add({
      section: 'throwing',
      label: `Most pitches in a day by ${name}`,
      value: row.maxDaily,
      unit: 'pitches',
      href,
    });
    if (row.daysOverLimit > 0)
      add({
        section: 'throwing',
        label: `Days over the limit for ${name}`,
        value: row.daysOverLimit,
        unit: 'days',
        href,
      });
    if (row.restDaysMissed > 0)
      add({
        section: 'throwing',
        label: `Rest days missed by ${name}`,
        value: row.restDaysMissed,
        unit: 'days',
        href,
      });
    if (row.workloadRatio !== null)
      add({
        section: 'throwing',
        label: `Throwing workload ratio of ${name}`,
        value: rounded(row.workloadRatio, 2),
        unit: 'ratio',
        href,
      });
  }
  for (const week of throwing.velocity)
    add({
      section: 'throwing',
      label: `${week.pitchType} mean velocity in the week of ${week.weekStart}`,
      value: rounded(week.mean),
      unit: 'mph',
    });

  for (const questionnaire of readiness.questionnaires) {
    const name = questionnaire.questionnaire.name;
    add({ section: 'readiness', label: `${name}: answers`, value: questionnaire.answers, unit: 'answers' });
    for (const item of questionnaire.items) {
      if (item.mean !== null)
        add({
          section: 'readiness',
          label: `${name}: mean ${item.label}`,
          value: rounded(item.mean, 2),
          unit: 'score',
        });
      if (item.amber + item.red > 0)
        add({
          section: 'readiness',
          label: `${name}: ${item.label} answers flagged`,
          value: item.amber + item.red,
          unit: 'answers',
        });
    }
  }
  for (const row of readiness.flagged)
    add({
      section: 'readiness',
      label: `Flagged answers of ${row.athlete.name}`,
      value: row.amber + row.red,
      unit: 'answers',
      href: athleteHref(row.athlete.id),
    });
  return figures;
}

/** What the summary request names: the same range and scope as the report. */
export const summaryRequestSchema = z.object({
  from: dateSchema,
  to: dateSchema,
  groupId: z.uuid('Choose a group').optional(),
  athleteId: z.uuid('Choose an athlete').optional(),
});

/** A sentence of a summary as checked: kept, or marked because a number in it is not among the figures. */
export const summarySentenceSchema = z.object({
  text: z.string(),
  /** The figure ids it cites that exist. */
  cites: z.array(z.string()),
  /** Numbers in it that match no figure, and ids it cites that the report has not. */
  unsupported: z.array(z.string()),
});
export type SummarySentence = z.infer<typeof summarySentenceSchema>;

export const summarySchema = z
  .object({
    id: z.uuid(),
    from: z.string(),
    to: z.string(),
    scope: z.object({ kind: z.enum(['organization', 'group', 'athlete']), id: z.uuid(), name: z.string() }),
    model: z.string(),
    createdAt: z.string(),
    sentences: z.array(summarySentenceSchema),
    /** The figures it was written from, as the model got them. */
    figures: z.array(
      z.object({
        id: z.string(),
        section: z.enum(reportSections),
        label: z.string(),
        value: z.number(),
        unit: z.enum(figureUnits),
        href: z.string().optional(),
      }),
    ),
  })
  .meta({ id: 'ReportSummary' });
export type ReportSummary = z.infer<typeof summarySchema>;

/** `GET /api/reporting/organization/{id}/llm?from=&to=&groupId=|athleteId=`: whether summaries can be written here, and those stored for this range and scope, newest first. */
export const summariesResponseSchema = z
  .object({
    /** False when the server has no language model configured (`LLM_BASE_URL`, `LLM_MODEL`): the screen says how to set one. */
    configured: z.boolean(),
    model: z.string().nullable(),
    summaries: z.array(summarySchema),
  })
  .meta({ id: 'ReportSummaries' });
export type ReportSummaries = z.infer<typeof summariesResponseSchema>;

/**
 * The summary's stream (`text/event-stream`), once the request is accepted (a 503 `SUMMARY_NOT_CONFIGURED`, a 429, a 400
 * or a 404 come before it as JSON): `delta` events as the model writes (raw text), then one `summary` (the checked
 * sentences, stored) or one `error` (`{ code, message }`: timed out, unreadable, failed).
 */
export type SummaryEvent =
  | { event: 'delta'; data: { text: string } }
  | { event: 'summary'; data: ReportSummary }
  | { event: 'error'; data: { code: SummaryErrorCode; message: string } };
export const summaryErrorCodes = ['SUMMARY_TIMED_OUT', 'SUMMARY_UNREADABLE', 'SUMMARY_FAILED'] as const;
export type SummaryErrorCode = (typeof summaryErrorCodes)[number];
/** The JSON error of a summary asked for where no language model is configured. */
export const summaryNotConfiguredCode = 'SUMMARY_NOT_CONFIGURED';
