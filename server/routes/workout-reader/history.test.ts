import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  HistoryResult,
  ReaderExerciseChoice,
  ReaderPreview,
  ReaderPreviewResponse,
} from '../../../contract/workout-reader';
import { athleteMaxes, exercises, loggedSets, users, workoutLogs } from '../../db/schema';
import type { ErrorBody } from '../../testing/library-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
let coach: string;
let athleteId: string;
let coachId: string;
beforeAll(async () => {
  t = await createTestContext();
  coach = await t.signIn('coach@demo.test');
  const [athlete] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'athlete@demo.test'));
  const [coachRow] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'coach@demo.test'));
  athleteId = athlete!.id;
  coachId = coachRow!.id;
});
afterAll(() => t.close());

async function post<T>(path: string, fields: Record<string, string | Uint8Array>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.set(name, value);
    else form.set(name, new File([new Uint8Array(value)], 'export.csv'));
  }
  const response = await t.app.request(`http://localhost${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${coach}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as T & ErrorBody };
}

const bytes = (text: string) => new TextEncoder().encode(text);

/** A Strong export of three workouts: Strong names lifts "Squat (Barbell)", weighs in the app's unit. */
const strong = [
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
  '2025-03-03 17:30:00,Leg Day,1h 5m,Squat (Barbell),W,135,5,0,0,,"Felt strong",',
  '2025-03-03 17:30:00,Leg Day,1h 5m,Squat (Barbell),1,405,5,0,0,,"Felt strong",8',
  '2025-03-03 17:30:00,Leg Day,1h 5m,Squat (Barbell),2,405,5,0,0,,"Felt strong",8.5',
  '2025-03-03 17:30:00,Leg Day,1h 5m,Plank,1,0,0,0,60,,"Felt strong",',
  '2025-03-05 18:00:00,Push,48m,Bench Press (Barbell),1,225,5,0,0,,,',
  '2025-03-05 18:00:00,Push,48m,Bench Press (Barbell),2,225,5,0,0,,,',
  '2025-03-07 17:45:00,Leg Day,1h,Squat (Barbell),1,415,3,0,0,,,9',
].join('\n');

/** The coach's choices: Strong's names to the demo library, the plank created. */
function choose(preview: ReaderPreview): ReaderExerciseChoice[] {
  const named = (name: string) => preview.exercises.find((entry) => entry.name === name)!;
  return [
    { key: named('Squat (Barbell)').key, exerciseId: backSquat },
    {
      key: named('Bench Press (Barbell)').key,
      exerciseId: named('Bench Press (Barbell)').candidates[0]!.exerciseId,
    },
    { key: named('Plank').key, create: { name: 'Plank Hold', category: 'mobility', measures: ['time'] } },
  ];
}
let backSquat: string;

describe("an athlete's log export becomes history", () => {
  it('is recognised by its header and reviewed: sessions, sets and the names matched to the library', async () => {
    const { status, body } = await post<ReaderPreviewResponse>('/api/workoutreader', { file: bytes(strong) });
    expect(status).toBe(200);
    const preview = body.preview;
    expect(preview).toMatchObject({ kind: 'log', source: 'csv', workouts: [], problemCount: 0 });
    expect(preview.log).toMatchObject({
      format: 'strong',
      weightUnit: 'lb',
      sessionCount: 3,
      setCount: 7,
      from: '2025-03-03',
      to: '2025-03-07',
    });
    expect(preview.log!.sessions[0]).toMatchObject({
      date: '2025-03-07',
      name: 'Leg Day',
      exercises: ['Squat (Barbell)'],
    });
    const bench = preview.exercises.find((entry) => entry.name === 'Bench Press (Barbell)')!;
    expect(bench.candidates[0]).toMatchObject({ name: 'Bench Press' });
    const squat = preview.exercises.find((entry) => entry.name === 'Squat (Barbell)')!;
    expect(squat.candidates.map((candidate) => candidate.name)).toContain('Back Squat');
    backSquat = squat.candidates.find((candidate) => candidate.name === 'Back Squat')!.exerciseId;
    expect(preview.exercises.find((entry) => entry.name === 'Plank')).toMatchObject({ measures: ['time'] });
  });

  it('says what would be added, adds it with its maxes once, and adds nothing the second time', async () => {
    const { body } = await post<ReaderPreviewResponse>('/api/workoutreader', { file: bytes(strong) });
    const form = { file: bytes(strong), athleteId, exercises: JSON.stringify(choose(body.preview)) };

    const dryRun = await post<HistoryResult>('/api/workoutreader/history', form);
    expect(dryRun.status).toBe(200);
    expect(dryRun.body.data).toMatchObject({
      saved: false,
      sessions: { added: 3, alreadyImported: 0 },
      sets: 7,
    });
    expect(dryRun.body.data.newMaxes).toEqual([
      { exercise: 'Back Squat', value: 472.5, unit: 'lb', date: '2025-03-03' },
      expect.objectContaining({ exercise: 'Bench Press', unit: 'lb' }),
    ]);
    const before = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(workoutLogs)
      .where(eq(workoutLogs.athleteId, athleteId));

    const saved = await post<HistoryResult>('/api/workoutreader/history', { ...form, confirm: 'true' });
    expect(saved.status).toBe(201);
    expect(saved.body.message).toBe('3 sessions and 7 sets added to the history.');
    expect(saved.body.data.createdExercises.map((exercise) => exercise.name)).toEqual(['Plank Hold']);

    const logs = await t.db
      .select({
        date: workoutLogs.date,
        status: workoutLogs.status,
        startedAt: workoutLogs.startedAt,
        duration: workoutLogs.durationSeconds,
      })
      .from(workoutLogs)
      .where(and(eq(workoutLogs.athleteId, athleteId), sql`${workoutLogs.date} < '2025-04-01'`))
      .orderBy(workoutLogs.date);
    expect(logs.map((log) => [log.date, log.status, log.duration])).toEqual([
      ['2025-03-03', 'completed', 3900],
      ['2025-03-05', 'completed', 2880],
      ['2025-03-07', 'completed', 3600],
    ]);
    const squats = await t.db
      .select({
        reps: loggedSets.reps,
        load: loggedSets.load,
        rpe: loggedSets.rpe,
        estimate: loggedSets.estimatedOneRm,
      })
      .from(loggedSets)
      .where(
        and(
          eq(loggedSets.athleteId, athleteId),
          eq(loggedSets.exerciseId, backSquat),
          eq(loggedSets.performedOn, '2025-03-03'),
        ),
      )
      .orderBy(loggedSets.setNumber);
    expect(squats.map((set) => ({ ...set, estimate: Math.round(set.estimate! * 10) / 10 }))).toEqual([
      { reps: 5, load: 135, rpe: null, estimate: 157.5 },
      { reps: 5, load: 405, rpe: 8, estimate: 472.5 },
      { reps: 5, load: 405, rpe: 8.5, estimate: 472.5 },
    ]);
    const [max] = await t.db
      .select({ value: athleteMaxes.value, unit: athleteMaxes.unit, on: athleteMaxes.recordedOn })
      .from(athleteMaxes)
      .where(
        and(
          eq(athleteMaxes.athleteId, athleteId),
          eq(athleteMaxes.exerciseId, backSquat),
          eq(athleteMaxes.source, 'estimated'),
        ),
      )
      .orderBy(sql`${athleteMaxes.comparable} desc`)
      .limit(1);
    expect(max).toEqual({ value: 472.5, unit: 'lb', on: '2025-03-03' });

    const again = await post<HistoryResult>('/api/workoutreader/history', { ...form, confirm: 'true' });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Nothing to add: the 3 sessions of this file were imported before.');
    const after = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(workoutLogs)
      .where(eq(workoutLogs.athleteId, athleteId));
    expect(after[0]!.count).toBe(before[0]!.count + 3);
  });

  it('adds a file sent from two devices at once only once', async () => {
    const fitnotes = [
      'Date,Exercise,Category,Weight (kgs),Reps,Distance,Distance Unit,Time',
      '2024-11-04,Romanian Deadlift,Legs,100,8,,,',
      '2024-11-04,Romanian Deadlift,Legs,100,8,,,',
      '2024-11-06,Romanian Deadlift,Legs,105,6,,,',
    ].join('\n');
    const { body } = await post<ReaderPreviewResponse>('/api/workoutreader', { file: bytes(fitnotes) });
    expect(body.preview.log).toMatchObject({ format: 'fitnotes', weightUnit: 'kg', sessionCount: 2 });
    const rdl = body.preview.exercises[0]!;
    expect(rdl.match).toMatchObject({ how: 'exact' });
    const form = {
      file: bytes(fitnotes),
      athleteId,
      exercises: JSON.stringify([{ key: rdl.key, exerciseId: rdl.match!.exerciseId }]),
      confirm: 'true',
    };
    const results = await Promise.all([
      post<HistoryResult>('/api/workoutreader/history', form),
      post<HistoryResult>('/api/workoutreader/history', form),
    ]);
    expect(results.map((result) => result.body.data.sessions.added).sort()).toEqual([0, 2]);
    const sets = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(loggedSets)
      .where(
        and(
          eq(loggedSets.athleteId, athleteId),
          eq(loggedSets.loadUnit, 'kg'),
          sql`${loggedSets.performedOn} between '2024-11-04' and '2024-11-06'`,
        ),
      );
    expect(sets[0]!.count).toBe(3);
  });

  it('refuses what is not an export, an athlete not in the organisation and a name without a choice', async () => {
    const notExport = await post<HistoryResult>('/api/workoutreader/history', {
      file: bytes('Exercise,Sets,Reps\nBack Squat,3,5'),
      athleteId,
    });
    expect(notExport.status).toBe(400);
    expect(notExport.body.error.fields).toHaveProperty('file');
    const coachAsAthlete = await post<HistoryResult>('/api/workoutreader/history', {
      file: bytes(strong),
      athleteId: coachId,
    });
    expect(coachAsAthlete.status).toBe(404);
    const badId = await post<HistoryResult>('/api/workoutreader/history', {
      file: bytes(strong),
      athleteId: 'me',
    });
    expect(badId.body.error.fields).toHaveProperty('athleteId');
    const unchosen = await post<HistoryResult>('/api/workoutreader/history', {
      file: bytes(strong),
      athleteId,
      exercises: '[]',
      confirm: 'true',
    });
    expect(unchosen.status).toBe(400);
    expect(unchosen.body.error.fields!.exercises).toContain('Squat (Barbell)');
    const [plank] = await t.db
      .select({ id: exercises.id })
      .from(exercises)
      .where(eq(exercises.name, 'Plank Hold'));
    expect(plank).toBeDefined();
  });
});
