import { mkdirSync } from 'node:fs';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { APIRequestContext, Page } from 'playwright-core';
import { request as apiRequest } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, demoPassword, signInToDashboard, waitUntilUsableOffline } from './support/browser';
import { useAppContexts } from './support/contexts';

/**
 * Issue 23's weight-room board in Chromium against the real server (ADR 050): a coach opens a group's workout
 * from the schedule, marks sets for two athletes, loses the signal, marks another, reloads, and back online the
 * server has each set once.
 */

const today = format(new TZDate(Date.now(), 'America/Chicago'), 'yyyy-MM-dd');
const shotsDir = process.env.WR_SHOTS_DIR;

interface Member {
  entryId: string;
  athlete: { firstName: string; lastName: string };
}
interface ServerLog {
  sets: { blockExerciseId: string; setNumber: number; done: boolean; removed: boolean }[];
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

/** A library workout for a whole group today; its id, name and members. */
async function scheduleGroupToday(groupName: string, search: string) {
  const groups = (await (await api.get('/api/groups', { headers: coachHeaders })).json()) as {
    data: { id: string; name: string }[];
  };
  const group = groups.data.find((candidate) => candidate.name === groupName);
  if (!group) throw new Error(`No group ${groupName}`);
  const workouts = (await (
    await api.get('/api/workouts', { headers: coachHeaders, params: { q: search, size: 20 } })
  ).json()) as { data: { id: string; exerciseCount: number }[] };
  const workout = workouts.data.find((candidate) => candidate.exerciseCount > 0);
  if (!workout) throw new Error(`No workout "${search}"`);
  const created = await api.post('/api/schedule', {
    headers: coachHeaders,
    data: { workoutId: workout.id, groupId: group.id, date: today, timeOfDay: '05:45' },
  });
  expect(created.status()).toBe(201);
  const { id, name } = ((await created.json()) as { data: { id: string; name: string } }).data;
  const detail = (await (
    await api.get(`/api/group-assignments/${id}`, { headers: coachHeaders })
  ).json()) as { data: { members: Member[] } };
  return { assignmentId: id, name, groupId: group.id, members: detail.data.members };
}

async function liveSetsOf(entryId: string) {
  const response = await api.get('/api/workout-logs', { headers: coachHeaders, params: { entryId } });
  const log = ((await response.json()) as { data: ServerLog | null }).data;
  return log?.sets.filter((loggedSet) => !loggedSet.removed) ?? [];
}

/** Each set of the server's log once: no two with the same place in the workout. */
function expectEachOnce(sets: ServerLog['sets'], count: number) {
  expect(sets).toHaveLength(count);
  expect(new Set(sets.map((loggedSet) => `${loggedSet.blockExerciseId}:${loggedSet.setNumber}`)).size).toBe(
    count,
  );
  expect(sets.every((loggedSet) => loggedSet.done)).toBe(true);
}

const nameOf = (member: Member) => `${member.athlete.firstName} ${member.athlete.lastName}`;
const doneOf = (page: Page, member: Member) =>
  page
    .getByRole('listitem', { name: nameOf(member) })
    .getByRole('button', { name: new RegExp(`^${nameOf(member)}: set \\d+ of .+ done$`) });

/** ADR 016 writes the query cache at most once a second: let the board's data reach it before going offline. */
const letTheCacheSave = (page: Page) => page.waitForTimeout(1500);

describe('the weight-room board in Chromium against the real server', () => {
  const openContext = useAppContexts();

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`a coach marks sets for two athletes, offline too, over a reload; the server has each once (${viewport.width} px)`, async () => {
      const { assignmentId, name, groupId, members } = await scheduleGroupToday('Pitchers', 'Lower');
      const [first, second] = members;
      if (!first || !second) throw new Error('The group has fewer than two athletes');
      const context = await openContext({ device: { viewport }, serviceWorkers: 'allow' });
      const page = await context.newPage();
      await signInToDashboard(page, 'coach@demo.test');
      await waitUntilUsableOffline(page);

      // From the schedule: the group workout's dialog links to its board.
      await page.goto(`/app/schedule?view=day&date=${today}&group=${groupId}`);
      const items = page.getByRole('button', { name: new RegExp(`^${name}`) });
      await items.first().waitFor();
      let opened = false;
      for (const item of await items.all()) {
        await item.click();
        const link = page.getByRole('link', { name: 'Open the weight room' });
        await link.waitFor();
        if ((await link.getAttribute('href'))?.endsWith(assignmentId)) {
          await link.click();
          opened = true;
          break;
        }
        await page.keyboard.press('Escape');
      }
      expect(opened).toBe(true);
      await page.waitForURL((url) => url.pathname === `/app/weight-room/${assignmentId}`);

      await doneOf(page, first).click();
      await doneOf(page, second).click();
      await page.getByText('All changes saved').waitFor({ timeout: 30_000 });
      if (shotsDir) {
        mkdirSync(shotsDir, { recursive: true });
        await page.screenshot({ path: `${shotsDir}/board-${viewport.width}.png`, fullPage: true });
      }
      await letTheCacheSave(page);

      await context.setOffline(true);
      // Past the board's double-tap guard: this is the athlete's next set, not a second tap.
      await page.waitForTimeout(500);
      await doneOf(page, first).click();
      await page.getByText('1 change waiting').waitFor();
      await page.reload();
      await page.getByText('1 change waiting').waitFor();
      await page
        .getByRole('listitem', { name: nameOf(first) })
        .getByText(/^2 of \d+ sets$/)
        .waitFor();
      await page
        .getByRole('listitem', { name: nameOf(second) })
        .getByText(/^1 of \d+ sets$/)
        .waitFor();

      await context.setOffline(false);
      await page.getByText('All changes saved').waitFor({ timeout: 30_000 });
      expectEachOnce(await liveSetsOf(first.entryId), 2);
      expectEachOnce(await liveSetsOf(second.entryId), 1);
    });
  }
});
