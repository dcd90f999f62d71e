/**
 * `npm run lighthouse`: Lighthouse (mobile, the default form factor and throttling) with Debian's Chromium on
 * /login and, signed in as the demo coach, /app/dashboard, both served by `npm start`. A page is audited as a
 * phone opens it again: each is visited once first, and the browser keeps what it stored (the service worker
 * and its precache, the HTTP cache, the token, the offline cache). With `-- --cold` each audit starts instead
 * without the HTTP cache, service worker and Cache Storage (Lighthouse's own reset; the token stays), as a
 * first visit. Prints the scores and the metrics behind performance; the aims (performance ≥ 95,
 * accessibility 100, best practices 100) are printed next to them, never enforced.
 *
 * `-- --runs <n>` audits each page n times and prints medians (CPU figures on a shared machine are noisy);
 * `-- --compare-with <checkout>` audits another checkout (a worktree of main with its own node_modules) in
 * the same browser, run by run in turn with this one. Reports and the traces of the first run (open them in
 * Chromium's Performance panel) go to .tmp/lighthouse/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { RunnerResult } from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumExecutable, chromiumFlags, waitForQuietNetwork } from '../e2e/support/browser';
import type { MeasuredApp } from './lib/measured-apps';
import { median, readMeasureOptions, signInAsCoach, startMeasuredApps, stopAll } from './lib/measured-apps';
import { fromRoot } from './lib/project';

const port = Number(process.env.LIGHTHOUSE_PORT ?? 3240);
const aims: Record<string, number> = { performance: 95, accessibility: 100, 'best-practices': 100 };
const categories = Object.keys(aims);
/** The metrics the performance score is made of, in the units Lighthouse reports them. */
const metrics = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  SI: 'speed-index',
  CLS: 'cumulative-layout-shift',
} as const;
type Figures = Record<string, number>;

const reportsDir = fromRoot('.tmp/lighthouse');
const fileName = (app: MeasuredApp, path: string) =>
  `${app.label.replace(/\W+/g, '_')}${path.replace(/\W+/g, '_')}`;

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
const { cold } = options;
const apps = await startMeasuredApps('lighthouse', port, options);
let exitCode = 0;
const chrome = await chromeLauncher.launch({
  chromePath: chromiumExecutable,
  chromeFlags: ['--headless=new', ...chromiumFlags],
});
try {
  mkdirSync(reportsDir, { recursive: true });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const results = new Map<string, Figures[]>();
  const run = (url: string) =>
    lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      disableStorageReset: !cold,
    });
  // The visit a returning phone made before: its service worker installed, its caches filled.
  const visit = async (url: string) => {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await waitForQuietNetwork(page);
    await page.waitForTimeout(2_000);
    await page.close();
  };

  const audit = async (app: MeasuredApp, path: string, runNumber: number) => {
    let runner = await run(`${app.baseUrl}${path}`);
    // A trace Chromium failed to record (NO_NAVSTART and the like) scores 0: such a run is repeated, twice at most.
    for (let attempt = 1; attempt <= 2 && runner?.lhr.runtimeError; attempt += 1) {
      console.log(`[lighthouse] ${path}: ${runner.lhr.runtimeError.code}; running it again.`);
      runner = await run(`${app.baseUrl}${path}`);
    }
    if (!runner) throw new Error(`Lighthouse returned nothing for ${path}`);
    const figures = figuresOf(runner);
    const key = `${app.label}\n${path}`;
    results.set(key, [...(results.get(key) ?? []), figures]);
    console.log(
      `[lighthouse] ${app.label} ${path} run ${runNumber}: performance ${figures.performance}, TBT ${Math.round(figures.TBT ?? 0)} ms, LCP ${Math.round(figures.LCP ?? 0)} ms`,
    );
    writeFileSync(`${reportsDir}/${fileName(app, path)}.json`, runner.report as string);
    if (runNumber === 1) {
      writeFileSync(
        `${reportsDir}/${fileName(app, path)}.trace.json`,
        JSON.stringify(runner.artifacts.Trace),
      );
      const failing = Object.values(runner.lhr.audits)
        .filter((item) => item.score !== null && item.score < 1 && item.scoreDisplayMode === 'binary')
        .map((item) => item.id);
      if (failing.length > 0) console.log(`[lighthouse] ${path}: audits not passed: ${failing.join(', ')}`);
    }
  };

  for (const app of apps) if (!cold) await visit(`${app.baseUrl}/login`);
  for (let runNumber = 1; runNumber <= options.runs; runNumber += 1) {
    for (const app of apps) await audit(app, '/login', runNumber);
  }

  // Sign in through the real login screen in the same browser, so /app/dashboard is audited signed in.
  for (const app of apps) {
    const page = await context.newPage();
    await signInAsCoach(page, app.baseUrl);
    await page.close();
    if (!cold) await visit(`${app.baseUrl}/app/dashboard`);
  }
  for (let runNumber = 1; runNumber <= options.runs; runNumber += 1) {
    for (const app of apps) await audit(app, '/app/dashboard', runNumber);
  }
  await browser.close().catch(() => undefined);

  const columns = [...categories, ...Object.keys(metrics)];
  const cell = (name: string, value: number) =>
    (name === 'CLS' ? value.toFixed(3) : String(Math.round(value))).padStart(15);
  console.log(
    `\nLighthouse (mobile, ${cold ? 'first visit' : 'visited before'}), ${options.runs === 1 ? 'one run' : `median of ${options.runs} runs`}; FCP, LCP, TBT, SI in ms:`,
  );
  console.log(`  ${'page'.padEnd(44)}${columns.map((name) => name.padStart(15)).join('')}`);
  for (const [key, runs] of results) {
    const [label = '', path = ''] = key.split('\n');
    const medians = columns.map((name) => cell(name, median(runs.map((figures) => figures[name] ?? 0))));
    console.log(`  ${`${path}  ${label}`.padEnd(44)}${medians.join('')}`);
  }
  console.log(`  ${'aim'.padEnd(44)}${categories.map((name) => `≥ ${aims[name]}`.padStart(15)).join('')}`);
  console.log('Reports and first-run traces: .tmp/lighthouse/');
} catch (error) {
  console.error(`[lighthouse] ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  chrome.kill();
  await stopAll(apps);
}
process.exit(exitCode);
