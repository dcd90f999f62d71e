import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleItemDetail } from '../../../contract/schedule';
import type { WorkoutLogResponse } from '../../../contract/tracking';
import { workoutLogs } from '../../db/schema';
import { addCalendarDays } from '../../lib/calendar-days';
import { rowsOf } from '../../testing/raw-rows';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { deviceClock, trackingLookups } from '../../testing/tracking-lookups';

// Real PostgreSQL with a pool of four connections: requests fired together really overlap (npm run test:pg).
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
    people: ['athlete@demo.test'],
    workouts: ['Upper Body Strength A'],
  });
});
afterAll(() => t.close());

let dayOffset = 120;
function jamieEntry(date = addCalendarDays(today, (dayOffset += 1))): Promise<ScheduleItemDetail> {
  return tracking.schedule(coach, {
    athleteId: ids['athlete@demo.test'],
    workoutId: ids['Upper Body Strength A'],
    date,
  });
}

/** A done Bench Press set of `load` lb × 3, written by `token` to the log of `entry` (through `via`'s process). */
function benchSet(
  token: string,
  entry: ScheduleItemDetail,
  logId: string,
  load: number,
  setNumber = 1,
  via = tracking,
) {
  const bench = tracking.blockExercise(entry, 'Bench Press');
  return via.putSet(token, logId, uuidv7(), {
    blockExerciseId: bench.id,
    exerciseId: bench.exerciseId,
    setNumber,
    reps: 3,
    load,
    loadUnit: 'lb',
    changedAt: deviceClock().next(),
  });
}

async function recordsOf(logId: string) {
  const { body } = await t.request<WorkoutLogResponse>('GET', `/api/workout-logs/${logId}`, { token: coach });
  return Object.fromEntries(body.data.records.map((record) => [record.kind, record]));
}

describe('the phone and the coach’s tablet press Start on the same workout at the same moment', () => {
  it('keeps one log, and the device that lost is told which log won, in every round', async () => {
    for (let round = 0; round < 8; round += 1) {
      const entry = await jamieEntry();
      const phoneLog = uuidv7();
      const tabletLog = uuidv7();
      const clock = deviceClock();
      const [phone, tablet] = await Promise.all([
        tracking.start(athlete, phoneLog, entry.id, clock.next(), { 'idempotency-key': uuidv7() }),
        tracking.start(coach, tabletLog, entry.id, clock.next(), { 'idempotency-key': uuidv7() }),
      ]);
      const statuses = [phone.status, tablet.status].sort();
      expect(statuses, `round ${round}: ${JSON.stringify([phone.body, tablet.body])}`).toEqual([201, 409]);
      const [winner, loser] = phone.status === 201 ? [phone, tablet] : [tablet, phone];
      expect(loser.body.error.fields, `round ${round}`).toEqual({ logId: winner.body.data.id });
      const logs = await t.db.select().from(workoutLogs).where(eq(workoutLogs.entryId, entry.id));
      expect(logs.map((log) => log.id)).toEqual([winner.body.data.id]);

      // The losing device moves its writes to the winner's log; a replay of the winner's start answers it.
      const loserToken = loser === phone ? athlete : coach;
      const bench = tracking.blockExercise(entry, 'Bench Press');
      const moved = await tracking.putSet(loserToken, winner.body.data.id, uuidv7(), {
        blockExerciseId: bench.id,
        exerciseId: bench.exerciseId,
        setNumber: 1,
        reps: 5,
        load: 135,
        loadUnit: 'lb',
        changedAt: clock.next(),
      });
      expect(moved.status).toBe(200);
      const winnerToken = winner === phone ? athlete : coach;
      const replay = await tracking.start(winnerToken, winner.body.data.id, entry.id, clock.next());
      expect(replay.status).toBe(200);
      expect(replay.body.data.id).toBe(winner.body.data.id);
    }
  });

  it('answers the log to a device that sends its own start twice at once', async () => {
    for (let round = 0; round < 8; round += 1) {
      const entry = await jamieEntry();
      const logId = uuidv7();
      const startedAt = deviceClock().next();
      const answers = await Promise.all([
        tracking.start(athlete, logId, entry.id, startedAt, { 'idempotency-key': uuidv7() }),
        tracking.start(athlete, logId, entry.id, startedAt, { 'idempotency-key': uuidv7() }),
      ]);
      expect(
        answers.map((answer) => answer.status).sort(),
        JSON.stringify(answers.map((a) => a.body)),
      ).toEqual([200, 201]);
      expect(answers.map((answer) => answer.body.data.id)).toEqual([logId, logId]);
    }
  });
});

