import { TZDate } from '@date-fns/tz';
import type { z } from 'zod';
import {
  importFieldLabels,
  pitchImportFields,
  pitchInputSchema,
  pitchingLimits,
  requiredImportFields,
  sensorThrowImportFields,
  sensorThrowInputSchema,
  type ImportFormat,
  type ImportKind,
  type ImportMapping,
  type ImportMismatch,
  type ImportRowError,
  type PitchValues,
  type SensorThrowValues,
} from '../../contract/pitching';
import { isStrike } from '../../contract/throwing';
import { ImportFileError, readCsvRows, tooManyRowsMessage, type CsvRow } from './csv-file';
import { datesIn, mismatchesOf, preamblePlayer } from './file-mismatch';
import {
  findColumn,
  guessMapping,
  normalized,
  pitchResultOf,
  pitchTypeOf,
  strikeOf,
  trackmanAutoPitchTypeColumn,
  trackmanPitcherColumn,
  untaggedTrackman,
  vendorMapping,
  vendorOf,
} from './formats';

/**
 * An uploaded file → the rows it would save (issue 16). Pure: the routes store the file's text and parse it again
 * on each preview, mapping change and commit, so what is committed is exactly what was previewed.
 *
 * Which rows: the header is the first row with three of a vendor's column names (Rapsodo's preamble lines come
 * before it), or, for other files, the first row of mostly words that is not followed by a longer row of words
 * (as a preamble line is). Every row after it is one pitch or throw; a row that does not pass the contract's schema becomes an error with its line and field.
 *
 * TrackMan files of a game hold several pitchers: the pitcher whose name is the workout's athlete's is chosen,
 * else the preview waits (status needs_mapping, `pitchers` listed, `pitcher` null) until one is chosen; the
 * chosen pitcher's pitches are numbered 1..n in the file's order.
 */

export const importFields: Record<ImportKind, readonly string[]> = {
  pitches: pitchImportFields,
  sensor_throws: sensorThrowImportFields,
};

/** A sensor file is of use only with one measurement: without any mapped, it waits for a mapping. */
const sensorMeasures = ['armSpeedDegPerS', 'elbowTorqueNm', 'armSlotDegrees', 'shoulderRotationDegrees'];

export const noHeaderMessage =
  'The file has no header row: its first line should name the columns (such as Velocity and Pitch Type).';

export type ImportValues = PitchValues | SensorThrowValues;

export interface ImportRequest {
  kind: ImportKind;
  /** The file's text (readCsvText's). */
  content: string;
  /** The import's own mapping, once set (by the upload or a PATCH); without it the vendor's, saved or a guess. */
  mapping?: ImportMapping | null;
  /** The organisation's mapping for files of no known format, used when all its columns are in the header. */
  savedMapping?: ImportMapping | null;
  /** A TrackMan file's chosen pitcher. */
  pitcher?: string | null;
  /** The workout's date and the organisation's zone: a sensor's local times ("16:05:12") are read in them. */
  workout: { date: string; timeZone: string };
  /** The workout's athlete: a TrackMan pitcher of this name is chosen without asking. */
  athlete?: { firstName: string; lastName: string };
}

export interface ParsedImport {
  format: ImportFormat;
  status: 'needs_mapping' | 'ready';
  /** The header row's names, in the file's order, with their first values and the field each fills. */
  columns: { name: string; field: string | null; samples: string[] }[];
  mapping: ImportMapping;
  unmappedRequired: string[];
  rowCount: number;
  /** Every row that parses, in the file's order (the preview shows the first 200; the commit saves them all). */
  values: ImportValues[];
  /** Every row that does not, in the file's order. */
  errors: ImportRowError[];
  pitchers: string[];
  pitcher: string | null;
  /** The file's player and dates where they are not the workout's athlete and date (issue 23). */
  mismatches: ImportMismatch[];
}

/** The column devices write each row's date in (Rapsodo's "2026-03-14 16:02:17", TrackMan's "2026-03-14"). */
const dateColumn = 'Date';

const sampleCount = 3;
const headerSearchRows = 50;

