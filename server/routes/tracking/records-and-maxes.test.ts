import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleItemDetail } from '../../../contract/schedule';
import type {
  ActivityListResponse,
  AthleteMax,
  ExerciseHistoryResponse,
  PersonalRecord,
  WorkoutLog,
  WorkoutLogResponse,
} from '../../../contract/tracking';
import { athleteMaxes, loggedSets, personalRecords } from '../../db/schema';
import { addCalendarDays } from '../../lib/calendar-days';
import type { ErrorBody } from '../../testing/library-lookups';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { deviceClock, trackingLookups } from '../../testing/tracking-lookups';

let t: TestContext;
let coach: string;
let eli: string;
let tracking: ReturnType<typeof trackingLookups>;
let today: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  coach = await t.signIn('coach@demo.test');
  eli = await t.signIn('eli.thompson@demo.test');
  tracking = trackingLookups(t);
  const lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  ids = await lookups.named(coach, {
    people: ['eli.thompson@demo.test', 'athlete@demo.test'],
    workouts: ['Upper Body Strength A'],
  });
});
afterAll(() => t.close());

const eliId = () => ids['eli.thompson@demo.test']!;

/** Eli's Upper Body Strength A `days` from today, started by Eli at a time of that day. */
async function eliWorkout(
  days: number,
  time = '16:00',
): Promise<{ entry: ScheduleItemDetail; log: WorkoutLog }> {
  const entry = await tracking.schedule(coach, {
    athleteId: eliId(),
    workoutId: ids['Upper Body Strength A'],
    date: addCalendarDays(today, days),
  });
  const log = await tracking.started(eli, entry.id, `${entry.date}T${time}:00.000Z`);
  return { entry, log };
}

