/**
 * `npm run bench:load`: issue 30's load check, measured from outside as a user meets it. Not a test; it prints a
 * table and the aims next to it. In one run:
 * 1. the embedded default: `npm start` with no DATABASE_URL (since ADR 085 a PostgreSQL server it starts in a fresh DATA_DIR; `--compare-with` an older checkout runs PGlite there);
 * 2. a throwaway PostgreSQL 15 (durable), one API process (WORKERS=1);
 * 3. a fresh PostgreSQL 15 again, WORKERS=2.
 * Each case starts `npm start` (scripts/start.ts) on 127.0.0.1, signs in the demo coach and athletes, and loads it
 * with autocannon for `--seconds` (default 30) with `--connections` (default 200) after a 3 s warm-up. Half the
 * connections are the coach's screens, reading in turn what the dashboard ("This week", "Latest activity"), the
 * schedule (the organisation's week) and the users screen ask for; the other half the athletes' phones, writing one
 * new set after another: a PUT with a new UUIDv7 id, an Idempotency-Key and a Device-Time header, as the tracking
 * outbox sends it, spread over logs started on the coming entries of `--athletes` of the demo's athletes (default all
 * six: the team's morning rush), taken in turn. Each connection waits for its own answer only,
 * so the answered requests are not half and half: the share of each is printed below the table.
 * After the load, every set whose PUT was answered 2xx is looked for in its log (GET /api/workout-logs/{id}): one
 * that is missing is lost. Requests that had no answer within 10 s are autocannon's timeouts.
 *
 * `--only embedded` or `--only postgres` runs a subset; `--compare-with <checkout>` runs each case on that checkout
 * first, then on this one (before and after in one run); `--embedded-workers N` adds the embedded default with N API
 * processes; `BENCH_PORT` moves the server off port 3280.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { Request as LoadRequest, Result } from 'autocannon';
import { v7 as deviceId } from 'uuid';
import type { WeekStart } from '../contract/calendar-dates';
import type { TodayResponse } from '../contract/schedule';
import type { WorkoutLogResponse } from '../contract/tracking';
import { weekOf } from '../server/lib/calendar-days';
import { startAppServer } from './lib/app-server';
import { setBody, startLogs, writeHeaders, type SetPlace } from './lib/set-writes';
import { describeCheckout } from './lib/measured-apps';
import { repoRoot } from './lib/project';
import { startPostgres } from './lib/postgres';
import { getJson, signInForToken } from './lib/sign-in';

const port = Number(process.env.BENCH_PORT ?? 3280);
const demoPassword = process.env.DEMO_PASSWORD ?? 'connect-demo';
const warmUpSeconds = 3;
/** autocannon's `timeout`: a request without an answer after this many seconds counts as a timeout. */
const timeoutSeconds = 10;
/** Issue 30's aim for the embedded default; printed next to its row. */
const aims = { p99Ms: 1_500 } as const;
/** How many started logs (on the athletes' coming scheduled entries) the set writes spread over, at most. */
const maxLogs = 8;
/**
 * The demo organisation's approved athletes: a team's morning rush is each athlete's phone sending its own sets. One
 * phone's outbox sends one write at a time (ADR 036), so `--athletes 1` (every write one athlete's, all at once) is
 * a harsher load than any team makes: each athlete's writes queue behind its records lock (ADR 042, 084).
 */
const demoAthletes = [
  'athlete@demo.test',
  'tyler.brooks@demo.test',
  'diego.martinez@demo.test',
  'sam.whitaker@demo.test',
  'noah.kim@demo.test',
  'eli.thompson@demo.test',
];

const { values: options } = parseArgs({
  options: {
    connections: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '30' },
    only: { type: 'string' },
    athletes: { type: 'string', default: String(demoAthletes.length) },
    'compare-with': { type: 'string' },
    'embedded-workers': { type: 'string' },
  },
});
/** Another checkout (with node_modules), e.g. main before a change: each case runs on it first, then on this one. */
const compareWith = options['compare-with'] && path.resolve(options['compare-with']);
const connections = Number(options.connections);
const seconds = Number(options.seconds);
const athletes = Number(options.athletes);
/** Also the embedded default with this many API processes (WORKERS=N). */
const embeddedWorkers =
  options['embedded-workers'] === undefined ? undefined : Number(options['embedded-workers']);

