import { z } from 'zod';
import {
  libraryLimits,
  measureSchema,
  prescribedSetSchema,
  weightUnitSchema,
  workoutCategorySchema,
} from './library';
import { importColumnSchema, importMappingSchema } from './pitching';
import { scheduleLimits } from './schedule';

/**
 * The workout reader (issue 28, `/api/workoutreader`): a coach's existing program, pasted as text or uploaded as
 * CSV or XLSX, read into draft workouts to review; nothing is saved until the review is committed.
 */

export const workoutReaderLimits = {
  /** An uploaded file (CSV or XLSX): a Strong export of 40,000 sets is about 3.5 MB. */
  fileBytes: 5 * 1024 * 1024,
  /** Rows of a CSV (blank rows not counted): a program has hundreds, an athlete's years of log tens of thousands. */
  rows: 50_000,
  /** Rows of a workbook's sheets together. */
  workbookRows: 5000,
  sheets: 60,
  /** Pasted text. */
  textCharacters: 100_000,
  /** Workouts one review saves (a 52-week program of 5 days is 260: the program's own cap is below). */
  workouts: 200,
  /** Close matches offered for an exercise name the library does not have. */
  candidates: 3,
} as const;

export const readerSources = ['text', 'csv', 'xlsx'] as const;
export type ReaderSource = (typeof readerSources)[number];

/** The columns a program sheet can have; one row is one exercise of a workout. */
export const programColumnFields = [
  'week',
  'day',
  'workout',
  'exercise',
  'prescription',
  'sets',
  'reps',
  'load',
  'rpe',
  'rest',
  'notes',
] as const;
export type ProgramColumnField = (typeof programColumnFields)[number];

export const programColumnLabels: Record<ProgramColumnField, string> = {
  week: 'Week',
  day: 'Day',
  workout: 'Workout name',
  exercise: 'Exercise',
  prescription: 'Sets written out (4 x 6 @ 75%)',
  sets: 'Sets',
  reps: 'Reps',
  load: 'Load or %1RM',
  rpe: 'RPE',
  rest: 'Rest',
  notes: 'Notes',
};

/** One exercise as read: its sets as the editor would hold them, and where it was written. */
export const draftExerciseSchema = z
  .object({
    /** The name's key in `exercises` (the name folded: case, spacing and punctuation left out). */
    key: z.string(),
    /** The name as written on this line. */
    name: z.string(),
    /** The line (1-based) in the text or the sheet. */
    line: z.int(),
    sheet: z.string().nullable(),
    notes: z.string().nullable(),
    sets: z.array(prescribedSetSchema),
  })
  .meta({ id: 'DraftExercise' });
export type DraftExercise = z.output<typeof draftExerciseSchema>;

/** A block: one exercise, or a superset (A1, A2 …) under its letter. */
export const draftBlockSchema = z
  .object({ label: z.string().nullable(), exercises: z.array(draftExerciseSchema) })
  .meta({ id: 'DraftBlock' });
export type DraftBlock = z.output<typeof draftBlockSchema>;

export const draftWorkoutSchema = z
  .object({
    /** A name free in the library (a taken one gets a number). */
    name: z.string(),
    category: workoutCategorySchema,
    notes: z.string().nullable(),
    /** The week and the program day (day 1 is the start) when the source gives them, else null. */
    week: z.int().nullable(),
    day: z.int().nullable(),
    blocks: z.array(draftBlockSchema),
  })
  .meta({ id: 'DraftWorkout' });
export type DraftWorkout = z.output<typeof draftWorkoutSchema>;

/** A line that could not be read, and why. */
export const readerProblemSchema = z
  .object({ line: z.int(), sheet: z.string().nullable(), text: z.string(), message: z.string() })
  .meta({ id: 'ReaderProblem' });
export type ReaderProblem = z.output<typeof readerProblemSchema>;

export const exerciseMatchHows = ['exact', 'spacing', 'close'] as const;
export type ExerciseMatchHow = (typeof exerciseMatchHows)[number];

