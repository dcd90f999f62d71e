import type { Measure, PrescribedSet, WorkoutCategory } from '@contract';
import { errorCodes, measureNames, measuresUsedBy, parsePrescription } from '@contract';
import type {
  CommitReaderResponse,
  DraftBlock,
  HistoryResult,
  DraftWorkout,
  ExerciseCandidate,
  ExerciseMatch,
  ProgramColumnField,
  ReaderPreview,
  ReaderProblem,
} from '@contract/workout-reader';
import {
  commitReaderRequestSchema,
  commitReaderResponseSchema,
  historyChoicesSchema,
  historyResultSchema,
  programColumnFields,
  readerPreviewResponseSchema,
  workoutReaderLimits,
} from '@contract/workout-reader';
import { distance } from 'fastest-levenshtein';
import { demoExercises, demoWorkouts } from '../library-data';
import { apiError, apiRoute, staffOnly, validationFailure } from './respond';

/*
 * The workout reader of issue 28 (ADR 077), small: pasted text read line by line (day and week headings, "A1. Name
 * 4x6 @ 75%", "Note: …") and CSV files (a header row, one row per exercise) with the column mapping the coach
 * sends; the sets are read by the contract's own shorthand reader, and names matched to the demo library. The
 * commit checks what the server checks before saving (a program's name and days, names free) and answers ids.
 */

type Mapping = Record<ProgramColumnField, string | null>;

interface ReadExercise {
  name: string;
  label: string | null;
  line: number;
  notes: string | null;
  sets: PrescribedSet[];
}

interface ReadWorkout {
  title: string | null;
  week: number | null;
  day: number | null;
  exercises: ReadExercise[];
}

const allMeasures = { measures: measureNames, weightUnit: 'lb' as const };
const nameKey = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const fold = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim();

// --- Reading -------------------------------------------------------------------------------------------------------

/** "Week 2", "Day 3 – Upper", "Week 1 Day 2": the heading's week, day and title, or null. */
function readHeading(text: string): { week: number | null; day: number | null; title: string | null } | null {
  const match = /^(?:week\s*(\d{1,2})\s*[-–—:·]?\s*)?(?:day\s*(\d{1,3}))?\s*[-–—:]?\s*(.*)$/i.exec(
    text.trim(),
  );
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  const title = match[2] !== undefined ? text.trim().replace(/^week\s*\d{1,2}\s*[-–—:·]?\s*/i, '') : null;
  return {
    week: match[1] === undefined ? null : Number(match[1]),
    day: match[2] === undefined ? null : Number(match[2]),
    title: title && title !== '' ? title : null,
  };
}

/** "A1. Back Squat 4x6 @ 75%": the shortest name after which the rest reads as sets. */
function readExerciseLine(
  text: string,
): { ok: true; value: Omit<ReadExercise, 'line'> } | { ok: false; message: string } {
  let rest = text.trim();
  const labelled = /^([a-z])(\d{1,2})[.):]?\s+/i.exec(rest);
  const label = labelled ? `${labelled[1]!.toUpperCase()}${labelled[2]}` : null;
  if (labelled) rest = rest.slice(labelled[0].length);
  const words = rest.split(/\s+/);
  for (let cut = 1; cut < words.length; cut += 1) {
    if (!/^\d/.test(words[cut]!)) continue;
    const parsed = parsePrescription(words.slice(cut).join(' '), allMeasures);
    if (parsed.ok)
      return {
        ok: true,
        value: { name: words.slice(0, cut).join(' '), label, notes: null, sets: parsed.sets },
      };
  }
  const start = rest.search(/\s\d/);
  if (start < 0)
    return { ok: false, message: 'No sets after the name: write them like Back Squat 4 x 6 @ 75%' };
  const parsed = parsePrescription(rest.slice(start + 1), allMeasures);
  return { ok: false, message: parsed.ok ? 'Could not tell the name from the sets' : parsed.message };
}

