import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { APIRequestContext, BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { request as apiRequest } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  demoPassword,
  signInToDashboard,
  viewports,
  waitUntilUsableOffline,
} from './support/browser';
import { useAppContexts } from './support/contexts';
import { waitForOfflineCache } from './support/offline-cache';

/**
 * Issue 22's field test (ADR 045), in Chromium against the real server: the demo athlete signs in at home on a
 * phone, the app keeps the coming week, then in a weight room with no signal opens today's workout from the
 * dashboard (a workout never opened in this browser), starts it with the first set, marks sets, reloads twice,
 * and back online the server holds each set once.
 */

const today = format(new TZDate(Date.now(), 'America/Chicago'), 'yyyy-MM-dd');
const artifactsDir = fileURLToPath(new URL('./artifacts', import.meta.url));

interface ServerLog {
  id: string;
  status: string;
  sets: { id: string; setNumber: number; blockExerciseId: string; done: boolean; removed: boolean }[];
}

let api: APIRequestContext;
let coachHeaders: Record<string, string>;

beforeAll(async () => {
  api = await apiRequest.newContext({ baseURL: baseUrl() });
  const login = await api.post('/api/login', { data: { email: 'coach@demo.test', password: demoPassword } });
  coachHeaders = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
});
afterAll(async () => {
  await api.dispose();
});

/** A library workout with sets, on today's date for the athlete, at 06:00 so it is the first of the day. */
async function scheduleToday(
  athleteEmail: string,
  search: string,
): Promise<{ entryId: string; name: string }> {
  const users = (await (
    await api.get('/api/users', { headers: coachHeaders, params: { role: 'athlete', size: 100 } })
  ).json()) as { data: { id: string; email: string }[] };
  const athlete = users.data.find((candidate) => candidate.email === athleteEmail)!;
  const workouts = (await (
    await api.get('/api/workouts', { headers: coachHeaders, params: { q: search, size: 20 } })
  ).json()) as { data: { id: string; name: string; exerciseCount: number }[] };
  const workout = workouts.data.find((candidate) => candidate.exerciseCount > 0)!;
  const created = await api.post('/api/schedule', {
    headers: coachHeaders,
    data: { workoutId: workout.id, athleteId: athlete.id, date: today, timeOfDay: '06:00' },
  });
  expect(created.status()).toBe(201);
  const { data } = (await created.json()) as { data: { id: string; name: string } };
  return { entryId: data.id, name: data.name };
}

/** A library workout for a whole group today (its members' entries fan out from it). */
async function scheduleGroupToday(groupName: string, search: string): Promise<string> {
  const groups = (await (await api.get('/api/groups', { headers: coachHeaders })).json()) as {
    data: { id: string; name: string }[];
  };
  const group = groups.data.find((candidate) => candidate.name === groupName)!;
  const workouts = (await (
    await api.get('/api/workouts', { headers: coachHeaders, params: { q: search, size: 20 } })
  ).json()) as { data: { id: string; exerciseCount: number }[] };
  const workout = workouts.data.find((candidate) => candidate.exerciseCount > 0)!;
  const created = await api.post('/api/schedule', {
    headers: coachHeaders,
    data: { workoutId: workout.id, groupId: group.id, date: today, timeOfDay: '06:30' },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { id: string } }).data.id;
}

async function serverLogOf(entryId: string): Promise<ServerLog | null> {
  const response = await api.get('/api/workout-logs', { headers: coachHeaders, params: { entryId } });
  return ((await response.json()) as { data: ServerLog | null }).data;
}

interface ApiTraffic {
  requests: { path: string; bytes: number }[];
  /** API requests sent and not finished, the live-events stream aside (it stays open). */
  inFlight: Set<string>;
}

/** Every API response on the wire (compressed body and headers, as Chromium received it) from now on. */
function recordApiTraffic(protocol: CDPSession): ApiTraffic {
  const traffic: ApiTraffic = { requests: [], inFlight: new Set() };
  const paths = new Map<string, string>();
  protocol.on('Network.requestWillBeSent', ({ requestId, request }) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/events') traffic.inFlight.add(requestId);
  });
  protocol.on('Network.responseReceived', ({ requestId, response }) => {
    const url = new URL(response.url);
    if (url.pathname.startsWith('/api/')) paths.set(requestId, `${url.pathname}${url.search}`);
  });
  protocol.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    traffic.inFlight.delete(requestId);
    const requestPath = paths.get(requestId);
    if (requestPath) traffic.requests.push({ path: requestPath, bytes: encodedDataLength });
  });
  protocol.on('Network.loadingFailed', ({ requestId }) => traffic.inFlight.delete(requestId));
  return traffic;
}

