/**
 * `npm run bench:workout-reader`: issue 28's workout reader through the running app on a PostgreSQL 15 it starts
 * (`--pglite` for the embedded database). Not a test. A 12-week program of 5 days × 8 exercises (480 rows, a sheet per
 * week) written as XLSX, posted to `/api/workoutreader` (parse, match, review) 30 times after a warm-up, then its
 * review saved as a program of 60 workouts once. Prints p50/p95 against the aim (p95 ≤ 500 ms). Then a Strong export of
 * 10,000 sets (400 sessions) for the demo athlete: read and reviewed, previewed as history, and committed (aims: ≤ 2 s
 * to preview, ≤ 5 s to commit), five times, each for another demo athlete.
 */
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import type { HistoryResult, ReaderPreview } from '../contract/workout-reader';
import { commitAsRead } from '../contract/workout-reader';
import { startAppServer } from './lib/app-server';
import { startPostgres } from './lib/postgres';
import { signInForToken } from './lib/sign-in';

const aimP95Ms = 500;
const logAims = { previewMs: 2000, commitMs: 5000 } as const;
const logRuns = 5;
const runs = { warmUp: 3, measured: 30 };
const weeks = 12;
const days = ['Monday', 'Tuesday', 'Thursday', 'Friday', 'Saturday'];
const exercises = [
  'Back Squat',
  'Bench Press',
  'Romanian Deadlift',
  'Chin-Up',
  'Split Squat',
  'Landmine Press',
  'Nordic Hamstring Curl',
  'Pallof Press',
];

/** A sheet per week, a row per exercise: Day, Exercise, Sets, Reps, %1RM (as a fraction, as Excel stores 75 %), Rest. */
async function programWorkbook(): Promise<Uint8Array> {
  const sheets = Array.from({ length: weeks }, (_, week) => {
    const data: SheetData = [['Day', 'Exercise', 'Sets', 'Reps', '% 1RM', 'Rest', 'Notes']];
    for (const day of days) {
      exercises.forEach((exercise, index) => {
        const lift = index < 2;
        data.push([
          index === 0 ? day : null,
          `${String.fromCharCode(65 + Math.floor(index / 2))}${(index % 2) + 1}. ${exercise}`,
          lift ? 4 : 3,
          lift ? String(8 - Math.floor(week / 3)) : '8-10',
          lift ? 0.65 + week * 0.02 : null,
          lift ? 150 : 60,
          week % 4 === 3 ? 'Deload: keep it crisp' : null,
        ]);
      });
    }
    return { sheet: `Week ${week + 1}`, data };
  });
  return new Uint8Array(await writeXlsxFile(sheets).toBuffer());
}

/** A Strong export: 400 sessions of 5 lifts × 5 sets, two days apart, loads creeping up. */
function strongExport(): string {
  const lifts = [
    'Squat (Barbell)',
    'Bench Press (Barbell)',
    'Deadlift (Barbell)',
    'Overhead Press (Barbell)',
    'Pull Up',
  ];
  const lines = [
    'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
  ];
  const start = Date.UTC(2022, 0, 3);
  for (let session = 0; session < 400; session += 1) {
    const date = new Date(start + session * 2 * 86_400_000).toISOString().slice(0, 10);
    for (const [index, lift] of lifts.entries()) {
      for (let set = 1; set <= 5; set += 1) {
        const weight = index === 4 ? 0 : 95 + index * 20 + Math.floor(session / 4) * 5;
        lines.push(
          `${date} 17:30:00,Session ${session % 3 === 0 ? 'A' : 'B'},1h 2m,${lift},${set},${weight},5,0,0,,,${set === 5 ? 8.5 : ''}`,
        );
      }
    }
  }
  return lines.join('\n');
}