function readText(text: string): { workouts: ReadWorkout[]; problems: ReaderProblem[] } {
  const workouts: ReadWorkout[] = [];
  const problems: ReaderProblem[] = [];
  let week: number | null = null;
  let current: ReadWorkout | null = null;
  const workout = () => {
    current ??= { title: null, week, day: null, exercises: [] };
    if (!workouts.includes(current)) workouts.push(current);
    return current;
  };
  text.split(/\r\n|\n|\r/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const heading = readHeading(line);
    if (heading) {
      if (heading.week !== null) week = heading.week;
      if (heading.day !== null) current = { title: heading.title, week, day: heading.day, exercises: [] };
      return;
    }
    const note = /^(?:notes?|cues?)\s*:\s*(.+)$/i.exec(line);
    if (note) {
      const last = workout().exercises.at(-1);
      if (last) last.notes = note[1]!;
      return;
    }
    const read = readExerciseLine(line);
    if (read.ok) workout().exercises.push({ ...read.value, line: index + 1 });
    else problems.push({ line: index + 1, sheet: null, text: line, message: read.message });
  });
  return { workouts: workouts.filter((read) => read.exercises.length > 0), problems };
}

/** Header names each field is known by (a few of the server's). */
const headerNames: Record<ProgramColumnField, string[]> = {
  week: ['week', 'wk'],
  day: ['day', 'session'],
  workout: ['workout', 'workout name'],
  exercise: ['exercise', 'exercise name', 'exercises'],
  prescription: ['prescription', 'sets x reps', 'scheme'],
  sets: ['sets'],
  reps: ['reps'],
  load: ['load', 'weight', '%', '% 1rm', 'intensity'],
  rpe: ['rpe'],
  rest: ['rest'],
  notes: ['notes', 'note', 'comments'],
};

const neededFields = (mapping: Mapping): ProgramColumnField[] => [
  ...(mapping.exercise ? [] : (['exercise'] as const)),
  ...(mapping.prescription || mapping.sets || mapping.reps ? [] : (['reps'] as const)),
];

/** A CSV of simple cells (no quoted commas): the test files. */
function readCsv(text: string, chosen: Partial<Mapping> | null) {
  const rows = text
    .split(/\r\n|\n|\r/)
    .map((line, index) => ({ line: index + 1, cells: line.split(',').map((cell) => cell.trim()) }))
    .filter((row) => row.cells.some((cell) => cell !== ''));
  const header = rows[0]?.cells ?? [];
  const known = (field: ProgramColumnField) =>
    header.find((name) => headerNames[field].includes(fold(name))) ?? null;
  const mapping = Object.fromEntries(
    programColumnFields.map((field) => [field, chosen ? (chosen[field] ?? null) : known(field)]),
  ) as Mapping;
  const columns = header.map((name, index) => ({
    name,
    field: programColumnFields.find((field) => mapping[field] === name) ?? null,
    samples: rows.slice(1, 4).map((row) => row.cells[index] ?? ''),
  }));
  const workouts = new Map<string, ReadWorkout>();
  const problems: ReaderProblem[] = [];
  const unmappedRequired = neededFields(mapping);
  if (unmappedRequired.length === 0) {
    const cellOf = (cells: string[], field: ProgramColumnField) => {
      const at = mapping[field] === null ? -1 : header.indexOf(mapping[field]);
      return at < 0 ? '' : (cells[at] ?? '');
    };
    for (const { line, cells } of rows.slice(1)) {
      const cell = (field: ProgramColumnField) => cellOf(cells, field);
      const name = cell('exercise');
      if (name === '') continue;
      const shorthand =
        cell('prescription') ||
        [
          cell('sets') ? `${cell('sets')} x ${cell('reps')}` : cell('reps'),
          cell('load') ? `@ ${cell('load')}` : '',
        ]
          .filter(Boolean)
          .join(' ');
      const parsed = parsePrescription(shorthand, allMeasures);
      if (!parsed.ok) {
        problems.push({ line, sheet: null, text: cells.join(' · '), message: parsed.message });
        continue;
      }
      const week = cell('week') ? Number(cell('week')) : null;
      const day = cell('day') ? Number(cell('day')) : null;
      const key = JSON.stringify([week, day, cell('workout')]);
      const read = workouts.get(key) ?? { title: cell('workout') || null, week, day, exercises: [] };
      workouts.set(key, read);
      read.exercises.push({ name, label: null, line, notes: cell('notes') || null, sets: parsed.sets });
    }
  }
  return { workouts: [...workouts.values()], problems, columns, mapping, unmappedRequired };
}