/** Writes a done Bench Press set and answers the log's records after it. */
async function bench(
  { entry, log }: { entry: ScheduleItemDetail; log: WorkoutLog },
  set: {
    reps: number;
    load: number;
    loadUnit: 'lb' | 'kg';
    setNumber?: number;
    id?: string;
    done?: boolean;
    removed?: boolean;
  },
  clock = deviceClock(),
) {
  const planned = tracking.blockExercise(entry, 'Bench Press');
  const response = await tracking.putSet(eli, log.id, set.id ?? uuidv7(), {
    blockExerciseId: planned.id,
    exerciseId: planned.exerciseId,
    setNumber: set.setNumber ?? 1,
    reps: set.reps,
    load: set.load,
    loadUnit: set.loadUnit,
    done: set.done ?? true,
    removed: set.removed ?? false,
    changedAt: clock.next(),
  });
  if (response.status !== 200)
    throw new Error(`The set answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

const byKind = (records: PersonalRecord[]) =>
  Object.fromEntries(
    records.map((record) => [
      record.kind,
      { value: record.value, previous: record.previous, load: record.load },
    ]),
  );

async function benchMax(token = coach): Promise<AthleteMax | undefined> {
  const { body } = await t.request<{ data: AthleteMax[] }>('GET', `/api/athletes/${eliId()}/maxes`, {
    token,
  });
  return body.data.find((max) => max.exerciseName === 'Bench Press' && max.kind === 'one_rm');
}

describe('records and maxes', () => {
  it('finds records against the bests of earlier workouts, in lb and kg alike, never estimating from more than 12 reps', async () => {
    const benchId = (await eliWorkout(-300)).entry.workout.blocks
      .flatMap((block) => block.exercises)
      .find((item) => item.exercise.name === 'Bench Press')!.exerciseId;
    const recorded = await t.request<{ data: AthleteMax } & ErrorBody>(
      'POST',
      `/api/athletes/${eliId()}/maxes`,
      {
        token: coach,
        body: {
          exerciseId: benchId,
          kind: 'one_rm',
          value: 200,
          unit: 'lb',
          testedOn: addCalendarDays(today, -301),
        },
      },
    );
    expect(recorded.status).toBe(201);
    expect(recorded.body.data).toMatchObject({
      value: 200,
      unit: 'lb',
      source: 'tested',
      recordedBy: { firstName: 'Casey' },
    });

    // The first workout: every best is a first (previous null); 185 × 5 estimates 215.8 lb, beating the tested 200.
    const first = await eliWorkout(-290);
    const fifteen = await bench(first, { reps: 15, load: 135, loadUnit: 'lb', setNumber: 1 });
    expect(fifteen.data.estimatedOneRm).toBeNull();
    expect(byKind(fifteen.records).estimated_one_rm).toBeUndefined();
    const heavy = await bench(first, { reps: 5, load: 185, loadUnit: 'lb', setNumber: 2 });
    expect(heavy.data.estimatedOneRm).toBe(215.8);
    expect(byKind(heavy.records)).toEqual({
      estimated_one_rm: { value: 215.83, previous: null, load: null },
      heaviest_load: { value: 185, previous: null, load: null },
    });
    expect(await benchMax()).toMatchObject({
      value: 215.8,
      unit: 'lb',
      source: 'estimated',
      setId: heavy.data.id,
    });

    // A later workout in kg: 80 kg (176.37 lb) is not heavier than 185 lb; 80 × 8 estimates 101.3 kg (223.4 lb),
    // and 8 reps are more than ever at that load or heavier.
    const second = await eliWorkout(-280);
    const light = await bench(second, { reps: 8, load: 80, loadUnit: 'kg' });
    expect(byKind(light.records)).toEqual({
      estimated_one_rm: { value: 223.4, previous: 215.83, load: null },
      most_reps_at_load: { value: 8, previous: 5, load: 176.37 },
    });
    // 185 lb for 7: more reps than ever at that load.
    const reps = await bench(second, { reps: 7, load: 185, loadUnit: 'lb', setNumber: 2 });
    expect(byKind(reps.records)).toMatchObject({
      most_reps_at_load: { value: 7, previous: 5, load: 185 },
      estimated_one_rm: { value: 228.17, previous: 215.83 },
    });
    expect(await benchMax()).toMatchObject({
      value: 228.2,
      unit: 'lb',
      source: 'estimated',
      setId: reps.data.id,
    });
    const maxes = await benchMax(eli);
    expect(maxes?.value).toBe(228.2);

    // Changing that set back down takes its estimate away: the best remaining estimate is the kg set's.
    await bench(second, { reps: 3, load: 185, loadUnit: 'lb', setNumber: 2, id: reps.data.id });
    expect((await benchMax())?.setId).toBe(light.data.id);

    const history = await t.request<ExerciseHistoryResponse>(
      'GET',
      `/api/athletes/${eliId()}/history?exerciseId=${benchId}&from=${addCalendarDays(today, -400)}&to=${today}`,
      { token: eli },
    );
    expect(history.status).toBe(200);
    expect(history.body.unit).toBe('lb');
    expect(
      history.body.points.map((point) => [point.date, point.estimatedOneRm, point.topSet, point.doneSets]),
    ).toEqual([
      [addCalendarDays(today, -290), 215.8, { load: 185, reps: 5 }, 2],
      [addCalendarDays(today, -280), 223.4, { load: 185, reps: 3 }, 2],
    ]);
  });

  it('estimates no 1RM and records none for a med-ball pass, which takes load and reps but is thrown (ADR 048)', async () => {
    const workout = await eliWorkout(-250);
    const planned = tracking.blockExercise(workout.entry, 'Med-Ball Chest Pass');
    const answer = await tracking.putSet(eli, workout.log.id, uuidv7(), {
      blockExerciseId: planned.id,
      exerciseId: planned.exerciseId,
      setNumber: 1,
      reps: 5,
      load: 10,
      loadUnit: 'lb',
      done: true,
      removed: false,
      changedAt: deviceClock().next(),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.estimatedOneRm).toBeNull();
    expect(byKind(answer.body.records)).toEqual({ heaviest_load: { value: 10, previous: null, load: null } });
    const { body } = await t.request<{ data: AthleteMax[] }>('GET', `/api/athletes/${eliId()}/maxes`, {
      token: coach,
    });
    expect(body.data.filter((max) => max.exerciseName === 'Med-Ball Chest Pass')).toEqual([]);

    // Migration 0010 takes away what was stored before the rule: the pass's estimate, 1RM record and estimated max.
    await bench(workout, { reps: 5, load: 135, loadUnit: 'lb', setNumber: 1 });
    const liftMaxes = await t.db
      .select()
      .from(athleteMaxes)
      .where(and(eq(athleteMaxes.athleteId, eliId()), eq(athleteMaxes.source, 'estimated')));
    const benchRecord = await t.db
      .select()
      .from(personalRecords)
      .where(and(eq(personalRecords.athleteId, eliId()), eq(personalRecords.kind, 'estimated_one_rm')));
    expect(liftMaxes.length).toBeGreaterThan(0);
    expect(benchRecord.length).toBeGreaterThan(0);
    await t.db
      .update(loggedSets)
      .set({ estimatedOneRm: 11.7, estimatedOneRmKg: 5.3 })
      .where(eq(loggedSets.id, answer.body.data.id));
    await t.db.insert(personalRecords).values({
      ...benchRecord[0]!,
      id: uuidv7(),
      exerciseId: planned.exerciseId,
      logId: workout.log.id,
      setId: answer.body.data.id,
    });
    await t.db.insert(athleteMaxes).values({
      ...liftMaxes[0]!,
      id: uuidv7(),
      exerciseId: planned.exerciseId,
      setId: answer.body.data.id,
    });
    const migration = readFileSync(
      new URL('../../db/migrations/0012_one_rm_only_for_strength.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.db.execute(sql.raw(statement));
    const [passSet] = await t.db.select().from(loggedSets).where(eq(loggedSets.id, answer.body.data.id));
    expect(passSet?.estimatedOneRm).toBeNull();
    const passRecords = await t.db
      .select()
      .from(personalRecords)
      .where(eq(personalRecords.exerciseId, planned.exerciseId));
    expect(passRecords.filter((record) => record.kind === 'estimated_one_rm')).toEqual([]);
    expect(passRecords.some((record) => record.kind === 'heaviest_load')).toBe(true);
    expect(
      await t.db.select().from(athleteMaxes).where(eq(athleteMaxes.exerciseId, planned.exerciseId)),
    ).toEqual([]);
    // The lifts' estimates stay.
    expect(
      await t.db
        .select()
        .from(athleteMaxes)
        .where(and(eq(athleteMaxes.athleteId, eliId()), eq(athleteMaxes.source, 'estimated'))),
    ).toHaveLength(liftMaxes.length);
  });

  it('recomputes a log’s records when a set no longer counts, and keeps a record only for done sets', async () => {
    const workout = await eliWorkout(-200);
    const set = await bench(workout, { reps: 5, load: 225, loadUnit: 'lb' });
    expect(byKind(set.records).heaviest_load).toMatchObject({ value: 225 });
    const undone = await bench(workout, { reps: 5, load: 225, loadUnit: 'lb', id: set.data.id, done: false });
    expect(undone.records).toEqual([]);
  });

  it('recomputes the records of later workouts when a set of an earlier one is synced days late', async () => {
    const earlier = await eliWorkout(-100);
    const later = await eliWorkout(-98);
    const clock = deviceClock(Date.parse(`${earlier.entry.date}T16:00:00.000Z`));
    await bench(earlier, { reps: 5, load: 300, loadUnit: 'lb' }, clock);
    await tracking.finish(eli, earlier.log.id, clock.next(3000));
    const laterSet = await bench(later, { reps: 5, load: 310, loadUnit: 'lb' }, clock);
    expect(byKind(laterSet.records).heaviest_load).toEqual({ value: 310, previous: 300, load: null });
    await tracking.finish(eli, later.log.id, clock.next(3000));

    const recordsOf = async (logId: string) => {
      const { body } = await t.request<WorkoutLogResponse>('GET', `/api/workout-logs/${logId}`, {
        token: eli,
      });
      return byKind(body.data.records);
    };
    // The phone that tracked the earlier workout was offline for days: its last set arrives now.
    const lateId = uuidv7();
    const late = await bench(
      earlier,
      { reps: 3, load: 320, loadUnit: 'lb', setNumber: 2, id: lateId },
      clock,
    );
    expect(byKind(late.records).heaviest_load).toMatchObject({ value: 320 });
    // 310 lb two days later is no longer the heaviest ever, but now 5 reps are the most at 310 or heavier; its
    // estimate (361.67) still beats the 352 of 320 × 3.
    expect(await recordsOf(later.log.id)).toEqual({
      estimated_one_rm: { value: 361.67, previous: 352, load: null },
      most_reps_at_load: { value: 5, previous: 3, load: 310 },
    });
    const feed = await t.request<ActivityListResponse>('GET', '/api/activities?kind=record_set&size=100', {
      token: coach,
    });
    expect(
      feed.body.data
        .filter((activity) => activity.workoutLogId === later.log.id)
        .map((activity) => activity.title)
        .sort(),
    ).toEqual([
      'Bench Press: best estimated 1RM, 361.67 lb',
      'Bench Press: most reps at a load, 5 reps at 310',
    ]);

    // The late set taken away again: the later workout's 310 is the heaviest once more.
    await bench(
      earlier,
      { reps: 3, load: 320, loadUnit: 'lb', setNumber: 2, id: lateId, removed: true },
      clock,
    );
    expect(await recordsOf(later.log.id)).toEqual({
      estimated_one_rm: { value: 361.67, previous: 350, load: null },
      heaviest_load: { value: 310, previous: 300, load: null },
    });
  });

  it('lets athletes read their own maxes and history only, and only staff record maxes', async () => {
    const jamie = ids['athlete@demo.test']!;
    const others = await t.request('GET', `/api/athletes/${jamie}/maxes`, { token: eli });
    expect(others.status).toBe(403);
    const history = await t.request('GET', `/api/athletes/${jamie}/history?exerciseId=${uuidv7()}`, {
      token: eli,
    });
    expect(history.status).toBe(403);
    const record = await t.request('POST', `/api/athletes/${eliId()}/maxes`, {
      token: eli,
      body: { exerciseId: uuidv7(), kind: 'one_rm', value: 300, unit: 'lb', testedOn: today },
    });
    expect(record.status).toBe(403);
    const rivals = await t.signIn('coach@rivals.test');
    expect((await t.request('GET', `/api/athletes/${eliId()}/maxes`, { token: rivals })).status).toBe(404);
    const bad = await t.request<ErrorBody>('POST', `/api/athletes/${eliId()}/maxes`, {
      token: coach,
      body: { exerciseId: uuidv7(), kind: 'velocity', value: 80, unit: 'lb', testedOn: today },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ unit: 'A velocity is in mph' });
    const unknown = await t.request<ErrorBody>('POST', `/api/athletes/${eliId()}/maxes`, {
      token: coach,
      body: { exerciseId: uuidv7(), kind: 'velocity', value: 80, unit: 'mph', testedOn: today },
    });
    expect(unknown.body.error.fields).toEqual({ exerciseId: 'There is no such exercise in your library' });
  });
});

describe('corrections', () => {
  it('lets staff correct a completed log, keeping every original value, and records are recomputed', async () => {
    const workout = await eliWorkout(-150);
    const clock = deviceClock(Date.parse(`${workout.entry.date}T16:00:00.000Z`));
    const set = await bench(workout, { reps: 5, load: 245, loadUnit: 'lb' }, clock);
    // The next day, 240 × 5 is no record: 245 × 5 was heavier and estimates more.
    const nextDay = await eliWorkout(-149);
    expect((await bench(nextDay, { reps: 5, load: 240, loadUnit: 'lb' })).records).toEqual([]);
    const path = `/api/workout-logs/${workout.log.id}/corrections`;
    const early = await t.request<ErrorBody>('POST', path, { token: coach, body: { sets: [] } });
    expect(early.status).toBe(409);
    await tracking.finish(eli, workout.log.id, clock.next(3000));

    const byAthlete = await t.request('POST', path, { token: eli, body: { session: { sessionRpe: 5 } } });
    expect(byAthlete.status).toBe(403);
    const unknownSet = await t.request<ErrorBody>('POST', path, {
      token: coach,
      body: { sets: [{ id: uuidv7(), reps: 4 }] },
    });
    expect(unknownSet.body.error.fields).toEqual({ 'sets.0.id': 'This set is not in the workout log' });

    const corrected = await t.request<WorkoutLogResponse>('POST', path, {
      token: coach,
      body: {
        reason: 'Typed 245 for 205',
        session: { sessionRpe: 7 },
        sets: [{ id: set.data.id, load: 205 }],
      },
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body.message).toBe('Upper Body Strength A is corrected (2 values).');
    const log = corrected.body.data;
    expect(log.sessionRpe).toBe(7);
    expect(log.sets[0]).toMatchObject({ load: 205, changedBy: { firstName: 'Casey' } });
    expect(log.corrections).toHaveLength(1);
    expect(log.corrections[0]).toMatchObject({
      correctedBy: { firstName: 'Casey', lastName: 'Jordan' },
      reason: 'Typed 245 for 205',
      changes: [
        { target: 'session', field: 'sessionRpe', before: 8, after: 7 },
        { target: set.data.id, field: 'load', before: 245, after: 205 },
      ],
    });
    expect(log.records.find((record) => record.kind === 'heaviest_load')).toMatchObject({ value: 205 });
    // Corrected down to 205, it no longer stands above the next day's 240 × 5, which becomes a record.
    const next = await t.request<WorkoutLogResponse>('GET', `/api/workout-logs/${nextDay.log.id}`, {
      token: coach,
    });
    expect(byKind(next.body.data.records)).toEqual({
      estimated_one_rm: { value: 280, previous: 239.17, load: null },
      heaviest_load: { value: 240, previous: 205, load: null },
    });

    // The athlete's phone replays its older change: the correction stays.
    const stale = await bench(
      workout,
      { reps: 5, load: 245, loadUnit: 'lb', id: set.data.id },
      deviceClock(Date.parse(`${workout.entry.date}T16:00:00.000Z`)),
    );
    expect(stale.applied).toBe(false);
    expect(stale.data.load).toBe(205);

    const nothing = await t.request<WorkoutLogResponse>('POST', path, {
      token: coach,
      body: { sets: [{ id: set.data.id, load: 205 }] },
    });
    expect(nothing.body.message).toBe('Nothing was changed.');
    expect(nothing.body.data.corrections).toHaveLength(1);
    const completed = await t.request<{ data: { logId: string; corrected: boolean }[] }>(
      'GET',
      `/api/completed-workouts?athleteId=${eliId()}&from=${workout.entry.date}&to=${workout.entry.date}`,
      { token: coach },
    );
    expect(completed.body.data).toEqual([
      expect.objectContaining({ logId: workout.log.id, corrected: true }),
    ]);
  });
});
