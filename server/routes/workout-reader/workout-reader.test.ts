import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import type { ExerciseListResponse } from '../../../contract/library';
import type {
  CommitReaderRequest,
  CommitReaderResponse,
  ReaderPreview,
  ReaderPreviewResponse,
} from '../../../contract/workout-reader';
import { commitAsRead } from '../../../contract/workout-reader';
import type { ErrorBody } from '../../testing/library-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
let coach: string;
let athlete: string;
beforeAll(async () => {
  t = await createTestContext();
  coach = await t.signIn('coach@demo.test');
  athlete = await t.signIn('athlete@demo.test');
});
afterAll(() => t.close());

/** Posts the reader's form: pasted text, or a file, and a mapping. */
async function read(
  token: string,
  input: {
    text?: string;
    file?: Uint8Array | string;
    name?: string;
    mapping?: Record<string, string | null>;
  },
) {
  const form = new FormData();
  if (input.text !== undefined) form.set('text', input.text);
  if (input.file !== undefined) {
    const bytes = typeof input.file === 'string' ? new TextEncoder().encode(input.file) : input.file;
    form.set('file', new File([new Uint8Array(bytes)], input.name ?? 'program.csv'));
  }
  if (input.mapping) form.set('mapping', JSON.stringify(input.mapping));
  const response = await t.app.request('http://localhost/api/workoutreader', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as ReaderPreviewResponse & ErrorBody };
}

const commit = (body: CommitReaderRequest, key?: string) =>
  t.request<CommitReaderResponse & ErrorBody>('POST', '/api/workoutreader/commit', {
    token: coach,
    body,
    headers: key ? { 'idempotency-key': key } : {},
  });

/** The review as a coach accepts it: matches kept, the rest created as new exercises. */
const accept = (
  preview: ReaderPreview,
  overrides: Partial<CommitReaderRequest> = {},
): CommitReaderRequest => ({
  ...commitAsRead(
    preview,
    preview.hasDays ? 'program' : 'workouts',
    preview.hasDays ? 'Imported Offseason' : undefined,
  ),
  ...overrides,
});

const week = `Week 1
Day 1 – Lower
A1. Back Squat 4x6 @ 75%
A2. Plank 3 x 45s
romanian deadlift 3 x 8-10 (slow on the way down)
Sprint 6 x 30yd rest 90

Day 2 – Upper
Bench Press 5/5/5/3/3 @ 185
DB Row 3 x 10 each
Chin-Up 3 x
Note: finish with easy band work
`;

