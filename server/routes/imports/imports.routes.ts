import {
  commitImportRequestSchema,
  commitImportResponseSchema,
  importIdPathSchema,
  importKindPaths,
  importPreviewResponseSchema,
  importUploadFormSchema,
  pitchingLimits,
  updateImportRequestSchema,
  type ImportKind,
} from '../../../contract/pitching';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

const everyone = ['admin', 'coach', 'athlete'] as const;
const tags = ['Pitching'];
const megabytes = pitchingLimits.importBytes / (1024 * 1024);
const rows = pitchingLimits.importRows.toLocaleString('en-US');

/** The routes of one kind of import: /api/imports/pitches… and /api/imports/sensor-throws…. */
function importRoutes(kind: ImportKind) {
  const path = `/api/imports/${importKindPaths[kind]}`;
  const noun = kind === 'pitches' ? 'Pitch' : 'SensorThrow';
  const what = kind === 'pitches' ? 'pitches' : 'arm-sensor throws';
  const workoutNotFound = errorResponse(
    "No such workout log, or import, in the organisation (another organisation's, or for an athlete another athlete's, is not found)",
  );
  const formats =
    kind === 'pitches'
      ? 'Rapsodo pitching and TrackMan exports are recognised by their header (Rapsodo’s preamble lines are skipped); any other CSV is mapped column by column, starting from the mapping the organisation saved last or a guess from the header’s names.'
      : 'No sensor format is fixed: the columns are mapped, starting from the mapping the organisation saved last or a guess from the header’s names (Time, Arm Speed, Torque, Arm Slot, Shoulder Rotation…).';

  const upload = signedInRoute({
    operationId: `upload${noun}Import`,
    method: 'post',
    path,
    tags,
    summary: `Upload a CSV of ${what} for a workout log and answer its preview (nothing is saved to the workout yet)`,
    description:
      `multipart/form-data with \`file\` (a CSV: comma, semicolon or tab; at most ${megabytes} MB and ${rows} rows; ` +
      `checked by its content, so a renamed image or spreadsheet is refused) and \`logId\`. ${formats} ` +
      'The answer is needs_mapping while a required field has no column (or, for a TrackMan file of several ' +
      'pitchers none of whom is the athlete, until `pitcher` is chosen), else ready. Uncommitted imports older than ' +
      'a day are removed. Athletes import into their own workouts only.',
    roles: everyone,
    request: {
      body: { content: { 'multipart/form-data': { schema: importUploadFormSchema } }, required: true },
    },
    responses: {
      201: jsonContent(
        importPreviewResponseSchema,
        'The preview: columns, mapping, the first rows and errors',
      ),
      400: errorResponse(
        'No file, an empty file, not a CSV, no header row (fields.file), or logId is not a UUID (fields.logId)',
      ),
      404: workoutNotFound,
      413: errorResponse(`Larger than ${megabytes} MB or more than ${rows} rows (fields.file)`),
      415: errorResponse('The body is not multipart/form-data'),
    },
  });

  const get = signedInRoute({
    operationId: `get${noun}Import`,
    method: 'get',
    path: `${path}/{importId}`,
    tags,
    summary: `The preview of an uploaded file of ${what}`,
    roles: everyone,
    request: { params: importIdPathSchema },
    responses: {
      200: jsonContent(importPreviewResponseSchema, 'The preview (status committed once committed)'),
      404: workoutNotFound,
    },
  });

  const update = signedInRoute({
    operationId: `update${noun}Import`,
    method: 'patch',
    path: `${path}/{importId}`,
    tags,
    summary: `Change the column mapping (kept for the organisation's next files) or the TrackMan pitcher, and answer the new preview`,
    description:
      '`mapping` names, for each field, a column of the file’s header (or null to leave it empty); fields not named ' +
      'keep their column. The mapping of a file of no known format is saved for the organisation, and the next ' +
      'file whose header has all its columns starts from it.',
    roles: everyone,
    request: {
      params: importIdPathSchema,
      body: { content: { 'application/json': { schema: updateImportRequestSchema } }, required: true },
    },
    responses: {
      200: jsonContent(importPreviewResponseSchema, 'The preview with the new mapping'),
      400: errorResponse(
        'A field that is not one of this kind (mapping.<field>), a column not in the file, or a pitcher not in the file (pitcher)',
      ),
      404: workoutNotFound,
      409: errorResponse('The import is already committed'),
    },
  });

  const commit = signedInRoute({
    operationId: `commit${noun}Import`,
    method: 'post',
    path: `${path}/{importId}/commit`,
    tags,
    summary: `Save the file's rows as the workout's ${what}, replacing those it had, in one transaction`,
    description:
      'Every row of the file is parsed again with the import’s mapping. With a row that does not parse nothing is ' +
      'saved (422, the first errors in fields as `line <n>`) unless skipInvalidRows is true. Either all rows are ' +
      'saved and the old ones removed, or nothing changes. A file naming another player or dated another day ' +
      '(the preview’s mismatches) is refused (409, field confirmMismatch) unless confirmMismatch is true.',
    roles: everyone,
    request: {
      params: importIdPathSchema,
      body: { content: { 'application/json': { schema: commitImportRequestSchema } }, required: true },
    },
    responses: {
      200: jsonContent(commitImportResponseSchema, 'How many rows were saved, replaced and left out'),
      404: workoutNotFound,
      409: errorResponse(
        'The import is already committed, the file names another player or day and confirmMismatch is false, or a write with this Idempotency-Key is still being applied',
      ),
      422: errorResponse(
        'A row does not parse and skipInvalidRows is false (fields: line <n> → reason), no row parses, the mapping lacks a required field or the pitcher is not chosen; or this Idempotency-Key was already used for another request',
      ),
    },
  });

  return { upload, get, update, commit };
}

export const pitchImports = importRoutes('pitches');
export const sensorThrowImports = importRoutes('sensor_throws');
