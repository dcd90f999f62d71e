import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleItemDetail, ScheduleItemResponse } from '../../../contract/schedule';
import type { LoggedExercise, WorkoutLog, WorkoutLogResponse } from '../../../contract/tracking';
import { loggedExercises, loggedSets, organizations, scheduleEntries, workoutLogs } from '../../db/schema';
import { addCalendarDays } from '../../lib/calendar-days';
import type { ErrorBody } from '../../testing/library-lookups';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { deviceClock, trackingLookups } from '../../testing/tracking-lookups';

let t: TestContext;
let coach: string;
let athlete: string;
let tracking: ReturnType<typeof trackingLookups>;
let today: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  coach = await t.signIn('coach@demo.test');
  athlete = await t.signIn('athlete@demo.test');
  tracking = trackingLookups(t);
  const lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  ids = await lookups.named(coach, {
    people: ['athlete@demo.test', 'noah.kim@demo.test'],
    workouts: ['Upper Body Strength A'],
  });
});
afterAll(() => t.close());

/** A new entry of Upper Body Strength A for Jamie (athlete@demo.test), on a day of its own. */
let dayOffset = 60;
function jamieEntry(athleteId = ids['athlete@demo.test']): Promise<ScheduleItemDetail> {
  dayOffset += 1;
  return tracking.schedule(coach, {
    athleteId,
    workoutId: ids['Upper Body Strength A'],
    date: addCalendarDays(today, dayOffset),
  });
}

const rowsOf = async (table: typeof workoutLogs | typeof loggedSets, id: string) =>
  (await t.db.select().from(table).where(eq(table.id, id))).length;

async function entryStatus(entryId: string) {
  const response = await t.request<ScheduleItemResponse>('GET', `/api/schedule/entries/${entryId}`, {
    token: coach,
  });
  return response.body.data.status;
}

