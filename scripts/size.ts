/**
 * `npm run size`: builds and serves the web app, opens /login and, signed in as the demo coach,
 * /app/dashboard in Chromium with an empty cache, and prints every script the page fetched until the network
 * was idle with the bytes the browser received for it (Chrome DevTools Protocol,
 * `Network.loadingFinished.encodedDataLength`: compressed, response headers included). Two totals per page:
 * before it is usable (the sign-in form interactive, the dashboard shown) and until network idle.
 * Budgets, printed and never enforced (issue 29): 110 KiB on the wire for /login until network idle; 200 KiB for the
 * signed-in start until the dashboard is shown (its own screen, the frame, the session's schemas and the offline
 * cache), 240 KiB until network idle (the background work that keeps the week on the device included).
 *
 * `npm run size -- --compare-with <checkout>` measures another checkout (a worktree of main, with its own
 * node_modules) beside this one, on the same machine in the same run.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { chromiumExecutable, launchBrowser, waitForQuietNetwork } from '../e2e/support/browser';
import type { MeasuredApp } from './lib/measured-apps';
import { readMeasureOptions, signInDemoUser, startMeasuredApps, stopAll } from './lib/measured-apps';

const port = Number(process.env.SIZE_PORT ?? 3230);
const budgetsKiB = { login: 110, dashboardReady: 200, dashboardIdle: 240 };

interface FetchedScript {
  path: string;
  /** What came over the network: compressed body plus response headers. */
  wireBytes: number;
  /** The script as the browser ran it. */
  decodedBytes: number;
  /** Finished loading before the page was usable. */
  beforeReady: boolean;
}

interface PageMeasure {
  page: string;
  readyAs: string;
  scripts: FetchedScript[];
}

/**
 * Opens `url` in a new page of `context` and records every script response until `ready` resolves and then
 * until the network has been idle for 500 ms.
 */
async function measureScripts(
  context: BrowserContext,
  url: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<FetchedScript[]> {
  const page = await context.newPage();
  const protocol = await context.newCDPSession(page);
  const pending = new Map<string, { path: string; decodedBytes: number }>();
  const scripts: FetchedScript[] = [];
  let isReady = false;
  protocol.on('Network.responseReceived', ({ requestId, response }) => {
    if (response.mimeType.includes('javascript'))
      pending.set(requestId, { path: new URL(response.url).pathname, decodedBytes: 0 });
  });
  protocol.on('Network.dataReceived', ({ requestId, dataLength }) => {
    const script = pending.get(requestId);
    if (script) script.decodedBytes += dataLength;
  });
  protocol.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const script = pending.get(requestId);
    if (script) scripts.push({ ...script, wireBytes: encodedDataLength, beforeReady: !isReady });
  });
  await protocol.send('Network.enable');
  await page.goto(url, { waitUntil: 'commit' });
  await ready(page);
  isReady = true;
  await waitForQuietNetwork(page);
  await page.close();
  return scripts;
}

async function measureApp(app: MeasuredApp): Promise<PageMeasure[]> {
  const browser = await launchBrowser();
  try {
    // Service workers blocked: the precache would fetch every screen's code, which is not what a page loads.
    const fresh = () => browser.newContext({ serviceWorkers: 'block' });
    const signedOut = await fresh();
    const login = await measureScripts(signedOut, `${app.baseUrl}/login`, async (page) => {
      await page.getByRole('button', { name: /sign in/i }).waitFor({ state: 'visible' });
      await page.getByLabel('Email', { exact: true }).fill('coach@demo.test');
    });
    const signingIn = await signedOut.newPage();
    await signInDemoUser(signingIn, app.baseUrl);
    const storageState = await signedOut.storageState();
    await signedOut.close();

    // A signed-in start with an empty HTTP cache: the token carried over, nothing else.
    const signedIn = await browser.newContext({ serviceWorkers: 'block', storageState });
    const dashboard = await measureScripts(signedIn, `${app.baseUrl}/app/dashboard`, (page) =>
      page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor(),
    );
    await signedIn.close();
    return [
      { page: '/login', readyAs: 'the sign-in form is interactive', scripts: login },
      { page: '/app/dashboard', readyAs: 'the dashboard is shown', scripts: dashboard },
    ];
  } finally {
    await browser.close();
  }
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const sum = (scripts: readonly FetchedScript[], bytes: (script: FetchedScript) => number) =>
  scripts.reduce((total, script) => total + bytes(script), 0);

function totals(scripts: readonly FetchedScript[]) {
  const beforeReady = scripts.filter((script) => script.beforeReady);
  return {
    ready: { wire: sum(beforeReady, (script) => script.wireBytes), count: beforeReady.length },
    idle: { wire: sum(scripts, (script) => script.wireBytes), count: scripts.length },
  };
}

function printPage(app: MeasuredApp, { page, readyAs, scripts }: PageMeasure): void {
  console.log(`\n${page} — ${app.label}: scripts until network idle`);
  console.log('  wire KiB   decoded KiB   file');
  for (const script of [...scripts].sort((a, b) => b.wireBytes - a.wireBytes)) {
    console.log(
      `  ${kib(script.wireBytes).padStart(8)}  ${kib(script.decodedBytes).padStart(12)}   ${script.path}${script.beforeReady ? '' : '  (after)'}`,
    );
  }
  const { ready, idle } = totals(scripts);
  console.log(`  ${kib(ready.wire).padStart(8)} KiB in ${ready.count} scripts before ${readyAs}`);
  console.log(`  ${kib(idle.wire).padStart(8)} KiB in ${idle.count} scripts until network idle`);
}

console.log(`[size] Chromium: ${chromiumExecutable}`);
let exitCode = 0;
const options = readMeasureOptions(1);
const apps = await startMeasuredApps('size', port, options);
try {
  const measured: { app: MeasuredApp; pages: PageMeasure[] }[] = [];
  for (const app of apps) {
    const pages = await measureApp(app);
    measured.push({ app, pages });
    for (const page of pages) printPage(app, page);
  }

  console.log('\nJavaScript on the wire (KiB, scripts):');
  const columns = measured.map(({ app }) => app.label.padStart(34)).join('');
  console.log(`  ${'page'.padEnd(34)}${columns}`);
  for (const [index, { page }] of measured[0]!.pages.entries()) {
    for (const moment of ['ready', 'idle'] as const) {
      const cells = measured.map(({ pages }) => {
        const figure = totals(pages[index]!.scripts)[moment];
        return `${kib(figure.wire)} (${figure.count})`.padStart(34);
      });
      const label = `${page} ${moment === 'ready' ? 'until usable' : 'until network idle'}`;
      console.log(`  ${label.padEnd(34)}${cells.join('')}`);
    }
  }
  const [login, dashboard] = measured[0]!.pages.map((page) => totals(page.scripts));
  const against = (bytes: number, budget: number) =>
    `${(bytes / 1024).toFixed(1)} KiB on the wire (budget ${budget} KiB: ${bytes / 1024 <= budget ? 'within' : 'OVER'})`;
  console.log(`\n/login until network idle: ${against(login!.idle.wire, budgetsKiB.login)}`);
  console.log(`/app/dashboard until shown: ${against(dashboard!.ready.wire, budgetsKiB.dashboardReady)}`);
  console.log(
    `/app/dashboard until network idle: ${against(dashboard!.idle.wire, budgetsKiB.dashboardIdle)}`,
  );
} catch (error) {
  console.error(`[size] ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await stopAll(apps);
}
process.exit(exitCode);
