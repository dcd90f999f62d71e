import { z } from 'zod';
import { pitchResults, pitchTypes, spinAxisDegrees } from './throwing';

/**
 * Pitches and arm-sensor throws of a completed workout (issue 16). What is measured is optional but type and
 * velocity, so a pitch can be entered on a phone in two taps and filled in later, or imported from a device.
 */

export const pitchingLimits = {
  /** Up to an import's rows: a TrackMan file of 20,000 pitches numbers them 1..20,000 (issue 16's bench). */
  sequence: { min: 1, max: 20_000 },
  velocityMph: { min: 20, max: 115 },
  spinRateRpm: { min: 0, max: 4000 },
  breakInches: { min: -40, max: 40 },
  releaseHeightFt: { min: 0, max: 9 },
  releaseSideFt: { min: -6, max: 6 },
  extensionFt: { min: 0, max: 10 },
  armSpeedDegPerS: { min: 0, max: 6000 },
  torqueNm: { min: 0, max: 200 },
  angleDegrees: { min: -180, max: 360 },
  noteMaxLength: 500,
  /** Rows of one import (issue 16): a larger file is refused before it is parsed. */
  importRows: 20_000,
  importBytes: 5 * 1024 * 1024,
  perWorkout: 1000,
} as const;

export const pitchTypeSchema = z.enum(pitchTypes, { error: `Choose one of: ${pitchTypes.join(', ')}` });
export const pitchResultSchema = z.enum(pitchResults, { error: `Choose one of: ${pitchResults.join(', ')}` });

const measure = (label: string, { min, max }: { min: number; max: number }, unit: string) =>
  z
    .number({ error: `Enter a number for ${label}` })
    .min(min, `${label} is at least ${min} ${unit}`)
    .max(max, `${label} is at most ${max} ${unit}`)
    .nullable()
    .default(null);

/** Degrees, or a clock time such as "1:30" (12:00 is 180°), stored as degrees. */
const spinAxis = z
  .union([z.number(), z.string()], { error: 'Enter the spin axis in degrees or as a clock time like 1:30' })
  .nullable()
  .default(null)
  .transform((value, context) => {
    if (value === null || value === '') return null;
    const degrees = spinAxisDegrees(value);
    if (degrees === null) {
      context.addIssue({
        code: 'custom',
        message: 'Enter the spin axis in degrees or as a clock time like 1:30',
      });
      return z.NEVER;
    }
    return Math.round(degrees * 10) / 10;
  });

/** One pitch, as entered or imported. */
export const pitchInputSchema = z
  .strictObject({
    sequence: z
      .int('The pitch number is a whole number')
      .min(pitchingLimits.sequence.min, 'Pitches are numbered from 1')
      .max(pitchingLimits.sequence.max, `At most ${pitchingLimits.sequence.max} pitches`),
    pitchType: pitchTypeSchema,
    velocityMph: z
      .number({ error: 'Enter the velocity in mph' })
      .min(pitchingLimits.velocityMph.min, `Velocity is at least ${pitchingLimits.velocityMph.min} mph`)
      .max(pitchingLimits.velocityMph.max, `Velocity is at most ${pitchingLimits.velocityMph.max} mph`),
    spinRateRpm: measure('Spin rate', pitchingLimits.spinRateRpm, 'rpm'),
    spinAxisDegrees: spinAxis,
    inducedVerticalBreakIn: measure('Induced vertical break', pitchingLimits.breakInches, 'in'),
    horizontalBreakIn: measure('Horizontal break', pitchingLimits.breakInches, 'in'),
    releaseHeightFt: measure('Release height', pitchingLimits.releaseHeightFt, 'ft'),
    releaseSideFt: measure('Release side', pitchingLimits.releaseSideFt, 'ft'),
    extensionFt: measure('Extension', pitchingLimits.extensionFt, 'ft'),
    result: pitchResultSchema.nullable().default(null),
    /** Set from the result when there is one; a coach may mark a strike without a result. */
    strike: z.boolean().nullable().default(null),
    note: z
      .string()
      .trim()
      .max(pitchingLimits.noteMaxLength, `A note has at most ${pitchingLimits.noteMaxLength} characters`)
      .nullable()
      .default(null)
      .transform((text) => (text ? text : null)),
  })
  .meta({ id: 'PitchInput' });
