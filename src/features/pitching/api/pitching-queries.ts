import { pitchListResponseSchema, sensorThrowListResponseSchema } from '@contract/pitching';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** A completed workout's pitches and arm-sensor throws (`/api/completed-workouts/{logId}/…`). */
export const pitchingQueries = {
  all: () => ['pitching'] as const,
  workout: (logId: string) => [...pitchingQueries.all(), logId] as const,
  pitches: (logId: string) =>
    queryOptions({
      queryKey: [...pitchingQueries.workout(logId), 'pitches'] as const,
      queryFn: async ({ signal }) =>
        (await api.get(`api/completed-workouts/${logId}/pitches`, { signal }).json(pitchListResponseSchema))
          .pitches,
    }),
  sensorThrows: (logId: string) =>
    queryOptions({
      queryKey: [...pitchingQueries.workout(logId), 'sensor-throws'] as const,
      queryFn: ({ signal }) =>
        api
          .get(`api/completed-workouts/${logId}/sensor-throws`, { signal })
          .json(sensorThrowListResponseSchema),
    }),
};
