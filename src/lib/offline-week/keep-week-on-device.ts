import type { CalendarItem, ScheduleItemDetail, ScheduleResponse, TodayResponse } from '@contract';
import { defaultWeekStart } from '@contract/calendar-dates';
import type { QueryClient } from '@tanstack/react-query';
import { onlineManager } from '@tanstack/react-query';
import { authQueries } from '@/lib/auth/auth-queries';
import { getNetworkStatus, subscribeToNetworkStatus } from '@/lib/network/network-status';
import { addDaysTo, viewRange } from '@/lib/schedule/calendar-range';
import { scheduleRangeKey, scheduleRangeQuery } from '@/lib/schedule/schedule-queries';
import { todayQuery } from '@/lib/schedule/today-queries';
import { settingsQueries } from '@/lib/settings/settings-queries';
import { trackingQueries } from '@/lib/tracking-sync/tracking-queries';
import { athleteToday, dueQueries } from '@/lib/questionnaire-sync/due-queries';

/**
 * The coming week on the device (issue 22, ADR 045). Whenever the app is online it fetches, ahead of any
 * screen, what the dashboard, the schedule's day and week views and tracking read for the next 7 days, with
 * those screens' own query options: the query cache is kept in IndexedDB (ADR 016), so the screens find it
 * there with no signal, for workouts opened before or not. For an athlete: the week's entries with their copy
 * of the workout, the athlete's maxes and last time of each exercise, the organisation's settings; for staff:
 * today's group workouts, their members' entries, maxes and last time. Loaded with a dynamic import by the
 * signed-in area: the sign-in screen carries none of it.
 */

/** The days kept: today and the six after it. */
export const keptDays = 7;
/** A page shown again after this long fetches the week again (it may have changed meanwhile). */
export const visibleAgainAfterMs = 10 * 60_000;

const isOnline = () => onlineManager.isOnline() && getNetworkStatus().isOnline;

let isAutomatic = true;

/**
 * Tests only: whether signed-in pages keep the week by themselves. The web tests turn it off (setup-tests.ts), as
 * a round's requests would interleave with what each test counts; the tests of this module turn it on.
 */
export function configureWeekKeeping({ automatic }: { automatic: boolean }): void {
  isAutomatic = automatic;
}

/** The dates from `today` on, `count` of them. */
const daysFrom = (today: string, count: number) =>
  Array.from({ length: count }, (_, offset) => addDaysTo(today, offset));

const exerciseIdsOf = (entry: ScheduleItemDetail) =>
  entry.workout.blocks.flatMap((block) => block.exercises.map((slot) => slot.exerciseId));

/** The categories of the entries' exercises: the swap dialog offers an exercise of the same one. */
const categoriesOf = (entries: readonly ScheduleItemDetail[]) => [
  ...new Set(
    entries.flatMap((entry) =>
      entry.workout.blocks.flatMap((block) => block.exercises.map((slot) => slot.exercise.category)),
    ),
  ),
];

/** Entries whose log the server may hold: the screen joins it offline instead of starting a second one. */
const mayHaveLog = (item: Pick<CalendarItem, 'status'>) =>
  item.status === 'in_progress' || item.status === 'completed';

/**
 * A day view's answer made from its week's: the same items of that day. Put in only where the day's own answer
 * is older, so a day read by its screen is never replaced by an older week.
 */
function keepDaysOfWeek(queryClient: QueryClient, week: ScheduleResponse, days: readonly string[]): void {
  const updatedAt =
    queryClient.getQueryState(scheduleRangeKey({ from: week.from, to: week.to }))?.dataUpdatedAt ??
    Date.now();
  for (const day of days) {
    if (day < week.from || day > week.to) continue;
    const key = scheduleRangeKey({ from: day, to: day });
    if ((queryClient.getQueryState(key)?.dataUpdatedAt ?? 0) >= updatedAt) continue;
    const answer: ScheduleResponse = {
      ...week,
      from: day,
      to: day,
      data: week.data.filter((item) => item.date === day),
    };
    queryClient.setQueryData(key, answer, { updatedAt });
  }
}

/**
 * What tracking reads of one athlete for these entries: their logs, the maxes, last time of each exercise, and
 * the exercises to swap one for.
 */
function keepTrackingOf(
  queryClient: QueryClient,
  athleteId: string,
  entries: readonly ScheduleItemDetail[],
): Promise<unknown> {
  const exerciseIds = [...new Set(entries.flatMap(exerciseIdsOf))];
  return Promise.all([
    queryClient.prefetchQuery(trackingQueries.maxes(athleteId)),
    // Asked for in one task: they go out as one request (trackingQueries.lastTime).
    ...exerciseIds.map((exerciseId) =>
      queryClient.prefetchQuery(trackingQueries.lastTime(athleteId, exerciseId)),
    ),
    ...entries
      .filter(mayHaveLog)
      .map((entry) => queryClient.prefetchQuery(trackingQueries.logOfEntry(entry.id))),
    ...categoriesOf(entries).map((category) =>
      queryClient.prefetchQuery(trackingQueries.exercisesOfCategory(category)),
    ),
  ]);
}