describe('starting a workout log', () => {
  it('starts the athlete’s own entry once, however often the start is replayed', async () => {
    const entry = await jamieEntry();
    const logId = uuidv7();
    const clock = deviceClock();
    const startedAt = clock.next();
    const first = await tracking.start(athlete, logId, entry.id, startedAt, {
      'idempotency-key': `start-${logId}`,
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      id: logId,
      entryId: entry.id,
      status: 'in_progress',
      workoutName: 'Upper Body Strength A',
      category: 'lift',
      athlete: { firstName: 'Jamie', lastName: 'Rivera' },
      startedBy: { firstName: 'Jamie' },
      finishedBy: null,
      sets: [],
    });
    expect(await entryStatus(entry.id)).toBe('in_progress');

    for (let replay = 0; replay < 5; replay += 1) {
      const sameKey = await tracking.start(athlete, logId, entry.id, startedAt, {
        'idempotency-key': `start-${logId}`,
      });
      expect(sameKey.status).toBe(201);
      expect(sameKey.headers.get('idempotent-replayed')).toBe('true');
      const freshKey = await tracking.start(athlete, logId, entry.id, startedAt, {
        'idempotency-key': `start-${logId}-${replay}`,
      });
      expect(freshKey.status).toBe(200);
      expect(freshKey.body.data.id).toBe(logId);
    }
    expect(await rowsOf(workoutLogs, logId)).toBe(1);
  });

  it('refuses a second log for an entry, naming the one it has, so the device adopts it', async () => {
    const entry = await jamieEntry();
    const first = await tracking.started(athlete, entry.id, deviceClock().next());
    const coachDevice = await tracking.start(coach, uuidv7(), entry.id, deviceClock().next());
    expect(coachDevice.status).toBe(409);
    expect(coachDevice.body.error.fields).toEqual({ logId: first.id });
    const found = await t.request<{ data: WorkoutLog | null }>(
      'GET',
      `/api/workout-logs?entryId=${entry.id}`,
      {
        token: coach,
      },
    );
    expect(found.body.data?.id).toBe(first.id);
    const fresh = await jamieEntry();
    const none = await t.request<{ data: WorkoutLog | null }>(
      'GET',
      `/api/workout-logs?entryId=${fresh.id}`,
      {
        token: athlete,
      },
    );
    expect(none.body.data).toBeNull();
  });

  it('lets staff track an athlete’s entry; refuses a skipped entry, another athlete’s entry to an athlete, and another organisation’s', async () => {
    const entry = await jamieEntry();
    const byCoach = await tracking.start(coach, uuidv7(), entry.id, deviceClock().next());
    expect(byCoach.status).toBe(201);
    expect(byCoach.body.data.startedBy).toMatchObject({ firstName: 'Casey', lastName: 'Jordan' });

    const skipped = await jamieEntry();
    await t.request('PATCH', `/api/schedule/entries/${skipped.id}`, {
      token: coach,
      body: { status: 'skipped', skipReason: 'Travel' },
    });
    const onSkipped = await tracking.start(athlete, uuidv7(), skipped.id, deviceClock().next());
    expect(onSkipped.status).toBe(409);
    expect(onSkipped.body.error.message).toContain('skipped');

    const noahs = await jamieEntry(ids['noah.kim@demo.test']);
    const notMine = await tracking.start(athlete, uuidv7(), noahs.id, deviceClock().next());
    expect(notMine.status).toBe(403);
    const rivals = await tracking.start(
      await t.signIn('coach@rivals.test'),
      uuidv7(),
      noahs.id,
      deviceClock().next(),
    );
    expect(rivals.status).toBe(404);
    const rivalsRead = await t.request('GET', `/api/workout-logs/${byCoach.body.data.id}`, {
      token: await t.signIn('athlete@rivals.test'),
    });
    expect(rivalsRead.status).toBe(404);
    const noahReads = await t.request('GET', `/api/workout-logs/${byCoach.body.data.id}`, {
      token: await t.signIn('noah.kim@demo.test'),
    });
    expect(noahReads.status).toBe(403);
  });

  it('refuses a log id that is another organisation’s as taken, naming no log', async () => {
    const [rivalsEntry] = await t.db
      .select({ id: scheduleEntries.id })
      .from(scheduleEntries)
      .innerJoin(organizations, eq(organizations.id, scheduleEntries.organizationId))
      .where(eq(organizations.slug, 'rivals'))
      .limit(1);
    const rivalsLog = await tracking.started(
      await t.signIn('athlete@rivals.test'),
      rivalsEntry!.id,
      deviceClock().next(),
    );
    const entry = await jamieEntry();
    const taken = await tracking.start(athlete, rivalsLog.id, entry.id, deviceClock().next());
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('This workout log id is taken: make a new one.');
    expect(taken.body.error.fields).toBeUndefined();
    expect(await entryStatus(entry.id)).toBe('scheduled');
  });

  it('keeps a started entry where it is: moving or removing it is refused', async () => {
    const entry = await jamieEntry();
    await tracking.started(athlete, entry.id, deviceClock().next());
    const moved = await t.request<ErrorBody>('PATCH', `/api/schedule/entries/${entry.id}`, {
      token: coach,
      body: { date: addCalendarDays(entry.date, 1) },
    });
    expect(moved.status).toBe(409);
    expect(moved.body.error.message).toContain('in progress');
    const removed = await t.request('DELETE', `/api/schedule/entries/${entry.id}`, { token: coach });
    expect(removed.status).toBe(409);
    expect(await entryStatus(entry.id)).toBe('in_progress');
  });
});

