import { completedWorkoutListResponseSchema } from '@contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** How many of the athlete's workouts the import chooser offers (a session is imported within days of it). */
export const recentWorkoutCount = 8;

/** The athlete's completed workouts, newest first (`GET /api/completed-workouts?athleteId=`): where an import goes. */
export const recentWorkoutsQuery = (athleteId: string) =>
  queryOptions({
    queryKey: ['completed-workouts', 'list', { athleteId, size: recentWorkoutCount }] as const,
    queryFn: ({ signal }) =>
      api
        .get('api/completed-workouts', { signal, searchParams: { athleteId, size: recentWorkoutCount } })
        .json(completedWorkoutListResponseSchema),
    staleTime: 60_000,
  });