/** The options' mistakes, said before anything starts. */
function checkOptions(): void {
  if (!Number.isInteger(connections) || connections < 1)
    throw new Error(`--connections must be a whole number ≥ 1, not ${options.connections}`);
  if (!Number.isInteger(seconds) || seconds < 1)
    throw new Error(`--seconds must be a whole number ≥ 1, not ${options.seconds}`);
  if (!Number.isInteger(athletes) || athletes < 1 || athletes > demoAthletes.length)
    throw new Error(
      `--athletes must be a whole number from 1 to ${demoAthletes.length}, not ${options.athletes}`,
    );
  if (embeddedWorkers !== undefined && (!Number.isInteger(embeddedWorkers) || embeddedWorkers < 2))
    throw new Error(`--embedded-workers must be a whole number ≥ 2, not ${options['embedded-workers']}`);
  if (options.only !== undefined && options.only !== 'embedded' && options.only !== 'postgres')
    throw new Error(`--only takes embedded or postgres, not ${options.only}`);
  if (compareWith && !existsSync(path.join(compareWith, 'node_modules')))
    throw new Error(`--compare-with ${compareWith}: not a checkout with node_modules installed`);
}

interface LoadCase {
  label: string;
  database: 'embedded' | 'postgres';
  /** The WORKERS variable given to `npm start`; undefined leaves it unset (the default). */
  workers?: number;
  /** The checkout whose `npm start` is measured. */
  root: string;
}

const databases = [
  { label: 'embedded default', database: 'embedded' as const },
  ...(embeddedWorkers
    ? [
        {
          label: `embedded default, WORKERS=${embeddedWorkers}`,
          database: 'embedded' as const,
          workers: embeddedWorkers,
        },
      ]
    : []),
  { label: 'PostgreSQL 15, WORKERS=1', database: 'postgres' as const, workers: 1 },
  { label: 'PostgreSQL 15, WORKERS=2', database: 'postgres' as const, workers: 2 },
].filter((loadCase) => options.only === undefined || loadCase.database === options.only);
const cases: LoadCase[] = databases.flatMap((loadCase) =>
  compareWith
    ? [
        { ...loadCase, label: `${loadCase.label}, ${describeCheckout(compareWith)}`, root: compareWith },
        { ...loadCase, label: `${loadCase.label}, ${describeCheckout(repoRoot)}`, root: repoRoot },
      ]
    : [{ ...loadCase, root: repoRoot }],
);

interface CaseResult {
  loadCase: LoadCase;
  result: Result;
  acknowledged: number;
  lost: number;
  /** Sets acknowledged during the warm-up and lost: not in the table, but never expected. */
  warmUpLost: number;
  /** Statuses answered, by kind of request: a breakdown for when non-2xx is not 0. */
  statuses: Record<RequestKind, Map<number, number>>;
  latencies: Record<RequestKind, number[]>;
  firstRefusals: Map<RequestKind, string>;
  nodeProcesses: number;
  /** The machine's 1-minute load average just before the load: other work on it skews the figures. */
  loadAverage: number;
}

type RequestKind = 'coach read' | 'set write';

/**
 * The coach's reads, as the screens ask for them: the dashboard's "This week" and "Latest activity", the schedule's
 * week of the whole organisation, and the users screen's first page.
 */
async function coachReads(baseUrl: string, coachToken: string): Promise<string[]> {
  const [today, settings] = await Promise.all([
    getJson<TodayResponse>(baseUrl, coachToken, '/api/schedule/today'),
    getJson<{ data: { weekStartsOn: WeekStart } }>(baseUrl, coachToken, '/api/settings'),
  ]);
  const week = weekOf(today.today, settings.data.weekStartsOn);
  const paths = [
    '/api/compliance/week',
    '/api/activities?size=6',
    `/api/schedule?${new URLSearchParams(week).toString()}`,
    '/api/users?page=0&size=25',
  ];
  // Each once before the load: a read that fails here would make the whole run meaningless.
  for (const path of paths) await getJson(baseUrl, coachToken, path);
  return paths;
}

/** A place to write sets in, with the sets written there so far: the next one's number. */
type BenchPlace = SetPlace & { written: number; athleteToken: string };

/** What one connection remembers between a write and its answer (autocannon keeps a context per connection). */
interface ConnectionContext {
  /** When the request was built, just before it was written to the connection. */
  sentAt?: number;
  setId?: string;
  logId?: string;
}

/** Acknowledged set ids by log, and what each kind of request was answered. */
class LoadLedger {
  readonly acknowledged = new Map<string, Set<string>>();
  readonly statuses: Record<RequestKind, Map<number, number>> = {
    'coach read': new Map(),
    'set write': new Map(),
  };
  readonly firstRefusals = new Map<RequestKind, string>();
  /** Milliseconds from sending to the answer, by kind: autocannon's histogram has both kinds together. */
  readonly latencies: Record<RequestKind, number[]> = { 'coach read': [], 'set write': [] };

