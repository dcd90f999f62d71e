import type {
  ImportFormat,
  ImportKind,
  ImportMapping,
  ImportMismatch,
  ImportPreview,
  ImportRowError,
} from '@contract/pitching';
import {
  commitImportRequestSchema,
  commitImportResponseSchema,
  importFieldLabels,
  importPreviewResponseSchema,
  pitchImportFields,
  pitchInputSchema,
  pitchingLimits,
  requiredImportFields,
  sensorThrowImportFields,
  sensorThrowInputSchema,
  updateImportRequestSchema,
} from '@contract/pitching';
import { errorCodes } from '@contract';
import type { User } from '@contract';
import { demoUsers } from '../data';
import { apiError, apiRoute, requestUser, unauthorized, validationFailure } from './respond';
import { demoLogId } from './training';

/*
 * The import API of issue 16 (upload a CSV, preview, change the mapping or the pitcher, commit). The real server
 * parses with Papa Parse; this fake reads the simple files the web tests write (comma-separated, quotes around
 * whole cells only) and checks each row with the contract's input schemas, so its messages are the real ones.
 */

// --- Files the tests and the dev screens upload ----------------------------------------------------------------

const rapsodoHeader = [
  'No',
  'Date',
  'Pitch ID',
  'Pitch Type',
  'Is Strike',
  'Velocity',
  'Total Spin',
  'Spin Efficiency (release)',
  'Spin Direction',
  'VB (trajectory)',
  'HB (trajectory)',
  'Release Height',
  'Release Side',
  'Release Extension (ft)',
];

const rapsodoPitches = [
  { type: 'Fastball', velocity: 88.4, spin: 2284, axis: '1:00', vb: 17.2, hb: 8.9 },
  { type: 'Slider', velocity: 79.1, spin: 2461, axis: '8:45', vb: 1.4, hb: -6.2 },
  { type: 'ChangeUp', velocity: 80.6, spin: 1712, axis: '1:45', vb: 9.8, hb: 14.1 },
  { type: 'CurveBall', velocity: 73.9, spin: 2589, axis: '7:15', vb: -12.6, hb: -9.4 },
] as const;

/**
 * A Rapsodo pitching export: its preamble (player, then a blank line), the header on line 4, and `pitches` rows.
 * `badSpinOn` lists pitch numbers whose spin reads "n/a", which do not parse.
 */
export function rapsodoCsv(pitches = 12, { badSpinOn = [] as number[] } = {}): string {
  const rows = Array.from({ length: pitches }, (_, index) => {
    const pitch = rapsodoPitches[index % rapsodoPitches.length]!;
    const drift = (index % 5) * 0.3;
    return [
      index + 1,
      '2026-11-23',
      `P-${1000 + index}`,
      pitch.type,
      index % 3 === 2 ? 'NO' : 'YES',
      (pitch.velocity - drift).toFixed(1),
      badSpinOn.includes(index + 1) ? 'n/a' : pitch.spin - index * 3,
      '94.2',
      pitch.axis,
      pitch.vb,
      pitch.hb,
      (5.8 + drift / 10).toFixed(2),
      '-1.62',
      '6.31',
    ].join(',');
  });
  return [
    '"Player ID:","1042"',
    '"Player Name:","Jamie Rivera"',
    '',
    rapsodoHeader.join(','),
    ...rows,
    '',
  ].join('\n');
}

/** A TrackMan game file with the pitches of `pitchers`, in turn. */
export function trackmanCsv(pitches = 9, pitchers = ['Rivera, Jamie']): string {
  const header =
    'PitchNo,Date,Pitcher,TaggedPitchType,AutoPitchType,RelSpeed,SpinRate,SpinAxis,InducedVertBreak,HorzBreak,RelHeight,RelSide,Extension,PitchCall';
  const calls = ['StrikeCalled', 'BallCalled', 'StrikeSwinging', 'FoulBall', 'InPlay'];
  const rows = Array.from({ length: pitches }, (_, index) =>
    [
      index + 1,
      '2026-11-23',
      `"${pitchers[index % pitchers.length]!}"`,
      index % 2 === 0 ? 'Fastball' : 'Slider',
      index % 2 === 0 ? 'Four-Seam' : 'Slider',
      index % 2 === 0 ? (90.1 - index * 0.2).toFixed(1) : 81.3,
      index % 2 === 0 ? 2301 : 2502,
      index % 2 === 0 ? 212.5 : 84.2,
      index % 2 === 0 ? 16.8 : 2.1,
      index % 2 === 0 ? 9.1 : -5.7,
      5.91,
      -1.7,
      6.2,
      calls[index % calls.length],
    ].join(','),
  );
  return [header, ...rows].join('\n');
}