export const exerciseCandidateSchema = z.object({
  exerciseId: z.uuid(),
  name: z.string(),
  /** 0 to 1: 1 is the same name. */
  score: z.number(),
});
export type ExerciseCandidate = z.output<typeof exerciseCandidateSchema>;

/** An exercise name of the source and what the library has for it. */
export const exerciseMatchSchema = z
  .object({
    key: z.string(),
    /** The name as first written. */
    name: z.string(),
    /** How many lines name it. */
    uses: z.int(),
    /** The library's exercise of the same name (exactly, or but for case, spacing and punctuation). */
    match: exerciseCandidateSchema.extend({ how: z.enum(exerciseMatchHows) }).nullable(),
    /** Close names when there is no match, best first. */
    candidates: z.array(exerciseCandidateSchema),
    /** What its sets are measured by: a new exercise takes these. */
    measures: z.array(measureSchema),
  })
  .meta({ id: 'ExerciseMatch' });
export type ExerciseMatch = z.output<typeof exerciseMatchSchema>;

export const readerStatuses = ['ready', 'needs_mapping'] as const;

/** Workout-log exports of the apps athletes come from, recognised by their header. */
export const logExportFormats = ['fitnotes', 'strong'] as const;
export type LogExportFormatName = (typeof logExportFormats)[number];
export const logExportLabels: Record<LogExportFormatName, string> = {
  fitnotes: 'FitNotes',
  strong: 'Strong',
};

/** A log export as read: its sessions, to become an athlete's history. */
export const logExportSummarySchema = z
  .object({
    format: z.enum(logExportFormats),
    /** The unit of its weights: the header's, else the organisation's. */
    weightUnit: weightUnitSchema,
    sessionCount: z.int(),
    setCount: z.int(),
    /** The first and last session's dates, null when none was read. */
    from: z.string().nullable(),
    to: z.string().nullable(),
    /** The last 100 sessions, newest first. */
    sessions: z.array(
      z.object({
        date: z.string(),
        name: z.string().nullable(),
        exercises: z.array(z.string()),
        setCount: z.int(),
      }),
    ),
  })
  .meta({ id: 'LogExportSummary' });
export type LogExportSummary = z.output<typeof logExportSummarySchema>;

export const readerPreviewSchema = z
  .object({
    /** A program to review and save, or an athlete's log export to add as history (`log`). */
    kind: z.enum(['program', 'log']),
    log: logExportSummarySchema.nullable(),
    source: z.enum(readerSources),
    fileName: z.string().nullable(),
    /** A workbook's sheets, in order (one per week or per day); empty for text and CSV. */
    sheets: z.array(z.string()),
    /** A sheet's columns, with the field each fills; empty for text. */
    columns: z.array(importColumnSchema),
    mapping: importMappingSchema,
    status: z.enum(readerStatuses),
    /**
     * Fields a sheet needs that no column fills (status needs_mapping): `exercise`, and `reps` when no column gives
     * the sets (neither written out as `prescription`, nor as `sets` or `reps`).
     */
    unmappedRequired: z.array(z.enum(programColumnFields)),
    workouts: z.array(draftWorkoutSchema),
    exercises: z.array(exerciseMatchSchema),
    /** The first 500 lines that could not be read; `problemCount` counts them all. */
    problems: z.array(readerProblemSchema),
    problemCount: z.int(),
    /** The source gives days or weeks: it can be saved as a program with the workouts on their days. */
    hasDays: z.boolean(),
  })
  .meta({ id: 'ReaderPreview' });
export type ReaderPreview = z.output<typeof readerPreviewSchema>;

export const readerPreviewResponseSchema = z
  .object({ preview: readerPreviewSchema })
  .meta({ id: 'ReaderPreviewResponse' });
export type ReaderPreviewResponse = z.output<typeof readerPreviewResponseSchema>;

/**
 * `POST /api/workoutreader`: multipart/form-data with `file` (CSV or XLSX) or `text` (pasted), and optionally
 * `mapping` (JSON: field → column name), the column mapping to read a sheet with.
 */
