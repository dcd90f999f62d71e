import {
  athleteMaxListResponseSchema,
  exerciseHistoryResponseSchema,
  exerciseListResponseSchema,
  scheduleItemResponseSchema,
  workoutLogLookupResponseSchema,
  workoutLogResponseSchema,
  type WorkoutCategory,
} from '@contract';
import { pitchListResponseSchema } from '@contract/pitching';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { pitchListAsked, type ServerPitchList } from './server-pitches';

/**
 * What the tracking screen reads (ADR 036), shared with the schedule's dialog (which links to the log of a
 * completed entry). The entry's and the assignment's keys are the schedule's own, so both screens share one
 * cache entry; all of it is kept in the offline cache (ADR 016), so a screen opened once opens offline.
 */
export const trackingQueries = {
  all: () => ['tracking'] as const,
  /** The entry with its copy of the workout (`GET /api/schedule/entries/{entryId}`). */
  entry: (entryId: string) =>
    queryOptions({
      queryKey: ['schedule', 'item', 'entry', entryId] as const,
      queryFn: async ({ signal }) =>
        (await api.get(`api/schedule/entries/${entryId}`, { signal }).json(scheduleItemResponseSchema)).data,
    }),
  /** A group assignment with its members' entries, for staff switching between athletes. */
  assignment: (assignmentId: string) =>
    queryOptions({
      queryKey: ['schedule', 'item', 'assignment', assignmentId] as const,
      queryFn: async ({ signal }) =>
        (await api.get(`api/group-assignments/${assignmentId}`, { signal }).json(scheduleItemResponseSchema))
          .data,
    }),
  /** The log of an entry on the server, or null when tracking has not begun there. */
  logOfEntry: (entryId: string) =>
    queryOptions({
      queryKey: [...trackingQueries.all(), 'log-of-entry', entryId] as const,
      queryFn: async ({ signal }) =>
        (
          await api
            .get('api/workout-logs', { signal, searchParams: { entryId } })
            .json(workoutLogLookupResponseSchema)
        ).data,
    }),
  /**
   * The pitches the server has of the entry's log (issue 16), those entered on other devices included, and when
   * they were asked for (`server-pitches.ts`). Under the entry's log, so what reads that again reads these too.
   */
  pitchesOfLog: (entryId: string, logId: string) =>
    queryOptions({
      queryKey: [...trackingQueries.logOfEntry(entryId).queryKey, 'pitches', logId] as const,
      queryFn: async ({ signal }): Promise<ServerPitchList> => {
        const asked = pitchListAsked();
        const { pitches } = await api
          .get(`api/completed-workouts/${logId}/pitches`, { signal })
          .json(pitchListResponseSchema);
        return { pitches, asked };
      },
    }),
  log: (logId: string) =>
    queryOptions({
      queryKey: [...trackingQueries.all(), 'log', logId] as const,
      queryFn: async ({ signal }) =>
        (await api.get(`api/workout-logs/${logId}`, { signal }).json(workoutLogResponseSchema)).data,
    }),
  maxes: (athleteId: string) =>
    queryOptions({
      queryKey: [...trackingQueries.all(), 'maxes', athleteId] as const,
      queryFn: async ({ signal }) =>
        (await api.get(`api/athletes/${athleteId}/maxes`, { signal }).json(athleteMaxListResponseSchema))
          .data,
      staleTime: 60_000,
    }),
  /** An exercise's history for an athlete; its last point is "last time". */
  history: (athleteId: string, exerciseId: string) =>
    queryOptions({
      queryKey: [...trackingQueries.all(), 'history', athleteId, exerciseId] as const,
      queryFn: ({ signal }) =>
        api
          .get(`api/athletes/${athleteId}/history`, { signal, searchParams: { exerciseId } })
          .json(exerciseHistoryResponseSchema),
      staleTime: 60_000,
    }),
  /** Exercises of a category to swap one for (the library's list). */
  exercisesOfCategory: (category: WorkoutCategory) =>
    queryOptions({
      queryKey: [...trackingQueries.all(), 'exercises', category] as const,
      queryFn: async ({ signal }) =>
        (
          await api
            .get('api/exercises', { signal, searchParams: { category, size: 100 } })
            .json(exerciseListResponseSchema)
        ).data,
      staleTime: 5 * 60_000,
    }),
};