// --- The review --------------------------------------------------------------------------------------------------------

const library = demoExercises.filter((exercise) => !exercise.archived);

function matchOf(name: string): Pick<ExerciseMatch, 'match' | 'candidates'> {
  const exact = library.find((exercise) => exercise.name === name.trim());
  if (exact)
    return { match: { exerciseId: exact.id, name: exact.name, score: 1, how: 'exact' }, candidates: [] };
  const spaced = library.find((exercise) => nameKey(exercise.name) === nameKey(name));
  if (spaced)
    return { match: { exerciseId: spaced.id, name: spaced.name, score: 1, how: 'spacing' }, candidates: [] };
  const score = (a: string, b: string) =>
    Math.round((1 - distance(a, b) / Math.max(a.length, b.length, 1)) * 100) / 100;
  const candidates: ExerciseCandidate[] = library
    .map((exercise) => ({
      exerciseId: exercise.id,
      name: exercise.name,
      score: score(fold(name), fold(exercise.name)),
    }))
    .filter((candidate) => candidate.score >= 0.5)
    .sort((a, b) => b.score - a.score)
    .slice(0, workoutReaderLimits.candidates);
  return { match: null, candidates };
}

function measuresOf(uses: readonly ReadExercise[]): Measure[] {
  const used = new Set(uses.flatMap((exercise) => exercise.sets.flatMap(measuresUsedBy)));
  if (used.has('percentOneRm')) used.add('load');
  if (used.size === 0) used.add('reps');
  return measureNames.filter((measure) => used.has(measure));
}

function blocksOf(exercises: readonly ReadExercise[]): DraftBlock[] {
  const blocks: DraftBlock[] = [];
  for (const exercise of exercises) {
    const letter = exercise.label?.charAt(0) ?? null;
    const draft = {
      key: nameKey(exercise.name),
      name: exercise.name,
      line: exercise.line,
      sheet: null,
      notes: exercise.notes,
      sets: exercise.sets,
    };
    const last = blocks.at(-1);
    if (letter && last?.label === letter) last.exercises.push(draft);
    else blocks.push({ label: letter, exercises: [draft] });
  }
  return blocks;
}

function reviewOf(
  read: { workouts: ReadWorkout[]; problems: ReaderProblem[] },
  takenNames: ReadonlySet<string>,
): Pick<ReaderPreview, 'workouts' | 'exercises' | 'problems' | 'problemCount' | 'hasDays'> {
  const byKey = new Map<string, { name: string; uses: ReadExercise[] }>();
  for (const exercise of read.workouts.flatMap((workout) => workout.exercises)) {
    const entry = byKey.get(nameKey(exercise.name)) ?? { name: exercise.name, uses: [] };
    entry.uses.push(exercise);
    byKey.set(nameKey(exercise.name), entry);
  }
  const exercises: ExerciseMatch[] = [...byKey].map(([key, { name, uses }]) => ({
    key,
    name,
    uses: uses.length,
    ...matchOf(name),
    measures: measuresOf(uses),
  }));
  const categoryOf = (workout: ReadWorkout): WorkoutCategory => {
    const matched = workout.exercises
      .map((exercise) => exercises.find((entry) => entry.key === nameKey(exercise.name))?.match?.exerciseId)
      .map((id) => library.find((exercise) => exercise.id === id)?.category)
      .find(Boolean);
    return matched ?? 'lift';
  };
  const taken = new Set(takenNames);
  const hasDays = read.workouts.some((workout) => workout.day !== null);
  const workouts = read.workouts.map((workout, index): DraftWorkout => {
    const base =
      [
        workout.week !== null ? `Week ${workout.week}` : null,
        workout.title ?? (workout.day !== null ? `Day ${workout.day}` : null),
      ]
        .filter(Boolean)
        .join(' · ') || (read.workouts.length === 1 ? 'Imported workout' : `Imported workout ${index + 1}`);
    let name = base;
    for (let number = 2; taken.has(name.toLowerCase()); number += 1) name = `${base} (${number})`;
    taken.add(name.toLowerCase());
    const day =
      workout.day === null
        ? null
        : workout.week === null
          ? workout.day
          : (workout.week - 1) * 7 + workout.day;
    return {
      name,
      category: categoryOf(workout),
      notes: null,
      week: workout.week,
      day,
      blocks: blocksOf(workout.exercises),
    };
  });
  return {
    workouts,
    exercises,
    problems: read.problems.slice(0, 500),
    problemCount: read.problems.length,
    hasDays,
  };
}

