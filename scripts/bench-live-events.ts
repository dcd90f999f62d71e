/**
 * `npm run bench:live-events`: live events under load (issue 24, ADR 054). Not a test.
 * A throwaway PostgreSQL 15, one API process (`server/index.ts`) holding STREAMS open event streams (one per
 * athlete, each its own user so the per-user cap does not apply), and changes committed from this process (another
 * one): prints p50/p95 of commit → event on every stream, and the server's memory per idle stream.
 * STREAMS (default 1000) and CHANGES (default 50) may be set in the environment.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { openDatabase } from '../server/db/client';
import { organizations, users } from '../server/db/schema';
import { seedDemo } from '../server/db/seed';
import { Sessions } from '../server/lib/directory/sessions';
import { recordLiveEvents } from '../server/lib/live-events/record-live-events';
import { openLiveStream, type OpenLiveStream } from '../server/testing/live-event-streams';
import { startApiProcess, type ApiProcess } from './lib/api-process';
import { startPostgres } from './lib/postgres';
import { rssKib, sleep } from './lib/processes';

const streamCount = Number(process.env.STREAMS ?? 1000);
const changeCount = Number(process.env.CHANGES ?? 50);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const postgres = await startPostgres();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-live-events-'));
const database = await openDatabase({ kind: 'postgres', url: postgres.url, poolSize: 4 });
let server: ApiProcess | undefined;
const streams: OpenLiveStream[] = [];
try {
  await database.migrate();
  await seedDemo(database.db, { password: 'bench-password' });
  const [organization] = await database.db.select().from(organizations).limit(1);
  const athletes = await database.db
    .insert(users)
    .values(
      Array.from({ length: streamCount }, (_, index) => ({
        organizationId: organization!.id,
        email: `bench-${index}@bench.test`,
        firstName: 'Bench',
        lastName: `Athlete ${index}`,
        role: 'athlete' as const,
        status: 'approved' as const,
      })),
    )
    .returning();
  const sessions = new Sessions(database.db);
  const tokens = await Promise.all(
    athletes.map(async (athlete) => (await sessions.startSession(athlete)).token),
  );

  server = await startApiProcess({ name: 'api', databaseUrl: postgres.url, dataDir });
  const baseUrl = server.baseUrl;
  const pid = server.process.child.pid!;
  await sleep(1_000);
  const rssBefore = rssKib(pid);

  for (let index = 0; index < tokens.length; index += 100) {
    const batch = tokens.slice(index, index + 100);
    streams.push(
      ...(await Promise.all(
        batch.map((token) => openLiveStream((to, init) => fetch(`${baseUrl}${to}`, init), token)),
      )),
    );
  }
  await sleep(2_000);
  const rssAfter = rssKib(pid);
  console.log(
    `[bench] ${streams.length} idle streams: server RSS ${Math.round(rssBefore / 1024)} → ${Math.round(rssAfter / 1024)} MiB, ` +
      `${((rssAfter - rssBefore) / streams.length).toFixed(1)} KiB per stream`,
  );

  const latencies: number[] = [];
  const athleteIds = athletes.map((athlete) => athlete.id);
  for (let change = 0; change < changeCount; change += 1) {
    const marker = uuidv7();
    const committedAt = performance.now();
    await database.db.transaction((tx) =>
      recordLiveEvents(tx, [
        {
          organizationId: organization!.id,
          kind: 'people',
          userIds: athleteIds,
          data: { userId: marker },
        },
      ]),
    );
    const arrivals = await Promise.all(
      streams.map(async (stream) => {
        const event = await stream.next((received) => received.data.data.userId === marker, 10_000);
        return event ? performance.now() - committedAt : undefined;
      }),
    );
    for (const arrival of arrivals) if (arrival !== undefined) latencies.push(arrival);
    const missing = arrivals.filter((arrival) => arrival === undefined).length;
    if (missing > 0) console.log(`[bench] change ${change}: ${missing} streams got nothing within 10 s`);
    await sleep(100);
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `[bench] ${changeCount} changes × ${streams.length} streams: commit → event p50 ${percentile(latencies, 50).toFixed(0)} ms, ` +
      `p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(0)} ms`,
  );
} finally {
  await Promise.all(streams.map((stream) => stream.close().catch(() => undefined)));
  await server?.process.stop(5_000);
  await database.close();
  await postgres.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
