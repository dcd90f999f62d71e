import { parsePrescription } from '../../contract/prescription';
import { measureNames, type WeightUnit } from '../../contract/training-vocabulary';
import {
  programColumnFields,
  type ProgramColumnField,
  type ReaderProblem,
} from '../../contract/workout-reader';
import { readDayHeading, type ReadProgram, type ReadWorkout } from './read-program';
import type { Sheet, SheetRow } from './sheets';

export type ProgramMapping = Partial<Record<ProgramColumnField, string | null>>;

export interface SheetColumns {
  /** A header the reader (or the coach's mapping) knows; else the first row, to map. */
  found: boolean;
  /** The header row's names, as written. */
  header: string[];
  /** The header row's line, in the first sheet that has one. */
  headerLine: number;
  sheet: string | null;
  /** The first values of each column. */
  samples: string[][];
}

export interface ReadSheetsProgram extends ReadProgram {
  columns: SheetColumns | null;
  mapping: Record<ProgramColumnField, string | null>;
  unmappedRequired: ProgramColumnField[];
}

const fold = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9%#]+/g, ' ')
    .trim();

/** Header names each field is known by, folded. */
const headerNames: Record<ProgramColumnField, string[]> = {
  week: ['week', 'wk', 'week #', 'week number', 'wk #'],
  day: ['day', 'session', 'day #', 'training day', 'day number', 'weekday'],
  workout: ['workout', 'workout name', 'session name', 'title'],
  exercise: ['exercise', 'exercise name', 'exercises', 'movement', 'lift', 'drill', 'name'],
  prescription: ['prescription', 'sets x reps', 'setsxreps', 'scheme', 'sets reps', 'set x rep', 'volume'],
  sets: ['sets', 'set', '# sets', 'number of sets'],
  reps: ['reps', 'rep', 'repetitions', '# reps', 'reps time', 'reps per set'],
  load: [
    'load',
    'weight',
    '%',
    '% 1rm',
    '%1rm',
    'intensity',
    'percent',
    'percentage',
    'lbs',
    'kg',
    'weight lbs',
    'weight kg',
  ],
  rpe: ['rpe', 'effort'],
  rest: ['rest', 'rest s', 'rest sec', 'rest seconds', 'recovery', 'rest time'],
  notes: ['notes', 'note', 'comments', 'comment', 'cues', 'coaching cues', 'coach notes'],
};

const emptyMapping = (): Record<ProgramColumnField, string | null> =>
  Object.fromEntries(programColumnFields.map((field) => [field, null])) as Record<
    ProgramColumnField,
    string | null
  >;

/** The field a header names: one of its known names, or one with a unit in brackets after it ("Load (%)", "Rest (min)"). */
const fieldOfHeader = (name: string): ProgramColumnField | null => {
  const folded = fold(name);
  return (
    programColumnFields.find((field) => headerNames[field].includes(folded)) ??
    programColumnFields.find((field) =>
      headerNames[field].includes(fold(name.replace(/\([^)]*\)\s*$/, ''))),
    ) ??
    null
  );
};

/** The header row: the first of a sheet's first ten rows in which two cells name fields, one of them the exercise. */
function findHeader(sheet: Sheet, mapping: ProgramMapping | null): number {
  const wanted = mapping?.exercise ? fold(mapping.exercise) : null;
  return sheet.rows.slice(0, 10).findIndex(({ cells }) => {
    if (wanted) return cells.some((cell) => fold(cell) === wanted);
    const fields = cells.map(fieldOfHeader).filter(Boolean);
    return fields.includes('exercise') && fields.length >= 2;
  });
}

/** The exercise column, and the sets: written out, or apart (`reps` stands for either when none is chosen). */
const required = (mapping: Record<ProgramColumnField, string | null>): ProgramColumnField[] => [
  ...(mapping.exercise ? [] : (['exercise'] as const)),
  ...(mapping.prescription || mapping.reps || mapping.sets ? [] : (['reps'] as const)),
];

/** "0.75" in a % column is a spreadsheet's 75 %. */
function loadText(value: string, header: string | null): string {
  const folded = header ? fold(header) : '';
  const percentColumn = /%|percent|intensity/.test(folded);
  const number = Number(value);
  if (percentColumn && value !== '' && Number.isFinite(number)) {
    return `${number > 0 && number <= 1.5 ? Math.round(number * 1000) / 10 : number}%`;
  }
  if (/kg/.test(folded) && Number.isFinite(number)) return `${value} kg`;
  return value;
}

/**
 * A spreadsheet's program (issue 28): one row per exercise, with its workout found from the week and day (a
 * column's, or the sheet's name: one sheet per week or per day) and the workout column. Blank week, day and workout
 * cells take the value above them, as merged cells do.
 */
