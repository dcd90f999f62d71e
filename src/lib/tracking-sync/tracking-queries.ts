import type { AthleteMax, Exercise, WorkoutCategory, WorkoutLog } from '@contract';
import type { LastTimeOfExercise, LastTimeResponse } from '@contract/last-time';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { scheduleItemQuery } from '@/lib/schedule/schedule-queries';
import { pitchListAsked, type ServerPitchList } from './server-pitches';

/**
 * What the tracking screen reads (ADR 036), shared with the schedule's dialog, the dashboard's Today and the
 * device's coming week (ADR 045), which fetches these same options ahead so that a workout never opened opens
 * offline. The entry's and the assignment's keys are the schedule's own. Schemas load with the answer, not
 * with the module (ADR 028): the dashboard imports this.
 */

/** The "last time" of exercises asked for in the same moment goes out as one request per athlete. */
interface LastTimeWaiter {
  resolve: (lastTime: LastTimeOfExercise) => void;
  reject: (error: unknown) => void;
}
const lastTimeBatches = new Map<string, Map<string, LastTimeWaiter[]>>();
const lastTimeChunk = 100; // lastTimeLimits.exercisesMax, without loading the schema to read it

async function fetchLastTimes(athleteId: string, exerciseIds: string[]): Promise<LastTimeResponse> {
  const searchParams = new URLSearchParams(exerciseIds.map((id) => ['exerciseIds', id]));
  const [{ lastTimeResponseSchema }, body] = await Promise.all([
    import('@contract/last-time'),
    api.get(`api/athletes/${athleteId}/last-time`, { searchParams }).json<unknown>(),
  ]);
  return lastTimeResponseSchema.parse(body);
}

async function sendLastTimeBatch(athleteId: string): Promise<void> {
  const batch = lastTimeBatches.get(athleteId);
  lastTimeBatches.delete(athleteId);
  if (!batch) return;
  const exerciseIds = [...batch.keys()].sort();
  for (let start = 0; start < exerciseIds.length; start += lastTimeChunk) {
    const chunk = exerciseIds.slice(start, start + lastTimeChunk);
    try {
      const { unit, data } = await fetchLastTimes(athleteId, chunk);
      const lastById = new Map(data.map((exercise) => [exercise.exerciseId.toLowerCase(), exercise.last]));
      for (const id of chunk) {
        const last = lastById.get(id.toLowerCase()) ?? null;
        for (const waiter of batch.get(id) ?? []) waiter.resolve({ unit, last });
      }
    } catch (error) {
      for (const id of chunk) for (const waiter of batch.get(id) ?? []) waiter.reject(error);
    }
  }
}

function lastTimeOf(athleteId: string, exerciseId: string): Promise<LastTimeOfExercise> {
  return new Promise((resolve, reject) => {
    let batch = lastTimeBatches.get(athleteId);
    if (!batch) {
      batch = new Map();
      lastTimeBatches.set(athleteId, batch);
      // Every card of a workout (or every exercise of a week) asks in the same task: one request for all.
      setTimeout(() => void sendLastTimeBatch(athleteId), 0);
    }
    batch.set(exerciseId, [...(batch.get(exerciseId) ?? []), { resolve, reject }]);
  });
}

export const trackingQueries = {
  all: () => ['tracking'] as const,
  /** The entry with its copy of the workout (`GET /api/schedule/entries/{entryId}`). */
  entry: (entryId: string) => scheduleItemQuery('entry', entryId),
  /** A group assignment with its members' entries, for staff switching between athletes. */
  assignment: (assignmentId: string) => scheduleItemQuery('assignment', assignmentId),
  /** The log of an entry on the server, or null when tracking has not begun there. */
  logOfEntry: (entryId: string) =>
    queryOptions({
      queryKey: [...trackingQueries.all(), 'log-of-entry', entryId] as const,
      queryFn: async ({ signal }): Promise<WorkoutLog | null> => {
        const [{ workoutLogLookupResponseSchema }, body] = await Promise.all([
          import('@contract/tracking'),
          api.get('api/workout-logs', { signal, searchParams: { entryId } }).json<unknown>(),
        ]);
        return workoutLogLookupResponseSchema.parse(body).data;
      },
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
        const [{ pitchListResponseSchema }, body] = await Promise.all([
          import('@contract/pitching'),
          api.get(`api/completed-workouts/${logId}/pitches`, { signal }).json<unknown>(),
        ]);
        return { pitches: pitchListResponseSchema.parse(body).pitches, asked };
      },
    }),
  log: (logId: string) =>
    queryOptions({
      queryKey: [...trackingQueries.all(), 'log', logId] as const,
      queryFn: async ({ signal }): Promise<WorkoutLog> => {
        const [{ workoutLogResponseSchema }, body] = await Promise.all([
          import('@contract/tracking'),
          api.get(`api/workout-logs/${logId}`, { signal }).json<unknown>(),
        ]);
        return workoutLogResponseSchema.parse(body).data;
      },
    }),
  maxes: (athleteId: string) =>
    queryOptions({
      queryKey: [...trackingQueries.all(), 'maxes', athleteId] as const,
      queryFn: async ({ signal }): Promise<AthleteMax[]> => {
        const [{ athleteMaxListResponseSchema }, body] = await Promise.all([
          import('@contract/tracking'),
          api.get(`api/athletes/${athleteId}/maxes`, { signal }).json<unknown>(),
        ]);
        return athleteMaxListResponseSchema.parse(body).data;
      },
      staleTime: 60_000,
    }),
  /**
   * What the athlete did of an exercise at its last completed workout (`GET /api/athletes/{id}/last-time`).
   * One key per exercise, so a week's workouts share them; the exercises asked for together go as one request.
   */
  lastTime: (athleteId: string, exerciseId: string) =>
    queryOptions({
      queryKey: [...trackingQueries.all(), 'last-time', athleteId, exerciseId] as const,
      queryFn: () => lastTimeOf(athleteId, exerciseId),
      // It changes when a workout is finished, and finishing reads everything of tracking again.
      staleTime: 5 * 60_000,
    }),
  /** Exercises of a category to swap one for (the library's list). */
  exercisesOfCategory: (category: WorkoutCategory) =>
    queryOptions({
      queryKey: [...trackingQueries.all(), 'exercises', category] as const,
      queryFn: async ({ signal }): Promise<Exercise[]> => {
        const [{ exerciseListResponseSchema }, body] = await Promise.all([
          import('@contract/library'),
          api.get('api/exercises', { signal, searchParams: { category, size: 100 } }).json<unknown>(),
        ]);
        return exerciseListResponseSchema.parse(body).data;
      },
      staleTime: 5 * 60_000,
    }),
};