export type PitchInput = z.input<typeof pitchInputSchema>;
export type PitchValues = z.output<typeof pitchInputSchema>;

/** One throw measured by an arm sensor; matched to the pitch of its number, when there is one, as it is saved. */
export const sensorThrowInputSchema = z
  .strictObject({
    sequence: z
      .int('The throw number is a whole number')
      .min(pitchingLimits.sequence.min, 'Throws are numbered from 1')
      .max(pitchingLimits.sequence.max, `At most ${pitchingLimits.sequence.max} throws`),
    thrownAt: z.iso
      .datetime({ offset: true, error: 'Use an ISO 8601 time with its offset' })
      .nullable()
      .default(null),
    armSpeedDegPerS: measure('Arm speed', pitchingLimits.armSpeedDegPerS, 'deg/s'),
    elbowTorqueNm: measure('Elbow varus torque', pitchingLimits.torqueNm, 'Nm'),
    armSlotDegrees: measure('Arm slot', pitchingLimits.angleDegrees, '°'),
    shoulderRotationDegrees: measure('Shoulder rotation', pitchingLimits.angleDegrees, '°'),
  })
  .meta({ id: 'SensorThrowInput' });
export type SensorThrowInput = z.input<typeof sensorThrowInputSchema>;
export type SensorThrowValues = z.output<typeof sensorThrowInputSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The API (issue 16): a completed workout's pitches and sensor throws, imports, the athlete's throwing summary
// and the staff's warnings. Paths: /api/completed-workouts/{logId}/pitches[/{pitchId}],
// /api/completed-workouts/{logId}/sensor-throws[/{throwId}], /api/imports/{pitches|sensor-throws}[/{importId}
// [/commit]], /api/athletes/{athleteId}/throwing, /api/throwing/alerts.

const instant = z.iso.datetime({ offset: true });
const personRefSchema = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });

/** Where a row came from: typed in, or the file format it was imported from. */
export const throwSources = ['manual', 'rapsodo', 'trackman', 'mapped'] as const;
export type ThrowSource = (typeof throwSources)[number];
export const throwSourceSchema = z.enum(throwSources);

export const logIdPathSchema = z.object({ logId: z.uuid() });
/** A pitch's or a throw's id: made on the device when entered while tracking (so an offline retry is an upsert). */
export const pitchPathSchema = z.object({ logId: z.uuid(), pitchId: z.uuid() });
export const throwPathSchema = z.object({ logId: z.uuid(), throwId: z.uuid() });

export const pitchSchema = z
  .object({
    id: z.uuid(),
    logId: z.uuid(),
    athleteId: z.uuid(),
    /** The workout's date (the log's), which is the day the pitch counts for. */
    date: z.iso.date(),
    /**
     * The pitch's number, one per pitch of the log: a new pitch sent with a number already taken (another device's)
     * gets the one after the log's last, and keeps its number when written again.
     */
    sequence: z.int(),
    pitchType: pitchTypeSchema,
    velocityMph: z.number(),
    spinRateRpm: z.number().nullable(),
    spinAxisDegrees: z.number().nullable(),
    inducedVerticalBreakIn: z.number().nullable(),
    horizontalBreakIn: z.number().nullable(),
    releaseHeightFt: z.number().nullable(),
    releaseSideFt: z.number().nullable(),
    extensionFt: z.number().nullable(),
    result: pitchResultSchema.nullable(),
    /** The result's strike, or what a coach marked when there is no result. */
    strike: z.boolean().nullable(),
    note: z.string().nullable(),
    source: throwSourceSchema,
    importId: z.uuid().nullable(),
    updatedAt: instant,
  })
  .meta({ id: 'Pitch' });
export type Pitch = z.infer<typeof pitchSchema>;

export const pitchListResponseSchema = z
  .object({ pitches: z.array(pitchSchema) })
  .meta({ id: 'PitchListResponse' });
