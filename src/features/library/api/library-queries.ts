import type { ExerciseListQuery, WorkoutCategory, WorkoutListQuery } from '@contract';
import {
  exerciseListResponseSchema,
  exerciseResponseSchema,
  workoutListResponseSchema,
  workoutResponseSchema,
} from '@contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** One page of a library list as the API reads it: `page` from 0, only the filters that are set. */
export interface LibraryListParams {
  page: number;
  size: number;
  q?: string;
  category?: WorkoutCategory;
  archived?: boolean;
}

function searchParamsOf(params: LibraryListParams): Record<string, string | number> {
  const { archived, ...rest } = params;
  const searchParams: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined && value !== '') searchParams[key] = value;
  }
  if (archived) searchParams.archived = 'true';
  return searchParams;
}

/** The workout library's exercises (`/api/exercises`, admin and coach). */
export const exerciseQueries = {
  all: () => ['exercises'] as const,
  lists: () => [...exerciseQueries.all(), 'list'] as const,
  list: (params: LibraryListParams) =>
    queryOptions({
      queryKey: [...exerciseQueries.lists(), params] as const,
      queryFn: ({ signal }) =>
        api
          .get('api/exercises', { signal, searchParams: searchParamsOf(params) satisfies ExerciseListQuery })
          .json(exerciseListResponseSchema),
      // Searching and paging keep the rows on screen until the next answer arrives, so nothing jumps.
      placeholderData: keepPreviousData,
    }),
  details: () => [...exerciseQueries.all(), 'detail'] as const,
  detail: (exerciseId: string) =>
    queryOptions({
      queryKey: [...exerciseQueries.details(), exerciseId] as const,
      queryFn: async ({ signal }) =>
        (
          await api
            .get(`api/exercises/${encodeURIComponent(exerciseId)}`, { signal })
            .json(exerciseResponseSchema)
        ).data,
    }),
};

/** The workout library's workouts (`/api/workouts`, admin and coach). */
export const workoutQueries = {
  all: () => ['workouts'] as const,
  lists: () => [...workoutQueries.all(), 'list'] as const,
  list: (params: LibraryListParams) =>
    queryOptions({
      queryKey: [...workoutQueries.lists(), params] as const,
      queryFn: ({ signal }) =>
        api
          .get('api/workouts', { signal, searchParams: searchParamsOf(params) satisfies WorkoutListQuery })
          .json(workoutListResponseSchema),
      placeholderData: keepPreviousData,
    }),
  details: () => [...workoutQueries.all(), 'detail'] as const,
  detail: (workoutId: string) =>
    queryOptions({
      queryKey: [...workoutQueries.details(), workoutId] as const,
      queryFn: async ({ signal }) =>
        (
          await api
            .get(`api/workouts/${encodeURIComponent(workoutId)}`, { signal })
            .json(workoutResponseSchema)
        ).data,
    }),
};
