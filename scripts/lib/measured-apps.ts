import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { demoPassword } from '../../e2e/support/browser';
import { startAppServer } from './app-server';
import { repoRoot } from './project';

/** One build of the app being measured: this checkout, or the one given with --compare-with. */
export interface MeasuredApp {
  /** The checkout's folder name and commit, e.g. "wt10 @ 32defd7 + changes". */
  label: string;
  /** The checkout's folder (its build, with source maps, is in dist/). */
  root: string;
  baseUrl: string;
  stop(): Promise<void>;
}

export interface MeasureOptions {
  /** Another checkout (with its own node_modules) measured beside this one, e.g. a worktree of main. */
  compareWith: string | undefined;
  /** How many times each page is measured; the scripts print medians. */
  runs: number;
  /**
   * Lighthouse: which visits are audited. `first`: no HTTP cache, service worker or Cache Storage; `again`: after a
   * visit, with all it stored. Both unless `--cold` (first only) or `--again` (again only) is given.
   */
  visits: readonly Visit[];
}

export type Visit = 'first' | 'again';

/**
 * `--compare-with <checkout>`, `--runs <n>`, `--cold` and `--again` from the command line
 * (`npm run lighthouse -- --runs 3`).
 */
export function readMeasureOptions(defaultRuns: number): MeasureOptions {
  const { values } = parseArgs({
    options: {
      'compare-with': { type: 'string' },
      runs: { type: 'string' },
      cold: { type: 'boolean' },
      again: { type: 'boolean' },
    },
  });
  const runs = values.runs === undefined ? defaultRuns : Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs must be a whole number ≥ 1, not ${values.runs}`);
  const compareWith = values['compare-with'] && path.resolve(values['compare-with']);
  if (compareWith && !existsSync(path.join(compareWith, 'node_modules'))) {
    throw new Error(`--compare-with ${compareWith}: not a checkout with node_modules installed`);
  }
  const visits: Visit[] = [
    ...(values.again && !values.cold ? [] : ['first' as const]),
    ...(values.cold && !values.again ? [] : ['again' as const]),
  ];
  return { compareWith, runs, visits };
}

/** A checkout's folder name and commit, e.g. "wt10 @ 32defd7 + changes". */
export function describeCheckout(root: string): string {
  const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
  const changed = git('status', '--porcelain', '--untracked-files=no') !== '';
  return `${path.basename(root)} @ ${git('rev-parse', '--short', 'HEAD')}${changed ? ' + changes' : ''}`;
}

/**
 * Starts this checkout as `npm start` does (building it when stale) on `port`, and the --compare-with
 * checkout, built and started by its own scripts, on `port + 1`. Both run on this machine at the same time,
 * so their figures are measured under the same load.
 */
export async function startMeasuredApps(label: string, port: number, options: MeasureOptions) {
  const roots = [repoRoot, ...(options.compareWith ? [options.compareWith] : [])];
  const apps: MeasuredApp[] = [];
  try {
    for (const [index, root] of roots.entries()) {
      const server = await startAppServer({
        label: index === 0 ? label : `${label}:compared`,
        entry: 'scripts/start.ts',
        port: port + index,
        readyTimeoutMs: 180_000,
        cwd: root,
      });
      apps.push({ label: describeCheckout(root), root, baseUrl: server.baseUrl, stop: () => server.stop() });
    }
  } catch (error) {
    await stopAll(apps);
    throw error;
  }
  return apps;
}

export const stopAll = (apps: readonly MeasuredApp[]) => Promise.all(apps.map((app) => app.stop()));

/** Signs a demo user (the coach unless named) in through the real sign-in form and waits for the dashboard. */
export async function signInDemoUser(page: Page, baseUrl: string, email = 'coach@demo.test'): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL('**/app/dashboard');
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