export type PitchListResponse = z.infer<typeof pitchListResponseSchema>;

export const pitchResponseSchema = z.object({ pitch: pitchSchema }).meta({ id: 'PitchResponse' });
export type PitchResponse = z.infer<typeof pitchResponseSchema>;

/** Replaces every pitch of the workout (an empty list clears them). */
export const replacePitchesRequestSchema = z
  .strictObject({
    pitches: z
      .array(pitchInputSchema)
      .max(pitchingLimits.perWorkout, `A workout has at most ${pitchingLimits.perWorkout} pitches`),
  })
  .meta({ id: 'ReplacePitchesRequest' });
export type ReplacePitchesRequest = z.input<typeof replacePitchesRequestSchema>;

export const sensorThrowSchema = z
  .object({
    id: z.uuid(),
    logId: z.uuid(),
    athleteId: z.uuid(),
    date: z.iso.date(),
    sequence: z.int(),
    /**
     * The pitch this throw was: the log's pitch of the throw's number when the throw was written, or when the log's
     * pitches were replaced or imported as a whole; kept when pitches are renumbered; null when there was none then,
     * or it was removed.
     */
    pitchId: z.uuid().nullable(),
    thrownAt: instant.nullable(),
    armSpeedDegPerS: z.number().nullable(),
    elbowTorqueNm: z.number().nullable(),
    armSlotDegrees: z.number().nullable(),
    shoulderRotationDegrees: z.number().nullable(),
    /** product.md's per-throw workload; null without torque or without the athlete's height and weight. */
    workload: z.number().nullable(),
    source: throwSourceSchema,
    importId: z.uuid().nullable(),
    updatedAt: instant,
  })
  .meta({ id: 'SensorThrow' });
export type SensorThrow = z.infer<typeof sensorThrowSchema>;

export const sensorThrowListResponseSchema = z
  .object({
    throws: z.array(sensorThrowSchema),
    /** The day's workload these throws add (the sum), null when none has a workload. */
    workloadTotal: z.number().nullable(),
    /** The athlete's profile lacks height or weight, so no workload can be computed. */
    missingBodyMeasures: z.boolean(),
  })
  .meta({ id: 'SensorThrowListResponse' });
export type SensorThrowListResponse = z.infer<typeof sensorThrowListResponseSchema>;

export const sensorThrowResponseSchema = z
  .object({ throw: sensorThrowSchema })
  .meta({ id: 'SensorThrowResponse' });
export type SensorThrowResponse = z.infer<typeof sensorThrowResponseSchema>;

export const replaceSensorThrowsRequestSchema = z
  .strictObject({
    throws: z
      .array(sensorThrowInputSchema)
      .max(pitchingLimits.perWorkout, `A workout has at most ${pitchingLimits.perWorkout} throws`),
  })
  .meta({ id: 'ReplaceSensorThrowsRequest' });
export type ReplaceSensorThrowsRequest = z.input<typeof replaceSensorThrowsRequestSchema>;

// --- Imports ---------------------------------------------------------------------------------------------------

export const importKinds = ['pitches', 'sensor_throws'] as const;
export type ImportKind = (typeof importKinds)[number];
/** The URL segment of each kind: /api/imports/pitches and /api/imports/sensor-throws. */
export const importKindPaths: Record<ImportKind, string> = {
  pitches: 'pitches',
  sensor_throws: 'sensor-throws',
};

export const importFormats = ['rapsodo', 'trackman', 'mapped'] as const;
export type ImportFormat = (typeof importFormats)[number];

