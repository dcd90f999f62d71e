import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LastTimeResponse } from '../../../contract/last-time';
import type { ScheduleItemDetail } from '../../../contract/schedule';
import type { ExerciseHistoryResponse, WorkoutLog } from '../../../contract/tracking';
import { addCalendarDays } from '../../lib/calendar-days';
import type { ErrorBody } from '../../testing/library-lookups';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { deviceClock, trackingLookups } from '../../testing/tracking-lookups';

let t: TestContext;
let coach: string;
let eli: string;
let tracking: ReturnType<typeof trackingLookups>;
let today: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  coach = await t.signIn('coach@demo.test');
  eli = await t.signIn('eli.thompson@demo.test');
  tracking = trackingLookups(t);
  const lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  ids = await lookups.named(coach, {
    people: ['eli.thompson@demo.test', 'athlete@demo.test'],
    workouts: ['Upper Body Strength A'],
  });
});
afterAll(() => t.close());

const eliId = () => ids['eli.thompson@demo.test']!;

/** Eli's Upper Body Strength A `days` from today, started by Eli. */
async function eliWorkout(days: number): Promise<{ entry: ScheduleItemDetail; log: WorkoutLog }> {
  const entry = await tracking.schedule(coach, {
    athleteId: eliId(),
    workoutId: ids['Upper Body Strength A'],
    date: addCalendarDays(today, days),
  });
  const log = await tracking.started(eli, entry.id, `${entry.date}T16:00:00.000Z`);
  return { entry, log };
}

/** Done sets of one exercise of the workout, as Eli's phone sends them. */
async function logSets(
  { entry, log }: { entry: ScheduleItemDetail; log: WorkoutLog },
  exercise: string,
  sets: { reps: number; load: number }[],
) {
  const planned = tracking.blockExercise(entry, exercise);
  const clock = deviceClock(Date.parse(`${entry.date}T16:00:00.000Z`));
  for (const [index, set] of sets.entries()) {
    const response = await tracking.putSet(eli, log.id, uuidv7(), {
      blockExerciseId: planned.id,
      exerciseId: planned.exerciseId,
      setNumber: index + 1,
      reps: set.reps,
      load: set.load,
      loadUnit: 'lb',
      changedAt: clock.next(),
    });
    if (response.status !== 200) throw new Error(`A set answered ${response.status}`);
  }
  return planned.exerciseId;
}

const lastTime = (token: string, athleteId: string, query: string) =>
  t.request<LastTimeResponse & ErrorBody>('GET', `/api/athletes/${athleteId}/last-time?${query}`, { token });

describe('GET /api/athletes/{athleteId}/last-time', () => {
  it('answers each exercise’s last completed workout, as its history sums it up; a workout in progress never counts', async () => {
    const earlier = await eliWorkout(-20);
    const bench = await logSets(earlier, 'Bench Press', [
      { reps: 5, load: 185 },
      { reps: 5, load: 185 },
    ]);
    await tracking.finish(eli, earlier.log.id, `${earlier.entry.date}T17:00:00.000Z`);
    const later = await eliWorkout(-10);
    await logSets(later, 'Bench Press', [
      { reps: 3, load: 205 },
      { reps: 5, load: 195 },
      { reps: 8, load: 165 },
    ]);
    await tracking.finish(eli, later.log.id, `${later.entry.date}T17:00:00.000Z`);
    // Today's, being tracked: heavier, but not "last time" for the workout it is part of.
    const current = await eliWorkout(0);
    await logSets(current, 'Bench Press', [{ reps: 1, load: 245 }]);
    const otherExercise = current.entry.workout.blocks
      .flatMap((block) => block.exercises)
      .find((slot) => slot.exerciseId !== bench)!.exerciseId;
    const neverDone = uuidv7();

    const answer = await lastTime(
      eli,
      eliId(),
      `exerciseIds=${neverDone}&exerciseIds=${bench}&exerciseIds=${otherExercise}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      unit: 'lb',
      data: [
        { exerciseId: neverDone, last: null },
        {
          exerciseId: bench,
          last: {
            date: later.entry.date,
            logId: later.log.id,
            estimatedOneRm: 227.5,
            topSet: { load: 205, reps: 3 },
            bestVelocityMph: null,
            doneSets: 3,
          },
        },
        { exerciseId: otherExercise, last: null },
      ],
    });

    // The same summary as the last point of the exercise's history (which counts the workout in progress too).
    const history = await t.request<ExerciseHistoryResponse>(
      'GET',
      `/api/athletes/${eliId()}/history?exerciseId=${bench}`,
      { token: eli },
    );
    expect(history.body.points.at(-2)).toEqual(answer.body.data[1]?.last);
    expect(history.body.points.at(-1)?.logId).toBe(current.log.id);

    // Staff read any athlete's, and the list may be written with commas.
    const forCoach = await lastTime(coach, eliId(), `exerciseIds=${bench},${neverDone}`);
    expect(forCoach.status).toBe(200);
    expect(forCoach.body.data.map((exercise) => exercise.last?.logId ?? null)).toEqual([later.log.id, null]);
  });

  it('lets athletes read their own only, finds no athlete of another organisation, and names what is wrong', async () => {
    const jamie = ids['athlete@demo.test']!;
    const exercise = uuidv7();
    expect((await lastTime(eli, jamie, `exerciseIds=${exercise}`)).status).toBe(403);
    const rivals = await t.signIn('coach@rivals.test');
    expect((await lastTime(rivals, eliId(), `exerciseIds=${exercise}`)).status).toBe(404);
    expect((await lastTime(coach, ids['Upper Body Strength A']!, `exerciseIds=${exercise}`)).status).toBe(
      404,
    );

    const none = await lastTime(coach, eliId(), '');
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toHaveProperty('exerciseIds');
    const notIds = await lastTime(coach, eliId(), 'exerciseIds=bench');
    expect(notIds.status).toBe(400);
    const tooMany = Array.from({ length: 101 }, () => uuidv7()).join(',');
    const refused = await lastTime(coach, eliId(), `exerciseIds=${tooMany}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ exerciseIds: 'At most 100 exercises at once' });
  });
});
