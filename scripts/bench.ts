/**
 * `npm run bench`: throughput and latency of the API on the embedded PGlite and on PostgreSQL 15.
 *
 * For each database: start `server/index.ts` on port 3220 with a fresh DATA_DIR, sign in as the demo
 * coach, then load GET /api/health (no database) and GET /api/me (session lookup) with a fixed number of
 * connections, and finally GET /api/me at a fixed 1,000 req/s to read its p99 at that rate. On PostgreSQL
 * also the workout library (issue 13): an organisation of 2,000 exercises and 500 workouts, its lists,
 * searches and the read of a 12-block workout, one request at a time; and the schedule (issue 14): the Scale
 * Academy (500 athletes in 25 groups, two years of daily schedule), the month of its 50-athlete group and the
 * week of the whole organisation one request at a time, the gzip size of that month's answer, and the
 * `EXPLAIN (ANALYZE)` of the slowest statement those calendars send; and tracking (issue 15) on that academy's
 * ≈2.8 million logged sets: an athlete's two-year history of an exercise, the group's completed workouts of the
 * month, and upserting a set; and issue 16's throwing summary of an athlete with two years of throws (≈100,000
 * pitches and sensor throws, scripts/bench-throwing.ts); and on both databases a 20,000-row TrackMan file imported
 * (scripts/bench-imports.ts). Prints tables and the aims next to the
 * figures (never fails on them) and writes bench/results/latest.json.
 * `npm run bench -- --library` or `-- --schedule` measures only that part, on PostgreSQL.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import type { Result } from 'autocannon';
import { throwingAims, throwingBenchCase } from './bench-throwing';
import { benchImports, importAims, printImportBench, type ImportBench } from './bench-imports';
import { startAppServer } from './lib/app-server';
import { largeLibrary, makeLargeLibrary } from './lib/library-bench';
import { scaleAcademy } from './lib/scale-academy';
import {
  explainSlowest,
  makeScaleAcademyOn,
  payloadSize,
  scheduleAims,
  scheduleCases,
  schedulePath,
  type ExplainedQuery,
} from './lib/schedule-bench';
import { startPostgres } from './lib/postgres';
import { startedLogForUpserts, trackingAims, trackingReadCases } from './lib/tracking-bench';
import { fromRoot } from './lib/project';

const port = Number(process.env.BENCH_PORT ?? 3220);
const connections = 20;
const warmUpSeconds = 2;
const durationSeconds = 10;
const fixedRate = 1_000;
const demoPassword = process.env.DEMO_PASSWORD ?? 'connect-demo';
/** What we want from PostgreSQL; printed next to the figures. */
const aims = { meToHealthRatio: 0.35, p99AtFixedRateMs: 25 };
const libraryOnly = process.argv.includes('--library');
const scheduleOnly = process.argv.includes('--schedule');
const partOnly = libraryOnly || scheduleOnly;
/** Requests per library or schedule endpoint, one at a time after a warm-up. */
const libraryRequests = { warmUp: 30, measured: 300 };
const libraryAims = { listP95Ms: 20, readP95Ms: 10 };

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

async function signInAsCoach(baseUrl: string, email = 'coach@demo.test'): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok)
    throw new Error(`Signing in as ${email} failed: HTTP ${response.status} ${await response.text()}`);
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

interface LibraryTiming {
  endpoint: string;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** The p95 it should stay under; null for a row that is there for comparison. */
  aimMs: number | null;
  failed: number;
}