/** The fields a column can fill, per kind (the keys of the input schemas). */
export const pitchImportFields = [
  'sequence',
  'pitchType',
  'velocityMph',
  'spinRateRpm',
  'spinAxisDegrees',
  'inducedVerticalBreakIn',
  'horizontalBreakIn',
  'releaseHeightFt',
  'releaseSideFt',
  'extensionFt',
  'result',
  'strike',
  'note',
] as const;
export const sensorThrowImportFields = [
  'sequence',
  'thrownAt',
  'armSpeedDegPerS',
  'elbowTorqueNm',
  'armSlotDegrees',
  'shoulderRotationDegrees',
] as const;
/** Without these a row cannot be saved; the others may be left unmapped. `sequence` defaults to the row's order. */
export const requiredImportFields: Record<ImportKind, readonly string[]> = {
  pitches: ['pitchType', 'velocityMph'],
  sensor_throws: [],
};
export const importFieldLabels: Record<string, string> = {
  sequence: 'Pitch number',
  pitchType: 'Pitch type',
  velocityMph: 'Velocity (mph)',
  spinRateRpm: 'Spin rate (rpm)',
  spinAxisDegrees: 'Spin axis',
  inducedVerticalBreakIn: 'Induced vertical break (in)',
  horizontalBreakIn: 'Horizontal break (in)',
  releaseHeightFt: 'Release height (ft)',
  releaseSideFt: 'Release side (ft)',
  extensionFt: 'Extension (ft)',
  result: 'Result',
  strike: 'Strike',
  note: 'Note',
  thrownAt: 'Time',
  armSpeedDegPerS: 'Arm speed (deg/s)',
  elbowTorqueNm: 'Elbow varus torque (Nm)',
  armSlotDegrees: 'Arm slot (°)',
  shoulderRotationDegrees: 'Shoulder rotation (°)',
};

/** Field → the file's column name (as in its header), or null to leave the field empty. */
export const importMappingSchema = z
  .record(z.string(), z.string().max(200).nullable())
  .meta({ id: 'ImportMapping' });
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importIdPathSchema = z.object({ importId: z.uuid() });

/**
 * The upload: multipart/form-data with `file` (the CSV, at most 5 MB and 20,000 rows) and `logId` (the completed
 * workout). The form fields are read by the handler; this schema documents them.
 */
export const importUploadFormSchema = z
  .object({
    file: z
      .instanceof(File, { error: 'Choose a CSV file to upload.' })
      .meta({ type: 'string', format: 'binary' }),
    logId: z.uuid({ error: 'Choose the completed workout to import into' }),
  })
  .meta({ id: 'ImportUploadForm' });

/** Change a preview's mapping (kept for the organisation's next files) or, for a TrackMan game file, its pitcher. */
export const updateImportRequestSchema = z
  .strictObject({
    mapping: importMappingSchema.optional(),
    /** A TrackMan file with several pitchers: only this pitcher's rows are imported. */
    pitcher: z.string().max(200).nullable().optional(),
  })
  .meta({ id: 'UpdateImportRequest' });
export type UpdateImportRequest = z.infer<typeof updateImportRequestSchema>;

export const importColumnSchema = z
  .object({
    /** The header as written in the file. */
    name: z.string(),
    /** The field it fills, or null when it is left out. */
    field: z.string().nullable(),
    /** The first values, to recognise the column by. */
    samples: z.array(z.string()),
  })
  .meta({ id: 'ImportColumn' });

export const importRowErrorSchema = z
  .object({
    /** The line in the file (1 is the first line, preamble included). */
    line: z.int(),
    field: z.string().nullable(),
    message: z.string(),
  })
  .meta({ id: 'ImportRowError' });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/**
 * What in the file does not match the workout (issue 23): the player it names (Rapsodo's "Player Name:",
 * TrackMan's pitcher) is not the workout's athlete, or its rows are dated another day. A commit then needs
 * `confirmMismatch`.
 */
export const importMismatchSchema = z
  .object({
    kind: z.enum(['player', 'date']),
    /** As the file has it: the player's name, or its dates (YYYY-MM-DD, in order). */
    inFile: z.array(z.string()),
    /** Both sides in words, e.g. "The file is Jamie Rivera's; this workout is Tyler Brooks's." */
    message: z.string(),
  })
  .meta({ id: 'ImportMismatch' });
export type ImportMismatch = z.infer<typeof importMismatchSchema>;

