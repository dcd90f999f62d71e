/**
 * The athlete's set writes as the tracking outbox sends them, for the load benchmark (bench-load.ts) and the
 * processes' fault test (server/cluster.pg.test.ts): logs started on coming entries, and new sets for them.
 */
import { v7 as deviceId } from 'uuid';
import type { PrescribedSet } from '../../contract/library';
import type { ScheduleItemDetail, ScheduleResponse, TodayResponse } from '../../contract/schedule';
import { deviceTimeHeader, type UpsertLoggedSetRequest } from '../../contract/tracking';
import { addCalendarDays } from '../../server/lib/calendar-days';
import { getJson } from './sign-in';

/** A write's headers: the device's clock at sending is new on every attempt, as the outbox sends it. */
export function writeHeaders(token: string, idempotencyKey: string): Record<string, string> {
  return {
    authorization: `Bearer ${token}`,
    accept: 'application/json',
    'content-type': 'application/json',
    'idempotency-key': idempotencyKey,
    [deviceTimeHeader]: new Date().toISOString(),
  };
}

/** One place in a started log where the athlete writes sets: a block exercise and the set it prescribes first. */
export interface SetPlace {
  logId: string;
  blockExerciseId: string;
  exerciseId: string;
  measures: readonly string[];
  prescribed: PrescribedSet | undefined;
}

/** Starts logs on up to `count` of the athlete's coming scheduled entries (today first); answers their places. */
export async function startLogs(
  baseUrl: string,
  athleteToken: string,
  count: number,
): Promise<{ logIds: string[]; places: SetPlace[] }> {
  const { today } = await getJson<TodayResponse>(baseUrl, athleteToken, '/api/schedule/today');
  const range = new URLSearchParams({ from: today, to: addCalendarDays(today, 13) });
  const calendar = await getJson<ScheduleResponse>(
    baseUrl,
    athleteToken,
    `/api/schedule?${range.toString()}`,
  );
  const entries = calendar.data
    .filter((item) => item.kind === 'entry' && item.status === 'scheduled')
    .slice(0, count);
  if (entries.length === 0) throw new Error('The demo athlete has nothing scheduled in the next two weeks');
  const logIds: string[] = [];
  const places: SetPlace[] = [];
  for (const entry of entries) {
    const detail = await getJson<{ data: ScheduleItemDetail }>(
      baseUrl,
      athleteToken,
      `/api/schedule/entries/${entry.id}`,
    );
    const logId = deviceId();
    const started = await fetch(`${baseUrl}/api/workout-logs/${logId}`, {
      method: 'PUT',
      headers: writeHeaders(athleteToken, deviceId()),
      body: JSON.stringify({ entryId: entry.id, startedAt: new Date().toISOString() }),
      signal: AbortSignal.timeout(30_000),
    });
    if (!started.ok) throw new Error(`Starting a log answered ${started.status}: ${await started.text()}`);
    logIds.push(logId);
    for (const block of detail.data.workout.blocks) {
      for (const place of block.exercises) {
        places.push({
          logId,
          blockExerciseId: place.id,
          exerciseId: place.exerciseId,
          measures: place.exercise.measures,
          prescribed: place.sets[0],
        });
      }
    }
  }
  if (places.length === 0) throw new Error('The athlete’s coming workouts have no exercises');
  return { logIds, places };
}

/**
 * A set as the tracking screen sends it: the measures its exercise takes, filled from the prescription. `setIndex`
 * numbers it (the API takes 1–100; past that the numbers repeat, as the ids stay new); `index` varies the load.
 */
export function setBody(place: SetPlace, setIndex: number, index: number): UpsertLoggedSetRequest {
  const takes = (measure: string) => place.measures.includes(measure);
  const prescribed = place.prescribed;
  const lifted = takes('load') || takes('percentOneRm');
  return {
    blockExerciseId: place.blockExerciseId,
    exerciseId: place.exerciseId,
    setNumber: (setIndex % 100) + 1,
    reps: takes('reps') ? (prescribed?.reps ?? 5) : null,
    load: lifted ? (prescribed?.load ?? 95 + (index % 4) * 5) : null,
    loadUnit: lifted ? (prescribed?.loadUnit ?? 'lb') : null,
    rpe: takes('rpe') ? (prescribed?.rpe ?? 7) : null,
    timeSeconds: takes('time') ? (prescribed?.timeSeconds ?? 30) : null,
    distance: takes('distance') ? (prescribed?.distance ?? 20) : null,
    distanceUnit: takes('distance') ? (prescribed?.distanceUnit ?? 'yd') : null,
    velocityMph: takes('velocity') ? (prescribed?.velocityMph ?? 80) : null,
    done: true,
    changedAt: new Date().toISOString(),
  };
}