/** A pitching CSV of no known device: its columns need choosing ("Pitch" and "Velo" are not field names). */
export function mappedPitchCsv(pitches = 6): string {
  const types = ['FB', 'SL', 'CH'];
  const rows = Array.from({ length: pitches }, (_, index) =>
    [index + 1, types[index % types.length], (87 - index * 0.4).toFixed(1), 2200 + index * 10].join(','),
  );
  return ['#,Pitch,Velo,Spin', ...rows].join('\n');
}

/** An arm sensor's CSV export: no fixed format, the columns are chosen (or matched by name). */
export function sensorThrowCsv(throws = 8): string {
  const rows = Array.from({ length: throws }, (_, index) =>
    [
      index + 1,
      `2026-11-23T16:${String(10 + index).padStart(2, '0')}:00-06:00`,
      1180 + index * 12,
      (52 + (index % 4) * 1.5).toFixed(1),
      48,
      171,
    ].join(','),
  );
  return ['Throw,Time,Arm Speed,Torque,Arm Slot,Shoulder Rotation', ...rows].join('\n');
}

// --- Reading a file as the server does --------------------------------------------------------------------------

const rapsodoMapping: ImportMapping = {
  sequence: 'No',
  pitchType: 'Pitch Type',
  velocityMph: 'Velocity',
  spinRateRpm: 'Total Spin',
  spinAxisDegrees: 'Spin Direction',
  inducedVerticalBreakIn: 'VB (trajectory)',
  horizontalBreakIn: 'HB (trajectory)',
  releaseHeightFt: 'Release Height',
  releaseSideFt: 'Release Side',
  extensionFt: 'Release Extension (ft)',
  result: null,
  strike: 'Is Strike',
  note: null,
};

const trackmanMapping: ImportMapping = {
  sequence: 'PitchNo',
  pitchType: 'TaggedPitchType',
  velocityMph: 'RelSpeed',
  spinRateRpm: 'SpinRate',
  spinAxisDegrees: 'SpinAxis',
  inducedVerticalBreakIn: 'InducedVertBreak',
  horizontalBreakIn: 'HorzBreak',
  releaseHeightFt: 'RelHeight',
  releaseSideFt: 'RelSide',
  extensionFt: 'Extension',
  result: 'PitchCall',
  strike: null,
  note: null,
};

const pitchTypeWords: Record<string, string> = {
  fastball: 'fastball',
  'four-seam': 'fastball',
  fourseamfastball: 'fastball',
  fb: 'fastball',
  ff: 'fastball',
  sinker: 'sinker',
  twoseamfastball: 'sinker',
  cutter: 'cutter',
  slider: 'slider',
  sl: 'slider',
  sweeper: 'sweeper',
  curveball: 'curveball',
  cu: 'curveball',
  changeup: 'changeup',
  ch: 'changeup',
  splitter: 'splitter',
  knuckleball: 'knuckleball',
  other: 'other',
};

const pitchCalls: Record<string, string> = {
  ballcalled: 'ball',
  ball: 'ball',
  strikecalled: 'called_strike',
  strikeswinging: 'swinging_strike',
  foulball: 'foul',
  foul: 'foul',
  inplay: 'in_play',
};

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

/** The cells of a line: commas inside quotes stay in their cell, a doubled quote is one. */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index]!;
    if (quoted && character === '"' && line[index + 1] === '"') {
      cell += '"';
      index += 1;
    } else if (character === '"') quoted = !quoted;
    else if (character === ',' && !quoted) {
      cells.push(cell.trim());
      cell = '';
    } else cell += character;
  }
  return [...cells, cell.trim()];
}
const squeeze = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A cell as the field takes it: numbers where numbers belong (text stays text, so the schema names it). */
function valueOf(field: string, cell: string): unknown {
  if (cell === '') return null;
  if (numberFields.has(field)) return Number.isFinite(Number(cell)) ? Number(cell) : cell;
  if (field === 'sequence') return Number.isInteger(Number(cell)) ? Number(cell) : cell;
  if (field === 'spinAxisDegrees') return Number.isFinite(Number(cell)) ? Number(cell) : cell;
  if (field === 'pitchType') return pitchTypeWords[squeeze(cell)] ?? cell;
  if (field === 'result') return pitchCalls[squeeze(cell)] ?? cell;
  if (field === 'strike') return ['yes', 'true', '1'].includes(squeeze(cell)) ? true : false;
  return cell;
}