/**
 * Waits until no API request has been in flight for half a second (at most 30 s). Not the page's network idle:
 * the live-events stream stays open for as long as the app is.
 */
async function apiQuiet(page: Page, traffic: ApiTraffic): Promise<void> {
  let quietSince = Date.now();
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    if (traffic.inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`API requests still in flight after 30 s: ${traffic.inFlight.size}`);
}

/** The requests the coming week adds to what the dashboard reads anyway. */
const isWeekRequest = (requestPath: string) =>
  /^\/api\/(schedule\?|schedule\/entries\/|group-assignments\/|workout-logs\?|athletes\/[^/]+\/(maxes|last-time))/.test(
    requestPath,
  );

function reportTraffic(who: string, traffic: ApiTraffic): void {
  const week = traffic.requests.filter((request) => isWeekRequest(request.path));
  const bytes = week.reduce((sum, request) => sum + request.bytes, 0);
  const all = traffic.requests.reduce((sum, request) => sum + request.bytes, 0);
  // Figures for the notes, never a pass/fail threshold.
  console.log(
    `[offline-day] ${who}: the coming week took ${week.length} requests, ${(bytes / 1024).toFixed(1)} KiB on the wire ` +
      `(gzip, headers included); the whole signed-in start ${traffic.requests.length} API requests, ${(all / 1024).toFixed(1)} KiB`,
  );
  for (const request of week) console.log(`  ${request.bytes.toString().padStart(6)} B  ${request.path}`);
}

/** The cumulative layout shift of the page so far, and the part of it that moved the Today card. */
async function layoutShift(page: Page): Promise<{ total: number; today: number; what: string[] }> {
  return page.evaluate(
    () => (window as unknown as { __shifts: { total: number; today: number; what: string[] } }).__shifts,
  );
}