describe('two devices logging the same exercise at once', () => {
  it('ends with the records the sets imply when four sets of one log arrive together', async () => {
    for (let round = 0; round < 8; round += 1) {
      const entry = await jamieEntry();
      const log = await tracking.started(athlete, entry.id, deviceClock().next());
      // Heavier than any bench press the demo's Jamie has done.
      const base = 1000 + round * 40;
      const answers = await Promise.all(
        [0, 10, 20, 30].map((more, index) =>
          benchSet(index % 2 === 0 ? athlete : coach, entry, log.id, base + more, index + 1),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      const heaviest = answers[3]!.body.data;
      const records = await recordsOf(log.id);
      expect(records.heaviest_load, `round ${round}`).toMatchObject({ setId: heaviest.id, value: base + 30 });
      expect(records.estimated_one_rm, `round ${round}`).toMatchObject({ setId: heaviest.id });
      if (round > 0) expect(records.heaviest_load?.previous, `round ${round}`).toBe(base - 10);
    }
  });

  it('ends with the records the sets imply when two logs of the athlete get sets at the same moment', async () => {
    for (let round = 0; round < 8; round += 1) {
      const date = addCalendarDays(today, (dayOffset += 1));
      const [morning, evening] = [await jamieEntry(date), await jamieEntry(date)];
      const morningLog = await tracking.started(athlete, morning.id, '2026-01-05T08:00:00.000Z');
      const eveningLog = await tracking.started(coach, evening.id, '2026-01-05T18:00:00.000Z');
      const base = 1400 + round * 40;
      const [heavier, lighter] = await Promise.all([
        benchSet(athlete, morning, morningLog.id, base + 10),
        benchSet(coach, evening, eveningLog.id, base),
      ]);
      expect([heavier.status, lighter.status]).toEqual([200, 200]);
      expect(await recordsOf(morningLog.id), `round ${round}`).toMatchObject({
        heaviest_load: { setId: heavier.body.data.id, value: base + 10 },
        estimated_one_rm: { setId: heavier.body.data.id },
      });
      // Later the same day and lighter: no record, whichever set the server took first.
      expect(await recordsOf(eveningLog.id), `round ${round}`).toEqual({});
    }
  });
});

/** Advisory locks of this test's database that a connection is waiting for: writes queued inside PostgreSQL. */
async function waitingAdvisoryLocks(): Promise<number> {
  const result = await t.db.execute(
    sql`select count(*)::int as waiting from pg_locks
        where locktype = 'advisory' and not granted
          and database = (select oid from pg_database where datname = current_database())`,
  );
  return (rowsOf(result)[0] as { waiting: number }).waiting;
}

describe('a rush of one athlete’s sets (issue 30)', () => {
  it('queues them in the process, so none waits for the records lock holding a database connection', async () => {
    const entry = await jamieEntry();
    const log = await tracking.started(athlete, entry.id, deviceClock().next());
    let writing = true;
    const seen: number[] = [];
    const watching = (async () => {
      while (writing) seen.push(await waitingAdvisoryLocks());
    })();
    // Twelve at once through a pool of four: without the queue, three would wait inside PostgreSQL on the lock.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => benchSet(athlete, entry, log.id, 1700 + index * 5, index + 1)),
    );
    writing = false;
    await watching;
    expect(
      answers.map((answer) => answer.status),
      JSON.stringify(answers[1]?.body),
    ).toEqual(Array.from({ length: 12 }, () => 200));
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.max(...seen)).toBe(0);
    expect(await recordsOf(log.id)).toMatchObject({ heaviest_load: { value: 1755 } });
  });

  it('ends with the records the sets imply when two processes get the athlete’s sets at once', async () => {
    // The queue is each process's own: between processes, the lock in PostgreSQL decides (ADR 042).
    const other = trackingLookups(t.anotherProcess());
    // Heavier than the sets above, round after round, within the 2,000 a load may be.
    for (let round = 0; round < 5; round += 1) {
      const entry = await jamieEntry();
      const log = await tracking.started(athlete, entry.id, deviceClock().next());
      const base = 1760 + round * 40;
      const answers = await Promise.all(
        [0, 10, 20, 30, 40, 50].map((more, index) =>
          benchSet(athlete, entry, log.id, base + more, index + 1, index % 2 === 0 ? tracking : other),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const heaviest = answers[5]!.body.data;
      const records = await recordsOf(log.id);
      expect(records.heaviest_load, `round ${round}`).toMatchObject({ setId: heaviest.id, value: base + 50 });
      expect(records.estimated_one_rm, `round ${round}`).toMatchObject({ setId: heaviest.id });
    }
  });
});
