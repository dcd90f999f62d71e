import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentResponses, workoutLogs } from '../db/schema';
import { addCalendarDays } from './calendar-days';
import { IdempotencyStore } from './idempotency';
import { scheduleLookups } from '../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../testing/test-app';
import { deviceClock, trackingLookups } from '../testing/tracking-lookups';

const leaseSeconds = 30;
let t: TestContext;
let coach: string;
let athlete: string;
let athleteId: string;
let tracking: ReturnType<typeof trackingLookups>;
let today: string;
let workoutId: string;
/** The store of another process of the same deployment: the one that crashed. */
let crashedProcess: IdempotencyStore;

beforeAll(async () => {
  t = await createTestContext({ IDEMPOTENCY_LEASE_SECONDS: String(leaseSeconds) });
  coach = await t.signIn('coach@demo.test');
  athlete = await t.signIn('athlete@demo.test');
  tracking = trackingLookups(t);
  const lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  const ids = await lookups.named(coach, {
    people: ['athlete@demo.test'],
    workouts: ['Upper Body Strength A'],
  });
  athleteId = ids['athlete@demo.test']!;
  workoutId = ids['Upper Body Strength A']!;
  crashedProcess = new IdempotencyStore(t.db, { leaseSeconds });
});
afterAll(() => t.close());

let dayOffset = 40;
/** A start of Jamie's workout on a day of its own, as the device's outbox sends it. */
async function aStart() {
  dayOffset += 1;
  const entry = await tracking.schedule(coach, {
    athleteId,
    workoutId,
    date: addCalendarDays(today, dayOffset),
  });
  const logId = uuidv7();
  const startedAt = deviceClock().next();
  const key = `start-${logId}`;
  return {
    logId,
    key,
    path: `/api/workout-logs/${logId}`,
    send: () => tracking.start(athlete, logId, entry.id, startedAt, { 'idempotency-key': key }),
  };
}

const logsWithId = async (logId: string) =>
  (await t.db.select().from(workoutLogs).where(eq(workoutLogs.id, logId))).length;

/** What time does to a claim nobody renews: its lease runs out. */
async function leaseRunsOut(key: string) {
  await t.db
    .update(idempotentResponses)
    .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
    .where(and(eq(idempotentResponses.userId, athleteId), eq(idempotentResponses.key, key)));
}

describe('a keyed write whose server crashed between claim and answer', () => {
  it('answers a replay 409 with the seconds the claim has left, and applies nothing', async () => {
    const start = await aStart();
    const claim = await crashedProcess.claim(athleteId, start.key, 'PUT', start.path);
    expect(claim.claimed).toBe(true);

    const replay = await start.send();
    expect(replay.status).toBe(409);
    const retryAfter = Number(replay.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(leaseSeconds - 1);
    expect(retryAfter).toBeLessThanOrEqual(leaseSeconds);
    expect(await logsWithId(start.logId)).toBe(0);
  });

  it('applies the replay for real once the claim’s lease has run out, then replays that answer', async () => {
    const start = await aStart();
    await crashedProcess.claim(athleteId, start.key, 'PUT', start.path);
    await leaseRunsOut(start.key);

    const replay = await start.send();
    expect(replay.status).toBe(201);
    expect(replay.body.data).toMatchObject({ id: start.logId, status: 'in_progress' });
    expect(await logsWithId(start.logId)).toBe(1);

    const again = await start.send();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(replay.body);
    expect(await logsWithId(start.logId)).toBe(1);
  });

  it('replays a completed write even after its lease time has passed', async () => {
    const start = await aStart();
    const first = await start.send();
    expect(first.status).toBe(201);
    await leaseRunsOut(start.key);

    const replay = await start.send();
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
  });

  it('does not let a key used for another path take over a claim', async () => {
    const start = await aStart();
    await crashedProcess.claim(athleteId, start.key, 'PUT', '/api/workout-logs/another');
    await leaseRunsOut(start.key);

    const replay = await start.send();
    expect(replay.status).toBe(422);
    expect(await logsWithId(start.logId)).toBe(0);
  });
});

describe('a slow first attempt that lost its claim', () => {
  it('can neither store its answer over the one that took over nor give the key away', async () => {
    const key = `slow-${uuidv7()}`;
    const path = '/api/workout-logs/slow';
    const slow = await crashedProcess.claim(athleteId, key, 'PUT', path);
    if (!slow.claimed) throw new Error('The first attempt should claim the key');
    await leaseRunsOut(key);
    const takeover = await crashedProcess.claim(athleteId, key, 'PUT', path);
    if (!takeover.claimed) throw new Error('The replay should take the claim over');

    // The slow attempt answers while the replay that took over is still being applied.
    expect(await crashedProcess.renew(athleteId, key, slow.token)).toBe(false);
    expect(await crashedProcess.complete(athleteId, key, slow.token, 200, { by: 'slow' })).toBe(false);
    await crashedProcess.release(athleteId, key, slow.token);
    const meanwhile = await crashedProcess.claim(athleteId, key, 'PUT', path);
    expect(meanwhile).toMatchObject({ claimed: false, stored: { status: 0 } });
    expect(await crashedProcess.complete(athleteId, key, takeover.token, 201, { by: 'replay' })).toBe(true);

    const later = await crashedProcess.claim(athleteId, key, 'PUT', path);
    expect(later).toMatchObject({ claimed: false, stored: { status: 201, body: { by: 'replay' } } });
  });

  it('lets only one of several replays at once take over an expired claim', async () => {
    const key = `race-${uuidv7()}`;
    const path = '/api/workout-logs/race';
    await crashedProcess.claim(athleteId, key, 'PUT', path);
    await leaseRunsOut(key);

    const replays = await Promise.all(
      Array.from({ length: 4 }, () => crashedProcess.claim(athleteId, key, 'PUT', path)),
    );
    expect(replays.filter((replay) => replay.claimed)).toHaveLength(1);
    for (const replay of replays.filter((each) => !each.claimed)) {
      expect(replay).toMatchObject({ stored: { status: 0 } });
    }
  });
});
