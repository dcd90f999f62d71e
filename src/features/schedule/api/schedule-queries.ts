import {
  programApplicationListResponseSchema,
  programListResponseSchema,
  programResponseSchema,
  workoutListResponseSchema,
} from '@contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import type { ScheduleRange } from '@/lib/schedule/schedule-queries';
import { scheduleItemQuery, scheduleRangeQuery } from '@/lib/schedule/schedule-queries';
import { todayQuery } from '@/lib/schedule/today-queries';

/**
 * The schedule (`/api/schedule`): calendars by range, one item with its workout, and today. Ranges and items are
 * the shared reads of `@/lib/schedule` (the device's coming week keeps them, ADR 045).
 */
export const scheduleQueries = {
  all: () => ['schedule'] as const,
  ranges: () => [...scheduleQueries.all(), 'range'] as const,
  range: (range: ScheduleRange) => scheduleRangeQuery(range),
  items: () => [...scheduleQueries.all(), 'item'] as const,
  item: scheduleItemQuery,
  /** The same query as the dashboard's (lib/schedule): one cache entry for both. */
  today: todayQuery,
};

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
