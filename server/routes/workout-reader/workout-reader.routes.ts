import {
  historyFormSchema,
  historyResultSchema,
  commitReaderRequestSchema,
  commitReaderResponseSchema,
  readerPreviewResponseSchema,
  readerUploadFormSchema,
  workoutReaderLimits,
} from '../../../contract/workout-reader';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

const staff = ['admin', 'coach'] as const;
const tags = ['Library'];
const megabytes = workoutReaderLimits.fileBytes / (1024 * 1024);
const rows = workoutReaderLimits.rows.toLocaleString('en-US');

export const readProgram = signedInRoute({
  operationId: 'readProgram',
  method: 'post',
  path: '/api/workoutreader',
  tags,
  summary: 'Read a program (pasted text, CSV or XLSX) into draft workouts to review; nothing is saved',
  description:
    `multipart/form-data with \`file\` (CSV or XLSX, checked by its content; at most ${megabytes} MB, ${rows} rows and ` +
    `${workoutReaderLimits.sheets} sheets; formulas are read as their stored values, never run) or \`text\` (at most ` +
    `${workoutReaderLimits.textCharacters.toLocaleString('en-US')} characters), and optionally \`mapping\` (JSON: ` +
    'field → column header) for a sheet. Text is read as coaches write it: day and week headings, one exercise per ' +
    'line in the workout editor’s shorthand ("A1. Back Squat 4x6 @ 75%", "Bench 5/5/5/3/3 @ 185"). A sheet has one ' +
    'row per exercise; its columns are found from the header, or from the mapping the organisation saved last, and ' +
    'a mapping sent here is saved for the next file. Each exercise name is matched to the library: exactly, then ' +
    'but for case and spacing, else close names are offered with a score. Lines that could not be read come back ' +
    'with their line and why.',
  roles: staff,
  request: {
    body: { content: { 'multipart/form-data': { schema: readerUploadFormSchema } }, required: true },
  },
  responses: {
    200: jsonContent(readerPreviewResponseSchema, 'The review: workouts, exercise matches and problems'),
    400: errorResponse(
      'Neither file nor text, an empty paste (fields.text), a file that is empty, binary or an old .xls (fields.file), or a mapping that is not field → column (fields.mapping…)',
    ),
    403: errorResponse('Athletes cannot read programs into the library'),
    413: errorResponse(
      `Larger than ${megabytes} MB, more than ${rows} rows or too many sheets (fields.file), or text too long (fields.text)`,
    ),
    415: errorResponse('The body is not multipart/form-data'),
  },
});

export const commitProgram = signedInRoute({
  operationId: 'commitProgram',
  method: 'post',
  path: '/api/workoutreader/commit',
  tags,
  summary:
    'Save reviewed workouts (and new exercises, and optionally a program with them on their days) in one transaction',
  description:
    'Each exercise name (`key`) of the workouts is given a library exercise or created as a new one. Either all is ' +
    'saved or nothing is: a taken name, an exercise that does not take a set’s target, a program day missing, each ' +
    'is a 400 naming its field by its path in this request (workouts.3.name, exercises.2.create.name, programName). ' +
    'Replays of one Idempotency-Key save once.',
  roles: staff,
  request: {
    body: { content: { 'application/json': { schema: commitReaderRequestSchema } }, required: true },
  },
  responses: {
    201: jsonContent(commitReaderResponseSchema, 'What was saved'),
    400: errorResponse('A field breaks a rule, named by its path'),
    403: errorResponse('Athletes cannot save to the library'),
  },
});

export const importHistory = signedInRoute({
  operationId: 'importHistory',
  method: 'post',
  path: '/api/workoutreader/history',
  tags,
  summary:
    "Add an athlete's log export (FitNotes, Strong) as their history; without confirm, only what it would add",
  description:
    'multipart/form-data with `file` (the export, as CSV), `athleteId`, `exercises` (JSON: for each exercise name ' +
    'of the file, `{ key, exerciseId }` or `{ key, create: { name, category, measures } }`, keys as the review ' +
    'gives them) and `confirm` ("true" to save). Each session becomes a completed workout of its date with its sets ' +
    'as logged, in one transaction; sessions an earlier import added (same athlete, app, date, start and name) are ' +
    'left alone, so the same file imported twice adds nothing the second time. The sets feed the athlete’s maxes ' +
    '(the best estimate per exercise becomes the 1RM when it beats the current one) and later records.',
  roles: staff,
  request: { body: { content: { 'multipart/form-data': { schema: historyFormSchema } }, required: true } },
  responses: {
    200: jsonContent(historyResultSchema, 'What the file would add (nothing saved), or nothing left to add'),
    201: jsonContent(historyResultSchema, 'What was added'),
    400: errorResponse(
      'No file, not a FitNotes or Strong export (fields.file), athleteId not a UUID (fields.athleteId), an exercise name without a choice (fields.exercises) or a choice that breaks a rule (fields.exercises.<n>…)',
    ),
    403: errorResponse('Athletes cannot import history'),
    404: errorResponse('No such athlete in the organisation'),
    413: errorResponse(`Larger than ${megabytes} MB or more than ${rows} rows (fields.file)`),
  },
});