interface ParsedFile {
  format: ImportFormat;
  header: string[];
  /** Each data row with its line in the file (1 is the first line). */
  rows: { line: number; cells: string[] }[];
}

type FileProblem = { status: 400 | 413; message: string };

function readFile(bytes: Uint8Array): ParsedFile | FileProblem {
  if (bytes.byteLength > pitchingLimits.importBytes) {
    return { status: 413, message: 'The file is larger than 5 MB. Export fewer sessions at a time.' };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { status: 400, message: 'This is not a CSV file. Export the session as CSV and try again.' };
  }
  if (text.includes('\u0000')) {
    return { status: 400, message: 'This is not a CSV file. Export the session as CSV and try again.' };
  }
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerIndex = Math.max(
    0,
    lines.findIndex((line) => {
      const cells = cellsOf(line);
      return (
        (cells.includes('Pitch Type') && cells.includes('Velocity')) ||
        cells.includes('TaggedPitchType') ||
        cells.includes('RelSpeed')
      );
    }),
  );
  const firstFilled = lines.findIndex((line) => line.trim() !== '');
  if (firstFilled === -1) return { status: 400, message: 'The file is empty.' };
  const headerAt = lines[headerIndex]!.trim() === '' ? firstFilled : headerIndex;
  const header = cellsOf(lines[headerAt]!);
  const rows = lines
    .map((line, index) => ({ line: index + 1, text: line }))
    .slice(headerAt + 1)
    .filter(({ text: line }) => line.trim() !== '')
    .map(({ line, text: row }) => ({ line, cells: cellsOf(row) }));
  if (rows.length === 0) return { status: 400, message: 'The file has a header but no rows.' };
  if (rows.length > pitchingLimits.importRows) {
    return {
      status: 413,
      message: `The file has ${rows.length.toLocaleString('en-US')} rows; an import takes at most 20,000 rows.`,
    };
  }
  const format: ImportFormat = header.includes('Pitch Type')
    ? 'rapsodo'
    : header.includes('TaggedPitchType')
      ? 'trackman'
      : 'mapped';
  return { format, header, rows };
}

const fieldsOf = (kind: ImportKind): readonly string[] =>
  kind === 'pitches' ? pitchImportFields : sensorThrowImportFields;

/** The device's own columns; for any other file, the organisation's kept mapping and then same-named columns. */
function startingMapping(kind: ImportKind, file: ParsedFile, kept: ImportMapping | undefined): ImportMapping {
  if (file.format === 'rapsodo') return { ...rapsodoMapping, ...kept };
  if (file.format === 'trackman') return { ...trackmanMapping, ...kept };
  return Object.fromEntries(
    fieldsOf(kind).map((field) => {
      const keptColumn = kept?.[field];
      if (keptColumn && file.header.includes(keptColumn)) return [field, keptColumn];
      const label = squeeze((importFieldLabels[field] ?? field).replace(/\(.*\)/, ''));
      const named = file.header.find((column) => [squeeze(field), label].includes(squeeze(column)));
      return [field, named ?? null];
    }),
  );
}

interface StoredImport {
  preview: ImportPreview;
  file: ParsedFile;
}