export function parseImport(request: ImportRequest): ParsedImport {
  const { kind } = request;
  const { rows, delimiter } = readCsvRows(request.content);
  const found = findHeader(rows, kind);
  if (!found) throw new ImportFileError(400, noHeaderMessage);
  const header = found.row.fields.map((name) => name.trim());
  const dataRows = rows.slice(found.index + 1);
  // Counted before any row is validated: a file over the limit is refused whole.
  if (dataRows.length > pitchingLimits.importRows)
    throw new ImportFileError(413, tooManyRowsMessage(dataRows.length));

  const fields = importFields[kind];
  const mapping = chooseMapping(request, found.format, header, fields);
  const columnOf = (field: string) => {
    const name = mapping[field];
    return name ? header.indexOf(name) : -1;
  };
  const unmappedRequired = requiredImportFields[kind].filter((field) => columnOf(field) < 0);
  if (kind === 'sensor_throws' && sensorMeasures.every((field) => columnOf(field) < 0)) {
    unmappedRequired.push(...sensorMeasures);
  }

  const { pitchers, pitcher, chosenRows, onlyPitcher } = pitcherRows(request, found.format, header, dataRows);
  const waitsForPitcher = pitchers.length > 1 && pitcher === null;
  const columns = header.map((name, index) => ({
    name,
    field: Object.keys(mapping).find((field) => mapping[field] === name) ?? null,
    samples: dataRows
      .slice(0, sampleCount)
      .map((row) => row.fields[index]?.trim() ?? '')
      .filter((value) => value !== ''),
  }));
  const result: ParsedImport = {
    format: found.format,
    status: unmappedRequired.length > 0 || waitsForPitcher ? 'needs_mapping' : 'ready',
    columns,
    mapping,
    unmappedRequired,
    rowCount: chosenRows.length,
    values: [],
    errors: [],
    pitchers,
    pitcher,
    mismatches: mismatchesOf(
      {
        player: preamblePlayer(rows.slice(0, found.index)) ?? pitcher ?? onlyPitcher,
        dates: datesIn(chosenRows, header.indexOf(findColumn(header, dateColumn) ?? '')),
      },
      { date: request.workout.date, athlete: request.athlete },
    ),
  };
  // Until the required fields have columns every row would fail the same way: nothing is validated yet.
  if (unmappedRequired.length > 0) return result;

  const cellsOf = fields
    .map((field) => ({ field, index: columnOf(field) }))
    .filter(({ index }) => index >= 0);
  const reader = cellReader(kind, found.format, delimiter, request.workout, header);
  const schema: z.ZodType<ImportValues> = kind === 'pitches' ? pitchInputSchema : sensorThrowInputSchema;
  chosenRows.forEach((row, order) => {
    const input: Record<string, unknown> = {};
    let rowError: ImportRowError | null = null;
    for (const { field, index } of cellsOf) {
      const cell = row.fields[index] ?? '';
      const value = reader(field, cell, row);
      if (value instanceof CellError) {
        rowError ??= { line: row.line, field, message: `${value.message}${inColumn(cell, header[index]!)}` };
        continue;
      }
      if (value !== undefined) input[field] = value;
    }
    // A file without pitch numbers (or a chosen pitcher's rows) is numbered in its order.
    if (input.sequence === undefined || pitcher !== null) input.sequence = order + 1;
    if (rowError) {
      result.errors.push(rowError);
      return;
    }
    const parsed = schema.safeParse(input);
    if (parsed.success) {
      result.values.push(asSaved(parsed.data));
      return;
    }
    const [issue] = parsed.error.issues;
    const field = typeof issue?.path[0] === 'string' ? issue.path[0] : null;
    const index = field ? columnOf(field) : -1;
    const cell = index >= 0 ? (row.fields[index] ?? '') : '';
    result.errors.push({
      line: row.line,
      field,
      message: `${issue?.message ?? 'This row cannot be read'}${index >= 0 ? inColumn(cell, header[index]!) : ''}`,
    });
  });
  return result;
}

/** A pitch's strike is its result's when it has one (as pitchRow saves it), so the preview shows what is kept. */
const asSaved = (values: ImportValues): ImportValues =>
  'result' in values && values.result !== null ? { ...values, strike: isStrike(values.result) } : values;

const inColumn = (cell: string, column: string) =>
  cell.trim() === ''
    ? ` (column ${column} is empty)`
    : ` (column ${column} has "${cell.trim().slice(0, 40)}")`;

// --- The header ------------------------------------------------------------------------------------------------

const dataLike = /^[-+]?(\d+([.,]\d+)?|[.,]\d+)(e[-+]?\d+)?$|^\d{1,4}[-/:.]\d/i;
const isDataCell = (cell: string) => dataLike.test(cell.trim());

