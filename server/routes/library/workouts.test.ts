import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ExerciseResponse,
  PrescribedSetInput,
  SaveWorkoutRequest,
  Workout,
  WorkoutListResponse,
  WorkoutResponse,
} from '../../../contract/library';
import { emptyPrescribedSet } from '../../../contract/prescription';
import { libraryLookups, type ErrorBody } from '../../testing/library-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
let coach: string;
let lookups: ReturnType<typeof libraryLookups>;
/** Demo exercise ids by name. */
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestContext();
  coach = await t.signIn('coach@demo.test');
  lookups = libraryLookups(t);
  for (const name of [
    'Back Squat',
    'Split Squat',
    'Chin-Up',
    'Box Jump',
    'Long Toss',
    'Bullpen',
    'Sleeper Stretch',
  ]) {
    ids[name] = (await lookups.exerciseNamed(coach, name)).id;
  }
});
afterAll(() => t.close());

const set = (targets: PrescribedSetInput): PrescribedSetInput => targets;
const names = (list: { name: string }[]) => list.map((row) => row.name);

/** A lower-body day: a back squat at %1RM supersetted with chin-ups in a rep range, then split squats. */
function lowerBodyDay(name = 'Lower Body Strength B'): SaveWorkoutRequest {
  return {
    name,
    category: 'lift',
    notes: 'In-season, twice a week.',
    blocks: [
      {
        label: 'Strength',
        rounds: 1,
        restSeconds: 120,
        exercises: [
          {
            exerciseId: ids['Back Squat']!,
            sets: [
              set({ reps: 6, percentOneRm: 70 }),
              set({ reps: 6, percentOneRm: 75 }),
              set({ reps: 4, percentOneRm: 80, restSeconds: 180 }),
            ],
          },
          {
            exerciseId: ids['Chin-Up']!,
            notes: 'Full hang at the bottom.',
            sets: [set({ reps: 6, repsMax: 8, rpe: 8 })],
          },
        ],
      },
      {
        exercises: [
          {
            exerciseId: ids['Split Squat']!,
            sets: [
              set({ reps: 8, repsMax: 10, load: 35 }),
              set({ reps: 8, repsMax: 10, load: 20, loadUnit: 'kg' }),
            ],
          },
        ],
      },
    ],
  };
}

async function listWorkouts(token: string, query = '') {
  return t.request<WorkoutListResponse>('GET', `/api/workouts${query}`, { token });
}

async function createWorkout(body: SaveWorkoutRequest, token = coach) {
  return t.request<WorkoutResponse>('POST', '/api/workouts', { token, body });
}

async function readWorkout(id: string, token = coach) {
  return t.request<WorkoutResponse>('GET', `/api/workouts/${id}`, { token });
}

/** The save request that gives back a workout as read (a copy to change freely). */
function asSaveRequest(workout: Workout): SaveWorkoutRequest {
  return structuredClone({
    name: workout.name,
    category: workout.category,
    notes: workout.notes,
    version: workout.version,
    blocks: workout.blocks.map(({ exercises, ...block }) => ({
      ...block,
      exercises: exercises.map(({ exercise: _joined, ...entry }) => entry),
    })),
  });
}

