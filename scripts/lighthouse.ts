/**
 * `npm run lighthouse`: Lighthouse (mobile, the default form factor and throttling) with Debian's Chromium on
 * /login, and on /app/dashboard signed in as the demo coach and as the demo athlete, all served by `npm start`.
 * Each page is audited on two visits:
 * - `first`: without the HTTP cache, service worker and Cache Storage (Lighthouse's own reset; the token stays);
 * - `again`: as a phone opens it again, after a visit, with all the browser stored (the service worker and its
 *   precache, the HTTP cache, the offline cache).
 * `-- --cold` audits the first visit only, `-- --again` the visit after only. Prints the scores and the metrics behind
 * performance, with the aims of issue 29 next to them (printed, never enforced).
 *
 * `-- --runs <n>` audits each page n times and prints medians (CPU figures on a shared machine are noisy);
 * `-- --compare-with <checkout>` audits another checkout (a clone of main with its own node_modules) in the same
 * browser, run by run in turn with this one. After the scored runs, each page is traced once more with the V8
 * sampling profiler, and its five longest main-thread tasks are printed with the code they ran (mapped through the
 * build's source maps). Reports and traces go to .tmp/lighthouse/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Flags, RunnerResult } from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumExecutable, chromiumFlags, waitForQuietNetwork } from '../e2e/support/browser';
import type { MeasuredApp, Visit } from './lib/measured-apps';
import { median, readMeasureOptions, signInDemoUser, startMeasuredApps, stopAll } from './lib/measured-apps';
import { fromRoot } from './lib/project';
import { longTasksOf } from './lib/trace-tasks';

const port = Number(process.env.LIGHTHOUSE_PORT ?? 3240);
const scoreAims: Record<string, number> = { performance: 95, accessibility: 100, 'best-practices': 100 };
const categories = Object.keys(scoreAims);
/** The metrics the performance score is made of, in the units Lighthouse reports them. */
const metrics = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  SI: 'speed-index',
  CLS: 'cumulative-layout-shift',
} as const;
type Figures = Record<string, number>;

/** Who opens the page: /login signed out, the dashboard as a demo user. */
const audited = [
  { name: '/login', path: '/login', email: undefined },
  { name: '/app/dashboard (coach)', path: '/app/dashboard', email: 'coach@demo.test' },
  { name: '/app/dashboard (athlete)', path: '/app/dashboard', email: 'athlete@demo.test' },
] as const;
type Audited = (typeof audited)[number];

/** Issue 29's aims: performance and, for the dashboard, total blocking time and (first visit) LCP. */
function aimOf(page: Audited, visit: Visit): string {
  if (page.path === '/login') return visit === 'first' ? 'perf ≥ 98' : '';
  return visit === 'first' ? 'perf ≥ 95, TBT ≤ 150, LCP ≤ 2000' : 'perf ≥ 98, TBT ≤ 150';
}

const reportsDir = fromRoot('.tmp/lighthouse');
const fileName = (app: MeasuredApp, page: Audited, visit: Visit) =>
  `${app.label.replace(/\W+/g, '_')}${page.name.replace(/\W+/g, '_')}_${visit}`;

function figuresOf(runner: RunnerResult): Figures {
  const figures: Figures = {};
  for (const category of categories) {
    figures[category] = Math.round((runner.lhr.categories[category]?.score ?? 0) * 100);
  }
  for (const [name, audit] of Object.entries(metrics)) {
    figures[name] = runner.lhr.audits[audit]?.numericValue ?? Number.NaN;
  }
  return figures;
}

const options = readMeasureOptions(1);
const apps = await startMeasuredApps('lighthouse', port, options);
let exitCode = 0;
const results = new Map<string, Figures[]>();
const traces: { key: string; app: MeasuredApp; path: string }[] = [];
const keyOf = (app: MeasuredApp, page: Audited, visit: Visit) => `${page.name}|${visit}|${app.label}`;
mkdirSync(reportsDir, { recursive: true });