describe('logging sets', () => {
  it('writes a set once, whether replayed with the same Idempotency-Key or with fresh ones', async () => {
    const entry = await jamieEntry();
    const log = await tracking.started(athlete, entry.id, deviceClock().next());
    const bench = tracking.blockExercise(entry, 'Bench Press');
    const setId = uuidv7();
    const body = {
      blockExerciseId: bench.id,
      exerciseId: bench.exerciseId,
      setNumber: 1,
      reps: 5,
      load: 135,
      loadUnit: 'lb' as const,
      changedAt: deviceClock().next(),
    };
    for (let replay = 0; replay < 5; replay += 1) {
      const same = await tracking.putSet(athlete, log.id, setId, body, { 'idempotency-key': `set-${setId}` });
      expect(same.status).toBe(200);
      const fresh = await tracking.putSet(athlete, log.id, setId, body, {
        'idempotency-key': `set-${setId}-${replay}`,
      });
      expect(fresh.status).toBe(200);
      expect(fresh.body.applied).toBe(true);
      expect(fresh.body.data).toMatchObject({ id: setId, reps: 5, load: 135, exerciseName: 'Bench Press' });
    }
    expect(await rowsOf(loggedSets, setId)).toBe(1);
    const read = await t.request<WorkoutLogResponse>('GET', `/api/workout-logs/${log.id}`, {
      token: athlete,
    });
    expect(read.body.data.sets).toHaveLength(1);
    expect(read.body.data).toMatchObject({ doneSetCount: 1, volume: 675, volumeUnit: 'lb' });
  });

  it('keeps the later change when the athlete and a coach change the same set on two devices, and neither gets an error', async () => {
    const entry = await jamieEntry();
    const log = await tracking.started(athlete, entry.id, deviceClock().next());
    const bench = tracking.blockExercise(entry, 'Bench Press');
    const setId = uuidv7();
    const place = { blockExerciseId: bench.id, exerciseId: bench.exerciseId, setNumber: 1 };
    const clock = deviceClock();
    const athleteEarlier = clock.next();
    const coachLater = clock.next();
    const athleteLatest = clock.next();

    const coachWrite = await tracking.putSet(coach, log.id, setId, {
      ...place,
      reps: 5,
      load: 155,
      loadUnit: 'lb',
      changedAt: coachLater,
    });
    expect(coachWrite.body.applied).toBe(true);
    // The athlete's phone was offline: its older change arrives after the coach's.
    const lateAthlete = await tracking.putSet(athlete, log.id, setId, {
      ...place,
      reps: 3,
      load: 145,
      loadUnit: 'lb',
      changedAt: athleteEarlier,
    });
    expect(lateAthlete.status).toBe(200);
    expect(lateAthlete.body.applied).toBe(false);
    expect(lateAthlete.body.data).toMatchObject({ reps: 5, load: 155, changedBy: { firstName: 'Casey' } });

    const newer = await tracking.putSet(athlete, log.id, setId, {
      ...place,
      reps: 6,
      load: 155,
      loadUnit: 'lb',
      changedAt: athleteLatest,
    });
    expect(newer.body).toMatchObject({ applied: true, data: { reps: 6, changedBy: { firstName: 'Jamie' } } });

    // Taken away with a tombstone: replaying an older change does not bring it back.
    const removedAt = clock.next();
    const removed = await tracking.putSet(athlete, log.id, setId, {
      ...place,
      reps: 6,
      load: 155,
      loadUnit: 'lb',
      removed: true,
      changedAt: removedAt,
    });
    expect(removed.body.data.removed).toBe(true);
    const replayed = await tracking.putSet(coach, log.id, setId, {
      ...place,
      reps: 5,
      load: 155,
      loadUnit: 'lb',
      changedAt: coachLater,
    });
    expect(replayed.body).toMatchObject({ applied: false, data: { removed: true } });
    const read = await t.request<WorkoutLogResponse>('GET', `/api/workout-logs/${log.id}`, { token: coach });
    expect(read.body.data.sets.map((set) => set.removed)).toEqual([true]);
    expect(read.body.data.doneSetCount).toBe(0);
  });

  it('lets a coach’s change win over a set written by a device whose clock runs a year ahead', async () => {
    const entry = await jamieEntry();
    const log = await tracking.started(athlete, entry.id, deviceClock().next());
    const bench = tracking.blockExercise(entry, 'Bench Press');
    const setId = uuidv7();
    const place = { blockExerciseId: bench.id, exerciseId: bench.exerciseId, setNumber: 1 };
    const aYearAhead = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000).toISOString();
    const phone = await tracking.putSet(athlete, log.id, setId, {
      ...place,
      reps: 5,
      load: 135,
      loadUnit: 'lb',
      changedAt: aYearAhead,
    });
    expect(phone.body.applied).toBe(true);

    // A minute later on the phone's wrong clock; the coach's tablet tells the right time.
    const coachNow = new Date(Date.now() + 1000).toISOString();
    const coachWrite = await tracking.putSet(
      coach,
      log.id,
      setId,
      { ...place, reps: 5, load: 145, loadUnit: 'lb', changedAt: coachNow },
      { 'device-time': coachNow },
    );
    expect(coachWrite.body).toMatchObject({
      applied: true,
      data: { load: 145, changedBy: { firstName: 'Casey' } },
    });
    // The phone's stamp counted as the time it arrived.
    expect(Date.parse(phone.body.data.changedAt)).toBeLessThanOrEqual(Date.parse(coachNow));

    // The same for an exercise's notes.
    const path = `/api/workout-logs/${log.id}/exercises/${bench.id}`;
    await t.request('PUT', path, {
      token: athlete,
      body: { exerciseId: bench.exerciseId, notes: 'From the phone', changedAt: aYearAhead },
    });
    const coachNotes = await t.request<{ data: LoggedExercise; applied: boolean }>('PUT', path, {
      token: coach,
      body: { exerciseId: bench.exerciseId, notes: 'From the coach', changedAt: coachNow },
      headers: { 'device-time': coachNow },
    });
    expect(coachNotes.body).toMatchObject({ applied: true, data: { notes: 'From the coach' } });
  });

  it('lets the later change of a device an hour behind win when it says its time (Device-Time)', async () => {
    const entry = await jamieEntry();
    const log = await tracking.started(athlete, entry.id, deviceClock().next());
    const bench = tracking.blockExercise(entry, 'Bench Press');
    const setId = uuidv7();
    const place = { blockExerciseId: bench.id, exerciseId: bench.exerciseId, setNumber: 1 };
    const hour = 60 * 60 * 1000;
    const coachWrite = await tracking.putSet(coach, log.id, setId, {
      ...place,
      reps: 5,
      load: 145,
      loadUnit: 'lb',
      changedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(coachWrite.body.applied).toBe(true);
    // The athlete changes the set after the coach did, on a phone whose clock says an hour less.
    const phoneNow = Date.now() - hour;
    const later = await tracking.putSet(
      athlete,
      log.id,
      setId,
      { ...place, reps: 6, load: 145, loadUnit: 'lb', changedAt: new Date(phoneNow - 1000).toISOString() },
      { 'device-time': new Date(phoneNow).toISOString() },
    );
    expect(later.body).toMatchObject({ applied: true, data: { reps: 6, changedBy: { firstName: 'Jamie' } } });
    expect(Math.abs(Date.parse(later.body.data.changedAt) - (Date.now() - 1000))).toBeLessThan(5000);

    const invalid = await tracking.putSet(
      athlete,
      log.id,
      setId,
      { ...place, reps: 7, changedAt: new Date().toISOString() },
      { 'device-time': 'an hour ago' },
    );
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.error.fields ?? {})).toEqual(['Device-Time']);
  });

  it('refuses bad sets, naming the field', async () => {
    const entry = await jamieEntry();
    const log = await tracking.started(athlete, entry.id, deviceClock().next());
    const bench = tracking.blockExercise(entry, 'Bench Press');
    const place = {
      blockExerciseId: bench.id,
      exerciseId: bench.exerciseId,
      setNumber: 1,
      changedAt: deviceClock().next(),
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ reps: -1 }, 'reps'],
      [{ reps: 1001 }, 'reps'],
      [{ reps: 5, load: -5, loadUnit: 'lb' }, 'load'],
      [{ reps: 5, rpe: 11 }, 'rpe'],
      [{ reps: 5, rpe: 0 }, 'rpe'],
      [{ reps: 5, load: 100 }, 'loadUnit'],
      [{ blockExerciseId: uuidv7(), reps: 5 }, 'blockExerciseId'],
    ];
    for (const [change, field] of cases) {
      const response = await tracking.putSet(athlete, log.id, uuidv7(), { ...place, ...change });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(Object.keys(response.body.error.fields ?? {}), JSON.stringify(change)).toEqual([field]);
    }
    const medBall = tracking.blockExercise(entry, 'Med-Ball Chest Pass');
    const otherCategory = await tracking.putSet(athlete, log.id, uuidv7(), {
      ...place,
      exerciseId: medBall.exerciseId,
      reps: 5,
    });
    expect(otherCategory.status).toBe(400);
    expect(otherCategory.body.error.fields?.exerciseId).toContain('same category');

    const notStarted = await tracking.putSet(athlete, uuidv7(), uuidv7(), { ...place, reps: 5 });
    expect(notStarted.status).toBe(404);
    expect(notStarted.body.error.message).toContain('start the workout first');
    expect((await t.db.select().from(loggedSets).where(eq(loggedSets.logId, log.id))).length).toBe(0);
  });

  it('refuses an athlete’s set or finish on another athlete’s log, and lets staff write it', async () => {
    const noahs = await jamieEntry(ids['noah.kim@demo.test']);
    const clock = deviceClock();
    const log = await tracking.started(coach, noahs.id, clock.next());
    const bench = tracking.blockExercise(noahs, 'Bench Press');
    const set = {
      blockExerciseId: bench.id,
      exerciseId: bench.exerciseId,
      setNumber: 1,
      reps: 5,
      load: 135,
      loadUnit: 'lb' as const,
    };
    const notMine = await tracking.putSet(athlete, log.id, uuidv7(), { ...set, changedAt: clock.next() });
    expect(notMine.status).toBe(403);
    expect((await tracking.finish(athlete, log.id, clock.next())).status).toBe(403);
    expect(await rowsOf(workoutLogs, log.id)).toBe(1);
    expect((await t.db.select().from(loggedSets).where(eq(loggedSets.logId, log.id))).length).toBe(0);

    const byCoach = await tracking.putSet(coach, log.id, uuidv7(), { ...set, changedAt: clock.next() });
    expect(byCoach.status).toBe(200);
    expect(byCoach.body).toMatchObject({ applied: true, data: { exerciseName: 'Bench Press', reps: 5 } });
    const byNoah = await tracking.putSet(await t.signIn('noah.kim@demo.test'), log.id, uuidv7(), {
      ...set,
      setNumber: 2,
      load: 155,
      changedAt: clock.next(),
    });
    expect(byNoah.status).toBe(200);
    expect(byNoah.body.records.map((record) => record.exerciseName)).toContain('Bench Press');
  });

  it('swaps an exercise for one of the same category and keeps notes, the later change winning', async () => {
    const entry = await jamieEntry();
    const log = await tracking.started(athlete, entry.id, deviceClock().next());
    const bench = tracking.blockExercise(entry, 'Bench Press');
    const { body: exercises } = await t.request<{ data: { id: string; name: string }[] }>(
      'GET',
      '/api/exercises?q=Dumbbell%20Bench',
      { token: coach },
    );
    const dumbbell = exercises.data.find((exercise) => exercise.name === 'Dumbbell Bench Press')!;
    const clock = deviceClock();
    const earlier = clock.next();
    const later = clock.next();
    const path = `/api/workout-logs/${log.id}/exercises/${bench.id}`;
    const swapped = await t.request<{ data: LoggedExercise; applied: boolean }>('PUT', path, {
      token: athlete,
      body: { exerciseId: dumbbell.id, notes: 'Shoulder felt off with the bar', changedAt: later },
    });
    expect(swapped.body).toMatchObject({ applied: true, data: { exerciseName: 'Dumbbell Bench Press' } });
    const stale = await t.request<{ data: LoggedExercise; applied: boolean }>('PUT', path, {
      token: coach,
      body: { exerciseId: bench.exerciseId, notes: null, changedAt: earlier },
    });
    expect(stale.body).toMatchObject({ applied: false, data: { exerciseId: dumbbell.id } });
    const set = await tracking.putSet(athlete, log.id, uuidv7(), {
      blockExerciseId: bench.id,
      exerciseId: dumbbell.id,
      setNumber: 1,
      reps: 10,
      load: 50,
      loadUnit: 'lb',
      changedAt: clock.next(),
    });
    expect(set.body.data.exerciseName).toBe('Dumbbell Bench Press');
    expect(await t.db.select().from(loggedExercises).where(eq(loggedExercises.logId, log.id))).toHaveLength(
      1,
    );
  });
});

