import { v7 as uuidv7 } from 'uuid';
import type { ScheduleItemDetail, ScheduleItemResponse } from '../../contract/schedule';
import type {
  LoggedSetResponse,
  UpsertLoggedSetRequest,
  WorkoutLog,
  WorkoutLogResponse,
} from '../../contract/tracking';
import type { ErrorBody } from './library-lookups';
import type { TestContext } from './test-app';

/** A device's clock: each change a little later than the one before, as a person makes them. */
export function deviceClock(start = Date.parse('2026-01-05T16:00:00.000Z')) {
  let now = start;
  return {
    next: (seconds = 5) => {
      now += seconds * 1000;
      return new Date(now).toISOString();
    },
  };
}

/** What tracking tests do as the screens do: schedule a workout, start its log, write sets, finish. */
export function trackingLookups(t: Pick<TestContext, 'request'>) {
  async function schedule(token: string, body: Record<string, unknown>): Promise<ScheduleItemDetail> {
    const response = await t.request<ScheduleItemResponse>('POST', '/api/schedule', { token, body });
    if (response.status !== 201) throw new Error(`POST /api/schedule answered ${response.status}`);
    return response.body.data;
  }

  /** The block exercise of a scheduled workout by its exercise's name. */
  function blockExercise(entry: ScheduleItemDetail, name: string) {
    const found = entry.workout.blocks
      .flatMap((block) => block.exercises)
      .find((item) => item.exercise.name === name);
    if (!found) throw new Error(`${entry.name} has no ${name}`);
    return found;
  }

  const start = (token: string, logId: string, entryId: string, startedAt: string, headers = {}) =>
    t.request<WorkoutLogResponse & ErrorBody>('PUT', `/api/workout-logs/${logId}`, {
      token,
      body: { entryId, startedAt },
      headers,
    });

  async function started(token: string, entryId: string, startedAt: string): Promise<WorkoutLog> {
    const response = await start(token, uuidv7(), entryId, startedAt);
    if (response.status !== 201) throw new Error(`Starting answered ${response.status}`);
    return response.body.data;
  }

  const putSet = (
    token: string,
    logId: string,
    setId: string,
    body: Partial<UpsertLoggedSetRequest>,
    headers: Record<string, string> = {},
  ) =>
    t.request<LoggedSetResponse & ErrorBody>('PUT', `/api/workout-logs/${logId}/sets/${setId}`, {
      token,
      body: {
        reps: null,
        load: null,
        loadUnit: null,
        rpe: null,
        timeSeconds: null,
        distance: null,
        distanceUnit: null,
        velocityMph: null,
        done: true,
        ...body,
      },
      headers,
    });

  const finish = (token: string, logId: string, finishedAt: string, extra: Record<string, unknown> = {}) =>
    t.request<WorkoutLogResponse & ErrorBody>('POST', `/api/workout-logs/${logId}/finish`, {
      token,
      body: { finishedAt, durationSeconds: 3000, sessionRpe: 8, ...extra },
    });

  return { schedule, blockExercise, start, started, putSet, finish };
}