describe('GET /api/workouts', () => {
  it("lists the demo academy's eight workouts by name with their blocks and exercises counted and named", async () => {
    const { status, body } = await listWorkouts(coach);
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 0, size: 50, total: 8 });
    expect(names(body.data)).toEqual([
      'Bullpen Day',
      'Dynamic Warm-Up',
      'Lower Body Strength A',
      'Med-Ball Power',
      'Pitcher Arm Care',
      'Position Player Practice Plan',
      'Speed & Agility',
      'Upper Body Strength A',
    ]);
    const lower = body.data.find((workout) => workout.name === 'Lower Body Strength A')!;
    expect(lower).toMatchObject({
      category: 'lift',
      blockCount: 5,
      exerciseCount: 8,
      archived: false,
      version: 1,
      exerciseNames: [
        '90/90 Hip Switch',
        "World's Greatest Stretch",
        'Box Jump',
        'Trap-Bar Deadlift',
        'Pallof Press',
        'Split Squat',
        'Nordic Hamstring Curl',
        'Romanian Deadlift',
      ],
    });
  });

  it('searches part of the name in any case, with % and _ taken literally, and filters by category', async () => {
    expect(names((await listWorkouts(coach, '?q=STRENGTH')).body.data)).toEqual([
      'Lower Body Strength A',
      'Upper Body Strength A',
    ]);
    expect(names((await listWorkouts(coach, '?q=%26')).body.data)).toEqual(['Speed & Agility']);
    expect((await listWorkouts(coach, '?q=%25')).body.total).toBe(0);
    expect((await listWorkouts(coach, '?q=_')).body.total).toBe(0);
    expect(names((await listWorkouts(coach, '?category=lift')).body.data)).toEqual([
      'Lower Body Strength A',
      'Upper Body Strength A',
    ]);
    const paged = await listWorkouts(coach, '?size=3&page=2');
    expect(paged.body).toMatchObject({ page: 2, size: 3, total: 8 });
    expect(names(paged.body.data)).toEqual(['Speed & Agility', 'Upper Body Strength A']);
  });

  it('refuses athletes with 403 and signed-out callers with 401, on every workout route', async () => {
    const athlete = await t.signIn('athlete@demo.test');
    const { id } = await lookups.workoutNamed(coach, 'Bullpen Day');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/workouts'],
      ['POST', '/api/workouts', lowerBodyDay('Athlete day')],
      ['GET', `/api/workouts/${id}`],
      ['PUT', `/api/workouts/${id}`, lowerBodyDay('Athlete day')],
      ['POST', `/api/workouts/${id}/archive`],
      ['POST', `/api/workouts/${id}/restore`],
      ['POST', `/api/workouts/${id}/duplicate`, {}],
      ['DELETE', `/api/workouts/${id}`],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.request(method, path, { token: athlete, body })).status, `${method} ${path}`).toBe(403);
      expect((await t.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
    expect((await listWorkouts(coach)).body.total).toBe(8);
  });
});

describe('reading a workout', () => {
  it('gives the blocks in order, each exercise with its prescribed sets and the exercise as it is now', async () => {
    const { id } = await lookups.workoutNamed(coach, 'Lower Body Strength A');
    const { status, body } = await readWorkout(id);
    expect(status).toBe(200);
    const workout = body.data;
    expect(workout).toMatchObject({
      name: 'Lower Body Strength A',
      category: 'lift',
      blockCount: 5,
      version: 1,
    });
    expect(workout.blocks.map((block) => [block.label, block.rounds, block.exercises.length])).toEqual([
      ['Prep', 2, 2],
      ['Power', 1, 1],
      ['Strength', 1, 2],
      ['Single leg', 1, 2],
      ['Hinge', 1, 1],
    ]);
    const strength = workout.blocks[2]!;
    const deadlift = strength.exercises[0]!;
    expect(deadlift.exercise).toMatchObject({
      id: deadlift.exerciseId,
      name: 'Trap-Bar Deadlift',
      category: 'lift',
      measures: ['reps', 'load', 'percentOneRm', 'rpe'],
      unilateral: false,
      archived: false,
    });
    expect(deadlift.notes).toBe('Fast off the floor.');
    expect(deadlift.sets.map((s) => [s.reps, s.percentOneRm, s.restSeconds])).toEqual([
      [5, 70, 120],
      [5, 75, 150],
      [5, 80, 180],
      [5, 80, 180],
    ]);
    const splitSquat = workout.blocks[3]!.exercises[0]!;
    expect(splitSquat.exercise.unilateral).toBe(true);
    expect(splitSquat.sets[0]).toMatchObject({ reps: 8, repsMax: 10, rpe: 8, restSeconds: 60 });
    const allIds = workout.blocks.flatMap((block) => [block.id, ...block.exercises.map((entry) => entry.id)]);
    expect(new Set(allIds).size).toBe(allIds.length);
  });

  it('answers 404 for a workout that is not there and 400 for an id that is not one', async () => {
    const missing = await t.request<ErrorBody>('GET', '/api/workouts/00000000-0000-4000-8000-000000000000', {
      token: coach,
    });
    expect(missing.status).toBe(404);
    const bad = await t.request<ErrorBody>('GET', '/api/workouts/lower-body', { token: coach });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {})).toEqual(['workoutId']);
  });
});

