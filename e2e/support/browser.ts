import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page, Request, Route } from 'playwright-core';
import { liveEventsPath } from '../../contract/live-events';

/** Debian's Chromium; the tests never download a browser. */
export const chromiumExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The seeded demo accounts' password (the server's DEMO_PASSWORD default). */
export const demoPassword = process.env.DEMO_PASSWORD ?? 'connect-demo';

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof viewports;

const artifactsDir = fileURLToPath(new URL('../artifacts', import.meta.url));

/** How Chromium runs here: as root, with no GPU, and without reaching out to Google's services. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Organisation and management hosts (<slug>.localhost, manage.localhost) reach the server under test on
  // 127.0.0.1, where it listens, rather than ::1 first.
  '--host-resolver-rules=MAP *.localhost 127.0.0.1',
];

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the browser tests with `npm run test:e2e`.');
  return url;
}

/** Chromium's own fake microphone (a tone with beeps) and no permission prompt: voice messages can be recorded. */
export const fakeMicrophoneFlags = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

export interface LaunchOptions {
  fakeMicrophone?: boolean;
}

export async function launchBrowser({ fakeMicrophone = false }: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumExecutable,
    headless: true,
    timeout: 30_000,
    args: ['--headless', ...chromiumFlags, ...(fakeMicrophone ? fakeMicrophoneFlags : [])],
  });
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions the page threw, for the test to report or assert on. */
  pageErrors: string[];
}

export interface AppContextOptions {
  viewport?: ViewportName;
  /** 'block' by default: a service worker would serve cached pages across tests; each test should see the server. */
  serviceWorkers?: 'allow' | 'block';
  /** More context options (a user agent, touch) for device emulation. */
  device?: BrowserContextOptions;
  /** Answers a request to another host (a service outside our reach); unanswered ones are refused. */
  answerExternal?: (route: Route) => Promise<boolean>;
}

/**
 * A fresh, signed-out browser context (its own cookies and storage) on the server under test. Requests to
 * anything but that server are refused unless `answerExternal` answers them, so tests never reach the internet.
 */
export async function newAppContext(
  browser: Browser,
  { viewport = 'desktop', serviceWorkers = 'block', device, answerExternal }: AppContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: viewports[viewport],
    serviceWorkers,
    ...device,
  });
  context.setDefaultTimeout(15_000);
  const server = new URL(baseUrl());
  // The same server under an organisation's or the management host's name is not another site.
  const isServerUnderTest = (url: URL) =>
    url.origin === server.origin || (url.hostname.endsWith('.localhost') && url.port === server.port);
  await context.route(
    (url) => !isServerUnderTest(url) && url.protocol !== 'data:' && url.protocol !== 'blob:',
    async (route) => {
      if (!(await answerExternal?.(route))) await route.abort('blockedbyclient');
    },
  );
  return context;
}

/** A fresh, signed-out session at the given viewport, with service workers blocked (see `newAppContext`). */
export async function openSession(
  browser: Browser,
  viewport: ViewportName = 'desktop',
): Promise<BrowserSession> {
  const context = await newAppContext(browser, { viewport });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}

export async function signIn(page: Page, email: string, password = demoPassword): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/** Signs in through the form and waits for the dashboard. */
export async function signInToDashboard(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await waitForPath(page, '/app/dashboard');
}

/** Waits until the browser shows `pathname` (search and hash ignored). */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/**
 * Waits until the page has had no request in flight for `quietMs`, leaving out the live-events stream, which a
 * signed-in page holds open for good (so Playwright's 'networkidle' never comes there). Gives up quietly after
 * `timeoutMs`: what follows measures or shows the page as it is.
 */
export async function waitForQuietNetwork(
  page: Page,
  { quietMs = 750, timeoutMs = 15_000 }: { quietMs?: number; timeoutMs?: number } = {},
): Promise<void> {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    if (new URL(request.url()).pathname === liveEventsPath) return;
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    // Requests begun before this call are not seen above; the page's own list of finished ones catches them.
    let finished = -1;
    for (const end = Date.now() + timeoutMs; Date.now() < end; await page.waitForTimeout(100)) {
      const count = await page
        .evaluate(() => performance.getEntriesByType('resource').length)
        .catch(() => finished + 1);
      if (count !== finished) {
        finished = count;
        lastChange = Date.now();
      }
      if (inFlight.size === 0 && Date.now() - lastChange >= quietMs) return;
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** Saves a full-page screenshot to e2e/artifacts/<name>.png (git-ignored) and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  // Let images and fonts arrive; a page that keeps polling still gets its screenshot after 5 s.
  await waitForQuietNetwork(page, { timeoutMs: 5_000 });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Phone and desktop screenshots of the screen as it is (`<name>-390`, `<name>-1280`); the page keeps its size. */
export async function saveScreenshotsAtBothSizes(page: Page, name: string): Promise<void> {
  const own = page.viewportSize();
  await page.setViewportSize(viewports.phone);
  await saveScreenshot(page, `${name}-390`);
  await page.setViewportSize(viewports.desktop);
  await saveScreenshot(page, `${name}-1280`);
  if (own) await page.setViewportSize(own);
}

/**
 * Waits until the service worker controls the page and has every script of the release on the device (ADR 080),
 * as a person's phone has after the first visit's idle moment: only then does going offline open every screen.
 */
export async function waitUntilUsableOffline(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      // Read untyped: this file is also compiled for the scripts, whose types have no DOM (and the page's
      // Content-Security-Policy refuses a string to evaluate).
      const { navigator, document } = globalThis as unknown as {
        navigator: { serviceWorker: { controller: unknown } };
        document: { documentElement: { dataset: Record<string, string | undefined> } };
      };
      return (
        navigator.serviceWorker.controller !== null &&
        document.documentElement.dataset.offlineReady === 'true'
      );
    },
    undefined,
    { timeout: 60_000 },
  );
}
