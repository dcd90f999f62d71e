import {
  athleteTrainingResponseSchema,
  exerciseHistoryResponseSchema,
  exerciseListResponseSchema,
} from '@contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** An athlete's training (`/api/athletes/{athleteId}/…`): the tab's summary and one exercise's history. */
export const trainingQueries = {
  /** Everything of one athlete: a correction or a new max makes it all stale. */
  athlete: (athleteId: string) => ['athlete-training', athleteId] as const,
  summary: (athleteId: string) =>
    queryOptions({
      queryKey: [...trainingQueries.athlete(athleteId), 'summary'] as const,
      queryFn: ({ signal }) =>
        api.get(`api/athletes/${athleteId}/training`, { signal }).json(athleteTrainingResponseSchema),
    }),
  history: (athleteId: string, exerciseId: string) =>
    queryOptions({
      queryKey: [...trainingQueries.athlete(athleteId), 'history', exerciseId] as const,
      queryFn: ({ signal }) =>
        api
          .get(`api/athletes/${athleteId}/history`, { signal, searchParams: { exerciseId } })
          .json(exerciseHistoryResponseSchema),
    }),
};

/** The library's exercises that take a load or a velocity: what a tested max can be recorded for (staff). */
export const maxableExercisesQuery = () =>
  queryOptions({
    queryKey: ['athlete-training', 'maxable-exercises'] as const,
    queryFn: async ({ signal }) => {
      const body = await api
        .get('api/exercises', { signal, searchParams: { size: 100 } })
        .json(exerciseListResponseSchema);
      return body.data
        .filter((exercise) => exercise.measures.includes('load') || exercise.measures.includes('velocity'))
        .map(({ id, name }) => ({ id, name }));
    },
    staleTime: 5 * 60_000,
  });
