import type { DistanceUnit, WeightUnit } from '../../contract/training-vocabulary';
import type { SheetRow } from './sheets';

/** The training apps whose workout-log exports the reader knows, told apart by their header. */
export type LogExportFormat = 'fitnotes' | 'strong';

/** One logged set as the other app wrote it. */
export interface ExportedSet {
  line: number;
  exercise: string;
  /** 1-based within its exercise in its session, in file order (warm-up and drop sets included). */
  setNumber: number;
  reps: number | null;
  /** Null for a bodyweight set (the apps write 0). */
  load: number | null;
  loadUnit: WeightUnit | null;
  /** Kilometres and miles are converted to metres (rounded to 0.1 m). */
  distance: number | null;
  distanceUnit: DistanceUnit | null;
  timeSeconds: number | null;
  rpe: number | null;
  notes: string | null;
}

/** A day's training (FitNotes) or one workout (Strong). */
export interface ExportedSession {
  /** YYYY-MM-DD as written: the athlete's local date. */
  date: string;
  /** HH:MM:SS when the export has one (Strong), else null. */
  startTime: string | null;
  /** Strong's Workout Name. */
  name: string | null;
  durationSeconds: number | null;
  /** Strong's Workout Notes. */
  notes: string | null;
  sets: ExportedSet[];
}

/** A row left out, and why: the shape of the workout reader's other problems (`ReaderProblem`). */
export interface ExportProblem {
  line: number;
  sheet: null;
  text: string;
  message: string;
}

export interface ReadLogExport {
  format: LogExportFormat;
  /** The unit of the export's weights: its header's, else the organisation's. */
  weightUnit: WeightUnit;
  /** By date, then start time. */
  sessions: ExportedSession[];
  problems: ExportProblem[];
}

type Column = number | null;

interface ExportColumns {
  format: LogExportFormat;
  /** The header's cells as written, to name a column in a problem's message. */
  names: readonly string[];
  date: number;
  exercise: number;
  weight: number;
  /** From the weight column's header ("Weight (kgs)"), when it says. */
  weightUnit: WeightUnit | null;
  /** Older Strong exports write each set's unit in a column of its own. */
  weightUnitColumn: Column;
  reps: number;
  distance: Column;
  /** From the distance column's header ("Distance (meters)"), when it says. */
  distanceUnit: DistanceScale | null;
  distanceUnitColumn: Column;
  /** FitNotes' Time (a clock) or Strong's Seconds (a number). */
  time: Column;
  rpe: Column;
  notes: Column;
  workoutName: Column;
  duration: Column;
  /** Strong 6 writes `Duration (sec)` as a number; older versions write "1h 5m". */
  durationInSeconds: boolean;
  setOrder: Column;
  workoutNotes: Column;
}

/** One file's columns, with its weight unit settled. */
interface ExportFile extends ExportColumns {
  weightUnit: WeightUnit;
  /** The sessions' starts as read, by the Date cell's text (and by their own date and time). */
  starts: Map<string, SessionStart>;
}

/** A distance unit as written, and how it is kept. */
interface DistanceScale {
  unit: DistanceUnit;
  /** What one of the written unit is in the kept unit (1000 for km to m). */
  factor: number;
}

const metresPerMile = 1609.344;
const distanceScales = new Map<string, DistanceScale>();
for (const [names, scale] of [
  [['m', 'meter', 'meters', 'metre', 'metres'], { unit: 'm', factor: 1 }],
  [['km', 'kms', 'kilometer', 'kilometers', 'kilometre', 'kilometres'], { unit: 'm', factor: 1000 }],
  [['mi', 'mile', 'miles'], { unit: 'm', factor: metresPerMile }],
  [['yd', 'yds', 'yard', 'yards'], { unit: 'yd', factor: 1 }],
  [['ft', 'feet', 'foot'], { unit: 'ft', factor: 1 }],
] as const) {
  for (const name of names) distanceScales.set(name, scale);
}