export const readerUploadFormSchema = z
  .object({
    file: z.instanceof(File).optional().meta({ type: 'string', format: 'binary' }),
    text: z.string().optional(),
    mapping: z.string().optional(),
  })
  .meta({ id: 'ReaderUploadForm' });

const trimmedName = (what: string) =>
  z
    .string({ error: `Enter a name for the ${what}` })
    .trim()
    .min(1, `Enter a name for the ${what}`)
    .max(libraryLimits.nameMaxLength, `A name has at most ${libraryLimits.nameMaxLength} characters`);

const commitExerciseSchema = z.strictObject({
  key: z.string().min(1).max(200),
  notes: z.string().trim().max(libraryLimits.notesMaxLength).nullable().default(null),
  sets: z
    .array(prescribedSetSchema)
    .min(1, 'Add at least one set')
    .max(libraryLimits.setsPerExercise, `At most ${libraryLimits.setsPerExercise} sets in one exercise`),
});

const commitWorkoutSchema = z.strictObject({
  name: trimmedName('workout'),
  category: workoutCategorySchema,
  notes: z.string().trim().max(libraryLimits.notesMaxLength).nullable().default(null),
  /** The program day; needed when saving as a program. */
  day: z
    .int('The day is a whole number')
    .min(1, 'Days start at day 1')
    .max(scheduleLimits.programDayMax, `A program is at most ${scheduleLimits.programDayMax} days long`)
    .nullable()
    .default(null),
  blocks: z
    .array(
      z.strictObject({
        label: z.string().trim().max(libraryLimits.blockLabelMaxLength).nullable().default(null),
        exercises: z
          .array(commitExerciseSchema)
          .min(1)
          .max(
            libraryLimits.exercisesPerBlock,
            `At most ${libraryLimits.exercisesPerBlock} exercises in one block`,
          ),
      }),
    )
    .min(1, 'A workout needs at least one exercise')
    .max(libraryLimits.blocksPerWorkout, `At most ${libraryLimits.blocksPerWorkout} blocks in one workout`),
});

/** What each exercise name of the review becomes: a library exercise, or a new one. */
const commitChoiceSchema = z.union([
  z.strictObject({ key: z.string().min(1).max(200), exerciseId: z.uuid({ error: 'Choose an exercise' }) }),
  z.strictObject({
    key: z.string().min(1).max(200),
    create: z.strictObject({
      name: trimmedName('exercise'),
      category: workoutCategorySchema,
      measures: z.array(measureSchema).min(1, 'Choose at least one measure'),
    }),
  }),
]);
export type ReaderExerciseChoice = z.input<typeof commitChoiceSchema>;

/** `POST /api/workoutreader/commit`: the reviewed workouts, saved in one transaction. */
export const commitReaderRequestSchema = z
  .strictObject({
    /** Library workouts only, or also a program with them on their days. */
    saveAs: z.enum(['workouts', 'program']),
    /** The program's name (saveAs program). */
    programName: trimmedName('program').optional(),
    workouts: z
      .array(commitWorkoutSchema)
      .min(1, 'There is no workout to save')
      .max(workoutReaderLimits.workouts, `At most ${workoutReaderLimits.workouts} workouts at once`),
    exercises: z.array(commitChoiceSchema).max(2000),
  })
  .meta({ id: 'CommitReaderRequest' });
export type CommitReaderRequest = z.input<typeof commitReaderRequestSchema>;
export type CommitReaderValues = z.output<typeof commitReaderRequestSchema>;

/**
 * The commit of a review taken as read: the workouts with their names and days, each exercise name's library match
 * kept and the rest created as new exercises (the API's shortest path; scripts and tests use it).
 */
export function commitAsRead(
  preview: ReaderPreview,
  saveAs: CommitReaderRequest['saveAs'],
  programName?: string,
): CommitReaderRequest {
  return {
    saveAs,
    ...(programName === undefined ? {} : { programName }),
    workouts: preview.workouts.map((workout) => ({
      name: workout.name,
      category: workout.category,
      notes: workout.notes,
      day: workout.day,
      blocks: workout.blocks.map((block) => ({
        label: block.label,
        exercises: block.exercises.map(({ key, notes, sets }) => ({ key, notes, sets })),
      })),
    })),
    exercises: preview.exercises.map((entry) =>
      entry.match
        ? { key: entry.key, exerciseId: entry.match.exerciseId }
        : { key: entry.key, create: { name: entry.name, category: 'lift', measures: entry.measures } },
    ),
  };
}

