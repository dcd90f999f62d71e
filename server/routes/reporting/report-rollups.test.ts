/**
 * The per-log exercise totals the report sums (log_exercise_totals, migration 0023) follow every write of logged sets:
 * the seed, sets written through the tracking routes (two devices at once, which overlap on PostgreSQL:
 * `npm run test:pg`), a set removed or undone, reps changed, and a log's delete cascading. After each, the rollup is
 * compared with the sums of the sets themselves, and the report reads the change.
 */
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../../contract/reports';
import type { ScheduleItemDetail } from '../../../contract/schedule';
import { users, workoutLogs } from '../../db/schema';
import { addCalendarDays } from '../../lib/calendar-days';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { rowsOf } from '../../testing/raw-rows';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { deviceClock, trackingLookups } from '../../testing/tracking-lookups';

let t: TestContext;
let coach: string;
let athlete: string;
let tracking: ReturnType<typeof trackingLookups>;
let today: string;
let ids: Record<string, string>;
let organizationId: string;

beforeAll(async () => {
  t = await createTestContext();
  coach = await t.signIn('coach@demo.test');
  athlete = await t.signIn('athlete@demo.test');
  tracking = trackingLookups(t);
  const lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  ids = await lookups.named(coach, { people: ['athlete@demo.test'], workouts: ['Upper Body Strength A'] });
  const [jamie] = await t.db.select().from(users).where(eq(users.email, 'athlete@demo.test'));
  organizationId = jamie!.organizationId;
});
afterAll(() => t.close());

/** The rollup holds exactly the counting sets' sums per log and exercise, for everyone. */
async function expectRollupToMatchTheSets() {
  const [rollup, fromSets] = await Promise.all([
    t.db.execute(
      sql.raw(`select organization_id, log_id, exercise_id, athlete_id, performed_on::text, sets, reps,
        round(load_kg::numeric, 3)::text as load, round(best_one_rm_kg::numeric, 3)::text as best
        from log_exercise_totals order by 2, 3`),
    ),
    t.db.execute(
      sql.raw(`select organization_id, log_id, exercise_id, athlete_id, performed_on::text, count(*)::int as sets,
        coalesce(sum(reps), 0)::int as reps, round(coalesce(sum(load_kg * reps), 0)::numeric, 3)::text as load,
        round(max(estimated_one_rm_kg)::numeric, 3)::text as best
        from logged_sets where done and not removed group by 1, 2, 3, 4, 5 order by 2, 3`),
    ),
  ]);
  expect(rowsOf(rollup)).toEqual(rowsOf(fromSets));
}

// Days long before the demo's history, so a day holds only the workout a test writes.
let dayOffset = 800;
/** An Upper Body Strength A of Jamie's on a day of its own, started. */
async function jamiesWorkout(): Promise<{ entry: ScheduleItemDetail; logId: string; date: string }> {
  dayOffset += 1;
  const date = addCalendarDays(today, -dayOffset);
  const entry = await tracking.schedule(coach, {
    athleteId: ids['athlete@demo.test'],
    workoutId: ids['Upper Body Strength A'],
    date,
  });
  const log = await tracking.started(athlete, entry.id, deviceClock().next());
  return { entry, logId: log.id, date };
}

/** A Bench Press set of `reps` × `load` lb written by `token`. */
function benchSet(
  token: string,
  workout: { entry: ScheduleItemDetail; logId: string },
  setId: string,
  fields: {
    setNumber: number;
    reps: number;
    load: number;
    done?: boolean;
    removed?: boolean;
    changedAt: string;
  },
) {
  const bench = tracking.blockExercise(workout.entry, 'Bench Press');
  return tracking.putSet(token, workout.logId, setId, {
    blockExerciseId: bench.id,
    exerciseId: bench.exerciseId,
    loadUnit: 'lb',
    ...fields,
  });
}

/** Jamie's report volume of one day: the categories' sets, reps and load (lb, the demo's unit). */
async function volumeOn(date: string): Promise<{ sets: number; reps: number; load: number }> {
  const response = await t.request<Report>(
    'GET',
    `/api/reporting/organization/${organizationId}?from=${date}&to=${date}&athleteId=${ids['athlete@demo.test']}`,
    { token: coach },
  );
  expect(response.status).toBe(200);
  return response.body.volume.categories.reduce(
    (sum, category) => ({
      sets: sum.sets + category.sets,
      reps: sum.reps + category.reps,
      load: sum.load + category.load,
    }),
    { sets: 0, reps: 0, load: 0 },
  );
}

describe('the exercise totals of each log', () => {
  it('hold what the demo seeded (the migration backfills, the trigger follows the seed)', async () => {
    await expectRollupToMatchTheSets();
  });

  it('follow sets written at once by two devices, a set undone, one removed, reps changed and the log deleted', async () => {
    const workout = await jamiesWorkout();
    const clock = deviceClock();
    const setIds = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
    const answers = await Promise.all(
      setIds.map((setId, index) =>
        benchSet(index % 2 ? coach : athlete, workout, setId, {
          setNumber: index + 1,
          reps: 5,
          load: 100 + index * 10,
          changedAt: clock.next(),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const finished = await tracking.finish(athlete, workout.logId, clock.next(600));
    expect(finished.status).toBe(200);
    await expectRollupToMatchTheSets();
    // 4 sets of 5 at 100, 110, 120 and 130 lb.
    expect(await volumeOn(workout.date)).toEqual({ sets: 4, reps: 20, load: 2300 });

    await benchSet(athlete, workout, setIds[3]!, {
      setNumber: 4,
      reps: 5,
      load: 130,
      done: false,
      changedAt: clock.next(),
    });
    await benchSet(athlete, workout, setIds[2]!, {
      setNumber: 3,
      reps: 5,
      load: 120,
      removed: true,
      changedAt: clock.next(),
    });
    await benchSet(coach, workout, setIds[0]!, { setNumber: 1, reps: 8, load: 100, changedAt: clock.next() });
    await expectRollupToMatchTheSets();
    // Left: 8 × 100 and 5 × 110.
    expect(await volumeOn(workout.date)).toEqual({ sets: 2, reps: 13, load: 1350 });

    await t.db.delete(workoutLogs).where(eq(workoutLogs.id, workout.logId));
    await expectRollupToMatchTheSets();
    expect(await volumeOn(workout.date)).toEqual({ sets: 0, reps: 0, load: 0 });
  });

  it('stay right when the same log’s sets arrive together from two devices, round after round', async () => {
    for (let round = 0; round < 6; round += 1) {
      const workout = await jamiesWorkout();
      const clock = deviceClock();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          benchSet(index % 2 ? coach : athlete, workout, uuidv7(), {
            setNumber: index + 1,
            reps: 3 + index,
            load: 135,
            changedAt: clock.next(),
          }),
        ),
      );
      expect(
        answers.map((answer) => answer.status),
        `round ${round}`,
      ).toEqual([200, 200, 200, 200, 200, 200]);
      await expectRollupToMatchTheSets();
    }
  });
});
