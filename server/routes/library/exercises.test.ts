import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DeleteExerciseResponse,
  ExerciseListResponse,
  ExerciseResponse,
  WorkoutResponse,
} from '../../../contract/library';
import { libraryLookups, type ErrorBody } from '../../testing/library-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
let coach: string;
let lookups: ReturnType<typeof libraryLookups>;
beforeAll(async () => {
  t = await createTestContext();
  coach = await t.signIn('coach@demo.test');
  lookups = libraryLookups(t);
});
afterAll(() => t.close());

async function listExercises(token: string, query = '') {
  return t.request<ExerciseListResponse>('GET', `/api/exercises${query}`, { token });
}

const names = (list: { name: string }[]) => list.map((row) => row.name);

describe('GET /api/exercises', () => {
  it("lists the demo academy's starting library by name, a page at a time, with the workouts using each", async () => {
    const first = await listExercises(coach);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(61);
    expect(first.body).toMatchObject({ page: 0, size: 50 });
    expect(first.body.data).toHaveLength(50);
    expect(names(first.body.data).slice(0, 4)).toEqual([
      '10-Yard Sprint',
      '30-Yard Sprint',
      '60-Yard Dash',
      '90/90 Hip Switch',
    ]);
    const second = await listExercises(coach, '?page=1');
    expect(second.body.data).toHaveLength(11);
    const all = [...first.body.data, ...second.body.data];
    expect(new Set(all.map((exercise) => exercise.category)).size).toBe(11);
    expect(names(all)).toEqual(
      [...names(all)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );

    const bands = all.find((exercise) => exercise.name === 'Band External Rotation')!;
    expect(bands).toMatchObject({
      category: 'warm-up',
      measures: ['reps'],
      unilateral: true,
      archived: false,
      workoutCount: 3,
    });
    expect(bands.videoUrl).toMatch(/^https:\/\/www\.youtube\.com\//);
    const deadlift = all.find((exercise) => exercise.name === 'Trap-Bar Deadlift')!;
    expect(deadlift).toMatchObject({ measures: ['reps', 'load', 'percentOneRm', 'rpe'], workoutCount: 1 });
    expect(all.find((exercise) => exercise.name === 'Live At-Bats')?.workoutCount).toBe(0);
  });

  it('filters by category and finds part of a name in any case, with % and _ taken literally', async () => {
    const medBall = await listExercises(coach, '?category=med-ball');
    expect(names(medBall.body.data)).toEqual([
      'Med-Ball Chest Pass',
      'Med-Ball Overhead Slam',
      'Med-Ball Rotational Throw',
      'Med-Ball Scoop Toss',
      'Med-Ball Shot Put',
    ]);
    expect(names((await listExercises(coach, '?q=SQUAT')).body.data)).toEqual(['Back Squat', 'Split Squat']);
    expect(names((await listExercises(coach, '?q=5-10')).body.data)).toEqual(['Pro-Agility (5-10-5)']);
    const practicePlan = await listExercises(coach, `?q=re&category=${encodeURIComponent('practice plan')}`);
    expect(names(practicePlan.body.data)).toEqual(['Baserunning Reads', 'Cuts and Relays']);
    for (const wildcard of ['%', '_', 'Squat%']) {
      const found = await listExercises(coach, `?q=${encodeURIComponent(wildcard)}`);
      expect(found.body, wildcard).toMatchObject({ data: [], total: 0 });
    }
    const small = await listExercises(coach, '?category=sprint&size=2&page=1');
    expect(small.body).toMatchObject({ page: 1, size: 2, total: 5 });
    expect(names(small.body.data)).toEqual(['60-Yard Dash', 'Home-to-First Sprint']);
  });

  it('names a query parameter that is wrong', async () => {
    const category = await t.request<ErrorBody>('GET', '/api/exercises?category=cardio', { token: coach });
    expect(category.status).toBe(400);
    expect(category.body.error.fields?.category).toMatch(/^Choose one of the categories: warm-up, mobility/);
    const size = await t.request<ErrorBody>('GET', '/api/exercises?size=101', { token: coach });
    expect(size.body.error.fields).toEqual({ size: 'At most 100 per page' });
    const archived = await t.request<ErrorBody>('GET', '/api/exercises?archived=yes', { token: coach });
    expect(archived.body.error.fields).toEqual({ archived: 'Use true or false' });
  });

  it('lets athletes list exercises (to swap one while tracking) and nothing else; signed-out callers get 401', async () => {
    const athlete = await t.signIn('athlete@demo.test');
    const { id } = await lookups.exerciseNamed(coach, 'Back Squat');
    const list = await t.request<{ data: { name: string }[] }>('GET', '/api/exercises?category=lift', {
      token: athlete,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.map((exercise) => exercise.name)).toContain('Back Squat');
    expect((await t.request('GET', '/api/exercises')).status).toBe(401);
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/exercises', { name: 'Mine', category: 'lift', measures: ['reps'] }],
      ['GET', `/api/exercises/${id}`],
      ['PATCH', `/api/exercises/${id}`, { name: 'Mine' }],
      ['POST', `/api/exercises/${id}/archive`],
      ['POST', `/api/exercises/${id}/restore`],
      ['DELETE', `/api/exercises/${id}`],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.request(method, path, { token: athlete, body })).status, `${method} ${path}`).toBe(403);
      expect((await t.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
    expect((await lookups.exerciseNamed(coach, 'Back Squat')).archived).toBe(false);
  });
});

describe('adding and changing an exercise', () => {
  it('a coach adds an exercise, reads it, changes it and finds it by its new name', async () => {
    const created = await t.request<ExerciseResponse>('POST', '/api/exercises', {
      token: coach,
      body: {
        name: '  Goblet Squat ',
        category: 'lift',
        instructions: 'Hold the bell at the chest; sit between the heels.',
        videoUrl: 'https://youtu.be/abcdefghijk',
        // Stored in the vocabulary's order.
        measures: ['rpe', 'reps', 'load'],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Goblet Squat is in the library.');
    expect(created.body.data).toMatchObject({
      name: 'Goblet Squat',
      category: 'lift',
      instructions: 'Hold the bell at the chest; sit between the heels.',
      videoUrl: 'https://youtu.be/abcdefghijk',
      measures: ['reps', 'load', 'rpe'],
      unilateral: false,
      archived: false,
      workoutCount: 0,
      usedBy: [],
    });
    const id = created.body.data.id;

    const read = await t.request<ExerciseResponse>('GET', `/api/exercises/${id}`, { token: coach });
    expect(read.body.data).toEqual(created.body.data);

    const changed = await t.request<ExerciseResponse>('PATCH', `/api/exercises/${id}`, {
      token: coach,
      body: { name: 'Kettlebell Goblet Squat', instructions: '', videoUrl: null, unilateral: false },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      name: 'Kettlebell Goblet Squat',
      instructions: null,
      videoUrl: null,
      measures: ['reps', 'load', 'rpe'],
    });
    expect(Date.parse(changed.body.data.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(read.body.data.updatedAt),
    );
    expect((await lookups.exerciseNamed(coach, 'Kettlebell Goblet Squat')).id).toBe(id);
    // An empty change changes nothing.
    const nothing = await t.request<ExerciseResponse>('PATCH', `/api/exercises/${id}`, {
      token: coach,
      body: {},
    });
    expect(nothing.body.data).toEqual(changed.body.data);
  });

  it('shows which workouts use an exercise, by name', async () => {
    const { id } = await lookups.exerciseNamed(coach, 'Band External Rotation');
    const detail = await t.request<ExerciseResponse>('GET', `/api/exercises/${id}`, { token: coach });
    expect(detail.body.data.usedBy.map(({ name, archived }) => [name, archived])).toEqual([
      ['Bullpen Day', false],
      ['Dynamic Warm-Up', false],
      ['Pitcher Arm Care', false],
    ]);
  });

  it('names the field that is wrong and adds nothing', async () => {
    const before = (await listExercises(coach, '?size=100')).body.total;
    const valid = { name: 'Hip Thrust', category: 'lift', measures: ['reps', 'load'] };
    const cases: [object, Record<string, string>][] = [
      [{ ...valid, name: '   ' }, { name: 'Enter a name for the exercise' }],
      [{ ...valid, name: 'x'.repeat(121) }, { name: 'A name has at most 120 characters' }],
      [
        { ...valid, name: 'trap-bar DEADLIFT' },
        { name: 'There is already an exercise called Trap-Bar Deadlift' },
      ],
      [
        { ...valid, category: 'cardio' },
        {
          category:
            'Choose one of the categories: warm-up, mobility, lift, throw, command, sprint, plyo, med-ball, fielding, hitting, practice plan',
        },
      ],
      [{ ...valid, measures: [] }, { measures: 'Choose at least one measure' }],
      [
        { ...valid, measures: ['reps', 'power'] },
        { 'measures.1': 'Choose from Reps, Load, %1RM, RPE, Time, Distance, Pitch count, Velocity' },
      ],
      [{ ...valid, videoUrl: 'http://example.com/video' }, { videoUrl: 'Use a secure link (https://)' }],
      [{ ...valid, videoUrl: 'youtube' }, { videoUrl: 'Enter a full link starting with https://' }],
      [{ ...valid, organizationId: 'x' }, { organizationId: 'This field is not allowed here' }],
    ];
    for (const [body, fields] of cases) {
      const response = await t.request<ErrorBody>('POST', '/api/exercises', { token: coach, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
      expect(response.body.error.fields, JSON.stringify(body)).toEqual(fields);
    }
    expect((await listExercises(coach, '?size=100')).body.total).toBe(before);
  });

  it('keeps names unique whatever their case, archived ones included, when renaming too', async () => {
    const squat = await lookups.exerciseNamed(coach, 'Back Squat');
    const clash = await t.request<ErrorBody>('PATCH', `/api/exercises/${squat.id}`, {
      token: coach,
      body: { name: 'split squat' },
    });
    expect(clash.status).toBe(400);
    expect(clash.body.error.fields).toEqual({ name: 'There is already an exercise called Split Squat' });
    const recased = await t.request<ExerciseResponse>('PATCH', `/api/exercises/${squat.id}`, {
      token: coach,
      body: { name: 'back squat' },
    });
    expect(recased.body.data.name).toBe('back squat');
    await t.request('PATCH', `/api/exercises/${squat.id}`, { token: coach, body: { name: 'Back Squat' } });

    const archived = await t.request<ExerciseResponse>('POST', '/api/exercises', {
      token: coach,
      body: { name: 'Zercher Squat', category: 'lift', measures: ['reps'] },
    });
    await t.request('POST', `/api/exercises/${archived.body.data.id}/archive`, { token: coach });
    const taken = await t.request<ErrorBody>('POST', '/api/exercises', {
      token: coach,
      body: { name: 'ZERCHER SQUAT', category: 'lift', measures: ['reps'] },
    });
    expect(taken.body.error.fields).toEqual({
      name: 'There is already an exercise called Zercher Squat (archived: restore it, or choose another name)',
    });
  });

  it('keeps a measure that a workout still gives targets for', async () => {
    const deadlift = await lookups.exerciseNamed(coach, 'Trap-Bar Deadlift');
    const refused = await t.request<ErrorBody>('PATCH', `/api/exercises/${deadlift.id}`, {
      token: coach,
      body: { measures: ['reps', 'load'] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      measures: 'Lower Body Strength A gives Trap-Bar Deadlift %1RM targets: change that workout first',
    });
    // RPE is one of its measures that no workout gives a target for.
    const narrowed = await t.request<ExerciseResponse>('PATCH', `/api/exercises/${deadlift.id}`, {
      token: coach,
      body: { measures: ['reps', 'load', 'percentOneRm'] },
    });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.data.measures).toEqual(['reps', 'load', 'percentOneRm']);
  });

  it('applies a replayed write once (Idempotency-Key)', async () => {
    const request = {
      token: coach,
      body: { name: 'Cossack Squat', category: 'mobility', measures: ['reps'] },
      headers: { 'idempotency-key': 'exercise-cossack-squat-1' },
    };
    const first = await t.request<ExerciseResponse>('POST', '/api/exercises', request);
    const replay = await t.request<ExerciseResponse>('POST', '/api/exercises', request);
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const found = await listExercises(coach, '?q=Cossack');
    expect(found.body.total).toBe(1);
  });
});

describe('archiving, restoring and deleting an exercise', () => {
  it('deletes an exercise no workout uses', async () => {
    const { id } = await lookups.exerciseNamed(coach, 'Live At-Bats');
    const deleted = await t.request<DeleteExerciseResponse>('DELETE', `/api/exercises/${id}`, {
      token: coach,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Live At-Bats is deleted.', outcome: 'deleted', data: null });
    expect((await t.request('GET', `/api/exercises/${id}`, { token: coach })).status).toBe(404);
    expect((await t.request('DELETE', `/api/exercises/${id}`, { token: coach })).status).toBe(404);
  });

  it('archives an exercise a workout uses instead of deleting it; the workout keeps it; restore brings it back', async () => {
    const { id } = await lookups.exerciseNamed(coach, 'Box Jump');
    const deleted = await t.request<DeleteExerciseResponse>('DELETE', `/api/exercises/${id}`, {
      token: coach,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.outcome).toBe('archived');
    expect(deleted.body.message).toBe('Box Jump is used by 1 workout, so it is archived instead of deleted.');
    expect(deleted.body.data).toMatchObject({ id, archived: true, workoutCount: 1 });

    expect(names((await listExercises(coach, '?q=Box')).body.data)).toEqual([]);
    expect(names((await listExercises(coach, '?q=Box&archived=true')).body.data)).toEqual(['Box Jump']);
    const workout = await lookups.workoutNamed(coach, 'Lower Body Strength A');
    const read = await t.request<WorkoutResponse>('GET', `/api/workouts/${workout.id}`, { token: coach });
    const power = read.body.data.blocks.find((block) => block.label === 'Power');
    expect(power?.exercises[0]?.exercise).toMatchObject({ name: 'Box Jump', archived: true });

    // Archiving again keeps it archived.
    const again = await t.request<ExerciseResponse>('POST', `/api/exercises/${id}/archive`, { token: coach });
    expect(again.status).toBe(200);
    expect(again.body.data.archived).toBe(true);

    const restored = await t.request<ExerciseResponse>('POST', `/api/exercises/${id}/restore`, {
      token: coach,
    });
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe('Box Jump is back in the library.');
    expect(restored.body.data.archived).toBe(false);
    expect(names((await listExercises(coach, '?q=Box')).body.data)).toEqual(['Box Jump']);
  });

  it('archives and restores an unused exercise on request', async () => {
    const { id } = await lookups.exerciseNamed(coach, 'Simulated Inning');
    const archived = await t.request<ExerciseResponse>('POST', `/api/exercises/${id}/archive`, {
      token: coach,
    });
    expect(archived.body.message).toBe(
      'Simulated Inning is archived: it is hidden from the pickers and stays in the workouts that use it.',
    );
    expect(archived.body.data).toMatchObject({ archived: true, workoutCount: 0 });
    await t.request('POST', `/api/exercises/${id}/restore`, { token: coach });
    expect((await lookups.exerciseNamed(coach, 'Simulated Inning')).archived).toBe(false);
  });
});

describe('isolation', () => {
  it("shows a rivals coach only the rivals' exercises and answers 404 for every demo id", async () => {
    const rival = await t.signIn('coach@rivals.test');
    const list = await listExercises(rival);
    expect(names(list.body.data)).toEqual([
      'Back Squat',
      'Band External Rotation',
      'Hang Clean',
      'Long Toss',
      'Pro-Agility (5-10-5)',
    ]);
    const demoSquat = await lookups.exerciseNamed(coach, 'Back Squat');
    expect(list.body.data.map((exercise) => exercise.id)).not.toContain(demoSquat.id);

    const calls: [string, string, unknown?][] = [
      ['GET', `/api/exercises/${demoSquat.id}`],
      ['PATCH', `/api/exercises/${demoSquat.id}`, { name: 'Stolen' }],
      ['POST', `/api/exercises/${demoSquat.id}/archive`],
      ['POST', `/api/exercises/${demoSquat.id}/restore`],
      ['DELETE', `/api/exercises/${demoSquat.id}`],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.request(method, path, { token: rival, body })).status, `${method} ${path}`).toBe(404);
    }
    expect(await lookups.exerciseNamed(coach, 'Back Squat')).toEqual(demoSquat);

    // The same name may be used in each organisation.
    const own = await t.request<ExerciseResponse>('POST', '/api/exercises', {
      token: rival,
      body: { name: 'Trap-Bar Deadlift', category: 'lift', measures: ['reps', 'load'] },
    });
    expect(own.status).toBe(201);
  });
});