/** What `commitProblems` reads of a commit: the request as sent (a day may still be text) or as parsed. */
interface CommitShape {
  saveAs: 'workouts' | 'program';
  programName?: string | undefined;
  workouts: readonly {
    name: string;
    day?: unknown;
    blocks: readonly { exercises: readonly { key: string }[] }[];
  }[];
  exercises: readonly { key: string }[];
}

/**
 * The commit's rules across its fields, beyond each field's own (the server refuses with these; the review says
 * them first): every exercise name chosen once, a program's name and each of its workouts' days, names unique.
 */
export function commitProblems(commit: CommitShape): Record<string, string> {
  const fields: Record<string, string> = {};
  const asProgram = commit.saveAs === 'program';
  const chosen = new Set<string>();
  commit.exercises.forEach((choice, index) => {
    if (chosen.has(choice.key)) fields[`exercises.${index}.key`] = 'This exercise name is chosen twice';
    chosen.add(choice.key);
  });
  const names = new Set<string>();
  commit.workouts.forEach((workout, index) => {
    workout.blocks.forEach((block, blockIndex) =>
      block.exercises.forEach((exercise, exerciseIndex) => {
        if (!chosen.has(exercise.key))
          fields[`workouts.${index}.blocks.${blockIndex}.exercises.${exerciseIndex}.key`] =
            'Choose a library exercise for this name, or create it';
      }),
    );
    if (asProgram && (workout.day === null || workout.day === undefined))
      fields[`workouts.${index}.day`] = 'Give the day of the program this workout is on';
    const name = workout.name.trim().toLowerCase();
    if (name !== '' && names.has(name))
      fields[`workouts.${index}.name`] = `Another workout here is called ${workout.name.trim()}`;
    names.add(name);
  });
  if (asProgram && !commit.programName?.trim()) fields.programName = 'Enter a name for the program';
  return fields;
}

export const commitReaderResponseSchema = z
  .object({
    message: z.string(),
    data: z.object({
      workouts: z.array(z.object({ id: z.uuid(), name: z.string() })),
      program: z.object({ id: z.uuid(), name: z.string() }).nullable(),
      createdExercises: z.array(z.object({ id: z.uuid(), name: z.string() })),
    }),
  })
  .meta({ id: 'CommitReaderResponse' });
export type CommitReaderResponse = z.output<typeof commitReaderResponseSchema>;

/**
 * `POST /api/workoutreader/history`: multipart/form-data with `file` (the log export), `athleteId`, `exercises` (JSON:
 * the choices, as in a commit) and `confirm` ("true" saves; else only what would be added is answered).
 */
export const historyFormSchema = z
  .object({
    file: z.instanceof(File).optional().meta({ type: 'string', format: 'binary' }),
    athleteId: z.string().optional(),
    exercises: z.string().optional(),
    confirm: z.string().optional(),
  })
  .meta({ id: 'HistoryForm' });

export const historyChoicesSchema = z.array(commitChoiceSchema).max(2000);

export const historyResultSchema = z
  .object({
    message: z.string(),
    data: z.object({
      saved: z.boolean(),
      athleteId: z.uuid(),
      /** Sessions the file adds, and those an earlier import of it added already (never added twice). */
      sessions: z.object({ added: z.int(), alreadyImported: z.int() }),
      sets: z.int(),
      /** Exercises whose estimated 1RM the history raises (or gives a first one). */
      newMaxes: z.array(
        z.object({ exercise: z.string(), value: z.number(), unit: weightUnitSchema, date: z.string() }),
      ),
      createdExercises: z.array(z.object({ id: z.uuid(), name: z.string() })),
    }),
  })
  .meta({ id: 'HistoryResult' });
export type HistoryResult = z.output<typeof historyResultSchema>;