const weightUnitOf = (text: string): WeightUnit | null => {
  if (/^(?:kgs?|kilos?|kilograms?)$/.test(text)) return 'kg';
  if (/^(?:lbs?|pounds?)$/.test(text)) return 'lb';
  return null;
};

/** A header cell compared without case, spacing or a spreadsheet's byte-order mark: "weight (kgs)". */
const headerKey = (cell: string) =>
  cell
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/ ?\( ?/g, ' (')
    .replace(/ ?\)/g, ')')
    .toLowerCase();

/**
 * The first column called `name`, or `name (unit)` with a unit the reader knows ("Weight (kgs)"); a unit it does
 * not know ("Weight (stone)") makes no column it could trust.
 */
function findUnitColumn<Unit>(keys: readonly string[], name: string, unitOf: (unit: string) => Unit | null) {
  for (const [at, key] of keys.entries()) {
    if (key === name) return { column: at, unit: null };
    if (key.startsWith(`${name} (`) && key.endsWith(')')) {
      const unit = unitOf(key.slice(name.length + 2, -1));
      if (unit !== null) return { column: at, unit };
    }
  }
  return { column: null, unit: null };
}

/** Which export a header is, and where its columns are; null when it is neither. */
function readHeader(header: readonly string[]): ExportColumns | null {
  const keys = header.map(headerKey);
  const find = (...names: string[]): Column => {
    const at = keys.findIndex((key) => names.includes(key));
    return at === -1 ? null : at;
  };

  const { column: weight, unit: weightUnit } = findUnitColumn(keys, 'weight', weightUnitOf);
  const { column: distance, unit: distanceUnit } = findUnitColumn(
    keys,
    'distance',
    (unit) => distanceScales.get(unit) ?? null,
  );

  const date = find('date');
  const reps = find('reps');
  if (date === null || reps === null || weight === null) return null;
  const common = {
    names: header.map((cell) => cell.replace(/^\uFEFF/, '').trim()),
    date,
    weight,
    weightUnit,
    weightUnitColumn: find('weight unit'),
    reps,
    distance,
    distanceUnit,
    distanceUnitColumn: find('distance unit'),
    rpe: find('rpe'),
  };

  const strongExercise = find('exercise name');
  const workoutName = find('workout name');
  const setOrder = find('set order');
  if (strongExercise !== null && workoutName !== null && setOrder !== null) {
    const durationInSeconds = find('duration (sec)', 'duration (seconds)', 'duration (s)');
    return {
      ...common,
      format: 'strong',
      exercise: strongExercise,
      time: find('seconds'),
      notes: find('notes'),
      workoutName,
      duration: durationInSeconds ?? find('duration'),
      durationInSeconds: durationInSeconds !== null,
      setOrder,
      workoutNotes: find('workout notes'),
    };
  }

  const exercise = find('exercise');
  if (exercise !== null && find('category') !== null) {
    return {
      ...common,
      format: 'fitnotes',
      exercise,
      time: find('time'),
      notes: find('comment', 'notes'),
      workoutName: null,
      duration: null,
      durationInSeconds: false,
      setOrder: null,
      workoutNotes: null,
    };
  }
  return null;
}

/** The export a CSV header belongs to (case, order and extra columns do not matter), or null. */
export function recogniseLogExport(header: readonly string[]): LogExportFormat | null {
  return readHeader(header)?.format ?? null;
}

const decimal = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;
/** "102.5" or "102,5"; NaN when the text is no number. */
const readDecimal = (text: string) => (decimal.test(text) ? Number(text.replace(',', '.')) : Number.NaN);

const calendarDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const strongDate = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([ap])\.?m\.?)?$/i;
const clock = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/;
const strongDuration = /^(?:(\d+)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?\s*(?:(\d+)\s*s)?$/i;
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Whether a YYYY-MM-DD is a day of the calendar. */
function isCalendarDate(text: string): boolean {
  const parts = calendarDate.exec(text);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

interface SessionStart {
  date: string;
  startTime: string | null;
}

const readFitNotesDate = (text: string): SessionStart | null =>
  isCalendarDate(text) ? { date: text, startTime: null } : null;

/** "2023-04-03 17:45:12", "2023-04-03 17:45", and the 12-hour clock of some versions: "2023-04-03 5:45:12 PM". */
function readStrongDate(text: string): SessionStart | null {
  const parts = strongDate.exec(text);
  if (!parts || !isCalendarDate(parts[1]!)) return null;
  const [hours, minutes, seconds] = [Number(parts[2]), Number(parts[3]), Number(parts[4] ?? 0)];
  const meridiem = parts[5]?.toLowerCase();
  const clockReads = (meridiem ? hours >= 1 && hours <= 12 : hours <= 23) && minutes <= 59 && seconds <= 59;
  if (!clockReads) return null;
  const hours24 = meridiem ? (hours % 12) + (meridiem === 'p' ? 12 : 0) : hours;
  return { date: parts[1]!, startTime: `${twoDigits(hours24)}:${twoDigits(minutes)}:${twoDigits(seconds)}` };
}

/** A set and its session as one row of the export gives them, or why the row is left out. */
type ReadRow =
  | { kind: 'skip' }
  | { kind: 'problem'; message: string }
  | {
      kind: 'set';
      start: SessionStart;
      name: string | null;
      durationSeconds: number | null;
      workoutNotes: string | null;
      /** Numbered once its session is known. */
      set: ExportedSet;
    };

/** Reads one row's cells, gathering what is wrong with it so one problem names every bad cell. */
class RowCells {
  readonly errors: string[] = [];

  constructor(
    private readonly columns: ExportFile,
    private readonly cells: readonly string[],
  ) {}

  text(column: Column): string {
    return column === null ? '' : (this.cells[column]?.trim() ?? '');
  }

  optionalText(column: Column): string | null {
    const text = this.text(column);
    return text === '' ? null : text;
  }

  /** Notes what is wrong with a cell, naming its column as the header does: `Weight (kgs) “12kg” is not a number.` */
  fail(column: number, value: string, why: string): null {
    const name = this.columns.names[column] || `Column ${column + 1}`;
    this.errors.push(value === '' ? `${name} is empty.` : `${name} “${value}” ${why}`);
    return null;
  }

  /** A number of zero or more; 0 and an empty cell are null (the apps write 0 for "not logged"). */
  amount(column: Column, whole = false): number | null {
    const text = this.text(column);
    if (column === null || text === '') return null;
    const value = readDecimal(text);
    if (Number.isNaN(value)) return this.fail(column, text, 'is not a number.');
    if (value < 0) return this.fail(column, text, 'is below zero.');
    if (whole && !Number.isInteger(value)) return this.fail(column, text, 'is not a whole number.');
    return value === 0 ? null : value;
  }

  rpe(): number | null {
    const column = this.columns.rpe;
    const value = this.amount(column);
    if (value === null || value <= 10) return value;
    return this.fail(column!, this.text(column), 'is not an RPE from 1 to 10.');
  }

  load(): { load: number | null; loadUnit: WeightUnit | null } {
    const load = this.amount(this.columns.weight);
    if (load === null) return { load: null, loadUnit: null };
    const unitText = this.text(this.columns.weightUnitColumn);
    const unit = unitText === '' ? null : weightUnitOf(unitText.toLowerCase());
    if (unitText !== '' && !unit) {
      this.fail(this.columns.weightUnitColumn!, unitText, 'is not a weight unit (kg or lbs).');
      return { load: null, loadUnit: null };
    }
    return { load, loadUnit: unit ?? this.columns.weightUnit };
  }

  /**
   * The set's distance in metres, yards or feet. Strong's plain `Distance` is in the athlete's distance unit, which
   * the export does not name: kilometres when its weights are in kg, miles when in lb.
   */
  distance(): { distance: number | null; distanceUnit: DistanceUnit | null } {
    const none = { distance: null, distanceUnit: null };
    const { distance: column, distanceUnitColumn } = this.columns;
    const written = this.amount(column);
    if (written === null) return none;
    let scale = this.columns.distanceUnit;
    const unitText = this.text(distanceUnitColumn);
    if (unitText !== '') {
      scale = distanceScales.get(unitText.toLowerCase()) ?? null;
      if (!scale) {
        this.fail(distanceUnitColumn!, unitText, 'is not a distance unit (m, km, mi, yd or ft).');
        return none;
      }
    } else if (!scale && this.columns.format === 'strong' && distanceUnitColumn === null) {
      scale = distanceScales.get(this.columns.weightUnit === 'kg' ? 'km' : 'mi')!;
    }
    if (!scale) {
      this.fail(column!, this.text(column), 'has no unit (m, km, mi, yd or ft).');
      return none;
    }
    const distance = scale.factor === 1 ? written : Math.round(written * scale.factor * 10) / 10;
    return { distance, distanceUnit: scale.unit };
  }

  /** FitNotes' Time: "0:01:30", "1:30" (minutes and seconds) or a number of seconds. */
  clockSeconds(): number | null {
    const column = this.columns.time;
    const text = this.text(column);
    if (column === null || text === '') return null;
    if (decimal.test(text)) return this.amount(column);
    const parts = clock.exec(text);
    const [hours, minutes, seconds] = [Number(parts?.[1] ?? 0), Number(parts?.[2]), Number(parts?.[3])];
    if (!parts || seconds >= 60 || (parts[1] !== undefined && minutes >= 60)) {
      return this.fail(column, text, 'is not a time like 0:01:30.');
    }
    const total = hours * 3600 + minutes * 60 + seconds;
    return total === 0 ? null : total;
  }

  /** Strong's Duration: "1h 5m", "45m", "52s", "1h"; `Duration (sec)` as a number. */
  durationSeconds(): number | null {
    const column = this.columns.duration;
    const text = this.text(column);
    if (column === null || text === '') return null;
    if (this.columns.durationInSeconds) return this.amount(column, true);
    const parts = strongDuration.exec(text);
    if (!parts || (parts[1] ?? parts[2] ?? parts[3]) === undefined) {
      return this.fail(column, text, 'is not a duration like 1h 5m.');
    }
    return Number(parts[1] ?? 0) * 3600 + Number(parts[2] ?? 0) * 60 + Number(parts[3] ?? 0);
  }

  /** The session's date, and its start time when the export has one (Strong); null when the cell does not read. */
  start(): SessionStart | null {
    const { date: column, format, starts } = this.columns;
    const text = this.text(column);
    // Every set of a session repeats its date.
    const known = starts.get(text);
    if (known) return known;
    const start = format === 'fitnotes' ? readFitNotesDate(text) : readStrongDate(text);
    if (!start) {
      const example =
        format === 'fitnotes'
          ? 'a date: FitNotes writes dates as 2023-04-03'
          : 'a date and time: Strong writes them as 2023-04-03 17:45:12';
      return this.fail(column, text, `is not ${example}.`);
    }
    // One object per start, whichever way it was written ("17:45" and "17:45:00"): sessions are found by it.
    const written = `${start.date} ${start.startTime ?? ''}`;
    const same = starts.get(written) ?? start;
    starts.set(written, same);
    starts.set(text, same);
    return same;
  }

  /** Strong's Set Order: a number, or W, D or F for a warm-up, drop or failure set (numbered in order all the same). */
  checkSetOrder(): void {
    const column = this.columns.setOrder;
    const text = this.text(column);
    if (column !== null && text !== '' && !setOrder.test(text)) {
      this.fail(column, text, 'is neither a set number nor W, D or F (warm-up, drop or failure set).');
    }
  }
}

const restTimer = /rest/i;
const setOrder = /^(?:\d+|[wdf])$/i;

function readRow(file: ExportFile, row: SheetRow): ReadRow {
  const cells = new RowCells(file, row.cells);
  const exercise = cells.text(file.exercise);
  // Strong writes its rest timers as rows without an exercise, or with "Rest Timer" as the set order.
  if (exercise === '' || restTimer.test(cells.text(file.setOrder))) return { kind: 'skip' };

  const start = cells.start();
  cells.checkSetOrder();
  const reps = cells.amount(file.reps, true);
  const { load, loadUnit } = cells.load();
  const { distance, distanceUnit } = cells.distance();
  const timeSeconds = file.format === 'fitnotes' ? cells.clockSeconds() : cells.amount(file.time);
  const rpe = cells.rpe();
  const durationSeconds = cells.durationSeconds();
  if (cells.errors.length > 0 || !start) return { kind: 'problem', message: cells.errors.join(' ') };
  if (reps === null && load === null && distance === null && timeSeconds === null) return { kind: 'skip' };

  return {
    kind: 'set',
    start,
    name: cells.optionalText(file.workoutName),
    durationSeconds,
    workoutNotes: cells.optionalText(file.workoutNotes),
    set: {
      line: row.line,
      exercise,
      setNumber: 0,
      reps,
      load,
      loadUnit,
      distance,
      distanceUnit,
      timeSeconds,
      rpe,
      notes: cells.optionalText(file.notes),
    },
  };
}

interface SessionEntry {
  session: ExportedSession;
  /** The sets of each exercise so far, to number the next. */
  setCounts: Map<string, number>;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const problemText = (row: SheetRow) =>
  row.cells
    .map((cell) => cell.trim())
    .join(' · ')
    .slice(0, 200);

/**
 * An athlete's training log exported from FitNotes or Strong, as sessions of logged sets; null when the header is
 * neither app's. A row whose date or numbers do not read is a problem and left out; a row with nothing logged (no
 * reps, load, distance or time) and Strong's rest timers are left out without one.
 */
export function readLogExport(rows: readonly SheetRow[], defaultUnit: WeightUnit): ReadLogExport | null {
  const header = rows[0];
  const columns = header ? readHeader(header.cells) : null;
  if (!columns) return null;
  const file: ExportFile = { ...columns, weightUnit: columns.weightUnit ?? defaultUnit, starts: new Map() };

  // A session is one date (FitNotes), or one start and workout name (Strong); starts are read once per time.
  const sessions = new Map<SessionStart, Map<string, SessionEntry>>();
  const inFileOrder: ExportedSession[] = [];
  const problems: ExportProblem[] = [];
  for (let index = 1; index < rows.length; index += 1) {
    const row = rows[index]!;
    const read = readRow(file, row);
    if (read.kind === 'skip') continue;
    if (read.kind === 'problem') {
      problems.push({ line: row.line, sheet: null, text: problemText(row), message: read.message });
      continue;
    }
    const { start, name, set } = read;
    let named = sessions.get(start);
    if (!named) sessions.set(start, (named = new Map<string, SessionEntry>()));
    let entry = named.get(name ?? '');
    if (!entry) {
      const session = { ...start, name, durationSeconds: null, notes: null, sets: [] };
      entry = { session, setCounts: new Map() };
      named.set(name ?? '', entry);
      inFileOrder.push(session);
    }
    const { session, setCounts } = entry;
    session.durationSeconds ??= read.durationSeconds;
    session.notes ??= read.workoutNotes;
    set.setNumber = (setCounts.get(set.exercise) ?? 0) + 1;
    setCounts.set(set.exercise, set.setNumber);
    session.sets.push(set);
  }

  // A stable sort: workouts that started together stay in file order.
  const sessionsInTime = inFileOrder.sort(
    (a, b) => compareText(a.date, b.date) || compareText(a.startTime ?? '', b.startTime ?? ''),
  );
  return { format: file.format, weightUnit: file.weightUnit, sessions: sessionsInTime, problems };
}
