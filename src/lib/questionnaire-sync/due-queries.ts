import { defaultTimeZone } from '@contract/calendar-dates';
import type { DueResponse } from '@contract/questionnaires';
import { dueResponseSchema } from '@contract/questionnaires';
import type { QueryClient } from '@tanstack/react-query';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { addDaysTo, todayIn } from '@/lib/schedule/calendar-range';
import { settingsQueries } from '@/lib/settings/settings-queries';

/**
 * What the signed-in athlete has to answer in the coming week (`GET /api/questionnaires/due`, ADR 067). The
 * query cache is kept on the device (ADR 016), and the offline week fetches it ahead (ADR 045): the answer
 * screen and the dashboard read it with no signal. Every key starts with 'questionnaires', which the live event
 * of that name invalidates.
 */

/** The days asked for: today and the six after it, as the offline week keeps. */
export const dueDays = 7;
/** And the day before: an answer can be given until the day after its date, so yesterday's missed one still can. */
export const dueDaysBefore = 1;

export const questionnaireSyncKeys = {
  all: ['questionnaires'] as const,
  dueOf: (athleteId: string) => ['questionnaires', 'due', athleteId] as const,
};

export const dueQueries = {
  comingWeek: (athleteId: string, from: string) =>
    queryOptions({
      queryKey: [
        ...questionnaireSyncKeys.dueOf(athleteId),
        addDaysTo(from, -dueDaysBefore),
        addDaysTo(from, dueDays - 1),
      ] as const,
      queryFn: async ({ signal }): Promise<DueResponse> => {
        const searchParams = { from: addDaysTo(from, -dueDaysBefore), to: addDaysTo(from, dueDays - 1) };
        const body = await api.get('api/questionnaires/due', { searchParams, signal }).json<unknown>();
        return dueResponseSchema.parse(body);
      },
      // The dashboard, its card and the offline week read it within moments; the live event says when it changed.
      staleTime: 60_000,
    }),
};

/** Today in the athlete's calendar (the organisation's time zone, as the schedule reads it). */
export function athleteToday(queryClient: QueryClient, now: number = Date.now()): string {
  const timeZone = queryClient.getQueryData(settingsQueries.full().queryKey)?.timeZone ?? defaultTimeZone;
  return todayIn(timeZone, now);
}

/**
 * The newest due answer this device holds whose week covers `date`: after midnight with no signal the new day's
 * key has nothing yet, and yesterday's week still says what today asks.
 */
export function keptDueCovering(
  queryClient: QueryClient,
  athleteId: string,
  date: string,
): DueResponse | undefined {
  let newest: { data: DueResponse; updatedAt: number } | undefined;
  for (const [key, data] of queryClient.getQueriesData<DueResponse>({
    queryKey: questionnaireSyncKeys.dueOf(athleteId),
  })) {
    const [, , , from, to] = key;
    if (!data || typeof from !== 'string' || typeof to !== 'string' || date < from || date > to) continue;
    const updatedAt = queryClient.getQueryState(key)?.dataUpdatedAt ?? 0;
    if (!newest || updatedAt > newest.updatedAt) newest = { data, updatedAt };
  }
  return newest?.data;
}