/** One browser per audited user: the token and what the visits stored belong to that user alone. */
async function auditAs(page: Audited): Promise<void> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumExecutable,
    chromeFlags: ['--headless=new', ...chromiumFlags],
  });
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const run = (url: string, visit: Visit, flags: Flags = {}) =>
      lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories, ...flags },
        {
          extends: 'lighthouse:default',
          settings: { disableStorageReset: visit === 'again', ...flags },
        },
      );
    // The visit a returning phone made before: its service worker installed, its caches filled.
    const visitOnce = async (url: string) => {
      const tab = await context.newPage();
      await tab.goto(url, { waitUntil: 'load' });
      await waitForQuietNetwork(tab);
      await tab.waitForTimeout(2_000);
      await tab.close();
    };
    const audit = async (app: MeasuredApp, visit: Visit, runNumber: number) => {
      const url = `${app.baseUrl}${page.path}`;
      let runner = await run(url, visit);
      // A trace Chromium failed to record (NO_NAVSTART and the like) scores 0: such a run is repeated, twice at most.
      for (let attempt = 1; attempt <= 2 && runner?.lhr.runtimeError; attempt += 1) {
        console.log(`[lighthouse] ${page.name}: ${runner.lhr.runtimeError.code}; running it again.`);
        runner = await run(url, visit);
      }
      if (!runner) throw new Error(`Lighthouse returned nothing for ${page.name}`);
      const figures = figuresOf(runner);
      const key = keyOf(app, page, visit);
      results.set(key, [...(results.get(key) ?? []), figures]);
      console.log(
        `[lighthouse] ${app.label} ${page.name} ${visit} visit, run ${runNumber}: performance ${figures.performance}, TBT ${Math.round(figures.TBT ?? 0)} ms, LCP ${Math.round(figures.LCP ?? 0)} ms`,
      );
      writeFileSync(`${reportsDir}/${fileName(app, page, visit)}.json`, runner.report as string);
      if (runNumber === 1) {
        const failing = Object.values(runner.lhr.audits)
          .filter((item) => item.score !== null && item.score < 1 && item.scoreDisplayMode === 'binary')
          .map((item) => item.id);
        if (failing.length > 0)
          console.log(`[lighthouse] ${page.name}: audits not passed: ${failing.join(', ')}`);
      }
    };
    // Not scored: the sampling profiler slows what it watches.
    const trace = async (app: MeasuredApp, visit: Visit) => {
      const runner = await run(`${app.baseUrl}${page.path}`, visit, {
        additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler',
      });
      if (!runner || runner.lhr.runtimeError) return;
      const path = `${reportsDir}/${fileName(app, page, visit)}.trace.json`;
      writeFileSync(path, JSON.stringify(runner.artifacts.Trace));
      traces.push({ key: keyOf(app, page, visit), app, path });
    };

    if (page.email) {
      for (const app of apps) {
        const tab = await context.newPage();
        await signInDemoUser(tab, app.baseUrl, page.email);
        await tab.close();
      }
    }
    for (const visit of options.visits) {
      if (visit === 'again') for (const app of apps) await visitOnce(`${app.baseUrl}${page.path}`);
      for (let runNumber = 1; runNumber <= options.runs; runNumber += 1) {
        for (const app of apps) await audit(app, visit, runNumber);
      }
      for (const app of apps) await trace(app, visit);
    }
    await browser.close().catch(() => undefined);
  } finally {
    chrome.kill();
  }
}

try {
  for (const page of audited) await auditAs(page);

  const columns = [...categories, ...Object.keys(metrics)];
  const cell = (name: string, value: number) =>
    (name === 'CLS' ? value.toFixed(3) : String(Math.round(value))).padStart(11);
  console.log(
    `\nLighthouse (mobile), ${options.runs === 1 ? 'one run' : `median of ${options.runs} runs`}; FCP, LCP, TBT, SI in ms:`,
  );
  console.log(
    `  ${'page'.padEnd(26)}${'visit'.padEnd(7)}${'checkout'.padEnd(34)}${columns.map((name) => name.slice(0, 10).padStart(11)).join('')}   aim`,
  );
  for (const page of audited) {
    for (const visit of options.visits) {
      for (const app of apps) {
        const runs = results.get(keyOf(app, page, visit)) ?? [];
        const medians = columns.map((name) => cell(name, median(runs.map((figures) => figures[name] ?? 0))));
        console.log(
          `  ${page.name.padEnd(26)}${visit.padEnd(7)}${app.label.slice(0, 33).padEnd(34)}${medians.join('')}   ${aimOf(page, visit)}`,
        );
      }
    }
  }
  console.log(`  accessibility and best practices: aim ${scoreAims.accessibility} each`);

  console.log('\nThe five longest main-thread tasks of one more (profiled, not scored) run, unthrottled ms:');
  for (const { key, app, path } of traces) {
    const [name, visit] = key.split('|');
    console.log(`\n  ${name}, ${visit} visit: ${app.label}`);
    for (const task of longTasksOf(path, `${app.root}/dist`)) {
      const parts = task.parts
        .slice(0, 4)
        .map(([part, ms]) => `${part} ${Math.round(ms)}`)
        .join(' | ');
      console.log(
        `    ${String(Math.round(task.durationMs)).padStart(5)} ms at ${String(Math.round(task.startMs)).padStart(5)}: ${parts}`,
      );
    }
  }
  console.log("\nReports and traces (open a trace in Chromium's Performance panel): .tmp/lighthouse/");
} catch (error) {
  console.error(`[lighthouse] ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await stopAll(apps);
}
process.exit(exitCode);