describe('the workout reader: a coach pastes a week of text', () => {
  it('reads days, supersets, the shorthand and notes, matches the library and names the unreadable line', async () => {
    const { status, body } = await read(coach, { text: week });
    expect(status).toBe(200);
    const preview = body.preview;
    expect(preview).toMatchObject({ source: 'text', status: 'ready', hasDays: true, problemCount: 1 });
    expect(preview.workouts.map((workout) => [workout.name, workout.day])).toEqual([
      ['Week 1 · Day 1 – Lower', 1],
      ['Week 1 · Day 2 – Upper', 2],
    ]);
    const [lower, upper] = preview.workouts;
    expect(
      lower!.blocks.map((block) => [block.label, block.exercises.map((exercise) => exercise.name)]),
    ).toEqual([
      ['A', ['Back Squat', 'Plank']],
      [null, ['romanian deadlift']],
      [null, ['Sprint']],
    ]);
    expect(lower!.blocks[0]!.exercises[0]!.sets).toHaveLength(4);
    expect(lower!.blocks[0]!.exercises[0]!.sets[0]).toMatchObject({ reps: 6, percentOneRm: 75 });
    expect(lower!.blocks[1]!.exercises[0]).toMatchObject({ notes: 'slow on the way down', line: 5 });
    expect(lower!.blocks[2]!.exercises[0]!.sets[0]).toMatchObject({
      distance: 30,
      distanceUnit: 'yd',
      restSeconds: 90,
    });
    expect(upper!.blocks[0]!.exercises[0]!.sets.map((set) => set.reps)).toEqual([5, 5, 5, 3, 3]);
    expect(upper!.blocks[0]!.exercises[0]!.sets[0]).toMatchObject({ load: 185, loadUnit: 'lb' });
    // A note follows the exercise it is written under.
    expect(upper!.blocks[1]!.exercises[0]).toMatchObject({
      name: 'DB Row',
      notes: 'finish with easy band work',
    });

    expect(preview.problems).toEqual([
      expect.objectContaining({ line: 11, text: 'Chin-Up 3 x', message: expect.any(String) as string }),
    ]);
    const match = (name: string) => preview.exercises.find((entry) => entry.name === name)!;
    expect(match('Back Squat').match).toMatchObject({ how: 'exact', name: 'Back Squat' });
    expect(match('romanian deadlift').match).toMatchObject({ how: 'spacing', name: 'Romanian Deadlift' });
    expect(match('Plank')).toMatchObject({ match: null, measures: ['time'] });
    expect(match('DB Row').match).toBeNull();
    expect(match('DB Row').candidates[0]).toMatchObject({ name: 'Single-Arm Dumbbell Row' });
    expect(match('Sprint').candidates.map((candidate) => candidate.name)).toContain('30-Yard Sprint');
  });

  it('saves the reviewed week as a program with its workouts on their days and the new exercises, once per key', async () => {
    const { body } = await read(coach, { text: week });
    const request = accept(body.preview, { programName: 'Pasted Week' });
    const saved = await commit(request, 'reader-commit-1');
    expect(saved.status).toBe(201);
    expect(saved.body.message).toBe('Pasted Week is saved, with its 2 workouts.');
    expect(saved.body.data.createdExercises.map((exercise) => exercise.name).sort()).toEqual([
      'DB Row',
      'Plank',
      'Sprint',
    ]);
    const replay = await commit(request, 'reader-commit-1');
    expect(replay.status).toBe(201);
    expect(replay.body.data.program!.id).toBe(saved.body.data.program!.id);

    const program = await t.request<{ data: { workouts: { day: number; workout: { name: string } }[] } }>(
      'GET',
      `/api/programs/${saved.body.data.program!.id}`,
      { token: coach },
    );
    expect(program.body.data.workouts.map((item) => [item.day, item.workout.name])).toEqual([
      [1, 'Week 1 · Day 1 – Lower'],
      [2, 'Week 1 · Day 2 – Upper'],
    ]);
    const workout = await t.request<{
      data: { blocks: { label: string | null; exercises: { exercise: { name: string } }[] }[] };
    }>('GET', `/api/workouts/${saved.body.data.workouts[0]!.id}`, { token: coach });
    expect(workout.body.data.blocks[0]).toMatchObject({
      label: 'A',
      exercises: [{ exercise: { name: 'Back Squat' } }, { exercise: { name: 'Plank' } }],
    });

    // Read again: the names are taken now, so the drafts get a number and the new exercises match.
    const again = await read(coach, { text: week });
    expect(again.body.preview.workouts.map((workout) => workout.name)).toEqual([
      'Week 1 · Day 1 – Lower (2)',
      'Week 1 · Day 2 – Upper (2)',
    ]);
    expect(again.body.preview.exercises.find((entry) => entry.name === 'Plank')!.match).toMatchObject({
      how: 'exact',
    });
  });

  it('saves nothing when one part is refused, and names the field by its place in the request', async () => {
    const text = 'Monday\nLateral Lunge 3 x 8\n\nWednesday\nBack Squat 3 x 5 @ 80%';
    const { body } = await read(coach, { text });
    expect(body.preview.workouts.map((workout) => workout.day)).toEqual([1, 3]);
    const request = accept(body.preview, { programName: 'Lunges' });
    request.workouts[1]!.name = 'Lower Body Strength A';
    const refused = await commit(request);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      'workouts.1.name': expect.stringContaining('There is already a workout called') as string,
    });
    const lunges = await t.request<ExerciseListResponse>('GET', '/api/exercises?q=Lateral%20Lunge', {
      token: coach,
    });
    expect(lunges.body.total).toBe(0);

    const noProgramName = await commit({ ...accept(body.preview), programName: undefined });
    expect(noProgramName.body.error.fields).toMatchObject({ programName: 'Enter a name for the program' });
    const unchosen = await commit({ ...accept(body.preview), exercises: [] });
    expect(unchosen.body.error.fields).toMatchObject({
      'workouts.0.blocks.0.exercises.0.key': 'Choose a library exercise for this name, or create it',
    });
  });

  it('refuses an empty paste, a request with nothing, and an athlete', async () => {
    const empty = await read(coach, { text: '  \n ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({
      text: expect.stringContaining('Paste your program first') as string,
    });
    const nothing = await read(coach, {});
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.fields).toHaveProperty('file');
    expect((await read(athlete, { text: week })).status).toBe(403);
    const tooLong = await read(coach, { text: 'Back Squat 3 x 5\n'.repeat(7000) });
    expect(tooLong.status).toBe(413);
    expect(tooLong.body.error.fields!.text).toContain('100,000 characters');
  });
});