async function postForm<T>(
  baseUrl: string,
  token: string,
  path: string,
  fields: Record<string, string | Blob>,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text.slice(0, 400)}`);
  return JSON.parse(text) as T;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function readProgram(baseUrl: string, token: string, bytes: Uint8Array): Promise<ReaderPreview> {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], 'season.xlsx'));
  const response = await fetch(`${baseUrl}/api/workoutreader`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`POST /api/workoutreader answered ${response.status}: ${text.slice(0, 400)}`);
  return (JSON.parse(text) as { preview: ReaderPreview }).preview;
}

async function main() {
  const password = process.env.DEMO_PASSWORD ?? 'connect-demo';
  const postgres = process.argv.includes('--pglite') ? undefined : await startPostgres({ durable: true });
  const database = postgres ? 'PostgreSQL 15' : 'PGlite';
  const server = await startAppServer({
    label: 'workout-reader',
    entry: 'server/index.ts',
    port: Number(process.env.BENCH_PORT ?? 3229),
    readyTimeoutMs: 120_000,
    env: {
      NODE_ENV: 'production',
      LOG_REQUESTS: 'false',
      DEMO_PASSWORD: password,
      DATABASE_URL: postgres?.url ?? '',
      EMBEDDED_DATABASE: 'pglite',
    },
  });
  try {
    const token = await signInForToken(server.baseUrl, 'coach@demo.test', password);
    const bytes = await programWorkbook();
    const times: number[] = [];
    let preview: ReaderPreview | undefined;
    for (let run = 0; run < runs.warmUp + runs.measured; run += 1) {
      const startedAt = performance.now();
      preview = await readProgram(server.baseUrl, token, bytes);
      if (run >= runs.warmUp) times.push(performance.now() - startedAt);
    }
    const rows = preview!.workouts.reduce(
      (sum, workout) => sum + workout.blocks.reduce((count, block) => count + block.exercises.length, 0),
      0,
    );
    if (rows !== weeks * days.length * exercises.length || preview!.problemCount > 0)
      throw new Error(`The review read ${rows} exercises with ${preview!.problemCount} problems`);
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    console.log(
      `\nWorkout reader on ${database}: a ${weeks}-week program, ${days.length} days × ${exercises.length} exercises ` +
        `(${rows} rows, ${(bytes.byteLength / 1024).toFixed(1)} KiB XLSX), ${runs.measured} requests after ${runs.warmUp}.`,
    );
    console.log(
      `POST /api/workoutreader (read, match, review): p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms ` +
        `(aim p95 ≤ ${aimP95Ms} ms: ${p95 <= aimP95Ms ? 'met' : 'missed'})`,
    );

    const request = commitAsRead(preview!, 'program', 'Benchmark Season');
    const startedAt = performance.now();
    const response = await fetch(`${server.baseUrl}/api/workoutreader/commit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    const elapsed = performance.now() - startedAt;
    if (response.status !== 201)
      throw new Error(`The commit answered ${response.status}: ${await response.text()}`);
    console.log(
      `POST /api/workoutreader/commit (${request.workouts.length} workouts and their program, one transaction): ${elapsed.toFixed(0)} ms`,
    );

    // The athlete's old log: 10,000 sets from Strong.
    const content = strongExport();
    const file = () => new File([content], 'strong.csv', { type: 'text/csv' });
    const review = (
      await postForm<{ preview: ReaderPreview }>(server.baseUrl, token, '/api/workoutreader', {
        file: file(),
      })
    ).preview;
    // A fresh history each run: the file imported again for the same athlete adds nothing (its sessions are found).
    const athletes = (await (
      await fetch(`${server.baseUrl}/api/users?role=athlete&size=${logRuns}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { id: string }[] };
    if (athletes.data.length < logRuns)
      throw new Error(`The demo has ${athletes.data.length} athletes; the bench needs ${logRuns}`);
    const choicesOf = (preview: ReaderPreview) =>
      preview.exercises.map((entry) =>
        entry.match
          ? { key: entry.key, exerciseId: entry.match.exerciseId }
          : entry.candidates[0] && entry.candidates[0].score >= 0.6
            ? { key: entry.key, exerciseId: entry.candidates[0].exerciseId }
            : {
                key: entry.key,
                create: {
                  name: `${entry.name} (imported)`,
                  category: 'lift' as const,
                  measures: entry.measures,
                },
              },
      );
    const previews: number[] = [];
    const commits: number[] = [];
    for (let run = 0; run < logRuns; run += 1) {
      // Exercises the first run made are in the library now: each run reviews the file again.
      const again = (
        await postForm<{ preview: ReaderPreview }>(server.baseUrl, token, '/api/workoutreader', {
          file: file(),
        })
      ).preview;
      const fields = { athleteId: athletes.data[run]!.id, exercises: JSON.stringify(choicesOf(again)) };
      let startedAt = performance.now();
      const preview = await postForm<HistoryResult>(server.baseUrl, token, '/api/workoutreader/history', {
        ...fields,
        file: file(),
      });
      previews.push(performance.now() - startedAt);
      if (preview.data.sets !== 10_000) throw new Error(`The preview adds ${preview.data.sets} sets`);
      startedAt = performance.now();
      const saved = await postForm<HistoryResult>(server.baseUrl, token, '/api/workoutreader/history', {
        ...fields,
        file: file(),
        confirm: 'true',
      });
      commits.push(performance.now() - startedAt);
      if (saved.data.sets !== 10_000) throw new Error(`The commit added ${saved.data.sets} sets`);
      console.log(
        `[bench] history run ${run + 1}/${logRuns}: preview ${previews.at(-1)!.toFixed(0)} ms, commit ${commits.at(-1)!.toFixed(0)} ms (${saved.data.sessions.added} sessions added)`,
      );
    }
    previews.sort((a, b) => a - b);
    commits.sort((a, b) => a - b);
    console.log(
      `\nHistory from a Strong export of 10,000 sets (${review.log!.sessionCount} sessions, ${(content.length / 1024).toFixed(0)} KiB), ${logRuns} runs:`,
    );
    console.log(
      `POST /api/workoutreader/history (read, check, count what is new and the maxes): median ${percentile(previews, 50).toFixed(0)} ms, slowest ${previews.at(-1)!.toFixed(0)} ms (aim ≤ ${logAims.previewMs} ms)`,
    );
    console.log(
      `POST /api/workoutreader/history confirm=true (one transaction): median ${percentile(commits, 50).toFixed(0)} ms, slowest ${commits.at(-1)!.toFixed(0)} ms (aim ≤ ${logAims.commitMs} ms)`,
    );
  } finally {
    await server.stop();
    await postgres?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[bench] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