  answered(kind: RequestKind, status: number, body: string, context: object) {
    const { sentAt } = context as ConnectionContext;
    if (sentAt !== undefined) this.latencies[kind].push(performance.now() - sentAt);
    this.statuses[kind].set(status, (this.statuses[kind].get(status) ?? 0) + 1);
    if ((status < 200 || status > 299) && !this.firstRefusals.has(kind)) {
      this.firstRefusals.set(kind, `${status} ${body.slice(0, 300)}`);
    }
  }

  acknowledge(logId: string, setId: string) {
    let ids = this.acknowledged.get(logId);
    if (!ids) this.acknowledged.set(logId, (ids = new Set()));
    ids.add(setId);
  }

  get acknowledgedCount(): number {
    return [...this.acknowledged.values()].reduce((sum, ids) => sum + ids.size, 0);
  }
}

/** What the connections send: the coach's reads in turn, or one new set after another. */
interface LoadSequences {
  coach: LoadRequest[];
  athlete: LoadRequest[];
}

/**
 * Half the connections are the coach's screens, each reading the four reads in turn; the other half the athletes'
 * phones, each writing one new set after another. Each half waits only for its own answers, as separate people's
 * devices do: slow writes do not slow the coach's reads down, nor the other way round.
 */
function loadSequences(
  coachToken: string,
  reads: string[],
  places: BenchPlace[],
  ledger: () => LoadLedger,
): LoadSequences {
  let written = 0;
  const coachHeaders = { authorization: `Bearer ${coachToken}`, accept: 'application/json' };
  const coach = reads.map((path): LoadRequest => ({
    method: 'GET',
    path,
    headers: coachHeaders,
    setupRequest: (request, context) => {
      (context as ConnectionContext).sentAt = performance.now();
      return request;
    },
    onResponse: (status, body, context) => ledger().answered('coach read', status, body, context),
  }));
  const write: LoadRequest = {
    method: 'PUT',
    setupRequest: (request, context) => {
      const index = written++;
      const place = places[index % places.length]!;
      const body = setBody(place, place.written, index);
      place.written += 1;
      const setId = deviceId();
      Object.assign(context as ConnectionContext, { sentAt: performance.now(), setId, logId: place.logId });
      return {
        ...request,
        path: `/api/workout-logs/${place.logId}/sets/${setId}`,
        headers: writeHeaders(place.athleteToken, deviceId()),
        body: JSON.stringify(body),
      };
    },
    onResponse: (status, body, context) => {
      ledger().answered('set write', status, body, context);
      const { setId, logId } = context as ConnectionContext;
      if (status >= 200 && status <= 299 && setId && logId) ledger().acknowledge(logId, setId);
    },
  };
  return { coach, athlete: [write] };
}

/** The lists' items taken in turn: the first of each, then the second of each, and so on. */
function interleave<T>(lists: T[][]): T[] {
  const longest = Math.max(...lists.map((list) => list.length));
  return Array.from({ length: longest }, (_, index) =>
    lists.flatMap((list) => list.slice(index, index + 1)),
  ).flat();
}

/** One new set written with fetch, outside the load, and noted as acknowledged. */
async function writeOneSet(baseUrl: string, place: BenchPlace, ledger: LoadLedger) {
  const setId = deviceId();
  const response = await fetch(`${baseUrl}/api/workout-logs/${place.logId}/sets/${setId}`, {
    method: 'PUT',
    headers: writeHeaders(place.athleteToken, deviceId()),
    body: JSON.stringify(setBody(place, place.written, place.written)),
    signal: AbortSignal.timeout(120_000),
  });
  place.written += 1;
  if (!response.ok) throw new Error(`A set write answered ${response.status}: ${await response.text()}`);
  ledger.acknowledge(place.logId, setId);
}

async function runLoad(baseUrl: string, sequences: LoadSequences, duration: number): Promise<Result> {
  let clients = 0;
  return autocannon({
    url: baseUrl,
    connections,
    duration,
    timeout: timeoutSeconds,
    requests: sequences.coach,
    // Every other connection is an athlete's phone (one autocannon run, so one latency histogram for both).
    setupClient: (client) => {
      if (clients++ % 2 === 1) client.setRequests(sequences.athlete);
    },
  });
}