const watchLayoutShift = (context: BrowserContext) =>
  context.addInitScript(() => {
    const shifts = { total: 0, today: 0, what: [] as string[] };
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.total += entry.value;
        const inToday = entry.sources?.some((source) => {
          const element = source.node instanceof Element ? source.node : source.node?.parentElement;
          return element?.closest('[aria-labelledby]')?.textContent?.startsWith('Today') ?? false;
        });
        if (inToday) shifts.today += entry.value;
        for (const source of entry.sources ?? []) {
          const element = source.node instanceof Element ? source.node : source.node?.parentElement;
          shifts.what.push(
            `${entry.value.toFixed(3)} ${element?.tagName ?? '?'}.${String(element?.className ?? '').slice(0, 40)} "${(element?.textContent ?? '').slice(0, 30)}"`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

/** The Today card alone, at a phone's and a desktop's width (e2e/artifacts/<name>-390.png, -1280.png). */
async function screenshotTodayCard(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  const card = () => page.getByRole('region', { name: 'Today', exact: true });
  for (const size of ['phone', 'desktop'] as const) {
    await page.setViewportSize(viewports[size]);
    await page.waitForTimeout(300);
    await card().screenshot({ path: path.join(artifactsDir, `${name}-${viewports[size].width}.png`) });
  }
  await page.setViewportSize(viewports.phone);
}

const doneButtons = (page: Page) => page.getByRole('button', { name: /^Set \d+ of .+ done$/ });
const todayLink = (page: Page, entryId: string): Locator =>
  page.getByRole('region', { name: 'Today', exact: true }).locator(`a[href="/app/track/${entryId}"]`);

describe('the athlete’s day in the field', () => {
  const openContext = useAppContexts();

  it('keeps the week online, then with no signal opens today’s workout from the dashboard, starts it with a set, survives two reloads, and the server gets each set once', async () => {
    const { entryId, name } = await scheduleToday('athlete@demo.test', 'Lower');
    const context = await openContext({ viewport: 'phone', serviceWorkers: 'allow' });
    await watchLayoutShift(context);
    const page = await context.newPage();
    await signInToDashboard(page, 'athlete@demo.test');
    await waitUntilUsableOffline(page);

    // Opened again as an installed app opens (the service worker serves it); the week is kept after it shows.
    const protocol = await context.newCDPSession(page);
    await protocol.send('Network.enable');
    const traffic = recordApiTraffic(protocol);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Jamie' }).waitFor();
    await waitForOfflineCache(
      page,
      (stored) =>
        stored.includes(`"entry","${entryId}"`) &&
        stored.includes('"last-time"') &&
        stored.includes('"maxes"'),
      30_000,
    );
    await apiQuiet(page, traffic);
    reportTraffic('demo athlete', traffic);
    const shift = await layoutShift(page);
    console.log(
      `[offline-day] layout shift of the dashboard's start: ${shift.total.toFixed(3)}, of it the Today card ${shift.today.toFixed(3)}`,
    );
    expect(shift.today).toBeLessThan(0.05);
    await screenshotTodayCard(page, 'today-athlete');

    // The weight room: no signal. Tap 1, the Today card; tap 2, the first set (it starts the workout).
    await context.setOffline(true);
    const link = todayLink(page, entryId);
    // The card's name is its visible text (label in name): the workout, its time, then what the tap does.
    await expect.poll(() => link.textContent()).toMatch(new RegExp(`^${name}.*Start$`));
    await link.click();
    await page.waitForURL((url) => url.pathname === `/app/track/${entryId}`);
    const first = doneButtons(page).first();
    await first.click();
    expect(await first.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Finish workout' }).count()).toBe(1);
    // Two more sets: four writes wait (the start and three sets).
    await doneButtons(page).nth(1).click();
    await doneButtons(page).nth(2).click();
    await page.getByText(/^4 changes waiting/).waitFor();

    for (const _reload of [1, 2]) {
      await page.reload();
      await page.getByText(/^4 changes waiting/).waitFor();
      const pressed = await doneButtons(page).evaluateAll((buttons) =>
        buttons.map((button) => button.getAttribute('aria-pressed')),
      );
      expect(pressed.slice(0, 3)).toEqual(['true', 'true', 'true']);
      expect(pressed.slice(3).every((value) => value === 'false')).toBe(true);
    }
    expect(await serverLogOf(entryId)).toBeNull();

    await context.setOffline(false);
    await page.getByText('All changes saved').waitFor({ timeout: 30_000 });
    const log = await serverLogOf(entryId);
    expect(log?.status).toBe('in_progress');
    const live = log?.sets.filter((loggedSet) => !loggedSet.removed) ?? [];
    expect(live).toHaveLength(3);
    expect(new Set(live.map((loggedSet) => loggedSet.id)).size).toBe(3);
    expect(new Set(live.map((loggedSet) => `${loggedSet.blockExerciseId}:${loggedSet.setNumber}`)).size).toBe(
      3,
    );
    expect(live.every((loggedSet) => loggedSet.done)).toBe(true);
  });

  it('keeps today’s group workouts on a coach’s tablet, whose Today opens a group at its next athlete', async () => {
    // Whatever the weekday, the Pitchers have a group workout today.
    const assignmentId = await scheduleGroupToday('Pitchers', 'Arm Care');
    // A tablet with the app installed: the service worker serves the screens' code with no signal.
    const context = await openContext({
      serviceWorkers: 'allow',
      device: { viewport: { width: 820, height: 1180 } },
    });
    await watchLayoutShift(context);
    const page = await context.newPage();
    const protocol = await context.newCDPSession(page);
    await protocol.send('Network.enable');
    const traffic = recordApiTraffic(protocol);
    await signInToDashboard(page, 'coach@demo.test');
    await waitUntilUsableOffline(page);
    const groups = page
      .getByRole('region', { name: 'Today', exact: true })
      .getByRole('list', { name: 'Today by group' });
    await groups.waitFor();
    await waitForOfflineCache(
      page,
      (stored) => stored.includes('"last-time"') && stored.includes('"assignment"'),
      30_000,
    );
    await apiQuiet(page, traffic);
    reportTraffic('demo coach', traffic);
    const shift = await layoutShift(page);
    console.log(
      `[offline-day] layout shift of the coach's dashboard: ${shift.total.toFixed(3)}, of it the Today card ${shift.today.toFixed(3)}`,
    );
    for (const moved of shift.what) console.log(`  moved: ${moved}`);
    await screenshotTodayCard(page, 'today-coach');

    await context.setOffline(true);
    // This test's workout: another test's group workout of today (the weight room's) may come first, started.
    const row = groups
      .getByRole('listitem')
      .filter({ has: page.locator(`a[href$="/app/weight-room/${assignmentId}"]`) })
      .getByRole('link', { name: / Track$/ });
    await expect.poll(() => row.getAttribute('href')).toMatch(/^\/app\/track\//);
    await row.click();
    await page.getByRole('button', { name: /^Start for / }).waitFor();
    await page.getByLabel('Athlete').waitFor();
  });
});
