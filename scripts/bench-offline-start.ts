/**
 * `npm run bench:offline-start`: how long a start takes with no network, after one online visit (issue 29: "offline
 * cold start stays under 500 ms"). Not a test. For each checkout, on a phone-sized page with the service worker
 * allowed: a signed-out device that opened /login once, then the demo athlete's after signing in (until the device is
 * usable offline, ADR 080, and the dashboard's data is on it). Offline, each screen is opened `--runs` times (default
 * 5), each in a fresh tab. Printed per screen, medians: navigation → document served by the worker, → first
 * contentful paint, → the screen is usable.
 *
 * `npm run bench:offline-start -- --compare-with <checkout> --runs 7` measures another checkout beside this one.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { chromiumExecutable, launchBrowser, waitUntilUsableOffline } from '../e2e/support/browser';
import type { MeasuredApp } from './lib/measured-apps';
import { median, readMeasureOptions, signInDemoUser, startMeasuredApps, stopAll } from './lib/measured-apps';

const port = Number(process.env.BENCH_PORT ?? 3260);

interface OfflineScreen {
  path: string;
  /** Resolves when the screen a person came for is shown. */
  shown(page: Page): Promise<unknown>;
}

/** A device that visited the sign-in page: the screens a signed-out person opens. */
const publicScreens: readonly OfflineScreen[] = [
  { path: '/login', shown: (page) => page.getByRole('button', { name: /sign in/i }).waitFor() },
  {
    path: '/terms-of-service',
    shown: (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
  },
];

/** The demo athlete's phone after one signed-in visit. */
const signedInScreens: readonly OfflineScreen[] = [
  {
    path: '/app/dashboard',
    shown: (page) => page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor(),
  },
];

interface StartTiming {
  /** Navigation start → the worker has served the document. */
  document: number;
  /** Navigation start → first contentful paint (the boot screen counts). */
  firstPaint: number;
  /** Navigation start → the screen's heading or form is shown. */
  shown: number;
}

async function timeStart(
  context: BrowserContext,
  screen: OfflineScreen,
  baseUrl: string,
): Promise<StartTiming> {
  const page = await context.newPage();
  try {
    const started = Date.now();
    await page.goto(`${baseUrl}${screen.path}`, { waitUntil: 'commit' });
    await screen.shown(page);
    const shown = Date.now() - started;
    const marks = await page.evaluate(
      () =>
        new Promise<{ document: number; firstPaint: number }>((resolve) => {
          // Read untyped: the scripts' types have no DOM. The paint entry may come a frame after the screen shows.
          const { performance, PerformanceObserver, setTimeout } = globalThis as unknown as {
            performance: { getEntriesByType(type: string): { responseEnd: number }[] };
            PerformanceObserver: new (callback: (list: { getEntries(): Entry[] }) => void) => {
              observe(options: { type: string; buffered: boolean }): void;
            };
            setTimeout: (callback: () => void, ms: number) => void;
          };
          type Entry = { name: string; startTime: number };
          const document = performance.getEntriesByType('navigation')[0]?.responseEnd ?? Number.NaN;
          new PerformanceObserver((list) => {
            const paint = list.getEntries().find((entry) => entry.name === 'first-contentful-paint');
            if (paint) resolve({ document, firstPaint: paint.startTime });
          }).observe({ type: 'paint', buffered: true });
          setTimeout(() => resolve({ document, firstPaint: Number.NaN }), 2000);
        }),
    );
    return { ...marks, shown };
  } finally {
    await page.close();
  }
}

/** Opens each screen offline `runs` times, each in a fresh tab, after one start that is not counted. */
async function timeOfflineStarts(
  context: BrowserContext,
  screens: readonly OfflineScreen[],
  baseUrl: string,
  runs: number,
  timings: Map<string, StartTiming[]>,
): Promise<void> {
  await context.setOffline(true);
  // The worker's first wake-up after its install is not what a person's later starts cost.
  for (const screen of screens) await timeStart(context, screen, baseUrl);
  for (let run = 0; run < runs; run += 1) {
    for (const screen of screens) {
      const timing = await timeStart(context, screen, baseUrl);
      timings.set(screen.path, [...(timings.get(screen.path) ?? []), timing]);
    }
  }
}

async function measureApp(app: MeasuredApp, runs: number): Promise<Map<string, StartTiming[]>> {
  const browser = await launchBrowser();
  const phone = { serviceWorkers: 'allow', viewport: { width: 390, height: 844 } } as const;
  const timings = new Map<string, StartTiming[]>();
  try {
    const signedOut = await browser.newContext(phone);
    const visit = await signedOut.newPage();
    await visit.goto(`${app.baseUrl}/login`);
    await waitUntilUsableOffline(visit);
    await timeOfflineStarts(signedOut, publicScreens, app.baseUrl, runs, timings);
    await signedOut.close();

    const signedIn = await browser.newContext(phone);
    const athlete = await signedIn.newPage();
    await signInDemoUser(athlete, app.baseUrl, 'athlete@demo.test');
    await waitUntilUsableOffline(athlete);
    await athlete.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
    // The offline cache is written at most once a second (ADR 016): wait for the write after the dashboard's reads.
    await athlete.waitForTimeout(2500);
    await timeOfflineStarts(signedIn, signedInScreens, app.baseUrl, runs, timings);
    await signedIn.close();
    return timings;
  } finally {
    await browser.close();
  }
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;

console.log(`[bench:offline-start] Chromium: ${chromiumExecutable}`);
let exitCode = 0;
const options = readMeasureOptions(5);
const apps = await startMeasuredApps('offline-start', port, options);
try {
  const measured: { app: MeasuredApp; timings: Map<string, StartTiming[]> }[] = [];
  for (const app of apps) measured.push({ app, timings: await measureApp(app, options.runs) });

  console.log(`\nOffline start after one online visit, phone viewport, medians of ${options.runs} runs:`);
  console.log(
    '  document = served by the worker, paint = first contentful paint, shown = the screen is usable',
  );
  for (const { app, timings } of measured) {
    console.log(`\n  ${app.label}`);
    console.log(
      `  ${'screen'.padEnd(22)}${'document'.padStart(12)}${'paint'.padStart(12)}${'shown'.padStart(12)}`,
    );
    for (const [path, runs] of timings) {
      const cell = (pick: (timing: StartTiming) => number) => ms(median(runs.map(pick))).padStart(12);
      console.log(
        `  ${path.padEnd(22)}${cell((t) => t.document)}${cell((t) => t.firstPaint)}${cell((t) => t.shown)}`,
      );
    }
  }
} catch (error) {
  console.error(
    `[bench:offline-start] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  exitCode = 1;
} finally {
  await stopAll(apps);
}
process.exit(exitCode);