// --- Log exports ---------------------------------------------------------------------------------------------------

const strongHeader =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE';

interface LoggedSet {
  date: string;
  session: string;
  exercise: string;
  weight: number;
  reps: number;
  seconds: number;
}

/** A Strong export (its header, unquoted cells), or null for any other file. */
function readStrong(text: string): LoggedSet[] | null {
  const [header, ...rows] = text.split(/\r\n|\n/).filter((line) => line.trim() !== '');
  if (header?.trim() !== strongHeader) return null;
  return rows.map((row) => {
    const cells = row.split(',');
    return {
      date: (cells[0] ?? '').slice(0, 10),
      session: cells[1] ?? '',
      exercise: cells[3] ?? '',
      weight: Number(cells[5] || 0),
      reps: Number(cells[6] || 0),
      seconds: Number(cells[8] || 0),
    };
  });
}

/** Map.groupBy is not in Node 20. */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

const sessionsOfLog = (sets: readonly LoggedSet[]) => groupBy(sets, (set) => `${set.date}\n${set.session}`);

function logPreview(sets: readonly LoggedSet[], fileName: string): ReaderPreview {
  const sessions = [...sessionsOfLog(sets).values()]
    .map((logged) => ({
      date: logged[0]!.date,
      name: logged[0]!.session || null,
      exercises: [...new Set(logged.map((set) => set.exercise))],
      setCount: logged.length,
    }))
    .sort((a, b) => b.date.localeCompare(a.date));
  const byName = groupBy(sets, (set) => set.exercise);
  const dates = sets.map((set) => set.date).sort();
  return {
    kind: 'log',
    log: {
      format: 'strong',
      weightUnit: 'lb',
      sessionCount: sessions.length,
      setCount: sets.length,
      from: dates[0] ?? null,
      to: dates.at(-1) ?? null,
      sessions: sessions.slice(0, 100),
    },
    source: 'csv',
    fileName,
    sheets: [],
    columns: [],
    mapping: {},
    status: 'ready',
    unmappedRequired: [],
    workouts: [],
    exercises: [...byName].map(([name, uses]): ExerciseMatch => ({
      key: nameKey(name),
      name,
      uses: uses.length,
      ...matchOf(name),
      measures: measureNames.filter(
        (measure) =>
          (measure === 'load' && uses.some((set) => set.weight > 0)) ||
          (measure === 'reps' && uses.some((set) => set.reps > 0)) ||
          (measure === 'time' && uses.some((set) => set.seconds > 0)),
      ),
    })),
    problems: [],
    problemCount: 0,
    hasDays: false,
  };
}

// --- Routes --------------------------------------------------------------------------------------------------------

const refusal = (status: 400 | 413, field: string, message: string) =>
  apiError(status, {
    code: status === 413 ? errorCodes.payloadTooLarge : errorCodes.validation,
    message,
    fields: { [field]: message },
  });

/**
 * The two reader routes over one library state: names the commits saved are taken for the next reading and commit.
 * Tests install a fresh copy with `server.use(...workoutReaderHandlers())` and add failures before it.
 */