/** The preview of a file under a mapping and a pitcher: every row checked by the contract's input schema. */
function previewOf(stored: StoredImport, existingCount: number): ImportPreview {
  const { preview, file } = stored;
  const { mapping, kind } = preview;
  const columnIndex = (column: string | null | undefined) => (column ? file.header.indexOf(column) : -1);
  const pitcherColumn = file.header.indexOf('Pitcher');
  const pitchers =
    pitcherColumn === -1 ? [] : [...new Set(file.rows.map(({ cells }) => cells[pitcherColumn] ?? ''))];
  const pitcher = pitchers.length > 1 ? preview.pitcher : null;
  const rows = file.rows.filter(({ cells }) => pitcher === null || cells[pitcherColumn] === pitcher);
  const unmappedRequired = requiredImportFields[kind].filter((field) => columnIndex(mapping[field]) === -1);
  const measured = fieldsOf(kind).filter(
    (field) => field !== 'sequence' && columnIndex(mapping[field]) !== -1,
  );
  const needsMapping = unmappedRequired.length > 0 || measured.length === 0;

  const parsedRows: ImportPreview['rows'] = [];
  const errors: ImportRowError[] = [];
  if (!needsMapping) {
    rows.forEach(({ line, cells }, order) => {
      const input: Record<string, unknown> = {};
      for (const field of fieldsOf(kind)) {
        const index = columnIndex(mapping[field]);
        if (index !== -1) input[field] = valueOf(field, cells[index] ?? '');
      }
      input.sequence ??= order + 1;
      if (kind === 'pitches' && input.strike === undefined && typeof input.result === 'string') {
        input.strike = input.result !== 'ball';
      }
      const parsed = (kind === 'pitches' ? pitchInputSchema : sensorThrowInputSchema).safeParse(input);
      if (parsed.success) parsedRows.push(parsed.data);
      else {
        const issue = parsed.error.issues[0]!;
        errors.push({
          line,
          field: issue.path[0] === undefined ? null : String(issue.path[0]),
          message: issue.message,
        });
      }
    });
  }

  return {
    ...preview,
    status: preview.status === 'committed' ? 'committed' : needsMapping ? 'needs_mapping' : 'ready',
    columns: file.header.map((name, index) => ({
      name,
      field: Object.entries(mapping).find(([, column]) => column === name)?.[0] ?? null,
      samples: file.rows.slice(0, 3).map(({ cells }) => cells[index] ?? ''),
    })),
    unmappedRequired,
    rowCount: rows.length,
    validCount: parsedRows.length,
    rows: parsedRows.slice(0, 200),
    errors: errors.slice(0, 500),
    errorCount: errors.length,
    pitchers: pitchers.length > 1 ? pitchers : [],
    pitcher,
    existingCount,
  };
}

export interface ImportFakeOptions {
  /** Pitches and throws the workouts hold already, by log id (the replace warning). */
  existing?: Record<string, Partial<Record<ImportKind, number>>>;
  /** The logs an athlete may import into, with their athlete; staff may import into any. */
  athleteLogs?: Record<string, string>;
  /** What every uploaded file does not match of its workout (the server reads the player and dates: issue 23). */
  mismatches?: ImportMismatch[];
}

/**
 * The eight import routes over one state: uploads, previews, the organisation's kept mappings and what each
 * workout holds. Tests install a fresh copy with `server.use(...importHandlers({ existing: … }))` and add
 * failures (a 413, a lost network) with `server.use(...)` before it.
 */
