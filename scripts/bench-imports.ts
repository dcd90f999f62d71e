/**
 * Issue 16's import bench: a 20,000-row TrackMan file uploaded (parsed, checked, previewed) and committed (the
 * workout's pitches replaced in one transaction), through the running app, five times each; prints the median
 * and the slowest of each next to the aim (under 2 s). `npm run bench` calls benchImports on each database it
 * starts; `npx tsx scripts/bench-imports.ts [--postgres]` starts the app on PGlite (or PostgreSQL) and runs only this.
 */
import { pathToFileURL } from 'node:url';
import { pitchingLimits } from '../contract/pitching';
import { trackmanCsv } from '../server/imports/trackman-sample';
import { startAppServer } from './lib/app-server';
import { startPostgres } from './lib/postgres';
import { signInForToken } from './lib/sign-in';

export const importAims = { uploadMs: 2000, commitMs: 2000 } as const;
const runs = 5;
const rows = pitchingLimits.importRows;
/** A commit holds at most a workout's pitches (issue 22): the file of 20,000 is previewed, one of 1,000 committed. */
const committedRows = pitchingLimits.perWorkout;

export interface ImportTiming {
  step: string;
  runs: number;
  medianMs: number;
  maxMs: number;
  aimMs: number;
}

export interface ImportBench {
  database: string;
  rows: number;
  fileBytes: number;
  timings: ImportTiming[];
}

interface Json {
  [key: string]: unknown;
}

async function call(baseUrl: string, token: string, path: string, init: RequestInit = {}): Promise<Json> {
  const response = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as Json;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Uploads and commits the file `runs` times into one of the demo's completed workouts, as the coach. */
export async function benchImports(baseUrl: string, token: string, database: string): Promise<ImportBench> {
  const completed = await call(baseUrl, token, '/api/completed-workouts?size=1');
  const [workout] = completed.data as { logId: string }[];
  if (!workout) throw new Error('The demo organisation has no completed workout to import into');
  const content = trackmanCsv(rows);
  const fileBytes = Buffer.byteLength(content);
  const upload: number[] = [];
  const commit: number[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const form = new FormData();
    form.set('file', new File([content], 'trackman-20000.csv', { type: 'text/csv' }));
    form.set('logId', workout.logId);
    let startedAt = performance.now();
    const preview = (await call(baseUrl, token, '/api/imports/pitches', { method: 'POST', body: form }))
      .import as { id: string; validCount: number; status: string };
    upload.push(performance.now() - startedAt);
    if (preview.status !== 'ready' || preview.validCount !== rows) {
      throw new Error(`The preview is ${preview.status} with ${preview.validCount} of ${rows} rows valid`);
    }
    const workoutFile = new FormData();
    workoutFile.set(
      'file',
      new File([trackmanCsv(committedRows)], 'trackman-1000.csv', { type: 'text/csv' }),
    );
    workoutFile.set('logId', workout.logId);
    const committable = (
      await call(baseUrl, token, '/api/imports/pitches', { method: 'POST', body: workoutFile })
    ).import as { id: string };
    startedAt = performance.now();
    const result = await call(baseUrl, token, `/api/imports/pitches/${committable.id}/commit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    commit.push(performance.now() - startedAt);
    if (result.imported !== committedRows)
      throw new Error(`The commit saved ${String(result.imported)} of ${committedRows} rows`);
    console.log(
      `[bench] ${database}: import run ${run}/${runs}: upload and preview ${upload.at(-1)!.toFixed(0)} ms, commit ${commit.at(-1)!.toFixed(0)} ms (replaced ${String(result.replaced)})`,
    );
  }
  const timing = (step: string, values: number[], aimMs: number): ImportTiming => ({
    step,
    runs: values.length,
    medianMs: median(values),
    maxMs: Math.max(...values),
    aimMs,
  });
  return {
    database,
    rows,
    fileBytes,
    timings: [
      timing(
        `POST /api/imports/pitches (${rows.toLocaleString('en-US')} TrackMan rows: parse, check, preview)`,
        upload,
        importAims.uploadMs,
      ),
      timing(
        `POST /api/imports/pitches/{id}/commit (replace a workout's ${committedRows.toLocaleString('en-US')} pitches)`,
        commit,
        importAims.commitMs,
      ),
    ],
  };
}

export function printImportBench(bench: ImportBench) {
  console.log(
    `\nImports on ${bench.database}: a ${bench.rows.toLocaleString('en-US')}-row TrackMan file (${(bench.fileBytes / 1024 / 1024).toFixed(1)} MB), ${runs} runs each.`,
  );
  for (const timing of bench.timings) {
    const met =
      timing.maxMs <= timing.aimMs ? 'met' : timing.medianMs <= timing.aimMs ? 'median met' : 'missed';
    console.log(
      `${timing.step}: median ${timing.medianMs.toFixed(0)} ms, slowest ${timing.maxMs.toFixed(0)} ms (aim < ${timing.aimMs} ms: ${met})`,
    );
  }
}

/** Run by itself: the app on PGlite, or with `--postgres` on a PostgreSQL 15 it starts, on its own port. */
async function main() {
  const password = process.env.DEMO_PASSWORD ?? 'connect-demo';
  const postgres = process.argv.includes('--postgres') ? await startPostgres({ durable: true }) : undefined;
  try {
    await runOn(postgres?.url, password);
  } finally {
    await postgres?.stop();
  }
}

async function runOn(databaseUrl: string | undefined, password: string) {
  const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const server = await startAppServer({
    label: `imports-${database.toLowerCase()}`,
    entry: 'server/index.ts',
    port: Number(process.env.BENCH_PORT ?? 3227),
    readyTimeoutMs: 120_000,
    env: {
      NODE_ENV: 'production',
      LOG_REQUESTS: 'false',
      DEMO_PASSWORD: password,
      DATABASE_URL: databaseUrl ?? '',
      EMBEDDED_DATABASE: 'pglite',
    },
  });
  try {
    const token = await signInForToken(server.baseUrl, 'coach@demo.test', password);
    printImportBench(await benchImports(server.baseUrl, token, database));
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`[bench] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
}