export function readProgramSheets(
  sheets: readonly Sheet[],
  weightUnit: WeightUnit,
  chosen: ProgramMapping | null,
): ReadSheetsProgram {
  const problems: ReaderProblem[] = [];
  const workouts = new Map<string, ReadWorkout>();
  let columns: SheetColumns | null = null;
  let mapping = emptyMapping();

  for (const sheet of sheets) {
    const headerIndex = findHeader(sheet, chosen);
    if (headerIndex < 0) {
      // No header the reader knows: the first row is shown for the coach to map.
      const first = sheet.rows[0];
      if (!columns && first) columns = columnsOf(sheet, 0, false);
      continue;
    }
    const header = sheet.rows[headerIndex]!.cells;
    if (!columns?.found) columns = columnsOf(sheet, headerIndex, true);
    mapping = mappingFor(header, chosen);
    if (required(mapping).length > 0) continue;
    const index = (field: ProgramColumnField) => {
      const name = mapping[field];
      return name === null ? -1 : header.findIndex((cell) => fold(cell) === fold(name));
    };
    const at = Object.fromEntries(programColumnFields.map((field) => [field, index(field)])) as Record<
      ProgramColumnField,
      number
    >;
    const sheetHeading = sheet.name ? readDayHeading(sheet.name) : null;
    let carried = { week: '', day: '', workout: '' };
    for (const row of sheet.rows.slice(headerIndex + 1)) {
      const cell = (field: ProgramColumnField) => (at[field] < 0 ? '' : (row.cells[at[field]] ?? '').trim());
      carried = {
        week: cell('week') || carried.week,
        day: cell('day') || carried.day,
        workout: cell('workout') || carried.workout,
      };
      const name = cell('exercise');
      if (name === '') continue;
      const place = placeOf(carried, sheetHeading);
      const key = JSON.stringify([sheet.name ?? '', place.week, place.day, place.title]);
      const read = readRow(cell, mapping.load, weightUnit);
      if (!read.ok) {
        problems.push({
          line: row.line,
          sheet: sheet.name,
          text: row.cells.join(' · ').slice(0, 200),
          message: read.message,
        });
        continue;
      }
      let workout = workouts.get(key);
      if (!workout) {
        workout = { title: place.title, week: place.week, day: place.day, notes: [], exercises: [] };
        workouts.set(key, workout);
      }
      const labelled = /^([a-z])\s?(\d{1,2})[.):]?\s+(.+)$/i.exec(name);
      workout.exercises.push({
        name: labelled ? labelled[3]!.trim() : name,
        label: labelled ? `${labelled[1]!.toUpperCase()}${labelled[2]}` : null,
        line: row.line,
        sheet: sheet.name,
        notes: cell('notes') || null,
        sets: read.sets,
      });
    }
  }
  if (!columns?.found) mapping = mappingFor(columns?.header ?? [], chosen);
  return {
    workouts: [...workouts.values()],
    problems,
    columns,
    mapping,
    unmappedRequired: required(mapping),
  };
}

function columnsOf(sheet: Sheet, headerIndex: number, found: boolean): SheetColumns {
  const headerRow = sheet.rows[headerIndex]!;
  return {
    found,
    header: headerRow.cells,
    headerLine: headerRow.line,
    sheet: sheet.name,
    samples: samplesOf(sheet.rows.slice(headerIndex + 1), headerRow.cells.length),
  };
}

function samplesOf(rows: readonly SheetRow[], width: number): string[][] {
  return Array.from({ length: width }, (_, column) =>
    rows
      .map((row) => (row.cells[column] ?? '').trim())
      .filter(Boolean)
      .slice(0, 3),
  );
}

/** The coach's mapping where given (a column not in this header is left out), else a guess from the names. */
function mappingFor(
  header: readonly string[],
  chosen: ProgramMapping | null,
): Record<ProgramColumnField, string | null> {
  const mapping = emptyMapping();
  const has = (name: string) => header.find((cell) => fold(cell) === fold(name));
  for (const field of programColumnFields) {
    const choice = chosen?.[field];
    if (choice !== undefined) {
      mapping[field] = choice === null ? null : (has(choice) ?? null);
      continue;
    }
    if (chosen && Object.keys(chosen).length > 0 && chosen.exercise !== undefined) continue;
    mapping[field] = header.find((cell) => fieldOfHeader(cell) === field) ?? null;
  }
  return mapping;
}

/** The week and day of a row: its cells', else its sheet's name ("Week 3", "Day 2 – Upper"). */
function placeOf(
  carried: { week: string; day: string; workout: string },
  sheet: ReturnType<typeof readDayHeading>,
) {
  const weekCell = /^\d{1,2}$/.test(carried.week)
    ? Number(carried.week)
    : (readDayHeading(carried.week)?.week ?? null);
  const dayCell = /^\d{1,3}$/.test(carried.day)
    ? { week: null, day: Number(carried.day), title: null }
    : readDayHeading(carried.day);
  const week = weekCell ?? dayCell?.week ?? sheet?.week ?? null;
  const day = dayCell?.day ?? sheet?.day ?? null;
  const title =
    carried.workout || dayCell?.title || (dayCell ? null : carried.day || null) || sheet?.title || null;
  return { week, day, title };
}

/** A row's sets: the written-out column, or sets × reps @ load, RPE, rest put into the shorthand and read by it. */
function readRow(
  cell: (field: ProgramColumnField) => string,
  loadHeader: string | null,
  weightUnit: WeightUnit,
) {
  const context = { measures: measureNames, weightUnit };
  let text = cell('prescription');
  if (text === '') {
    const sets = cell('sets');
    const reps = cell('reps');
    if (reps === '')
      return { ok: false as const, message: `No reps (or time, distance) for ${cell('exercise')}` };
    const work = sets !== '' ? `${sets} x ${reps}` : reps;
    const intensity = [
      cell('load') && loadText(cell('load'), loadHeader),
      cell('rpe') && `RPE ${cell('rpe')}`,
    ].filter(Boolean);
    text = `${work}${intensity.length > 0 ? ` @ ${intensity.join(', ')}` : ''}`;
  }
  if (cell('rest') !== '' && !/\brest\b/i.test(text)) text = `${text} rest ${cell('rest')}`;
  const parsed = parsePrescription(text, context);
  return parsed.ok
    ? { ok: true as const, sets: parsed.sets }
    : { ok: false as const, message: parsed.message };
}