export const importStatuses = ['needs_mapping', 'ready', 'committed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

export const importPreviewSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(importKinds),
    logId: z.uuid(),
    fileName: z.string(),
    format: z.enum(importFormats),
    status: z.enum(importStatuses),
    columns: z.array(importColumnSchema),
    mapping: importMappingSchema,
    /** Required fields no column fills yet (status needs_mapping). */
    unmappedRequired: z.array(z.string()),
    /** Rows of data in the file (blank lines not counted) and how many of them parse. */
    rowCount: z.int(),
    validCount: z.int(),
    /** The first 200 rows that parse, as they would be saved: PitchValues or SensorThrowValues by kind. */
    rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
    /** The first 500 rows that do not parse, with their line and reason; `errorCount` has them all. */
    errors: z.array(importRowErrorSchema),
    errorCount: z.int(),
    /** A TrackMan file's pitchers when there are several; `pitcher` is the chosen one. */
    pitchers: z.array(z.string()),
    pitcher: z.string().nullable(),
    /** What the workout holds now: committing replaces them. */
    existingCount: z.int(),
    /** The file's player or dates against the workout's athlete and date; empty when they match. */
    mismatches: z.array(importMismatchSchema),
    createdAt: instant,
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.output<typeof importPreviewSchema>;

export const importPreviewResponseSchema = z
  .object({ import: importPreviewSchema })
  .meta({ id: 'ImportPreviewResponse' });
export type ImportPreviewResponse = z.output<typeof importPreviewResponseSchema>;

export const commitImportRequestSchema = z
  .strictObject({
    /** Save the rows that parse and leave out the others; without it a file with a bad row saves nothing. */
    skipInvalidRows: z.boolean().default(false),
    /** Import although the file names another player or day (the preview's `mismatches`); else 409. */
    confirmMismatch: z.boolean().default(false),
  })
  .meta({ id: 'CommitImportRequest' });
export type CommitImportRequest = z.input<typeof commitImportRequestSchema>;

export const commitImportResponseSchema = z
  .object({ imported: z.int(), replaced: z.int(), skipped: z.int(), logId: z.uuid() })
  .meta({ id: 'CommitImportResponse' });
export type CommitImportResponse = z.infer<typeof commitImportResponseSchema>;

// --- The athlete's throwing summary and the staff's warnings --------------------------------------------------

export const throwingLimits = { days: { default: 90, max: 730 } } as const;

export const throwingQuerySchema = z.object({
  /** How far back the trends reach, in days ending today (the pitch counts always cover 28). */
  days: z.coerce
    .number({ error: 'Days is a whole number' })
    .int('Days is a whole number')
    .min(28, 'Days is at least 28')
    .max(throwingLimits.days.max, `Days is at most ${throwingLimits.days.max}`)
    .default(throwingLimits.days.default),
});

const zoneSchema = z.enum(['green', 'amber', 'red']);

export const throwingSummarySchema = z
  .object({
    athlete: personRefSchema,
    /** The organisation's today, and the athlete's age on it (null without a date of birth). */
    today: z.iso.date(),
    age: z.int().nullable(),
    /** Pitch Smart's daily maximum at that age, null outside 7–22 or without a date of birth. */
    dailyLimit: z.int().nullable(),
    pitchesToday: z.int(),
    /** The first day the rest of the last 28 days allows pitching again (today when none is owed). */
    availableFrom: z.iso.date(),
    hasBodyMeasures: z.boolean(),
    /** The last 28 days with pitches, oldest first, each with the rest days its count calls for. */
    pitchCounts: z.array(
      z.object({
        date: z.iso.date(),
        pitches: z.int(),
        restDays: z.int().nullable(),
        overLimit: z.boolean(),
      }),
    ),
    /** Per day and pitch type over `days`: average and top velocity. */
    velocity: z.array(
      z.object({
        date: z.iso.date(),
        pitchType: pitchTypeSchema,
        pitches: z.int(),
        averageMph: z.number(),
        topMph: z.number(),
      }),
    ),
    /** Per pitch type over `days`. */
    pitchMix: z.array(
      z.object({
        pitchType: pitchTypeSchema,
        pitches: z.int(),
        /** Of the pitches with a strike known; null when none is known. */
        strikeRate: z.number().nullable(),
        averageMph: z.number(),
      }),
    ),
    /**
     * Every day over `days` (oldest first): the day's workload and the acute, chronic and ratio on it. A day with
     * throws but no workload (thrown before the height and weight were known, or without torque) is null, never 0,
     * and so are the acute, chronic and ratio of the days whose windows (9 and 28 days) hold it (issue 22).
     */
    workload: z.array(
      z.object({
        date: z.iso.date(),
        daily: z.number().nullable(),
        acute: z.number().nullable(),
        chronic: z.number().nullable(),
        ratio: z.number().nullable(),
        zone: zoneSchema.nullable(),
      }),
    ),
    /** Today's acute:chronic, null when there were no arm-sensor throws in the last 28 days. */
    currentWorkload: z
      .object({
        acute: z.number().nullable(),
        chronic: z.number().nullable(),
        ratio: z.number().nullable(),
        zone: zoneSchema.nullable(),
        /** Days of the last 28 with throws but no workload: while there is one, the ratio is unknown. */
        unknownDays: z.int(),
      })
      .nullable(),
  })
  .meta({ id: 'ThrowingSummary' });
export type ThrowingSummary = z.infer<typeof throwingSummarySchema>;

export const throwingSummaryResponseSchema = z
  .object({ throwing: throwingSummarySchema })
  .meta({ id: 'ThrowingSummaryResponse' });
export type ThrowingSummaryResponse = z.infer<typeof throwingSummaryResponseSchema>;

/**
 * The season's pitches one by one, for the Throwing tab's scatter of velocity over time (issue 22). Two years of an
 * athlete are ≈100,000 pitches, more than a phone draws smoothly: the server answers at most `sample` of them, an
 * even sample, and keeps every outlier of its pitch type besides (up to `outliers`, the furthest first).
 */
export const seasonPitchLimits = { sample: 1000, outliers: 500 } as const;

export const seasonPitchSchema = z
  .object({
    date: z.iso.date(),
    pitchType: pitchTypeSchema,
    velocityMph: z.number(),
    /** Beyond its type's far fences (3 × the interquartile range below Q1 or above Q3): a velocity to look at. */
    outlier: z.boolean(),
  })
  .meta({ id: 'SeasonPitch' });
export type SeasonPitch = z.infer<typeof seasonPitchSchema>;

export const seasonPitchesResponseSchema = z
  .object({
    /** The pitches over `days`: all of them, or the sample and the outliers; by date. */
    pitches: z.array(seasonPitchSchema),
    /** How many pitches the athlete threw over `days`, of which `pitches` are shown. */
    total: z.int(),
    sampled: z.boolean(),
  })
  .meta({ id: 'SeasonPitchesResponse' });
export type SeasonPitchesResponse = z.infer<typeof seasonPitchesResponseSchema>;

export const throwingAlertsQuerySchema = z.object({ groupId: z.uuid().optional() });

export const throwingAlertSchema = z
  .object({
    athlete: personRefSchema,
    /** Today's pitches over the age's daily maximum. */
    pitchCount: z.object({ pitches: z.int(), limit: z.int() }).nullable(),
    /** The workload ratio outside the green zone. */
    workload: z.object({ ratio: z.number(), zone: z.enum(['amber', 'red']) }).nullable(),
    /**
     * The athlete threw in the last 28 days, but `days` of them have throws without a workload, so the ratio is
     * unknown (issue 22): the height and weight are missing, or the sensor gave no torque.
     */
    workloadUnknown: z.object({ days: z.int() }).nullable(),
  })
  .meta({ id: 'ThrowingAlert' });
export type ThrowingAlert = z.infer<typeof throwingAlertSchema>;

export const throwingAlertsResponseSchema = z
  .object({ today: z.iso.date(), alerts: z.array(throwingAlertSchema) })
  .meta({ id: 'ThrowingAlertsResponse' });
export type ThrowingAlertsResponse = z.infer<typeof throwingAlertsResponseSchema>;
