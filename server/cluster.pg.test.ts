import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpsertLoggedSetRequest } from '../contract/tracking';
import { startApiProcess, type ApiProcess } from '../scripts/lib/api-process';
import { sleep } from '../scripts/lib/processes';
import { setBody, startLogs, writeHeaders } from '../scripts/lib/set-writes';
import { signInForToken } from '../scripts/lib/sign-in';
import { loggedSets } from './db/schema';
import { createTestContext, demoPassword, type TestContext } from './testing/test-app';

let t: TestContext;
let dataDir: string;
/** Every server process a test started: afterAll stops each (stopping twice is harmless). */
const servers: ApiProcess[] = [];
/** Aborts the write load's requests when the file ends, whatever state a failed test left it in. */
const teardown = new AbortController();

beforeAll(async () => {
  // Seeds the demo into this file's own database; the server process starts with SEED_DEMO=false.
  t = await createTestContext();
  if (!t.databaseUrl) throw new Error('This test needs a real PostgreSQL: run it with npm run test:pg');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'connect-cluster-'));
});
afterAll(async () => {
  teardown.abort();
  await Promise.all(servers.map((server) => server.process.stop(15_000)));
  rmSync(dataDir, { recursive: true, force: true });
  await t.close();
});

const listeningLine = /^Worker (\d+) is listening on port \d+\.$/;

/** The pids of the workers that said they listen, in order, once there are `count`. */
async function listeningWorkers(api: ApiProcess, count: number, timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  let pids: number[] = [];
  while (Date.now() < deadline) {
    pids = api.output.flatMap((line) => {
      const match = listeningLine.exec(line);
      return match ? [Number(match[1])] : [];
    });
    if (pids.length >= count) return pids;
    await sleep(100);
  }
  throw new Error(`${count} workers should listen within ${timeoutMs} ms; saw ${pids.join(', ') || 'none'}`);
}

/** A request on a connection of its own (no keep-alive): the primary hands each to the next worker. */
function getOnNewConnection(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { agent: false, headers: { authorization: `Bearer ${token}` }, timeout: 5_000 },
      (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.once('timeout', () => outgoing.destroy(new Error('timed out')));
    outgoing.once('error', reject);
    outgoing.end();
  });
}

/** The status of the first answer within `timeoutMs`: a connection handed to a worker as it died is reset. */
async function answered(url: string, token: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await getOnNewConnection(url, token);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
}