function findHeader(
  rows: readonly CsvRow[],
  kind: ImportKind,
): { index: number; row: CsvRow; format: ImportFormat } | null {
  const searched = rows.slice(0, headerSearchRows);
  if (kind === 'pitches') {
    for (const [index, row] of searched.entries()) {
      const vendor = vendorOf(row.fields);
      if (vendor) return { index, row, format: vendor };
    }
  }
  for (const [index, row] of searched.entries()) {
    const filled = row.fields.filter((field) => field.trim() !== '');
    const words = filled.filter((field) => !isDataCell(field));
    if (words.length === 0 || words.length * 2 <= filled.length) continue;
    // A preamble line ("Player Name:","Jamie Rivera") is followed by a longer row of words, a header by data.
    const next = rows[index + 1];
    const nextFilled = next ? next.fields.filter((field) => field.trim() !== '').length : 0;
    if (next && !next.fields.some(isDataCell) && nextFilled > filled.length) continue;
    return { index, row, format: 'mapped' };
  }
  return null;
}

function chooseMapping(
  request: ImportRequest,
  format: ImportFormat,
  header: readonly string[],
  fields: readonly string[],
): ImportMapping {
  const complete = (mapping: ImportMapping) =>
    Object.fromEntries(fields.map((field) => [field, mapping[field] ?? null])) as ImportMapping;
  if (request.mapping) return complete(request.mapping);
  if (format !== 'mapped') return complete(vendorMapping(format, header));
  const saved = request.savedMapping;
  const savedColumns = saved ? Object.values(saved).filter((column) => column !== null) : [];
  if (saved && savedColumns.length > 0 && savedColumns.every((column) => header.includes(column))) {
    return complete(saved);
  }
  return complete(guessMapping(request.kind, fields, header));
}

function pitcherRows(
  request: ImportRequest,
  format: ImportFormat,
  header: readonly string[],
  rows: CsvRow[],
): { pitchers: string[]; pitcher: string | null; chosenRows: CsvRow[]; onlyPitcher: string | null } {
  const column = format === 'trackman' ? findColumn(header, trackmanPitcherColumn) : null;
  if (!column) return { pitchers: [], pitcher: null, chosenRows: rows, onlyPitcher: null };
  const index = header.indexOf(column);
  const nameOf = (row: CsvRow) => row.fields[index]?.trim() ?? '';
  const names = [...new Set(rows.map(nameOf).filter((name) => name !== ''))];
  // A file of one pitcher needs no choice, but its name is still checked against the athlete's.
  if (names.length < 2)
    return { pitchers: [], pitcher: null, chosenRows: rows, onlyPitcher: names[0] ?? null };
  const athlete = request.athlete;
  // TrackMan writes "Last, First"; other systems "First Last".
  const athleteNames = athlete
    ? [`${athlete.lastName}, ${athlete.firstName}`, `${athlete.firstName} ${athlete.lastName}`].map(
        normalized,
      )
    : [];
  const chosen =
    names.find((name) => name === request.pitcher?.trim()) ??
    (request.pitcher ? undefined : names.find((name) => athleteNames.includes(normalized(name))));
  if (!chosen) return { pitchers: names, pitcher: null, chosenRows: rows, onlyPitcher: null };
  return {
    pitchers: names,
    pitcher: chosen,
    chosenRows: rows.filter((row) => nameOf(row) === chosen),
    onlyPitcher: null,
  };
}

// --- The cells -------------------------------------------------------------------------------------------------

/** A cell that cannot mean anything for its field, with the reason. */
class CellError {
  constructor(readonly message: string) {}
}

const missing = new Set(['', '-', '--', 'nan', 'n/a', 'na', 'null', 'none']);
const isMissing = (cell: string) => missing.has(cell.trim().toLowerCase());

/** A number as written, with a decimal comma in `;` files ("92,4"); otherwise the text, for the schema to refuse. */
function numberOf(cell: string, delimiter: string): number | string | null {
  if (isMissing(cell)) return null;
  let text = cell.trim();
  if (delimiter !== ',' && /^[-+]?\d*,\d+$/.test(text)) text = text.replace(',', '.');
  const value = Number(text);
  return text !== '' && Number.isFinite(value) ? value : cell.trim();
}

const numberFields = new Set([
  'velocityMph',
  'spinRateRpm',
  'inducedVerticalBreakIn',
  'horizontalBreakIn',
  'releaseHeightFt',
  'releaseSideFt',
  'extensionFt',
  'armSpeedDegPerS',
  'elbowTorqueNm',
  'armSlotDegrees',
  'shoulderRotationDegrees',
]);