describe('the workout reader: a coach uploads a spreadsheet', () => {
  const csv = [
    'Week,Day,Exercise,Sets,Reps,% 1RM,Rest,Notes',
    '1,Day 1 - Lower,Back Squat,4,6,70,120,',
    ',,Nordic Hamstring Curl,3,5,,,slow',
    ',Day 2 - Upper,Bench Press,4,8,0.675,90,',
    '2,Day 1 - Lower,Back Squat,4,5,75,120,',
    ',,Nordic Hamstring Curl,3,,,,',
  ].join('\r\n');

  it('finds the columns from the header, carries week and day down, and reads % as %1RM', async () => {
    const { status, body } = await read(coach, { file: csv, name: 'offseason.csv' });
    expect(status).toBe(200);
    const preview = body.preview;
    expect(preview).toMatchObject({ source: 'csv', status: 'ready', fileName: 'offseason.csv' });
    expect(preview.columns.map((column) => [column.name, column.field])).toEqual([
      ['Week', 'week'],
      ['Day', 'day'],
      ['Exercise', 'exercise'],
      ['Sets', 'sets'],
      ['Reps', 'reps'],
      ['% 1RM', 'load'],
      ['Rest', 'rest'],
      ['Notes', 'notes'],
    ]);
    expect(preview.workouts.map((workout) => [workout.name, workout.day])).toEqual([
      ['Week 1 · Day 1 - Lower', 1],
      ['Week 1 · Day 2 - Upper', 2],
      ['Week 2 · Day 1 - Lower', 8],
    ]);
    expect(preview.workouts[0]!.blocks[0]!.exercises[0]!.sets[0]).toMatchObject({
      reps: 6,
      percentOneRm: 70,
      restSeconds: 120,
    });
    expect(preview.workouts[1]!.blocks[0]!.exercises[0]!.sets[0]).toMatchObject({ percentOneRm: 67.5 });
    expect(preview.problems).toEqual([
      expect.objectContaining({ line: 6, message: 'No reps (or time, distance) for Nordic Hamstring Curl' }),
    ]);
  });

  it('asks for the columns when the header is not one it knows, and keeps the mapping for the next file', async () => {
    const own = [
      'Wk,Session,Movement name,Scheme',
      '1,Mon,Back Squat,3x5 @ 80%',
      '1,Wed,Bench Press,3x5 @ 75%',
    ].join('\n');
    const first = await read(coach, { file: own });
    expect(first.body.preview).toMatchObject({ status: 'needs_mapping', unmappedRequired: ['exercise'] });
    expect(first.body.preview.columns.map((column) => column.name)).toEqual([
      'Wk',
      'Session',
      'Movement name',
      'Scheme',
    ]);

    const mapped = await read(coach, {
      file: own,
      mapping: { week: 'Wk', day: 'Session', exercise: 'Movement name', prescription: 'Scheme' },
    });
    expect(mapped.body.preview.status).toBe('ready');
    expect(mapped.body.preview.workouts.map((workout) => [workout.name, workout.day])).toEqual([
      ['Week 1 · Mon', 1],
      ['Week 1 · Wed', 3],
    ]);
    const bad = await read(coach, { file: own, mapping: { sideways: 'Wk' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('mapping.sideways');

    const next = await read(coach, { file: own.replace('Back Squat', 'Split Squat') });
    expect(next.body.preview.status).toBe('ready');
    expect(next.body.preview.workouts[0]!.blocks[0]!.exercises[0]!.name).toBe('Split Squat');
  });

  it('refuses a file that is not a spreadsheet by its content, whatever its name', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
    const refused = await read(coach, { file: png, name: 'program.xlsx' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toHaveProperty('file');
  });

  it('reads a workbook of one sheet per week into a program of both weeks', async () => {
    const week = (load: number): SheetData => [
      ['Day', 'Exercise', 'Sets', 'Reps', 'Load (%)', 'RPE'],
      ['Monday', 'A1. Back Squat', 4, '6', load, null],
      [null, 'A2. Plank', 3, '45s', null, null],
      ['Thursday', 'Bench Press', 3, '8-10', load - 0.05, 8],
    ];
    const bytes = await writeXlsxFile([
      { sheet: 'Week 1', data: week(0.7) },
      { sheet: 'Week 2', data: week(0.75) },
    ]).toBuffer();
    const { status, body } = await read(coach, { file: new Uint8Array(bytes), name: 'block.xlsx' });
    expect(status).toBe(200);
    const preview = body.preview;
    expect(preview).toMatchObject({
      source: 'xlsx',
      sheets: ['Week 1', 'Week 2'],
      status: 'ready',
      problemCount: 0,
    });
    expect(preview.workouts.map((workout) => [workout.name, workout.day])).toEqual([
      ['Week 1 · Monday', 1],
      ['Week 1 · Thursday', 4],
      ['Week 2 · Monday', 8],
      ['Week 2 · Thursday', 11],
    ]);
    expect(preview.workouts[0]!.blocks).toEqual([
      expect.objectContaining({
        label: 'A',
        exercises: [
          expect.objectContaining({ name: 'Back Squat', sheet: 'Week 1', line: 2 }),
          expect.objectContaining({ name: 'Plank' }),
        ],
      }),
    ]);
    expect(preview.workouts[3]!.blocks[0]!.exercises[0]!.sets[0]).toMatchObject({
      reps: 8,
      repsMax: 10,
      percentOneRm: 70,
      rpe: 8,
    });

    const saved = await commit(accept(preview, { programName: 'Workbook Block' }));
    expect(saved.status).toBe(201);
    expect(saved.body.data.workouts).toHaveLength(4);
  });
});

describe('the workout reader: two devices save one review at once', () => {
  it('saves it once: the other is refused on its names and leaves nothing behind', async () => {
    const text = 'Day 1\nTurkish Get-Up 3 x 3\nBack Squat 5 x 5 @ 80%\n\nDay 2\nTurkish Get-Up 2 x 5';
    const { body } = await read(coach, { text });
    const request = accept(body.preview, { programName: 'Get-Up Block' });
    const results = await Promise.all([commit(request), commit(request)]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 400]);
    const exercisesNamed = await t.request<ExerciseListResponse>('GET', '/api/exercises?q=Turkish', {
      token: coach,
    });
    expect(exercisesNamed.body.data.map((exercise) => exercise.name)).toEqual(['Turkish Get-Up']);
    const programs = await t.request<{ data: { name: string }[] }>('GET', '/api/programs', { token: coach });
    expect(programs.body.data.filter((program) => program.name === 'Get-Up Block')).toHaveLength(1);
  });
});