/** The real server with WORKERS=2 on the test's database: a primary and its two workers. */
async function startWorkers(name: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const server = await startApiProcess({
    name,
    databaseUrl: t.databaseUrl!,
    dataDir: path.join(dataDir, name),
    env: { DEMO_PASSWORD: demoPassword, WORKERS: '2', ...env },
  });
  servers.push(server);
  return server;
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// ——— The athlete's set writes, sent as the tracking outbox sends them ———

/** A set whose PUT was answered 2xx: times on performance.now(). */
interface AcknowledgedSet {
  setId: string;
  firstSentAt: number;
  acknowledgedAt: number;
  attempts: number;
  /** Answered with the stored answer of an earlier attempt (Idempotent-Replayed: true). */
  replayed: boolean;
}

/** What the load's writes were answered, and which sets were acknowledged. */
class WriteLedger {
  readonly acknowledged: AcknowledgedSet[] = [];
  /** Answers that are not 2xx and not to be retried: each would be a replay mistaken for a conflict. */
  readonly refused: string[] = [];
  /** Writes still unanswered 2xx when their attempts or time ran out. */
  readonly gaveUp: string[] = [];
  retries = 0;
  /** Each status, or the network error's code, by how often it was the outcome of an attempt. */
  readonly outcomes = new Map<string, number>();

  count(outcome: string) {
    this.outcomes.set(outcome, (this.outcomes.get(outcome) ?? 0) + 1);
  }
}

const writeAttempts = 30;
/** A write not acknowledged this long after its first attempt is given up (and fails the test). */
const writeDeadlineMs = 45_000;
/** The pause before sending again after a network error or a 5xx without Retry-After. */
const retryPauseMs = 250;

/**
 * One new set (a new UUIDv7 and a new Idempotency-Key), sent again with the same id, key and body after a
 * network error, a 5xx, or a 409 or 503 with Retry-After (after that many seconds), until it is answered 2xx.
 */
async function writeSetUntilAcknowledged(
  url: (setId: string) => string,
  token: string,
  body: UpsertLoggedSetRequest,
  ledger: WriteLedger,
): Promise<void> {
  const setId = uuidv7();
  const key = uuidv7();
  const payload = JSON.stringify(body);
  const firstSentAt = performance.now();
  for (let attempt = 1; ; attempt += 1) {
    if (attempt > 1) ledger.retries += 1;
    let pauseMs = retryPauseMs;
    try {
      const response = await fetch(url(setId), {
        method: 'PUT',
        headers: writeHeaders(token, key),
        body: payload,
        signal: AbortSignal.any([teardown.signal, AbortSignal.timeout(15_000)]),
      });
      const text = await response.text();
      ledger.count(String(response.status));
      if (response.ok) {
        ledger.acknowledged.push({
          setId,
          firstSentAt,
          acknowledgedAt: performance.now(),
          attempts: attempt,
          replayed: response.headers.get('idempotent-replayed') === 'true',
        });
        return;
      }
      const retryAfter = response.headers.get('retry-after');
      const retried = response.status >= 500 || (response.status === 409 && retryAfter !== null);
      if (!retried) {
        ledger.refused.push(
          `${response.status} on attempt ${attempt} of set ${setId}: ${text.slice(0, 300)}`,
        );
        return;
      }
      if (retryAfter !== null) pauseMs = Math.min((Number(retryAfter) || 1) * 1000, 5_000);
    } catch (error) {
      if (teardown.signal.aborted) return;
      const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
      ledger.count(cause?.code ?? (error instanceof Error ? error.name : 'error'));
    }
    if (attempt >= writeAttempts || performance.now() + pauseMs - firstSentAt > writeDeadlineMs) {
      ledger.gaveUp.push(
        `set ${setId} after ${attempt} attempts (${Math.round(performance.now() - firstSentAt)} ms)`,
      );
      return;
    }
    await sleep(pauseMs);
  }
}

/** Resolves once `check` holds; throws after `timeoutMs`. */
async function when(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await sleep(50);
  }
}

