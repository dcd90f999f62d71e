import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { MeResponse } from '../../../contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../../../scripts/lib/api-process';
import { addCalendarDays } from '../calendar-days';
import {
  openLiveStream,
  type OpenLiveStream,
  type ReceivedLiveEvent,
} from '../../testing/live-event-streams';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, demoPassword, type TestContext } from '../../testing/test-app';
import { recordLiveEvents } from './record-live-events';

let t: TestContext;
let dataDir: string;
const servers = new Map<string, ApiProcess>();
const baseUrls = new Map<string, string>();
const streams: OpenLiveStream[] = [];

beforeAll(async () => {
  t = await createTestContext();
  if (!t.databaseUrl) throw new Error('This test needs a real PostgreSQL: run it with npm run test:pg');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'connect-live-events-'));
});
afterAll(async () => {
  await Promise.all(streams.map((stream) => stream.close()));
  await Promise.all([...servers.values()].map((server) => server.process.stop(2_000)));
  rmSync(dataDir, { recursive: true, force: true });
  await t.close();
});

/** The real server as its own process on the test's database; several may run at once. */
async function startServer(name: string): Promise<string> {
  const server = await startApiProcess({
    name,
    databaseUrl: t.databaseUrl!,
    dataDir: path.join(dataDir, name),
    env: { DEMO_PASSWORD: demoPassword },
  });
  servers.set(name, server);
  baseUrls.set(name, server.baseUrl);
  return server.baseUrl;
}

/** Ends a server at once, as a crash would: its clients' connections are cut. */
async function killServer(name: string) {
  const server = servers.get(name);
  if (!server) throw new Error(`No server ${name}`);
  await server.kill();
  servers.delete(name);
}

async function streamFrom(baseUrl: string, token: string, lastEventId?: string) {
  const stream = await openLiveStream((to, init) => fetch(`${baseUrl}${to}`, init), token, lastEventId);
  streams.push(stream);
  return stream;
}

/** Every event that arrives within the wait, in order. */
async function drain(stream: OpenLiveStream, count: number, timeoutMs = 10_000) {
  const received: ReceivedLiveEvent[] = [];
  const deadline = Date.now() + timeoutMs;
  while (received.length < count) {
    const next = await stream.next(undefined, Math.max(1, deadline - Date.now()));
    if (!next) break;
    received.push(next);
  }
  return received;
}

describe('live events across server processes on one PostgreSQL', () => {
  it(
    'a change made through one process reaches a client of the other; killed, the client reconnects to the first and misses nothing',
    { timeout: 300_000 },
    async () => {
      const [first, second] = await Promise.all([startServer('api-a'), startServer('api-b')]);
      const coach = await t.signIn('coach@demo.test');
      const athlete = await t.signIn('athlete@demo.test');
      const lookups = scheduleLookups(t);
      const ids = await lookups.named(coach, {
        people: ['athlete@demo.test'],
        workouts: ['Upper Body Strength A'],
      });
      const today = await lookups.today(coach);
      const schedule = (baseUrl: string, days: number) =>
        fetch(`${baseUrl}/api/schedule`, {
          method: 'POST',
          headers: { authorization: `Bearer ${coach}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            athleteId: ids['athlete@demo.test'],
            workoutId: ids['Upper Body Strength A'],
            date: addCalendarDays(today, days),
          }),
        });

      const onSecond = await streamFrom(second, athlete);
      const sentAt = Date.now();
      expect((await schedule(first, 10)).status).toBe(201);
      const arrived = await onSecond.next((event) => event.kind === 'schedule', 5_000);
      const elapsed = Date.now() - sentAt;
      expect(arrived?.data.data).toMatchObject({ dates: [addCalendarDays(today, 10)] });
      console.log(`[live events] POST through A → event on B's client: ${elapsed} ms`);

      await killServer('api-b');
      await onSecond.ended;
      // Made while the client has no stream at all.
      expect((await schedule(first, 11)).status).toBe(201);
      expect((await schedule(first, 12)).status).toBe(201);

      const onFirst = await streamFrom(first, athlete, arrived!.id);
      // Each change also told the athlete of a new notification (ADR 055): four events, in commit order.
      const missed = await drain(onFirst, 4);
      expect(missed.map((event) => event.kind)).toEqual([
        'notifications',
        'schedule',
        'notifications',
        'schedule',
      ]);
      const scheduled = missed.filter((event) => event.kind === 'schedule');
      expect(scheduled.map((event) => event.data.data.dates)).toEqual([
        [addCalendarDays(today, 11)],
        [addCalendarDays(today, 12)],
      ]);
      expect(await onFirst.next(undefined, 500)).toBeUndefined();
    },
  );

  it('concurrent writers deliver every event once and in id order', { timeout: 120_000 }, async () => {
    const baseUrl = baseUrls.get('api-a') ?? (await startServer('api-a'));
    const coach = await t.signIn('coach@demo.test');
    const stream = await streamFrom(baseUrl, coach);
    const { body: me } = await t.request<MeResponse>('GET', '/api/me', { token: coach });
    const writers = 40;
    // Four connections, each transaction held a random while before it records: commits interleave.
    await Promise.all(
      Array.from({ length: writers }, () =>
        t.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_sleep(random() * 0.05)`);
          await recordLiveEvents(tx, [{ organizationId: me.organization.id, kind: 'people', toStaff: true }]);
        }),
      ),
    );
    const received = await drain(stream, writers);
    const receivedIds = received.map((event) => Number(event.id));
    expect(receivedIds).toHaveLength(writers);
    expect(new Set(receivedIds).size).toBe(writers);
    expect(receivedIds).toEqual([...receivedIds].sort((a, b) => a - b));
    expect(await stream.next(undefined, 500)).toBeUndefined();
  });
});