export function importHandlers({
  existing = {},
  athleteLogs = { [demoLogId]: demoUsers.athlete.id },
  mismatches = [],
}: ImportFakeOptions = {}) {
  const imports = new Map<string, StoredImport>();
  const keptMappings = new Map<string, ImportMapping>();
  const held = structuredClone(existing);
  const notFound = (message = 'This workout was not found.') =>
    apiError(404, { code: errorCodes.notFound, message });
  const mayImportInto = (viewer: User, logId: string) =>
    viewer.role !== 'athlete' || athleteLogs[logId] === viewer.id;
  const existingIn = (logId: string, kind: ImportKind) => held[logId]?.[kind] ?? 0;

  /** The import of a call, when the viewer may see it. */
  const importOf = (request: Request, kind: ImportKind, importId: string) => {
    const viewer = requestUser(request);
    if (!viewer) return { failure: unauthorized() };
    const stored = imports.get(importId);
    if (!stored || stored.preview.kind !== kind || !mayImportInto(viewer, stored.preview.logId)) {
      return { failure: notFound('This import was not found.') };
    }
    return { stored };
  };

  const handlersOf = (kind: ImportKind, segment: string) => [
    apiRoute(
      { method: 'post', path: `/api/imports/${segment}`, responses: { 201: importPreviewResponseSchema } },
      async ({ request, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const form = await request.formData();
        const file = form.get('file');
        const logId = form.get('logId');
        if (typeof logId !== 'string' || !/^[0-9a-f-]{36}$/i.test(logId)) {
          return apiError(400, {
            code: errorCodes.validation,
            message: 'Check the highlighted fields.',
            fields: { logId: 'Choose the completed workout to import into' },
          });
        }
        if (file === null || typeof file === 'string') {
          return apiError(400, {
            code: errorCodes.validation,
            message: 'Choose a CSV file to import.',
            fields: { file: 'Choose a CSV file to import.' },
          });
        }
        if (!mayImportInto(viewer, logId)) return notFound();
        const read = readFile(new Uint8Array(await file.arrayBuffer()));
        if ('status' in read) {
          return apiError(read.status, {
            code: read.status === 413 ? errorCodes.payloadTooLarge : errorCodes.validation,
            message: read.message,
            fields: { file: read.message },
          });
        }
        const stored: StoredImport = {
          file: read,
          preview: {
            id: crypto.randomUUID(),
            kind,
            logId,
            fileName: 'name' in file && typeof file.name === 'string' ? file.name : 'import.csv',
            format: read.format,
            status: 'ready',
            columns: [],
            mapping: startingMapping(kind, read, keptMappings.get(`${kind}:${read.format}`)),
            unmappedRequired: [],
            rowCount: 0,
            validCount: 0,
            rows: [],
            errors: [],
            errorCount: 0,
            pitchers: [],
            pitcher: null,
            existingCount: 0,
            mismatches,
            createdAt: new Date().toISOString(),
          },
        };
        stored.preview = previewOf(stored, existingIn(logId, kind));
        imports.set(stored.preview.id, stored);
        return reply(201, { import: stored.preview });
      },
    ),
    apiRoute(
      {
        method: 'get',
        path: `/api/imports/${segment}/{importId}`,
        responses: { 200: importPreviewResponseSchema },
      },
      ({ request, params, reply }) => {
        const { stored, failure } = importOf(request, kind, params.importId);
        if (!stored) return failure;
        return reply(200, { import: stored.preview });
      },
    ),
    apiRoute(
      {
        method: 'patch',
        path: `/api/imports/${segment}/{importId}`,
        responses: { 200: importPreviewResponseSchema },
      },
      async ({ request, params, reply }) => {
        const { stored, failure } = importOf(request, kind, params.importId);
        if (!stored) return failure;
        const body = updateImportRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        if (stored.preview.status === 'committed') {
          return apiError(409, { code: errorCodes.conflict, message: 'This file is imported already.' });
        }
        if (body.data.mapping) {
          const mapping = { ...stored.preview.mapping, ...body.data.mapping };
          stored.preview = { ...stored.preview, mapping };
          // Kept for the organisation's next files of this kind and format.
          keptMappings.set(`${kind}:${stored.preview.format}`, mapping);
        }
        if (body.data.pitcher !== undefined)
          stored.preview = { ...stored.preview, pitcher: body.data.pitcher };
        stored.preview = previewOf(stored, existingIn(stored.preview.logId, kind));
        return reply(200, { import: stored.preview });
      },
    ),
    apiRoute(
      {
        method: 'post',
        path: `/api/imports/${segment}/{importId}/commit`,
        responses: { 200: commitImportResponseSchema },
      },
      async ({ request, params, reply }) => {
        const { stored, failure } = importOf(request, kind, params.importId);
        if (!stored) return failure;
        const body = commitImportRequestSchema.safeParse(await request.json().catch(() => ({})));
        if (!body.success) return validationFailure(body.error);
        const { preview } = stored;
        if (preview.status === 'committed') {
          return apiError(409, { code: errorCodes.conflict, message: 'This file is imported already.' });
        }
        if (preview.status === 'needs_mapping') {
          return apiError(422, {
            code: errorCodes.validation,
            message: 'Choose the columns of the file before importing it.',
          });
        }
        if (preview.errorCount > 0 && !body.data.skipInvalidRows) {
          const lines = preview.errors.slice(0, 20);
          return apiError(422, {
            code: errorCodes.validation,
            message: `${preview.errorCount} ${preview.errorCount === 1 ? 'row does' : 'rows do'} not parse: nothing was saved. Fix the file or leave ${preview.errorCount === 1 ? 'it' : 'them'} out.`,
            fields: Object.fromEntries(lines.map((error) => [`line ${error.line}`, error.message])),
          });
        }
        if (preview.mismatches.length > 0 && !body.data.confirmMismatch) {
          return apiError(409, {
            code: errorCodes.conflict,
            message: `${preview.mismatches.map((mismatch) => mismatch.message).join(' ')} Nothing was saved: import it anyway only if it is this workout's.`,
            fields: { confirmMismatch: 'Confirm that this file belongs to this workout' },
          });
        }
        const replaced = existingIn(preview.logId, kind);
        held[preview.logId] = { ...held[preview.logId], [kind]: preview.validCount };
        stored.preview = { ...preview, status: 'committed' };
        return reply(200, {
          imported: preview.validCount,
          replaced,
          skipped: preview.errorCount,
          logId: preview.logId,
        });
      },
    ),
  ];

  return [...handlersOf('pitches', 'pitches'), ...handlersOf('sensor_throws', 'sensor-throws')];
}

export const importHandlersOfDemo = importHandlers();
