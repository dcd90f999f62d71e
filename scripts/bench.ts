/**
 * `npm run bench`: throughput and latency of the API on the embedded PGlite and on PostgreSQL 15.
 *
 * For each database: start `server/index.ts` on port 3220 with a fresh DATA_DIR, sign in as the demo
 * coach, then load GET /api/health (no database) and GET /api/me (session lookup) with a fixed number of
 * connections, and finally GET /api/me at a fixed 1,000 req/s to read its p99 at that rate. Prints a
 * table and the aims next to the figures (never fails on them) and writes bench/results/latest.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import type { Result } from 'autocannon';
import { startAppServer } from './lib/app-server';
import { startPostgres } from './lib/postgres';
import { fromRoot } from './lib/project';

const port = Number(process.env.BENCH_PORT ?? 3220);
const connections = 20;
const warmUpSeconds = 2;
const durationSeconds = 10;
const fixedRate = 1_000;
const demoPassword = process.env.DEMO_PASSWORD ?? 'connect-demo';
/** What we want from PostgreSQL; printed next to the figures. */
const aims = { meToHealthRatio: 0.35, p99AtFixedRateMs: 25 };

type DatabaseName = 'PGlite' | 'PostgreSQL';

interface Measurement {
  database: DatabaseName;
  endpoint: string;
  /** `connections`: as fast as 20 connections go; `fixed-rate`: 1,000 req/s offered. */
  mode: 'connections' | 'fixed-rate';
  connections: number;
  offeredRate: number | null;
  durationSeconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface LoadOptions {
  url: string;
  token?: string;
  seconds: number;
  overallRate?: number;
}

async function load({ url, token, seconds, overallRate }: LoadOptions): Promise<Result> {
  return autocannon({
    url,
    connections,
    duration: seconds,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(overallRate
      ? {
          overallRate,
          // autocannon corrects for coordinated omission with an expected interval of ceil(1 / rate) ms,
          // i.e. 1 ms here, which adds t−1 made-up samples for every t ms response; report what was measured.
          ignoreCoordinatedOmission: true,
        }
      : {}),
  });
}

function measurement(
  database: DatabaseName,
  endpoint: string,
  mode: Measurement['mode'],
  seconds: number,
  result: Result,
  offeredRate: number | null = null,
): Measurement {
  return {
    database,
    endpoint,
    mode,
    connections,
    offeredRate,
    durationSeconds: seconds,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

async function signInAsCoach(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'coach@demo.test', password: demoPassword }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok)
    throw new Error(`Signing in as coach@demo.test failed: HTTP ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token?: unknown };
  if (typeof token !== 'string') throw new Error('POST /api/login answered without a token');
  const me = await fetch(`${baseUrl}/api/me`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(15_000),
  });
  if (!me.ok) throw new Error(`GET /api/me with the new token failed: HTTP ${me.status}`);
  await me.body?.cancel();
  return token;
}

async function benchmark(database: DatabaseName): Promise<Measurement[]> {
  console.log(`\n[bench] ${database}`);
  const postgres = database === 'PostgreSQL' ? await startPostgres({ durable: true }) : undefined;
  try {
    const server = await startAppServer({
      label: database.toLowerCase(),
      entry: 'server/index.ts',
      port,
      readyTimeoutMs: 120_000,
      env: {
        NODE_ENV: 'production',
        LOG_REQUESTS: 'false',
        DEMO_PASSWORD: demoPassword,
        DATABASE_URL: postgres?.url ?? '',
      },
    });
    try {
      const token = await signInAsCoach(server.baseUrl);
      const health = `${server.baseUrl}/api/health`;
      const me = `${server.baseUrl}/api/me`;
      const results: Measurement[] = [];

      for (const [endpoint, url, bearer] of [
        ['GET /api/health', health, undefined],
        ['GET /api/me', me, token],
      ] as const) {
        console.log(
          `[bench] ${database}: ${endpoint}, ${warmUpSeconds} s warm-up, then ${durationSeconds} s with ${connections} connections`,
        );
        await load({ url, token: bearer, seconds: warmUpSeconds });
        results.push(
          measurement(
            database,
            endpoint,
            'connections',
            durationSeconds,
            await load({ url, token: bearer, seconds: durationSeconds }),
          ),
        );
      }

      console.log(`[bench] ${database}: GET /api/me at ${fixedRate} req/s for ${durationSeconds} s`);
      await load({ url: me, token, seconds: warmUpSeconds, overallRate: fixedRate });
      const fixed = await load({ url: me, token, seconds: durationSeconds, overallRate: fixedRate });
      results.push(measurement(database, 'GET /api/me', 'fixed-rate', durationSeconds, fixed, fixedRate));

      const problems = results.filter((result) => result.non2xx + result.errors + result.timeouts > 0);
      for (const result of problems) {
        console.warn(
          `[bench] ${database} ${result.endpoint} (${result.mode}): ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
        );
      }
      return results;
    } finally {
      await server.stop();
    }
  } finally {
    await postgres?.stop();
  }
}