export function workoutReaderHandlers() {
  const workoutNames = new Set(demoWorkouts.map((workout) => workout.name.toLowerCase()));
  const exerciseNames = new Set(demoExercises.map((exercise) => exercise.name.toLowerCase()));
  /** The sessions history imports added, by athlete, date and name: a file imported again adds nothing. */
  const importedSessions = new Set<string>();

  return [
    apiRoute(
      { method: 'post', path: '/api/workoutreader', responses: { 200: readerPreviewResponseSchema } },
      async ({ request, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const form = await request.formData();
        const file = form.get('file');
        const text = form.get('text');
        const mappingText = form.get('mapping');
        const chosen = typeof mappingText === 'string' ? (JSON.parse(mappingText) as Partial<Mapping>) : null;
        const base = {
          kind: 'program' as const,
          log: null,
          sheets: [],
          columns: [],
          mapping: {},
          status: 'ready' as const,
          unmappedRequired: [],
        };

        // Not `instanceof File`: in the web tests the request's File is Node's, not jsdom's.
        if (file !== null && typeof file !== 'string' && file.size > 0) {
          if (file.size > workoutReaderLimits.fileBytes)
            return refusal(
              413,
              'file',
              `The file is larger than ${workoutReaderLimits.fileBytes / (1024 * 1024)} MB: upload a few weeks at a time.`,
            );
          if (!/\.csv$/i.test(file.name))
            return refusal(400, 'file', 'This file is not a CSV or an Excel workbook (.xlsx).');
          const contents = await file.text();
          const logged = readStrong(contents);
          if (logged) return reply(200, { preview: logPreview(logged, file.name) });
          const read = readCsv(contents, chosen);
          return reply(200, {
            preview: {
              ...base,
              source: 'csv',
              fileName: file.name,
              columns: read.columns,
              mapping: read.mapping,
              status: read.unmappedRequired.length > 0 ? 'needs_mapping' : 'ready',
              unmappedRequired: read.unmappedRequired,
              ...reviewOf(read, workoutNames),
            },
          });
        }
        if (typeof text !== 'string')
          return refusal(400, 'file', 'Choose a CSV or Excel file, or paste your program');
        if (text.trim() === '')
          return refusal(
            400,
            'text',
            'Paste your program first: a day per heading, an exercise and its sets per line',
          );
        if (text.length > workoutReaderLimits.textCharacters)
          return refusal(
            413,
            'text',
            'The text is longer than 100,000 characters: paste a few weeks at a time.',
          );
        return reply(200, {
          preview: { ...base, source: 'text', fileName: null, ...reviewOf(readText(text), workoutNames) },
        });
      },
    ),

    apiRoute(
      { method: 'post', path: '/api/workoutreader/commit', responses: { 201: commitReaderResponseSchema } },
      async ({ request, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const parsed = commitReaderRequestSchema.safeParse(await request.json());
        if (!parsed.success) return validationFailure(parsed.error);
        const values = parsed.data;
        const fields: Record<string, string> = {};
        const chosen = new Set(values.exercises.map((choice) => choice.key));
        const names = new Set<string>();
        values.workouts.forEach((workout, index) => {
          const name = workout.name.toLowerCase();
          if (workoutNames.has(name))
            fields[`workouts.${index}.name`] = `A workout called ${workout.name} is in the library already`;
          else if (names.has(name))
            fields[`workouts.${index}.name`] = `Another workout here is called ${workout.name}`;
          names.add(name);
          if (values.saveAs === 'program' && workout.day === null)
            fields[`workouts.${index}.day`] = 'Give the day of the program this workout is on';
          workout.blocks.forEach((block, blockIndex) =>
            block.exercises.forEach((exercise, exerciseIndex) => {
              if (!chosen.has(exercise.key))
                fields[`workouts.${index}.blocks.${blockIndex}.exercises.${exerciseIndex}.key`] =
                  'Choose a library exercise for this name, or create it';
            }),
          );
        });
        values.exercises.forEach((choice, index) => {
          if ('create' in choice && exerciseNames.has(choice.create.name.toLowerCase()))
            fields[`exercises.${index}.create.name`] =
              `An exercise called ${choice.create.name} is in the library already`;
        });
        if (values.saveAs === 'program' && !values.programName)
          fields.programName = 'Enter a name for the program';
        if (Object.keys(fields).length > 0)
          return apiError(400, {
            code: errorCodes.validation,
            message: 'Check the highlighted fields.',
            fields,
          });

        const saved = values.workouts.map((workout) => ({ id: crypto.randomUUID(), name: workout.name }));
        const createdExercises = values.exercises.flatMap((choice) =>
          'create' in choice ? [{ id: crypto.randomUUID(), name: choice.create.name }] : [],
        );
        for (const workout of saved) workoutNames.add(workout.name.toLowerCase());
        for (const exercise of createdExercises) exerciseNames.add(exercise.name.toLowerCase());
        const program =
          values.saveAs === 'program' ? { id: crypto.randomUUID(), name: values.programName! } : null;
        const count = saved.length === 1 ? '1 workout' : `${saved.length} workouts`;
        const body: CommitReaderResponse = {
          message: program
            ? `${program.name} is saved, with its ${count}.`
            : `${count[0]!.toUpperCase()}${count.slice(1)} saved to the library.`,
          data: { workouts: saved, program, createdExercises },
        };
        return reply(201, body);
      },
    ),

    apiRoute(
      {
        method: 'post',
        path: '/api/workoutreader/history',
        responses: { 200: historyResultSchema, 201: historyResultSchema },
      },
      async ({ request, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const form = await request.formData();
        const file = form.get('file');
        if (file === null || typeof file === 'string' || file.size === 0)
          return refusal(400, 'file', 'Choose the log export (a CSV from FitNotes or Strong)');
        const athleteId = form.get('athleteId');
        if (typeof athleteId !== 'string' || !/^[0-9a-f-]{36}$/.test(athleteId))
          return refusal(400, 'athleteId', 'Choose the athlete whose history this is');
        const contents = await file.text();
        const logged = readStrong(contents);
        if (!logged) return refusal(400, 'file', 'This file is not a FitNotes or Strong export.');
        const exercisesText = form.get('exercises');
        const choices = historyChoicesSchema.safeParse(
          JSON.parse(typeof exercisesText === 'string' ? exercisesText : '[]'),
        );
        if (!choices.success) return validationFailure(choices.error);
        const choiceOf = new Map(choices.data.map((choice) => [choice.key, choice]));
        const missing = [...new Set(logged.map((set) => set.exercise))].filter(
          (name) => !choiceOf.has(nameKey(name)),
        );
        if (missing.length > 0)
          return refusal(
            400,
            'exercises',
            `Choose a library exercise, or create one, for ${missing.join(', ')}`,
          );

        const sessions = [...sessionsOfLog(logged)].map(([key, sets]) => ({
          id: `${athleteId}\n${key}`,
          sets,
        }));
        const adding = sessions.filter((session) => !importedSessions.has(session.id));
        const addedSets = adding.flatMap((session) => session.sets);
        const nameOf = (exercise: string) => {
          const choice = choiceOf.get(nameKey(exercise))!;
          return 'create' in choice
            ? choice.create.name
            : (library.find((entry) => entry.id === choice.exerciseId)?.name ?? exercise);
        };
        // The best Epley estimate of each exercise the file adds (the athlete has no max yet in the mock).
        const best = new Map<string, { value: number; date: string }>();
        for (const set of addedSets) {
          if (set.weight <= 0 || set.reps <= 0) continue;
          const value = Math.round(set.weight * (1 + set.reps / 30) * 10) / 10;
          const name = nameOf(set.exercise);
          if ((best.get(name)?.value ?? 0) < value) best.set(name, { value, date: set.date });
        }
        const saved = form.get('confirm') === 'true';
        const createdExercises = saved
          ? choices.data.flatMap((choice) =>
              'create' in choice ? [{ id: crypto.randomUUID(), name: choice.create.name }] : [],
            )
          : [];
        if (saved) for (const session of adding) importedSessions.add(session.id);
        const count = (sessionCount: number) =>
          sessionCount === 1 ? '1 session' : `${sessionCount} sessions`;
        const body: HistoryResult = {
          message: saved
            ? `${count(adding.length)} and ${addedSets.length} sets added to the history.`
            : adding.length === 0
              ? `Nothing to add: the ${count(sessions.length)} of this file were imported before.`
              : `${count(adding.length)} and ${addedSets.length} sets would be added.`,
          data: {
            saved,
            athleteId,
            sessions: { added: adding.length, alreadyImported: sessions.length - adding.length },
            sets: addedSets.length,
            newMaxes: [...best].map(([exercise, { value, date }]) => ({ exercise, value, unit: 'lb', date })),
            createdExercises,
          },
        };
        return saved ? reply(201, body) : reply(200, body);
      },
    ),
  ];
}

export const workoutReaderHandlersOfDemo = workoutReaderHandlers();
