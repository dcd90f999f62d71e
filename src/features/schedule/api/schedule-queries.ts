import type { ScheduleQuery } from '@contract';
import {
  programApplicationListResponseSchema,
  programListResponseSchema,
  programResponseSchema,
  scheduleItemResponseSchema,
  scheduleResponseSchema,
  workoutListResponseSchema,
} from '@contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { todayQuery } from '@/lib/schedule/today-queries';

/** Whose calendar: one athlete's, one group's, or (neither) the organisation's. */
export interface ScheduleSubject {
  athleteId?: string;
  groupId?: string;
}

export interface ScheduleRange extends ScheduleSubject {
  from: string;
  to: string;
}

export type ScheduleItemKind = 'entry' | 'assignment';

/** The query string of a range: only the ids that are set. */
function searchParamsOf({ from, to, athleteId, groupId }: ScheduleRange): ScheduleQuery {
  return { from, to, ...(athleteId ? { athleteId } : {}), ...(groupId ? { groupId } : {}) };
}

const itemPath = (kind: ScheduleItemKind, id: string) =>
  kind === 'entry' ? `api/schedule/entries/${id}` : `api/group-assignments/${id}`;

/** The schedule (`/api/schedule`): calendars by range, one item with its workout, and today. */
export const scheduleQueries = {
  all: () => ['schedule'] as const,
  ranges: () => [...scheduleQueries.all(), 'range'] as const,
  range: (range: ScheduleRange) =>
    queryOptions({
      queryKey: [...scheduleQueries.ranges(), range] as const,
      queryFn: ({ signal }) =>
        api
          .get('api/schedule', {
            signal,
            searchParams: searchParamsOf(range),
          })
          .json(scheduleResponseSchema),
      // Going to the next week keeps this one on screen until it arrives: nothing jumps.
      placeholderData: keepPreviousData,
    }),
  items: () => [...scheduleQueries.all(), 'item'] as const,
  item: (kind: ScheduleItemKind, id: string) =>
    queryOptions({
      queryKey: [...scheduleQueries.items(), kind, id] as const,
      queryFn: async ({ signal }) =>
        (await api.get(itemPath(kind, id), { signal }).json(scheduleItemResponseSchema)).data,
    }),
  /** The same query as the dashboard's (lib/schedule): one cache entry for both. */
  today: todayQuery,
};

export { itemPath as scheduleItemPath };

/** Programs (`/api/programs`) and where each was applied. */
export const programQueries = {
  all: () => ['programs'] as const,
  list: () =>
    queryOptions({
      queryKey: [...programQueries.all(), 'list'] as const,
      queryFn: async ({ signal }) =>
        (await api.get('api/programs', { signal }).json(programListResponseSchema)).data,
    }),
  detail: (programId: string) =>
    queryOptions({
      queryKey: [...programQueries.all(), 'detail', programId] as const,
      queryFn: async ({ signal }) =>
        (await api.get(`api/programs/${programId}`, { signal }).json(programResponseSchema)).data,
    }),
  applications: (programId: string) =>
    queryOptions({
      queryKey: [...programQueries.all(), 'applications', programId] as const,
      queryFn: async ({ signal }) =>
        (
          await api
            .get(`api/programs/${programId}/applications`, { signal })
            .json(programApplicationListResponseSchema)
        ).data,
    }),
};

/** What the schedule's workout picker searches: the library's workouts (athletes: `@/lib/people/athlete-queries`). */
export const pickerQueries = {
  workouts: (q: string, category?: string) =>
    queryOptions({
      queryKey: ['schedule', 'workouts', q, category ?? null] as const,
      queryFn: async ({ signal }) =>
        (
          await api
            .get('api/workouts', {
              signal,
              searchParams: { size: 20, ...(q ? { q } : {}), ...(category ? { category } : {}) },
            })
            .json(workoutListResponseSchema)
        ).data,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
};