describe('WORKERS=2: two API processes on one port', () => {
  it(
    'answer on one port with shared sessions; a killed worker is replaced while the other answers',
    { timeout: 180_000 },
    async () => {
      const server = await startWorkers('api');
      const workers = await listeningWorkers(server, 2, 60_000);
      expect(new Set(workers).size).toBe(2);

      const token = await signInForToken(server.baseUrl, 'coach@demo.test', demoPassword);
      const me = `${server.baseUrl}/api/me`;
      // Four connections, taken in turn by the two workers: the session made on one is known to both.
      for (let round = 0; round < 4; round += 1) expect(await getOnNewConnection(me, token)).toBe(200);

      const [killed, survivor] = workers as [number, number];
      process.kill(killed, 'SIGKILL');
      await server.waitForOutput(new RegExp(`^Worker ${killed} exited \\(signal SIGKILL\\)`), 10_000);
      for (let round = 0; round < 4; round += 1) expect(await answered(me, token, 5_000)).toBe(200);

      const replacement = (await listeningWorkers(server, 3, 60_000))[2]!;
      expect([killed, survivor]).not.toContain(replacement);
      expect(isRunning(replacement)).toBe(true);
      for (let round = 0; round < 4; round += 1) expect(await getOnNewConnection(me, token)).toBe(200);

      // SIGTERM to the process group (as a service manager sends): the primary stops its workers and exits 0.
      expect(await server.process.stop(15_000)).toBe(0);
      await server.waitForOutput(/^SIGTERM received: stopping \d workers?\.$/, 1_000);
      expect([survivor, replacement].filter(isRunning)).toEqual([]);
    },
  );

  it(
    'a worker killed under a write load: the other keeps acknowledging, and every acknowledged set is stored once',
    { timeout: 240_000 },
    async () => {
      // A write whose worker died mid-way holds its Idempotency-Key for the lease: 2 s, so its replay applies it soon.
      const server = await startWorkers('api-load', { IDEMPOTENCY_LEASE_SECONDS: '2' });
      const workers = await listeningWorkers(server, 2, 60_000);
      const [killed, survivor] = workers as [number, number];
      const token = await signInForToken(server.baseUrl, 'athlete@demo.test', demoPassword);
      const { logIds, places } = await startLogs(server.baseUrl, token, 1);
      const logId = logIds[0]!;
      const setUrl = (setId: string) => `${server.baseUrl}/api/workout-logs/${logId}/sets/${setId}`;

      // Eight phones' outboxes (one athlete): each writes one new set after another, at most 150.
      const ledger = new WriteLedger();
      let stopWriting = false;
      let written = 0;
      const loops = Array.from({ length: 8 }, async () => {
        for (let count = 0; count < 150 && !stopWriting && !teardown.signal.aborted; count += 1) {
          const index = written++;
          await writeSetUntilAcknowledged(
            setUrl,
            token,
            setBody(places[index % places.length]!, index, index),
            ledger,
          );
        }
      });
      let killedAt = Number.NaN;
      let replacementListeningAt = Number.NaN;
      try {
        await when(() => ledger.acknowledged.length >= 24, 60_000, '24 sets should be acknowledged');
        killedAt = performance.now();
        process.kill(killed, 'SIGKILL');
        await server.waitForOutput(new RegExp(`^Worker ${killed} exited \\(signal SIGKILL\\)`), 10_000);
        const replacement = new RegExp(
          `^Worker (?!(?:${killed}|${survivor}) )\\d+ is listening on port \\d+\\.$`,
        );
        await server.waitForOutput(replacement, 60_000);
        replacementListeningAt = performance.now();
        // Writes go on a while after, to both the survivor and the replacement.
        await sleep(Math.max(3_000, killedAt + 8_000 - performance.now()));
      } finally {
        stopWriting = true;
        await Promise.all(loops);
      }

      const before = ledger.acknowledged.filter((set) => set.acknowledgedAt < killedAt);
      const after = ledger.acknowledged.filter((set) => set.acknowledgedAt >= killedAt);
      const survivorAlone = after.filter((set) => set.acknowledgedAt < replacementListeningAt);
      // Sent before the kill and acknowledged after it: some were on the killed worker.
      const acrossKill = after.filter((set) => set.firstSentAt < killedAt);
      const longestAcrossKill = Math.max(0, ...acrossKill.map((set) => set.acknowledgedAt - set.firstSentAt));
      const replays = ledger.acknowledged.filter((set) => set.replayed).length;
      const outcomes = [...ledger.outcomes]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([outcome, count]) => `${outcome}: ${count}`)
        .join(', ');
      console.log(
        `[cluster fault] sets acknowledged: ${before.length} before the kill, ${after.length} after ` +
          `(${survivorAlone.length} by the survivor alone, before the replacement listened ` +
          `${Math.round(replacementListeningAt - killedAt)} ms after the kill); retries: ${ledger.retries}; ` +
          `in flight at the kill: ${acrossKill.length}, the longest acknowledged ${Math.round(longestAcrossKill)} ms ` +
          `after its first attempt (${Math.max(0, ...acrossKill.map((set) => set.attempts))} attempts); ` +
          `answered with an earlier attempt's stored answer: ${replays}; ` +
          `attempts answered ${outcomes}; refused ${ledger.refused.length}, given up ${ledger.gaveUp.length}.`,
      );

      expect(ledger.refused).toEqual([]);
      expect(ledger.gaveUp).toEqual([]);
      expect(before.length).toBeGreaterThan(0);
      // The kill cut writes off mid-way (eight at a time, about half of them on each worker).
      expect(ledger.retries).toBeGreaterThan(0);
      expect(acrossKill.length).toBeGreaterThan(0);
      // The survivor kept acknowledging on its own; writes went on after the replacement listened.
      expect(survivorAlone.length).toBeGreaterThan(0);
      expect(after.length).toBeGreaterThan(survivorAlone.length);

      // Straight from the database: each acknowledged set once, and nothing else in the log.
      const acknowledgedIds = ledger.acknowledged.map((set) => set.setId);
      expect(new Set(acknowledgedIds).size).toBe(acknowledgedIds.length);
      const stored = await t.db
        .select({ id: loggedSets.id, rows: sql<number>`count(*)::int` })
        .from(loggedSets)
        .where(eq(loggedSets.logId, logId))
        .groupBy(loggedSets.id);
      const rowsById = new Map(stored.map((row) => [row.id, row.rows]));
      expect(acknowledgedIds.filter((id) => rowsById.get(id) !== 1)).toEqual([]);
      expect(stored.filter((row) => !acknowledgedIds.includes(row.id))).toEqual([]);
      expect(stored).toHaveLength(acknowledgedIds.length);
    },
  );
});