/** The value at or below which `percent` % of the (sorted) timings fall: nearest rank. */
function percentile(sorted: readonly number[], percent: number): number {
  return sorted[Math.max(0, Math.ceil((percent / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Times `path(i)` one request at a time: the latency a coach's screen sees, not the server's throughput. */
/** A read's path, or a write's method, path and JSON body. */
type TimedRequest = string | { method: 'PUT' | 'POST'; path: string; body: unknown };

async function timeRequests(
  baseUrl: string,
  token: string,
  endpoint: string,
  request: (index: number) => TimedRequest,
  aimMs: number | null,
): Promise<LibraryTiming> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const timings: number[] = [];
  let failed = 0;
  const total = libraryRequests.warmUp + libraryRequests.measured;
  for (let index = 0; index < total; index += 1) {
    const timed = request(index);
    const init =
      typeof timed === 'string'
        ? { headers }
        : { method: timed.method, headers, body: JSON.stringify(timed.body) };
    const startedAt = performance.now();
    const response = await fetch(`${baseUrl}${typeof timed === 'string' ? timed : timed.path}`, init);
    await response.arrayBuffer();
    const elapsed = performance.now() - startedAt;
    if (index < libraryRequests.warmUp) continue;
    if (!response.ok) failed += 1;
    timings.push(elapsed);
  }
  timings.sort((a, b) => a - b);
  return {
    endpoint,
    requests: timings.length,
    p50Ms: percentile(timings, 50),
    p95Ms: percentile(timings, 95),
    maxMs: timings.at(-1) ?? Number.NaN,
    aimMs,
    failed,
  };
}

/** The workout library on an organisation of 2,000 exercises and 500 workouts. */
async function benchLibrary(baseUrl: string, databaseUrl: string): Promise<LibraryTiming[]> {
  const madeAt = performance.now();
  const email = await makeLargeLibrary(databaseUrl, demoPassword);
  console.log(
    `[bench] PostgreSQL: library of ${largeLibrary.exerciseCount} exercises and ${largeLibrary.workoutCount} workouts made in ${((performance.now() - madeAt) / 1000).toFixed(1)} s`,
  );
  const token = await signInAsCoach(baseUrl, email);
  const found = await fetch(
    `${baseUrl}/api/workouts?q=${encodeURIComponent(largeLibrary.twelveBlockWorkout)}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const { data } = (await found.json()) as { data: { id: string; blockCount: number }[] };
  const twelveBlocks = data.find((workout) => workout.blockCount === 12);
  if (!twelveBlocks) throw new Error(`No 12-block workout called ${largeLibrary.twelveBlockWorkout}`);

  // Searches as a coach types them: common words, a number, two words, nothing found.
  const exerciseSearches = ['squat', 'PRESS', 'band', '0420', 'tempo row', 'sled'];
  const workoutSearches = ['lower', 'Arm Care', '012', 'bullpen 03', 'speed', 'zzz'];
  const pick = (terms: string[]) => (index: number) => encodeURIComponent(terms[index % terms.length]!);
  const { listP95Ms, readP95Ms } = libraryAims;
  const cases: [string, (index: number) => string, number | null][] = [
    // The floor on this machine: the session lookup every signed-in request makes, and nothing else.
    ['GET /api/me (for comparison)', () => '/api/me', null],
    ['GET /api/exercises (page 1 of 40)', () => '/api/exercises', listP95Ms],
    ['GET /api/exercises?page=30', () => '/api/exercises?page=30', listP95Ms],
    ['GET /api/exercises?category=lift', () => '/api/exercises?category=lift', listP95Ms],
    ['GET /api/exercises?q=… (search)', (i) => `/api/exercises?q=${pick(exerciseSearches)(i)}`, listP95Ms],
    ['GET /api/workouts (page 1 of 10)', () => '/api/workouts', listP95Ms],
    ['GET /api/workouts?q=… (search)', (i) => `/api/workouts?q=${pick(workoutSearches)(i)}`, listP95Ms],
    ['GET /api/workouts/{id} (12 blocks)', () => `/api/workouts/${twelveBlocks.id}`, readP95Ms],
  ];
  const timings: LibraryTiming[] = [];
  for (const [endpoint, path, aimMs] of cases) {
    console.log(`[bench] PostgreSQL: ${endpoint}, ${libraryRequests.measured} requests one at a time`);
    timings.push(await timeRequests(baseUrl, token, endpoint, path, aimMs));
  }
  return timings;
}

interface ScheduleReport {
  made: {
    seconds: number;
    athletes: number;
    groups: number;
    assignments: number;
    entries: number;
    logs: number;
    sets: number;
  };
  timings: LibraryTiming[];
  monthPayload: { items: number; bytes: number; gzipBytes: number };
  slowest: ExplainedQuery;
  /** Issue 15, on the same academy's logged sets. */
  tracking: LibraryTiming[];
  /** Issue 16: one athlete of the academy with two years of throws. */
  throwing: { seconds: number; pitches: number; sensorThrows: number; timings: LibraryTiming[] };
}

/** The schedule on the Scale Academy: calendars one request at a time, the month's size, the slowest plan. */
async function benchSchedule(baseUrl: string, databaseUrl: string): Promise<ScheduleReport> {
  console.log(`[bench] PostgreSQL: making ${scaleAcademy.name}`);
  const { counts, seconds } = await makeScaleAcademyOn(databaseUrl, demoPassword);
  console.log(
    `[bench] PostgreSQL: ${scaleAcademy.name} (${counts.entries.toLocaleString('en-US')} entries) made in ${seconds.toFixed(1)} s`,
  );
  const token = await signInAsCoach(baseUrl, scaleAcademy.coachEmail);
  const headers = { authorization: `Bearer ${token}` };
  const groups = (await (await fetch(`${baseUrl}/api/groups`, { headers })).json()) as {
    data: { id: string; name: string; memberCount: number }[];
  };
  const largeGroup = groups.data.find((group) => group.name === scaleAcademy.largeGroup.name);
  const users = (await (await fetch(`${baseUrl}/api/users?q=athlete-001`, { headers })).json()) as {
    data: { id: string }[];
  };
  if (!largeGroup || !users.data[0])
    throw new Error(`${scaleAcademy.name} has no ${scaleAcademy.largeGroup.name}`);
  const cases = scheduleCases({ largeGroupId: largeGroup.id, athleteId: users.data[0].id });
  const timings: LibraryTiming[] = [];
  for (const { endpoint, query, aimMs } of cases) {
    console.log(`[bench] PostgreSQL: ${endpoint}, ${libraryRequests.measured} requests one at a time`);
    timings.push(await timeRequests(baseUrl, token, endpoint, () => schedulePath(query), aimMs));
  }
  const monthPayload = await payloadSize(baseUrl, token, cases[0]!.query);
  console.log('[bench] PostgreSQL: EXPLAIN (ANALYZE) of what those calendars send');
  const slowest = await explainSlowest(databaseUrl, cases);

  const tracking: LibraryTiming[] = [];
  const ids = { largeGroupId: largeGroup.id, athleteId: users.data[0].id };
  for (const { endpoint, path, aimMs } of await trackingReadCases(baseUrl, token, ids)) {
    console.log(`[bench] PostgreSQL: ${endpoint}, ${libraryRequests.measured} requests one at a time`);
    tracking.push(await timeRequests(baseUrl, token, endpoint, () => path, aimMs));
  }
  const upserts = await startedLogForUpserts(baseUrl, token, ids.athleteId);
  console.log(`[bench] PostgreSQL: ${upserts.endpoint}, ${libraryRequests.measured} writes one at a time`);
  const upsert = (index: number) => ({ method: 'PUT' as const, ...upserts.request(index) });
  tracking.push(await timeRequests(baseUrl, token, upserts.endpoint, upsert, upserts.aimMs));

  const summary = await throwingBenchCase(databaseUrl);
  console.log(`[bench] PostgreSQL: ${summary.endpoint}, ${libraryRequests.measured} requests one at a time`);
  const throwing = {
    seconds: summary.made.seconds,
    pitches: summary.made.pitches,
    sensorThrows: summary.made.sensorThrows,
    timings: [await timeRequests(baseUrl, token, summary.endpoint, () => summary.path, summary.aimMs)],
  };
  return { made: { seconds, ...counts }, timings, monthPayload, slowest, tracking, throwing };
}

/** /api/health and /api/me under load (autocannon). */
async function loadApi(database: DatabaseName, baseUrl: string): Promise<Measurement[]> {
  const token = await signInAsCoach(baseUrl);
  const health = `${baseUrl}/api/health`;
  const me = `${baseUrl}/api/me`;
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
}

async function benchmark(database: DatabaseName): Promise<{
  results: Measurement[];
  library: LibraryTiming[];
  schedule?: ScheduleReport;
  imports?: ImportBench;
}> {
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
        EMBEDDED_DATABASE: 'pglite',
      },
    });
    try {
      const results = partOnly ? [] : await loadApi(database, server.baseUrl);
      const library = postgres && !scheduleOnly ? await benchLibrary(server.baseUrl, postgres.url) : [];
      const schedule =
        postgres && !libraryOnly ? await benchSchedule(server.baseUrl, postgres.url) : undefined;
      // Issue 16: a 20,000-row TrackMan file uploaded and committed, on each database.
      const imports = partOnly
        ? undefined
        : await benchImports(server.baseUrl, await signInAsCoach(server.baseUrl), database);
      return { results, library, schedule, imports };
    } finally {
      await server.stop();
    }
  } finally {
    await postgres?.stop();
  }
}

/** Lines of a table: the first `leftColumns` columns left-aligned, numbers right-aligned. */
function table(header: string[], rows: string[][], leftColumns: number): string[] {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column < leftColumns ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

function printLibraryReport(timings: LibraryTiming[]) {
  if (timings.length === 0) return;
  console.log(
    `\nWorkout library on PostgreSQL: ${largeLibrary.exerciseCount} exercises, ${largeLibrary.workoutCount} workouts; ${libraryRequests.measured} requests each, one at a time, after ${libraryRequests.warmUp} to warm up.`,
  );
  printTimings(timings);
}

/** One row per endpoint timed one request at a time, with its aim. */
function printTimings(timings: LibraryTiming[]) {
  const rows = timings.map((timing) => [
    timing.endpoint,
    timing.p50Ms.toFixed(1),
    timing.p95Ms.toFixed(1),
    timing.maxMs.toFixed(1),
    timing.aimMs === null ? '—' : `≤ ${timing.aimMs}: ${timing.p95Ms <= timing.aimMs ? 'met' : 'missed'}`,
    String(timing.failed),
  ]);
  for (const line of table(['endpoint', 'p50 ms', 'p95 ms', 'max ms', 'aim (p95)', 'failed'], rows, 1)) {
    console.log(line);
  }
}

function printScheduleReport(report: ScheduleReport | undefined) {
  if (!report) return;
  const { made, timings, monthPayload, slowest, tracking, throwing } = report;
  const number = (value: number) => value.toLocaleString('en-US');
  console.log(
    `\nSchedule on PostgreSQL: ${scaleAcademy.name}, ${number(made.athletes)} athletes in ${made.groups} groups, ` +
      `${number(made.assignments)} group assignments, ${number(made.entries)} entries (made in ${made.seconds.toFixed(1)} s); ` +
      `${libraryRequests.measured} requests each, one at a time, after ${libraryRequests.warmUp} to warm up.`,
  );
  printTimings(timings);
  const kib = monthPayload.gzipBytes / 1024;
  console.log(
    `\nThe month of ${scaleAcademy.largeGroup.name}: ${monthPayload.items} items, ${(monthPayload.bytes / 1024).toFixed(1)} KiB of JSON, ` +
      `${kib.toFixed(1)} KiB gzipped (aim ≤ ${scheduleAims.monthGzipKiB} KiB: ${kib <= scheduleAims.monthGzipKiB ? 'met' : 'missed'}).`,
  );
  // A long list of ids says nothing more after its first few: the JSON file keeps the whole text.
  const shortened = (text: string) =>
    text
      .replace(/\(\$(\d+)(?:, \$\d+)+, \$(\d+)\)/g, '($$$1, …, $$$2)')
      .replace(/'\{([^,}]+,[^,}]+),[^}]+\}'/g, "'{$1,…}'");
  console.log(
    `\nThe slowest statement (${slowest.endpoint}, ${slowest.executionMs.toFixed(2)} ms):\n${shortened(slowest.sql)}\n\n${shortened(slowest.plan)}`,
  );
  console.log(
    `\nTracking on PostgreSQL: the same academy's ${number(made.logs)} workout logs and ${number(made.sets)} logged sets; ` +
      `${libraryRequests.measured} requests each, one at a time, after ${libraryRequests.warmUp} to warm up.`,
  );
  printTimings(tracking);
  console.log(
    `\nThrowing on PostgreSQL: one athlete of the academy with ${number(throwing.pitches)} pitches and ` +
      `${number(throwing.sensorThrows)} sensor throws over two years (made in ${throwing.seconds.toFixed(1)} s); ` +
      `${libraryRequests.measured} requests, one at a time, after ${libraryRequests.warmUp} to warm up.`,
  );
  printTimings(throwing.timings);
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
  console.log(
    `\nLoad: ${connections} connections, ${durationSeconds} s per run after a ${warmUpSeconds} s warm-up.`,
  );
  for (const line of table(header, rows, 2)) console.log(line);

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
  const library: LibraryTiming[] = [];
  let schedule: ScheduleReport | undefined;
  const imports: ImportBench[] = [];
  const databases = partOnly ? (['PostgreSQL'] as const) : (['PGlite', 'PostgreSQL'] as const);
  for (const database of databases) {
    const measured = await benchmark(database);
    results.push(...measured.results);
    library.push(...measured.library);
    schedule ??= measured.schedule;
    if (measured.imports) imports.push(measured.imports);
  }
  const summary = partOnly ? [] : printReport(results);
  printLibraryReport(library);
  printScheduleReport(schedule);
  imports.forEach(printImportBench);

  // A run of one part keeps the last full run's figures.
  const file = fromRoot(
    libraryOnly
      ? 'bench/results/library-latest.json'
      : scheduleOnly
        ? 'bench/results/schedule-latest.json'
        : 'bench/results/latest.json',
  );
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
    aims: {
      database: 'PostgreSQL',
      ...aims,
      library: libraryAims,
      schedule: scheduleAims,
      tracking: trackingAims,
      throwing: throwingAims,
      imports: importAims,
    },
    summary,
    results,
    library: { ...largeLibrary, requests: libraryRequests, timings: library },
    imports,
    schedule: schedule && {
      ...schedule,
      slowest: { ...schedule.slowest, plan: schedule.slowest.plan.split('\n') },
    },
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n[bench] Figures written to ${file}`);
} catch (error) {
  console.error(`[bench] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  exitCode = 1;
}
process.exit(exitCode);
