/**
 * `npm run bench:start`: how long a phone waits for its first screen (issue 29). Not a test; it prints medians.
 * For each checkout, on a phone-sized page:
 * - **First visit, throttled**: no cache and no service worker, over Lighthouse's mobile link (150 ms round trip,
 *   1.6 Mbit/s down, 750 kbit/s up) with the CPU slowed 4×, applied by Chromium itself rather than simulated.
 *   /login signed out, and /app/dashboard with the demo athlete's token on the device.
 * - **Offline start** ("offline cold start stays under 500 ms"): a signed-out device that opened /login once,
 *   then the demo athlete's after signing in (until the device is usable offline, ADR 080, and the dashboard's
 *   data is on it). Offline, unthrottled, each screen in a fresh tab.
 * Each screen is opened `--runs` times (default 5). Printed: navigation → document received, → first contentful
 * paint, → the screen is usable.
 *
 * `npm run bench:start -- --compare-with <checkout> --runs 7` measures another checkout beside this one, the two
 * taking turns run by run.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumExecutable, launchBrowser, waitUntilUsableOffline } from '../e2e/support/browser';
import { tokenStorageKey } from '../src/lib/auth/token-storage-key';
import type { MeasuredApp } from './lib/measured-apps';
import { median, readMeasureOptions, signInDemoUser, startMeasuredApps, stopAll } from './lib/measured-apps';

const port = Number(process.env.BENCH_PORT ?? 3260);
const viewport = { width: 390, height: 844 };

interface StartScreen {
  path: string;
  /** Resolves when the screen a person came for is shown. */
  shown(page: Page): Promise<unknown>;
}

/** A device that visited the sign-in page: the screens a signed-out person opens. */
const publicScreens: readonly StartScreen[] = [
  { path: '/login', shown: (page) => page.getByRole('button', { name: /sign in/i }).waitFor() },
  {
    path: '/terms-of-service',
    shown: (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
  },
];

/** The demo athlete's phone after one signed-in visit. */
const signedInScreens: readonly StartScreen[] = [
  {
    path: '/app/dashboard',
    shown: (page) => page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor(),
  },
];

interface StartTiming {
  /** Navigation start → the document has been received (from the worker, offline). */
  document: number;
  /** Navigation start → first contentful paint. */
  firstPaint: number;
  /** Navigation start → the screen's heading or form is shown. */
  shown: number;
}

async function timeStart(
  context: BrowserContext,
  screen: StartScreen,
  baseUrl: string,
  prepare?: (page: Page) => Promise<void>,
): Promise<StartTiming> {
  const page = await context.newPage();
  try {
    await prepare?.(page);
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
          setTimeout(() => resolve({ document, firstPaint: Number.NaN }), 5000);
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
  screens: readonly StartScreen[],
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

async function measureOffline(
  browser: Browser,
  app: MeasuredApp,
  runs: number,
): Promise<Map<string, StartTiming[]>> {
  const phone = { serviceWorkers: 'allow', viewport } as const;
  const timings = new Map<string, StartTiming[]>();
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
}

/** Lighthouse's mobile link and CPU (its simulated defaults), applied to the page for real. */
async function throttle(page: Page): Promise<void> {
  const protocol = await page.context().newCDPSession(page);
  await protocol.send('Network.enable');
  await protocol.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await protocol.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The demo athlete's token, as a device keeps it after signing in (and nothing else: no cache, no worker). */
async function athleteToken(browser: Browser, app: MeasuredApp): Promise<StorageState> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await signInDemoUser(await context.newPage(), app.baseUrl, 'athlete@demo.test');
  const { origins } = await context.storageState();
  await context.close();
  return {
    cookies: [],
    origins: origins.map((origin) => ({
      ...origin,
      localStorage: origin.localStorage.filter((item) => item.name === tokenStorageKey),
    })),
  };
}

/** One first visit of each screen, throttled, in a fresh context (no HTTP cache, no worker). */
async function timeFirstVisits(
  browser: Browser,
  app: MeasuredApp,
  token: StorageState,
  timings: Map<string, StartTiming[]>,
): Promise<void> {
  for (const [screen, storageState] of [
    [publicScreens[0]!, undefined],
    [signedInScreens[0]!, token],
  ] as const) {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport, storageState });
    const timing = await timeStart(context, screen, app.baseUrl, throttle);
    timings.set(screen.path, [...(timings.get(screen.path) ?? []), timing]);
    await context.close();
  }
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;

function printTimings(
  title: string,
  measured: readonly { app: MeasuredApp; timings: Map<string, StartTiming[]> }[],
) {
  console.log(`\n${title}`);
  console.log(
    `  ${'checkout'.padEnd(30)}${'screen'.padEnd(20)}${'document'.padStart(10)}${'paint'.padStart(10)}${'shown'.padStart(10)}`,
  );
  for (const { app, timings } of measured) {
    for (const [path, runs] of timings) {
      const cell = (pick: (timing: StartTiming) => number) => ms(median(runs.map(pick))).padStart(10);
      console.log(
        `  ${app.label.padEnd(30)}${path.padEnd(20)}${cell((t) => t.document)}${cell((t) => t.firstPaint)}${cell((t) => t.shown)}`,
      );
    }
  }
}

console.log(`[bench:start] Chromium: ${chromiumExecutable}`);
let exitCode = 0;
const options = readMeasureOptions(5);
const apps = await startMeasuredApps('bench-start', port, options);
const browser = await launchBrowser();
try {
  const tokens = await Promise.all(apps.map((app) => athleteToken(browser, app)));
  const firstVisits = apps.map((app) => ({ app, timings: new Map<string, StartTiming[]>() }));
  // The checkouts take turns run by run, so a busy moment of the machine falls on both.
  for (let run = 0; run < options.runs; run += 1) {
    for (const [index, { app, timings }] of firstVisits.entries())
      await timeFirstVisits(browser, app, tokens[index]!, timings);
  }
  printTimings(`First visit on a throttled phone, medians of ${options.runs} runs:`, firstVisits);

  const offline = [];
  for (const app of apps) offline.push({ app, timings: await measureOffline(browser, app, options.runs) });
  printTimings(
    `Offline start after one online visit, unthrottled, medians of ${options.runs} runs:`,
    offline,
  );
} catch (error) {
  console.error(`[bench:start] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  exitCode = 1;
} finally {
  await browser.close();
  await stopAll(apps);
}
process.exit(exitCode);