describe('saving a workout', () => {
  it('saves a superset with ranges and %1RM, makes the ids, gives a load the unit, and finds it by search', async () => {
    const created = await createWorkout(lowerBodyDay());
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Lower Body Strength B is saved.');
    const workout = created.body.data;
    expect(workout).toMatchObject({
      name: 'Lower Body Strength B',
      category: 'lift',
      notes: 'In-season, twice a week.',
      version: 1,
      blockCount: 2,
      exerciseCount: 3,
      archived: false,
    });
    const [strength, single] = workout.blocks;
    expect(strength).toMatchObject({ label: 'Strength', rounds: 1, restSeconds: 120 });
    expect(strength!.exercises.map((entry) => entry.exercise.name)).toEqual(['Back Squat', 'Chin-Up']);
    expect(strength!.exercises[0]!.sets[2]).toEqual({
      ...emptyPrescribedSet,
      reps: 4,
      percentOneRm: 80,
      restSeconds: 180,
    });
    expect(strength!.exercises[1]!.notes).toBe('Full hang at the bottom.');
    expect(single).toMatchObject({ label: null, rounds: 1, restSeconds: null });
    // A load without a unit is in the organisation's (lb); one with a unit keeps it.
    expect(single!.exercises[0]!.sets.map((s) => [s.load, s.loadUnit])).toEqual([
      [35, 'lb'],
      [20, 'kg'],
    ]);
    for (const id of [
      strength!.id,
      single!.id,
      ...workout.blocks.flatMap((b) => b.exercises.map((e) => e.id)),
    ]) {
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(await readWorkout(workout.id).then((read) => read.body.data)).toEqual(workout);

    const found = await listWorkouts(coach, '?q=body strength b');
    expect(found.body.data).toEqual([
      expect.objectContaining({
        id: workout.id,
        blockCount: 2,
        exerciseCount: 3,
        exerciseNames: ['Back Squat', 'Chin-Up', 'Split Squat'],
      }),
    ]);
    const squat = await t.request<ExerciseResponse>('GET', `/api/exercises/${ids['Back Squat']}`, {
      token: coach,
    });
    expect(squat.body.data.usedBy.map((row) => row.name)).toEqual(['Lower Body Strength B']);
  });

  it("gives a load without a unit the organisation's unit of the moment", async () => {
    const admin = await t.signIn('admin@demo.test');
    expect(
      (await t.request('PUT', '/api/settings', { token: admin, body: { weightUnit: 'kg' } })).status,
    ).toBe(200);
    const created = await createWorkout({
      name: 'Metric day',
      category: 'lift',
      blocks: [{ exercises: [{ exerciseId: ids['Split Squat']!, sets: [set({ reps: 10, load: 16 })] }] }],
    });
    expect(created.body.data.blocks[0]!.exercises[0]!.sets[0]).toMatchObject({ load: 16, loadUnit: 'kg' });
    await t.request('PUT', '/api/settings', { token: admin, body: { weightUnit: 'lb' } });
  });

  it('keeps the ids it is given and refuses one used twice', async () => {
    const blockId = crypto.randomUUID();
    const entryId = crypto.randomUUID();
    const body = lowerBodyDay('Ids kept');
    body.blocks[0]!.id = blockId;
    body.blocks[0]!.exercises[0]!.id = entryId;
    const created = await createWorkout(body);
    expect(created.body.data.blocks[0]!.id).toBe(blockId);
    expect(created.body.data.blocks[0]!.exercises[0]!.id).toBe(entryId);

    const twice = lowerBodyDay('Ids twice');
    twice.blocks[0]!.id = blockId;
    twice.blocks[1]!.id = blockId.toUpperCase();
    twice.blocks[1]!.exercises[0]!.id = entryId;
    twice.blocks[0]!.exercises[1]!.id = entryId;
    const refused = await t.request<ErrorBody>('POST', '/api/workouts', { token: coach, body: twice });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      'blocks.1.id': 'This id is used twice in the workout',
      'blocks.1.exercises.0.id': 'This id is used twice in the workout',
    });
  });

  it('names each field that breaks a rule, by its path in the workout, and saves nothing', async () => {
    const rivalsCoach = await t.signIn('coach@rivals.test');
    const rivalsExercise = (await lookups.exerciseNamed(rivalsCoach, 'Hang Clean')).id;
    const archived = await t.request<ExerciseResponse>('POST', '/api/exercises', {
      token: coach,
      body: { name: 'Old Drill', category: 'lift', measures: ['reps'] },
    });
    await t.request('POST', `/api/exercises/${archived.body.data.id}/archive`, { token: coach });
    const before = (await listWorkouts(coach, '?size=100')).body;

    const withSet = (targets: PrescribedSetInput, exercise = 'Back Squat'): SaveWorkoutRequest => ({
      name: 'Broken day',
      category: 'lift',
      blocks: [
        { exercises: [{ exerciseId: ids['Chin-Up']!, sets: [set({ reps: 5 })] }] },
        { exercises: [{ exerciseId: ids[exercise]!, sets: [set({ reps: 5 }), targets] }] },
      ],
    });
    const at = 'blocks.1.exercises.0.sets.1';
    const cases: [string, unknown, Record<string, unknown>][] = [
      ['empty name', { ...lowerBodyDay(), name: '  ' }, { name: 'Enter a name for the workout' }],
      [
        'taken name',
        lowerBodyDay('lower body STRENGTH a'),
        { name: 'There is already a workout called Lower Body Strength A' },
      ],
      [
        'unknown category',
        { ...lowerBodyDay(), category: 'yoga' },
        { category: expect.stringMatching(/^Choose one of the categories/) },
      ],
      [
        'no target',
        withSet({ restSeconds: 60 }),
        { [at]: 'Give this set at least one target (reps, load, time…)' },
      ],
      ['reps below 1', withSet({ reps: 0 }), { [`${at}.reps`]: 'Reps is at least 1' }],
      [
        'upside-down range',
        withSet({ reps: 12, repsMax: 8 }),
        { [`${at}.repsMax`]: 'The range is upside down: 12-8' },
      ],
      [
        '%1RM over 150',
        withSet({ reps: 1, percentOneRm: 151 }),
        { [`${at}.percentOneRm`]: '%1RM is at most 150%' },
      ],
      [
        '%1RM under 1',
        withSet({ reps: 1, percentOneRm: 0.5 }),
        { [`${at}.percentOneRm`]: '%1RM is at least 1%' },
      ],
      ['RPE over 10', withSet({ reps: 5, rpe: 11 }), { [`${at}.rpe`]: 'RPE is between 1 and 10' }],
      ['RPE under 1', withSet({ reps: 5, rpe: 0 }), { [`${at}.rpe`]: 'RPE is between 1 and 10' }],
      ['negative load', withSet({ reps: 5, load: -10 }), { [`${at}.load`]: 'Load cannot be negative' }],
      [
        'negative time',
        withSet({ timeSeconds: -30 }, 'Sleeper Stretch'),
        { [`${at}.timeSeconds`]: 'Time is at least 1 s' },
      ],
      [
        'negative distance',
        withSet({ distance: -5, distanceUnit: 'ft' }, 'Long Toss'),
        { [`${at}.distance`]: 'Distance cannot be negative' },
      ],
      [
        'unmeasured target',
        withSet({ reps: 8, percentOneRm: 70 }, 'Split Squat'),
        { [`${at}.percentOneRm`]: 'Split Squat is not measured by %1RM' },
      ],
      [
        'unmeasured velocity',
        withSet({ reps: 8, velocityMph: 80 }),
        { [`${at}.velocityMph`]: 'Back Squat is not measured by Velocity' },
      ],
      [
        'block without exercises',
        { ...lowerBodyDay(), blocks: [{ exercises: [] }] },
        { 'blocks.0.exercises': 'Add an exercise to this block, or remove the block' },
      ],
      [
        "another organisation's exercise",
        {
          ...withSet({ reps: 3 }),
          blocks: [{ exercises: [{ exerciseId: rivalsExercise, sets: [set({ reps: 3 })] }] }],
        },
        { 'blocks.0.exercises.0.exerciseId': 'No such exercise in your library' },
      ],
      [
        'an archived exercise',
        {
          ...withSet({ reps: 3 }),
          blocks: [{ exercises: [{ exerciseId: archived.body.data.id, sets: [set({ reps: 3 })] }] }],
        },
        {
          'blocks.0.exercises.0.exerciseId':
            'Old Drill is archived: restore it in the library or choose another exercise',
        },
      ],
      [
        'more than 50 blocks',
        { ...lowerBodyDay(), blocks: Array.from({ length: 51 }, () => lowerBodyDay().blocks[1]) },
        { blocks: 'At most 50 blocks in one workout' },
      ],
      [
        'more than 30 sets',
        {
          ...lowerBodyDay(),
          blocks: [
            {
              exercises: [
                { exerciseId: ids['Back Squat']!, sets: Array.from({ length: 31 }, () => set({ reps: 5 })) },
              ],
            },
          ],
        },
        { 'blocks.0.exercises.0.sets': 'At most 30 sets in one exercise' },
      ],
    ];
    for (const [label, body, fields] of cases) {
      const response = await t.request<ErrorBody>('POST', '/api/workouts', { token: coach, body });
      expect(response.status, label).toBe(400);
      expect(response.body.error.code, label).toBe('VALIDATION_FAILED');
      expect(response.body.error.fields, label).toEqual(fields);
    }
    expect((await listWorkouts(coach, '?size=100')).body).toEqual(before);
  });

  it('two saves of one new name at once make one workout', async () => {
    const [first, second] = await Promise.all([
      createWorkout(lowerBodyDay('Twice at once')),
      createWorkout(lowerBodyDay('Twice at once')),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 400]);
    const refused = (first.status === 400 ? first : second) as unknown as { body: ErrorBody };
    expect(refused.body.error.fields).toEqual({ name: 'There is already a workout called Twice at once' });
    expect((await listWorkouts(coach, '?q=Twice at once')).body.total).toBe(1);
  });
});

