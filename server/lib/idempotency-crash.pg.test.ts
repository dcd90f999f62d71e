import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import postgres from 'postgres';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../../scripts/lib/api-process';
import { sleep } from '../../scripts/lib/processes';
import { idempotentResponses, workoutLogs } from '../db/schema';
import { addCalendarDays } from './calendar-days';
import { scheduleLookups } from '../testing/schedule-lookups';
import { createTestContext, demoPassword, type TestContext } from '../testing/test-app';
import { deviceClock, trackingLookups } from '../testing/tracking-lookups';

/** Short, so the test need not wait 30 s; long enough that a claim outlives a kill and one replay. */
const leaseSeconds = 3;

let t: TestContext;
let databaseUrl: string;
let dataDir: string;
let server: ApiProcess | undefined;
let locker: postgres.Sql;

beforeAll(async () => {
  t = await createTestContext();
  if (!t.databaseUrl) throw new Error('This test needs a real PostgreSQL: run it with npm run test:pg');
  databaseUrl = t.databaseUrl;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'connect-idempotency-crash-'));
  locker = postgres(databaseUrl, { max: 1, onnotice: () => {} });
});
afterAll(async () => {
  // After a failure the row lock may still be held: end its connection rather than wait for it.
  await locker.end({ timeout: 1 });
  await server?.process.stop(2_000);
  rmSync(dataDir, { recursive: true, force: true });
  await t.close();
});

/** The real server as its own process, on the test's database. */
async function startServer(): Promise<string> {
  server = await startApiProcess({
    name: 'api',
    databaseUrl,
    dataDir,
    env: { DEMO_PASSWORD: demoPassword, IDEMPOTENCY_LEASE_SECONDS: String(leaseSeconds) },
  });
  return server.baseUrl;
}

/** Ends the server at once, as a crash or an out-of-memory kill would: no answer, no clean-up. */
async function killServer() {
  if (!server) throw new Error('No server to kill');
  await server.kill();
  server = undefined;
}

async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
  });
  if (response.status !== 200) throw new Error(`Signing in answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

async function claimOf(userId: string, key: string) {
  const [claim] = await t.db
    .select()
    .from(idempotentResponses)
    .where(and(eq(idempotentResponses.userId, userId), eq(idempotentResponses.key, key)));
  return claim;
}

describe('a server killed between claiming a key and storing its answer', () => {
  it('lets the replay after a restart apply the start once', { timeout: 300_000 }, async () => {
    const coach = await t.signIn('coach@demo.test');
    const lookups = scheduleLookups(t);
    const ids = await lookups.named(coach, {
      people: ['athlete@demo.test'],
      workouts: ['Upper Body Strength A'],
    });
    const athleteId = ids['athlete@demo.test']!;
    const entry = await trackingLookups(t).schedule(coach, {
      athleteId,
      workoutId: ids['Upper Body Strength A'],
      date: addCalendarDays(await lookups.today(coach), 30),
    });

    const baseUrl = await startServer();
    const athlete = await signIn(baseUrl, 'athlete@demo.test');
    const logId = uuidv7();
    const key = `start-${logId}`;
    const startBody = JSON.stringify({ entryId: entry.id, startedAt: deviceClock().next() });
    // A replay that hangs (one let into the held write) fails the test instead of stalling it.
    const start = (to: string, signal = AbortSignal.timeout(20_000)) =>
      fetch(`${to}/api/workout-logs/${logId}`, {
        signal,
        method: 'PUT',
        headers: {
          authorization: `Bearer ${athlete}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: startBody,
      });

    // The test holds the schedule entry's row, so the start claims its key and then waits inside its write.
    const lock = await locker.reserve();
    await lock`begin`;
    await lock`select id from schedule_entries where id = ${entry.id} for update`;
    const firstAttempt = start(baseUrl, new AbortController().signal).catch((error: unknown) => error);
    for (let waited = 0; !(await claimOf(athleteId, key)); waited += 100) {
      if (waited > 30_000) throw new Error('The start never claimed its key');
      await sleep(100);
    }

    // A server that is alive keeps its claim past the lease: a replay meanwhile is told to wait.
    await sleep((leaseSeconds + 1) * 1000);
    const whileAlive = await start(baseUrl);
    expect(whileAlive.status).toBe(409);
    expect(whileAlive.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);

    await killServer();
    expect(await firstAttempt).toBeInstanceOf(Error);
    await lock`rollback`;
    lock.release();
    expect(await claimOf(athleteId, key)).toMatchObject({ status: 0 });

    // Before its lease runs out the dead attempt's claim still stands, as another process of the deployment says.
    const beforeExpiry = await t.request('PUT', `/api/workout-logs/${logId}`, {
      token: athlete,
      body: JSON.parse(startBody) as unknown,
      headers: { 'idempotency-key': key },
    });
    expect(beforeExpiry.status).toBe(409);
    const retryAfter = Number(beforeExpiry.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(leaseSeconds);

    // The restarted server gets the device's replays, each after the wait the last 409 asked for.
    const restarted = await startServer();
    const deadline = Date.now() + (leaseSeconds + 20) * 1000;
    let replay = await start(restarted);
    while (replay.status === 409 && Date.now() < deadline) {
      await sleep(Number(replay.headers.get('retry-after') ?? 1) * 1000);
      replay = await start(restarted);
    }
    expect(replay.status).toBe(201);
    const answer = (await replay.json()) as { data: { id: string; status: string } };
    expect(answer.data).toMatchObject({ id: logId, status: 'in_progress' });
    expect(await t.db.select().from(workoutLogs).where(eq(workoutLogs.entryId, entry.id))).toHaveLength(1);

    const again = await start(restarted);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await t.db.select().from(workoutLogs).where(eq(workoutLogs.entryId, entry.id))).toHaveLength(1);
  });
});