/** The entries' details as cached after fetching them (a failed one is left out). */
async function entriesOf(
  queryClient: QueryClient,
  entryIds: readonly string[],
): Promise<ScheduleItemDetail[]> {
  const details = await Promise.all(
    entryIds.map((id) => queryClient.fetchQuery(trackingQueries.entry(id)).catch(() => null)),
  );
  return details.filter((detail): detail is ScheduleItemDetail => detail !== null);
}

async function keepAthleteWeek(
  queryClient: QueryClient,
  athleteId: string,
  today: TodayResponse,
): Promise<void> {
  const settings = queryClient.getQueryData(settingsQueries.full().queryKey);
  const weekStart = settings?.weekStartsOn ?? defaultWeekStart;
  const days = daysFrom(today.today, keptDays);
  // The one or two weeks (as the week view asks for them) that hold the next seven days.
  const weeks = new Map(
    days.map((day) => viewRange('week', day, weekStart)).map((week) => [week.from, week]),
  );
  const answers = await Promise.all(
    [...weeks.values()].map((week) => queryClient.fetchQuery(scheduleRangeQuery(week)).catch(() => null)),
  );
  const items: CalendarItem[] = [];
  for (const answer of answers) {
    if (!answer) continue;
    keepDaysOfWeek(queryClient, answer, days);
    items.push(...answer.data.filter((item) => item.kind === 'entry' && days.includes(item.date)));
  }
  const entries = await entriesOf(
    queryClient,
    items.map((item) => item.id),
  );
  await keepTrackingOf(queryClient, athleteId, entries);
}

/** The week's questionnaires with their questions (ADR 067): the athlete answers them with no signal. */
const keepQuestionnaires = (queryClient: QueryClient, athleteId: string) =>
  queryClient.prefetchQuery(dueQueries.comingWeek(athleteId, athleteToday(queryClient)));

async function keepStaffToday(queryClient: QueryClient, today: TodayResponse): Promise<void> {
  // The day view of today ("Open today in the schedule"), and each group workout with its members.
  void queryClient.prefetchQuery(scheduleRangeQuery({ from: today.today, to: today.today }));
  const assignments = await Promise.all(
    today.data
      .filter((item) => item.kind === 'assignment')
      .map((item) => queryClient.fetchQuery(trackingQueries.assignment(item.id)).catch(() => null)),
  );
  const memberEntryIds = assignments.flatMap((assignment) =>
    (assignment?.members ?? []).map((member) => member.entryId),
  );
  const ownEntryIds = today.data.filter((item) => item.kind === 'entry').map((item) => item.id);
  const entries = await entriesOf(queryClient, [...new Set([...memberEntryIds, ...ownEntryIds])]);
  const byAthlete = new Map<string, ScheduleItemDetail[]>();
  for (const entry of entries) {
    if (!entry.athlete) continue;
    byAthlete.set(entry.athlete.id, [...(byAthlete.get(entry.athlete.id) ?? []), entry]);
  }
  // One athlete after another: a group's last-time requests are per athlete, and the screen's own go first.
  for (const [athleteId, athleteEntries] of byAthlete) {
    await keepTrackingOf(queryClient, athleteId, athleteEntries);
  }
}

/** One round: everything the coming week needs, fetched where the cache does not hold it fresh. */
export async function keepWeekOnDeviceOnce(queryClient: QueryClient): Promise<void> {
  const me = queryClient.getQueryData(authQueries.me().queryKey);
  if (!me) return;
  const [today] = await Promise.all([
    queryClient.fetchQuery(todayQuery()),
    queryClient.prefetchQuery(settingsQueries.full()),
  ]);
  if (me.user.role === 'athlete') {
    await Promise.all([
      keepAthleteWeek(queryClient, me.user.id, today),
      keepQuestionnaires(queryClient, me.user.id),
    ]);
  } else await keepStaffToday(queryClient, today);
}

/**
 * Keeps the coming week on the device for the signed-in page: once now, again when the connection comes back and
 * when the page is shown again after a while; never on a render, never offline. Returns how to stop.
 */
export function keepWeekOnDevice(queryClient: QueryClient): () => void {
  if (!isAutomatic) return () => undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let lastRound = 0;
  let stopped = false;

  const round = (): void => {
    if (stopped || !isOnline()) return;
    if (running) {
      again = true;
      return;
    }
    lastRound = Date.now();
    running = keepWeekOnDeviceOnce(queryClient)
      .catch(() => undefined)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          round();
        }
      });
  };

  const unsubscribe = subscribeToNetworkStatus((status, previous) => {
    if (status.isOnline && !previous.isOnline) round();
  });
  const onOnline = () => round();
  const onVisible = () => {
    if (document.visibilityState === 'visible' && Date.now() - lastRound > visibleAgainAfterMs) round();
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  // The signed-in area loads this after its first screen (routes/app.tsx): the first round can go now.
  round();

  return () => {
    stopped = true;
    unsubscribe();
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