function printReport(results: Measurement[]): ReturnType<typeof summarise> {
  const rows = results.map((result) => [
    result.database,
    result.mode === 'fixed-rate' ? `${result.endpoint} @ ${result.offeredRate} req/s` : result.endpoint,
    String(result.requestsPerSecond),
    result.p50Ms.toFixed(1),
    result.p99Ms.toFixed(1),
    String(result.non2xx + result.errors + result.timeouts),
  ]);
  const header = ['database', 'endpoint', 'req/s', 'p50 ms', 'p99 ms', 'failed'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(
    `\nLoad: ${connections} connections, ${durationSeconds} s per run after a ${warmUpSeconds} s warm-up.`,
  );
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));

  const summary = summarise(results);
  console.log('');
  for (const { database, meToHealthRatio, p99AtFixedRateMs, achievedRate } of summary) {
    const aimed = database === 'PostgreSQL';
    const ratioAim = aimed
      ? `  (aim ≥ ${aims.meToHealthRatio}: ${meToHealthRatio >= aims.meToHealthRatio ? 'met' : 'missed'})`
      : '';
    const p99Aim = aimed
      ? `  (aim ≤ ${aims.p99AtFixedRateMs} ms: ${p99AtFixedRateMs <= aims.p99AtFixedRateMs ? 'met' : 'missed'})`
      : '';
    console.log(
      `${database.padEnd(10)} /api/me ÷ /api/health req/s = ${meToHealthRatio.toFixed(2)}${ratioAim}`,
    );
    const saturated =
      achievedRate < fixedRate * 0.95
        ? '; the server could not keep up, so this is its saturated latency'
        : '';
    console.log(
      `${''.padEnd(10)} p99 of /api/me at ${fixedRate} req/s = ${p99AtFixedRateMs.toFixed(1)} ms (achieved ${achievedRate} req/s${saturated})${p99Aim}`,
    );
  }
  return summary;
}

function summarise(results: Measurement[]) {
  const databases = [...new Set(results.map((result) => result.database))];
  return databases.map((database) => {
    const find = (endpoint: string, mode: Measurement['mode']) =>
      results.find(
        (result) => result.database === database && result.endpoint === endpoint && result.mode === mode,
      );
    const health = find('GET /api/health', 'connections');
    const me = find('GET /api/me', 'connections');
    const fixed = find('GET /api/me', 'fixed-rate');
    return {
      database,
      meToHealthRatio:
        health && me && health.requestsPerSecond > 0 ? me.requestsPerSecond / health.requestsPerSecond : 0,
      p99AtFixedRateMs: fixed?.p99Ms ?? Number.NaN,
      achievedRate: fixed?.requestsPerSecond ?? 0,
    };
  });
}

let exitCode = 0;
try {
  const results: Measurement[] = [];
  for (const database of ['PGlite', 'PostgreSQL'] as const) results.push(...(await benchmark(database)));
  const summary = printReport(results);

  const file = fromRoot('bench/results/latest.json');
  mkdirSync(fromRoot('bench/results'), { recursive: true });
  const machine = {
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
  };
  const report = {
    recordedAt: new Date().toISOString(),
    machine,
    load: { connections, warmUpSeconds, durationSeconds, fixedRate },
    aims: { database: 'PostgreSQL', ...aims },
    summary,
    results,
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n[bench] Figures written to ${file}`);
} catch (error) {
  console.error(`[bench] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  exitCode = 1;
}
process.exit(exitCode);