describe('finishing', () => {
  it('completes the log and its entry once; a second finish changes nothing; a set synced late still lands', async () => {
    const entry = await jamieEntry();
    const clock = deviceClock();
    const log = await tracking.started(athlete, entry.id, clock.next());
    const bench = tracking.blockExercise(entry, 'Bench Press');
    const place = { blockExerciseId: bench.id, exerciseId: bench.exerciseId };
    await tracking.putSet(athlete, log.id, uuidv7(), {
      ...place,
      setNumber: 1,
      reps: 5,
      load: 135,
      loadUnit: 'lb',
      changedAt: clock.next(),
    });
    const finishedAt = clock.next(3000);
    const finished = await tracking.finish(athlete, log.id, finishedAt, { notes: '  Good day  ' });
    expect(finished.status).toBe(200);
    expect(finished.body.data).toMatchObject({
      status: 'completed',
      finishedAt: new Date(finishedAt).toISOString(),
      durationSeconds: 3000,
      sessionRpe: 8,
      notes: 'Good day',
      finishedBy: { firstName: 'Jamie' },
    });
    expect(await entryStatus(entry.id)).toBe('completed');
    const again = await tracking.finish(coach, log.id, clock.next(), { durationSeconds: 10, sessionRpe: 2 });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({
      finishedAt: new Date(finishedAt).toISOString(),
      durationSeconds: 3000,
      sessionRpe: 8,
    });

    const late = await tracking.putSet(athlete, log.id, uuidv7(), {
      ...place,
      setNumber: 2,
      reps: 5,
      load: 135,
      loadUnit: 'lb',
      changedAt: clock.next(-2000),
    });
    expect(late.body.applied).toBe(true);
    const read = await t.request<WorkoutLogResponse>('GET', `/api/workout-logs/${log.id}`, {
      token: athlete,
    });
    expect(read.body.data.doneSetCount).toBe(2);
  });

  it('refuses a bad finish, naming the field', async () => {
    const entry = await jamieEntry();
    const log = await tracking.started(athlete, entry.id, deviceClock().next());
    const rpe = await tracking.finish(athlete, log.id, deviceClock().next(), { sessionRpe: 11 });
    expect(rpe.status).toBe(400);
    expect(Object.keys(rpe.body.error.fields ?? {})).toEqual(['sessionRpe']);
    const duration = await tracking.finish(athlete, log.id, deviceClock().next(), { durationSeconds: -1 });
    expect(Object.keys(duration.body.error.fields ?? {})).toEqual(['durationSeconds']);
    expect(await entryStatus(entry.id)).toBe('in_progress');
  });
});
