import {
  completedWorkoutListResponseSchema,
  scheduleItemResponseSchema,
  workoutLogResponseSchema,
} from '@contract';
import { workoutCommentListResponseSchema } from '@contract/workout-comments';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import type { CompletedListParams } from '../completed-search';

function searchParamsOf(params: CompletedListParams): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
  );
}

/** Completed workouts (`GET /api/completed-workouts`), one workout log, the entry it was tracked from, its comments. */
export const completedQueries = {
  all: () => ['completed-workouts'] as const,
  lists: () => [...completedQueries.all(), 'list'] as const,
  list: (params: CompletedListParams) =>
    queryOptions({
      queryKey: [...completedQueries.lists(), params] as const,
      queryFn: ({ signal }) =>
        api
          .get('api/completed-workouts', { signal, searchParams: searchParamsOf(params) })
          .json(completedWorkoutListResponseSchema),
      // Paging and filtering keep the rows on screen until the next page arrives, so nothing jumps.
      placeholderData: keepPreviousData,
    }),
  /** The tracking screen reads the same log under its own key; this one is the completed screen's. */
  log: (logId: string) =>
    queryOptions({
      queryKey: [...completedQueries.all(), 'log', logId] as const,
      queryFn: async ({ signal }) =>
        (await api.get(`api/workout-logs/${logId}`, { signal }).json(workoutLogResponseSchema)).data,
    }),
  /** The entry's copy of the workout: what was prescribed, as it was when the workout was done. */
  prescription: (entryId: string) =>
    queryOptions({
      queryKey: [...completedQueries.all(), 'entry', entryId] as const,
      queryFn: async ({ signal }) =>
        (await api.get(`api/schedule/entries/${entryId}`, { signal }).json(scheduleItemResponseSchema)).data,
      staleTime: 5 * 60_000,
    }),
  /** The workout's comments, on the whole workout and on its sets, oldest first (issue 23). */
  comments: (logId: string) =>
    queryOptions({
      queryKey: [...completedQueries.all(), 'comments', logId] as const,
      queryFn: async ({ signal }) =>
        (
          await api
            .get(`api/workout-logs/${logId}/comments`, { signal })
            .json(workoutCommentListResponseSchema)
        ).data,
    }),
};