/** Acknowledged sets that the server does not have: each log read back through the API after the load. */
async function lostSets(baseUrl: string, coachToken: string, ledger: LoadLedger): Promise<number> {
  let lost = 0;
  for (const [logId, acknowledged] of ledger.acknowledged) {
    const log = await getJson<WorkoutLogResponse>(baseUrl, coachToken, `/api/workout-logs/${logId}`);
    const kept = new Set(log.data.sets.map((loggedSet) => loggedSet.id));
    for (const setId of acknowledged) if (!kept.has(setId)) lost += 1;
  }
  return lost;
}

/** Node processes in the tree under `pid` (tsx, the server, and its workers when it forks them). */
function processCount(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    return 1 + children.reduce((sum, child) => sum + processCount(Number(child)), 0);
  } catch {
    return 0;
  }
}

async function measureCase(loadCase: LoadCase): Promise<CaseResult> {
  console.log(`\n[bench:load] ${loadCase.label}`);
  const postgres = loadCase.database === 'postgres' ? await startPostgres({ durable: true }) : undefined;
  try {
    const server = await startAppServer({
      label: 'load',
      entry: 'scripts/start.ts',
      cwd: loadCase.root,
      port,
      // The first start may build the web app.
      readyTimeoutMs: 300_000,
      env: {
        DEMO_PASSWORD: demoPassword,
        // Empty means unset: the embedded default and the default WORKERS, whatever this shell has.
        DATABASE_URL: postgres?.url ?? '',
        WORKERS: loadCase.workers === undefined ? '' : String(loadCase.workers),
      },
    });
    try {
      const coachToken = await signInForToken(server.baseUrl, 'coach@demo.test', demoPassword);
      const reads = await coachReads(server.baseUrl, coachToken);
      const logIds: string[] = [];
      const athletePlaces: BenchPlace[][] = [];
      for (const email of demoAthletes.slice(0, athletes)) {
        const athleteToken = await signInForToken(server.baseUrl, email, demoPassword);
        const started = await startLogs(server.baseUrl, athleteToken, Math.ceil(maxLogs / athletes));
        logIds.push(...started.logIds);
        athletePlaces.push(
          started.places.map((place): BenchPlace => ({ ...place, written: 0, athleteToken })),
        );
      }
      // Taken in turn: one athlete's place, then the next athlete's, so the writes spread over the team evenly.
      const places = interleave(athletePlaces);
      const nodeProcesses = processCount(server.pid);
      console.log(
        `[bench:load] ${places.length} places to write sets in ${logIds.length} started logs of ${athletes} ` +
          `athlete${athletes === 1 ? '' : 's'}; ` +
          `${nodeProcesses} node processes under npm start.`,
      );
      let ledger = new LoadLedger();
      const sequences = loadSequences(coachToken, reads, places, () => ledger);

      console.log(`[bench:load] Warm-up: ${warmUpSeconds} s with ${connections} connections (not counted).`);
      await runLoad(server.baseUrl, sequences, warmUpSeconds);
      const warmUp = ledger;
      // autocannon drops what is in flight when it stops, but the server still works through it: the load begins
      // when a read and a set sent now are answered, behind those (a set waits for the athlete's earlier ones).
      const drainStartedAt = performance.now();
      await Promise.all([
        getJson(server.baseUrl, coachToken, reads[0]!),
        ...athletePlaces.map((own) => writeOneSet(server.baseUrl, own[0]!, warmUp)),
      ]);
      console.log(
        `[bench:load] The warm-up's last requests were done after ${((performance.now() - drainStartedAt) / 1000).toFixed(1)} s.`,
      );
      if (warmUp.acknowledgedCount === 0) {
        throw new Error(
          `No set write was acknowledged during the warm-up: ${warmUp.firstRefusals.get('set write') ?? 'no answer'}`,
        );
      }
      ledger = new LoadLedger();
      const loadAverage = os.loadavg()[0] ?? 0;
      console.log(`[bench:load] Load: ${seconds} s with ${connections} connections.`);
      const result = await runLoad(server.baseUrl, sequences, seconds);
      const [lost, warmUpLost] = [
        await lostSets(server.baseUrl, coachToken, ledger),
        await lostSets(server.baseUrl, coachToken, warmUp),
      ];
      return {
        loadCase,
        result,
        acknowledged: ledger.acknowledgedCount,
        lost,
        warmUpLost,
        statuses: ledger.statuses,
        latencies: ledger.latencies,
        firstRefusals: ledger.firstRefusals,
        nodeProcesses,
        loadAverage,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await postgres?.stop();
  }
}

const number = (value: number) => value.toLocaleString('en-US');
const requestsPerSecond = (result: Result) => result.requests.total / seconds;

/** Lines of a table: the first column left-aligned, the others right-aligned. */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((width, column) => (column === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
    ...rows.map(line),
  ];
}

function printReport(results: CaseResult[]) {
  console.log(
    `\nMeasured from outside: ${connections} connections for ${seconds} s against npm start after a ${warmUpSeconds} s ` +
      `warm-up; half the connections read as the coach (compliance this week, latest activity, the organisation's ` +
      `week, the users list), half write new sets of ${athletes} athlete${athletes === 1 ? '' : 's'}. Requests: those ` +
      `answered; timeouts: no answer within ` +
      `${timeoutSeconds} s (the share is of the requests sent); p50 and p99 of the answered ones.`,
  );
  const rows = results.map(({ loadCase, result, acknowledged, lost }) => {
    // Of the requests sent: those answered and those that timed out.
    const timeoutShare = result.requests.sent > 0 ? (result.timeouts / result.requests.sent) * 100 : 0;
    return [
      loadCase.label,
      number(result.requests.total),
      number(Math.round(requestsPerSecond(result))),
      `${number(result.latency.p50)} ms`,
      `${number(result.latency.p99)} ms`,
      `${number(result.timeouts)} (${timeoutShare.toFixed(1)} %)`,
      // autocannon counts timeouts among its errors; the column keeps them apart.
      `${number(result.errors - result.timeouts)} / ${number(result.non2xx)}`,
      `${number(acknowledged)} / ${number(lost)}`,
    ];
  });
  const header = [
    'database',
    'requests',
    'per second',
    'p50',
    'p99',
    `timeouts (${timeoutSeconds} s)`,
    'errors / non-2xx',
    'sets acknowledged / lost',
  ];
  console.log('');
  for (const line of table(header, rows)) console.log(line);
  console.log('');

  for (const {
    loadCase,
    result,
    lost,
    warmUpLost,
    statuses,
    latencies,
    firstRefusals,
    nodeProcesses,
    loadAverage,
  } of results) {
    const answered = (kind: RequestKind) => {
      const counts = [...statuses[kind]]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}: ${number(count)}`)
        .join(', ');
      const sorted = [...latencies[kind]].sort((a, b) => a - b);
      const at = (percent: number) =>
        number(Math.round(sorted[Math.max(0, Math.ceil((percent / 100) * sorted.length) - 1)] ?? Number.NaN));
      return `${counts || 'none'} (p50 ${at(50)} ms, p99 ${at(99)} ms)`;
    };
    console.log(
      `${loadCase.label}: ${nodeProcesses} node processes under npm start, load average ${loadAverage.toFixed(1)} ` +
        `on ${os.availableParallelism()} cores before the load; coach reads answered ${answered('coach read')}; ` +
        `set writes answered ${answered('set write')}.`,
    );
    for (const [kind, refusal] of firstRefusals) console.log(`  first non-2xx ${kind}: ${refusal}`);
    if (warmUpLost > 0) console.log(`  ${warmUpLost} sets acknowledged during the warm-up are lost too.`);
    if (loadCase.database === 'embedded') {
      const misses = [
        result.timeouts > 0 && `${number(result.timeouts)} timeouts`,
        result.errors - result.timeouts > 0 && `${number(result.errors - result.timeouts)} errors`,
        result.non2xx > 0 && `${number(result.non2xx)} non-2xx`,
        result.latency.p99 > aims.p99Ms && `p99 ${number(result.latency.p99)} ms`,
        lost + warmUpLost > 0 && `${number(lost + warmUpLost)} sets lost`,
      ].filter(Boolean);
      console.log(
        `  aim: 0 timeouts, 0 errors, p99 ≤ ${number(aims.p99Ms)} ms, nothing lost: ${misses.length === 0 ? 'met' : `missed (${misses.join(', ')})`}`,
      );
    }
  }

  const ours = (workers: number) =>
    results.find(
      (entry) =>
        entry.loadCase.database === 'postgres' &&
        entry.loadCase.workers === workers &&
        entry.loadCase.root === repoRoot,
    );
  const [one, two] = [ours(1), ours(2)];
  if (one && two) {
    const ratio = requestsPerSecond(two.result) / requestsPerSecond(one.result);
    console.log(
      `\nPostgreSQL, 2 processes ÷ 1 in requests per second: ${number(Math.round(requestsPerSecond(two.result)))} ÷ ` +
        `${number(Math.round(requestsPerSecond(one.result)))} = ${ratio.toFixed(2)}`,
    );
  }
}

let exitCode = 0;
try {
  checkOptions();
  const results: CaseResult[] = [];
  for (const loadCase of cases) results.push(await measureCase(loadCase));
  printReport(results);
} catch (error) {
  console.error(`[bench:load] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  exitCode = 1;
}
process.exit(exitCode);