describe('replacing a workout (PUT)', () => {
  it('replaces the whole document, counts the version up, and refuses a save from an older version', async () => {
    const created = (await createWorkout(lowerBodyDay('Versioned day'))).body.data;
    const change = asSaveRequest(created);
    change.notes = 'Now with box jumps.';
    change.blocks = [
      {
        label: 'Power',
        exercises: [{ exerciseId: ids['Box Jump']!, sets: [set({ reps: 3 }), set({ reps: 3 })] }],
      },
      ...change.blocks,
    ];
    const saved = await t.request<WorkoutResponse>('PUT', `/api/workouts/${created.id}`, {
      token: coach,
      body: change,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Versioned day is saved.');
    expect(saved.body.data).toMatchObject({
      version: 2,
      notes: 'Now with box jumps.',
      blockCount: 3,
      exerciseCount: 4,
    });
    // The blocks it kept keep their ids; the new one got one.
    expect(saved.body.data.blocks.slice(1).map((block) => block.id)).toEqual(
      created.blocks.map((block) => block.id),
    );
    const boxJump = await t.request<ExerciseResponse>('GET', `/api/exercises/${ids['Box Jump']}`, {
      token: coach,
    });
    expect(boxJump.body.data.usedBy.map((row) => row.name)).toContain('Versioned day');

    // A second device still on version 1.
    const stale = await t.request<ErrorBody>('PUT', `/api/workouts/${created.id}`, {
      token: coach,
      body: { ...asSaveRequest(created), notes: 'From the old tab' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({
      code: 'CONFLICT',
      message:
        'Someone else saved this workout since you opened it. Open it again to see their changes, then make yours.',
    });
    expect((await readWorkout(created.id)).body.data).toEqual(saved.body.data);

    // Without a version, the save simply applies; dropping Box Jump takes it out of the index.
    const withoutVersion = { ...asSaveRequest(created), version: undefined, name: 'Versioned day (renamed)' };
    const replaced = await t.request<WorkoutResponse>('PUT', `/api/workouts/${created.id}`, {
      token: coach,
      body: withoutVersion,
    });
    expect(replaced.body.data).toMatchObject({ version: 3, name: 'Versioned day (renamed)', blockCount: 2 });
    const boxJumpAfter = await t.request<ExerciseResponse>('GET', `/api/exercises/${ids['Box Jump']}`, {
      token: coach,
    });
    expect(boxJumpAfter.body.data.usedBy.map((row) => row.name)).not.toContain('Versioned day');
  });

  it('keeps an exercise archived since the workout took it up, but refuses to add it anew', async () => {
    const drill = await t.request<ExerciseResponse>('POST', '/api/exercises', {
      token: coach,
      body: { name: 'Retired Drill', category: 'lift', measures: ['reps'] },
    });
    const drillEntry = { exerciseId: drill.body.data.id, sets: [set({ reps: 10 })] };
    const created = (
      await createWorkout({
        name: 'Keeps its drill',
        category: 'lift',
        blocks: [{ exercises: [drillEntry] }],
      })
    ).body.data;
    await t.request('DELETE', `/api/exercises/${drill.body.data.id}`, { token: coach });

    const resaved = await t.request<WorkoutResponse>('PUT', `/api/workouts/${created.id}`, {
      token: coach,
      body: { ...asSaveRequest(created), notes: 'Still here' },
    });
    expect(resaved.status).toBe(200);
    expect(resaved.body.data.blocks[0]!.exercises[0]!.exercise).toMatchObject({
      name: 'Retired Drill',
      archived: true,
    });

    const other = (await lookups.workoutNamed(coach, 'Med-Ball Power')).id;
    const current = (await readWorkout(other)).body.data;
    const adding = asSaveRequest(current);
    adding.blocks.push({ exercises: [drillEntry] });
    const refused = await t.request<ErrorBody>('PUT', `/api/workouts/${other}`, {
      token: coach,
      body: adding,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      'blocks.3.exercises.0.exerciseId':
        'Retired Drill is archived: restore it in the library or choose another exercise',
    });
  });

  it('changes nothing when the save breaks a rule or the name is taken', async () => {
    const { id } = await lookups.workoutNamed(coach, 'Speed & Agility');
    const before = (await readWorkout(id)).body.data;
    const broken = asSaveRequest(before);
    broken.blocks[1]!.exercises[0]!.sets[0] = set({ distance: 10, distanceUnit: 'yd', percentOneRm: 80 });
    const refused = await t.request<ErrorBody>('PUT', `/api/workouts/${id}`, { token: coach, body: broken });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      'blocks.1.exercises.0.sets.0.percentOneRm': '10-Yard Sprint is not measured by %1RM',
    });
    const renamed = await t.request<ErrorBody>('PUT', `/api/workouts/${id}`, {
      token: coach,
      body: { ...asSaveRequest(before), name: 'bullpen day' },
    });
    expect(renamed.body.error.fields).toEqual({ name: 'There is already a workout called Bullpen Day' });
    expect((await readWorkout(id)).body.data).toEqual(before);
    // Its own name in another case is no clash.
    const recased = await t.request<WorkoutResponse>('PUT', `/api/workouts/${id}`, {
      token: coach,
      body: { ...asSaveRequest(before), name: 'SPEED & AGILITY' },
    });
    expect(recased.status).toBe(200);
    await t.request('PUT', `/api/workouts/${id}`, {
      token: coach,
      body: { ...asSaveRequest(before), version: 2 },
    });
  });

  it('answers 404 for a workout that is not there', async () => {
    const response = await t.request('PUT', '/api/workouts/00000000-0000-4000-8000-000000000000', {
      token: coach,
      body: lowerBodyDay('Nowhere'),
    });
    expect(response.status).toBe(404);
  });
});

describe('archive, restore, duplicate and delete', () => {
  it('archives a workout out of the list and restores it', async () => {
    const { id } = await lookups.workoutNamed(coach, 'Pitcher Arm Care');
    const archived = await t.request<WorkoutResponse>('POST', `/api/workouts/${id}/archive`, {
      token: coach,
    });
    expect(archived.status).toBe(200);
    expect(archived.body.message).toBe('Pitcher Arm Care is archived.');
    expect(archived.body.data.archived).toBe(true);
    expect(names((await listWorkouts(coach, '?q=arm care')).body.data)).toEqual([]);
    expect(names((await listWorkouts(coach, '?q=arm care&archived=true')).body.data)).toEqual([
      'Pitcher Arm Care',
    ]);
    const restored = await t.request<WorkoutResponse>('POST', `/api/workouts/${id}/restore`, {
      token: coach,
    });
    expect(restored.body.message).toBe('Pitcher Arm Care is back in the library.');
    expect(restored.body.data).toMatchObject({ archived: false, version: 1 });
    expect(names((await listWorkouts(coach, '?q=arm care')).body.data)).toEqual(['Pitcher Arm Care']);
  });

  it('duplicates as "X (copy)", "X (copy 2)", … with new ids, or under the name given', async () => {
    const { id } = await lookups.workoutNamed(coach, 'Bullpen Day');
    const original = (await readWorkout(id)).body.data;
    const first = await t.request<WorkoutResponse>('POST', `/api/workouts/${id}/duplicate`, { token: coach });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      name: 'Bullpen Day (copy)',
      version: 1,
      archived: false,
      notes: original.notes,
    });
    const second = await t.request<WorkoutResponse>('POST', `/api/workouts/${id}/duplicate`, {
      token: coach,
      body: {},
    });
    expect(second.body.data.name).toBe('Bullpen Day (copy 2)');
    // A copy of a copy is numbered from the original's name.
    const third = await t.request<WorkoutResponse>('POST', `/api/workouts/${first.body.data.id}/duplicate`, {
      token: coach,
    });
    expect(third.body.data.name).toBe('Bullpen Day (copy 3)');
    const named = await t.request<WorkoutResponse>('POST', `/api/workouts/${id}/duplicate`, {
      token: coach,
      body: { name: 'Bullpen Day, relievers' },
    });
    expect(named.body.data.name).toBe('Bullpen Day, relievers');

    const copy = first.body.data;
    const sameShape = (workout: Workout) =>
      workout.blocks.map((block) => ({
        label: block.label,
        exercises: block.exercises.map((entry) => [entry.exerciseId, entry.notes, entry.sets]),
      }));
    expect(sameShape(copy)).toEqual(sameShape(original));
    const idsOf = (workout: Workout) =>
      workout.blocks.flatMap((block) => [block.id, ...block.exercises.map((e) => e.id)]);
    for (const newId of idsOf(copy)) expect(idsOf(original)).not.toContain(newId);

    const taken = await t.request<ErrorBody>('POST', `/api/workouts/${id}/duplicate`, {
      token: coach,
      body: { name: 'bullpen day (COPY)' },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.error.fields).toEqual({ name: 'There is already a workout called Bullpen Day (copy)' });
    expect((await listWorkouts(coach, '?q=Bullpen Day')).body.total).toBe(5);
  });

  it('deletes a workout; an exercise only it used can then be deleted too', async () => {
    const drill = await t.request<ExerciseResponse>('POST', '/api/exercises', {
      token: coach,
      body: { name: 'One-Off Drill', category: 'fielding', measures: ['reps'] },
    });
    const created = await createWorkout({
      name: 'One-off practice',
      category: 'fielding',
      blocks: [{ exercises: [{ exerciseId: drill.body.data.id, sets: [set({ reps: 20 })] }] }],
    });
    const deleted = await t.request<{ message: string }>('DELETE', `/api/workouts/${created.body.data.id}`, {
      token: coach,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('One-off practice is deleted.');
    expect((await readWorkout(created.body.data.id)).status).toBe(404);
    expect(
      (await t.request('DELETE', `/api/workouts/${created.body.data.id}`, { token: coach })).status,
    ).toBe(404);

    const exercise = await t.request<{ outcome: string }>('DELETE', `/api/exercises/${drill.body.data.id}`, {
      token: coach,
    });
    expect(exercise.body.outcome).toBe('deleted');
  });

  it('applies a replayed duplicate once (Idempotency-Key)', async () => {
    const { id } = await lookups.workoutNamed(coach, 'Med-Ball Power');
    const request = { token: coach, headers: { 'idempotency-key': 'duplicate-med-ball-power' } };
    const first = await t.request<WorkoutResponse>('POST', `/api/workouts/${id}/duplicate`, request);
    const replay = await t.request<WorkoutResponse>('POST', `/api/workouts/${id}/duplicate`, request);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data.id).toBe(first.body.data.id);
    expect(names((await listWorkouts(coach, '?q=Med-Ball Power (copy')).body.data)).toEqual([
      'Med-Ball Power (copy)',
    ]);
  });
});

describe('isolation', () => {
  it("shows a rivals coach only the rivals' workout and answers 404 for every demo id", async () => {
    const rival = await t.signIn('coach@rivals.test');
    const list = await listWorkouts(rival);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        name: 'Rivals Total Body',
        blockCount: 2,
        exerciseNames: ['Hang Clean', 'Back Squat', 'Band External Rotation'],
      }),
    ]);
    const demo = await lookups.workoutNamed(coach, 'Dynamic Warm-Up');
    const before = (await readWorkout(demo.id)).body.data;
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/workouts/${demo.id}`],
      ['PUT', `/api/workouts/${demo.id}`, { name: 'Stolen', category: 'lift', blocks: [] }],
      ['POST', `/api/workouts/${demo.id}/archive`],
      ['POST', `/api/workouts/${demo.id}/restore`],
      ['POST', `/api/workouts/${demo.id}/duplicate`, {}],
      ['DELETE', `/api/workouts/${demo.id}`],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.request(method, path, { token: rival, body })).status, `${method} ${path}`).toBe(404);
    }
    expect((await readWorkout(demo.id)).body.data).toEqual(before);
    expect((await listWorkouts(rival)).body.total).toBe(1);
  });
});
