import { v7 as deviceId } from 'uuid';
import { addCalendarDays, todayIn } from '../../server/lib/calendar-days';
import { scaleAcademy } from './scale-academy';
import { getJson } from './sign-in';

/** What tracking should stay under on PostgreSQL with about 3 million logged sets (issue 15); printed only. */
export const trackingAims = { readP95Ms: 50, upsertP95Ms: 15 } as const;

interface Json {
  [key: string]: unknown;
}

/**
 * The reads a coach of the Scale Academy makes most: one athlete's history of the exercise it logged most, over
 * two years, and the completed workouts of the 50-athlete group for this month.
 */
export async function trackingReadCases(
  baseUrl: string,
  token: string,
  ids: { largeGroupId: string; athleteId: string },
) {
  const today = todayIn(scaleAcademy.timeZone);
  const training = await getJson<{ exercises: { id: string; name: string; doneSets: number }[] }>(
    baseUrl,
    token,
    `/api/athletes/${ids.athleteId}/training`,
  );
  const exercise = training.exercises[0];
  if (!exercise) throw new Error('The athlete has no logged sets: was the Scale Academy made with them?');
  const monthStart = `${today.slice(0, 8)}01`;
  const history = new URLSearchParams({
    exerciseId: exercise.id,
    from: addCalendarDays(today, -730),
    to: today,
  });
  const completed = new URLSearchParams({
    groupId: ids.largeGroupId,
    from: monthStart,
    to: today,
    size: '100',
  });
  return [
    {
      endpoint: `GET /api/athletes/…/history (${exercise.doneSets} sets of one exercise, two years)`,
      path: `/api/athletes/${ids.athleteId}/history?${history.toString()}`,
      aimMs: trackingAims.readP95Ms,
    },
    {
      endpoint: `GET /api/completed-workouts?groupId=… (the ${scaleAcademy.largeGroup.size}-athlete group, this month)`,
      path: `/api/completed-workouts?${completed.toString()}`,
      aimMs: trackingAims.readP95Ms,
    },
  ];
}

/**
 * A log started on one of today's entries of the athlete, and the writes the bench times: twenty sets of its
 * first exercise, each written again and again with a new load (a set is upserted many times while tracking).
 */
export async function startedLogForUpserts(baseUrl: string, token: string, athleteId: string) {
  const today = todayIn(scaleAcademy.timeZone);
  const calendar = await getJson<{ data: { id: string; kind: string; status: string }[] }>(
    baseUrl,
    token,
    `/api/schedule?athleteId=${athleteId}&from=${today}&to=${today}`,
  );
  const entry = calendar.data.find((item) => item.kind === 'entry' && item.status === 'scheduled');
  if (!entry) throw new Error('The athlete has nothing scheduled today');
  const detail = await getJson<{
    data: { workout: { blocks: { exercises: { id: string; exerciseId: string }[] }[] } };
  }>(baseUrl, token, `/api/schedule/entries/${entry.id}`);
  const place = detail.data.workout.blocks[0]?.exercises[0];
  if (!place) throw new Error('Today’s workout has no exercise');
  const logId = deviceId();
  const started = await fetch(`${baseUrl}/api/workout-logs/${logId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ entryId: entry.id, startedAt: new Date().toISOString() }),
  });
  if (!started.ok) throw new Error(`Starting the log answered ${started.status}: ${await started.text()}`);
  const setIds = Array.from({ length: 20 }, () => deviceId());
  return {
    endpoint: 'PUT /api/workout-logs/…/sets/… (upsert a set, records recomputed)',
    aimMs: trackingAims.upsertP95Ms,
    request: (index: number): { path: string; body: Json } => ({
      path: `/api/workout-logs/${logId}/sets/${setIds[index % setIds.length]!}`,
      body: {
        blockExerciseId: place.id,
        exerciseId: place.exerciseId,
        setNumber: (index % setIds.length) + 1,
        reps: 1 + (index % 10),
        load: 135 + (index % 40) * 5,
        loadUnit: 'lb',
        rpe: null,
        timeSeconds: null,
        distance: null,
        distanceUnit: null,
        velocityMph: null,
        done: true,
        changedAt: new Date(Date.now() + index).toISOString(),
      },
    }),
  };
}