type CellValue = string | number | boolean | null | undefined | CellError;

/** How each field's cell is read for this file: the vendor's words, numbers, clock times, local times. */
function cellReader(
  kind: ImportKind,
  format: ImportFormat,
  delimiter: string,
  workout: ImportRequest['workout'],
  header: readonly string[],
): (field: string, cell: string, row: CsvRow) => CellValue {
  const autoType =
    format === 'trackman' ? header.indexOf(findColumn(header, trackmanAutoPitchTypeColumn) ?? '') : -1;
  return (field, cell, row) => {
    if (numberFields.has(field)) {
      const value = numberOf(cell, delimiter);
      // The velocity is required: an empty cell is left out, so the schema names it.
      return value === null && field === 'velocityMph' ? undefined : value;
    }
    switch (field) {
      case 'sequence': {
        const value = numberOf(cell, delimiter);
        return value === null ? undefined : value;
      }
      case 'pitchType':
        return pitchTypeFor(format, cell, autoType >= 0 ? (row.fields[autoType] ?? '') : '');
      case 'spinAxisDegrees':
        return numberOf(cell, delimiter);
      case 'result': {
        const result = pitchResultOf(cell);
        if (result !== undefined) return result;
        // TrackMan has calls that are no result of ours ("Undefined"); a coach's own word is a mistake to show.
        return format === 'trackman' ? null : cell.trim();
      }
      case 'strike': {
        const strike = strikeOf(cell);
        return strike === undefined ? new CellError(`Write Y or N for ${importFieldLabels.strike}`) : strike;
      }
      case 'note':
        return cell.trim() === '' ? null : cell.trim();
      case 'thrownAt':
        return kind === 'sensor_throws' ? instantOf(cell, workout) : undefined;
      default:
        return undefined;
    }
  };
}

function pitchTypeFor(format: ImportFormat, cell: string, autoCell: string): string | undefined {
  if (format === 'trackman') {
    const tagged = untaggedTrackman.has(normalized(cell)) ? autoCell : cell;
    if (untaggedTrackman.has(normalized(tagged))) return 'other';
    return pitchTypeOf(tagged) ?? tagged.trim();
  }
  const type = pitchTypeOf(cell);
  // Rapsodo writes "-" for a pitch it did not classify.
  if (type === null) return format === 'rapsodo' ? 'other' : undefined;
  return type ?? cell.trim();
}

const withOffset = /(Z|[+-]\d{2}:?\d{2})$/i;
const localTime =
  /^(?:(\d{4})-(\d{1,2})-(\d{1,2})|(\d{1,2})\/(\d{1,2})\/(\d{4}))?[T ]*(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?\s*(AM|PM)?$/i;

/**
 * A sensor's time as an ISO instant: an instant with its offset as it is, epoch seconds or milliseconds, or a
 * local date and time (or a time alone, on the workout's date) in the organisation's zone. Anything else is left
 * as written for the schema to refuse.
 */
function instantOf(cell: string, workout: ImportRequest['workout']): string | null {
  const text = cell.trim();
  if (isMissing(text)) return null;
  if (/^\d{9,13}(\.\d+)?$/.test(text)) {
    const value = Number(text);
    return new Date(value >= 1e12 ? value : value * 1000).toISOString();
  }
  if (withOffset.test(text) && /^\d{4}-\d{2}-\d{2}[T ]\d/.test(text)) {
    const time = Date.parse(text.replace(' ', 'T'));
    return Number.isNaN(time) ? text : new Date(time).toISOString();
  }
  const match = localTime.exec(text);
  if (!match) return text;
  const [, isoYear, isoMonth, isoDay, usMonth, usDay, usYear, hourText, minute, second, millis, half] = match;
  const [workoutYear, workoutMonth, workoutDay] = workout.date.split('-').map(Number);
  const year = Number(isoYear ?? usYear ?? workoutYear);
  const month = Number(isoMonth ?? usMonth ?? workoutMonth);
  const day = Number(isoDay ?? usDay ?? workoutDay);
  let hour = Number(hourText);
  if (half) hour = (hour % 12) + (half.toUpperCase() === 'PM' ? 12 : 0);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23) return text;
  const instant = new TZDate(
    year,
    month - 1,
    day,
    hour,
    Number(minute),
    Number(second ?? 0),
    Number((millis ?? '0').padEnd(3, '0')),
    workout.timeZone,
  );
  return Number.isNaN(instant.getTime()) ? text : new Date(instant.getTime()).toISOString();
}
