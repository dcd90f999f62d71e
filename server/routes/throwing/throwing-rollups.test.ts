/**
 * The per-day rollups the summary reads (throwing_days, workload_days, migration 0007) follow every write of
 * pitches and sensor throws: the summary through the app before and after each write, and the rollups compared with
 * the base tables' sums after each. Writes the app has no route for (a pitch moved to another day, a workout log
 * deleted) go to the database directly, as a seed or a cascade would.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PitchInput,
  PitchResponse,
  SensorThrowInput,
  ThrowingSummary,
  ThrowingSummaryResponse,
} from '../../../contract/pitching';
import { pitches, workoutLogs } from '../../db/schema';
import { addCalendarDays } from '../../lib/calendar-days';
import { workloadOf } from '../../lib/pitching-rows';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { rowsOf } from '../../testing/raw-rows';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { deviceClock, trackingLookups } from '../../testing/tracking-lookups';

let t: TestContext;
let coach: string;
let eliId: string;
let bullpenId: string;
let today: string;
let tracking: ReturnType<typeof trackingLookups>;

/** Eli Thompson as the demo seeds him: 69 in, 160 lb, no throws of his own. */
const elisBody = { heightInches: 69, weightPounds: 160 };

beforeAll(async () => {
  t = await createTestContext();
  coach = await t.signIn('coach@demo.test');
  tracking = trackingLookups(t);
  const lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  const ids = await lookups.named(coach, { people: ['eli.thompson@demo.test'], workouts: ['Bullpen Day'] });
  eliId = ids['eli.thompson@demo.test']!;
  bullpenId = ids['Bullpen Day']!;
});
afterAll(() => t.close());

/** A Bullpen Day of Eli's, `daysAgo` days before today, started. */
async function outing(daysAgo: number): Promise<string> {
  const entry = await tracking.schedule(coach, {
    athleteId: eliId,
    workoutId: bullpenId,
    date: addCalendarDays(today, -daysAgo),
  });
  return (await tracking.started(coach, entry.id, deviceClock().next())).id;
}

async function send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) {
  const response = await t.request<T>(method, path, { token: coach, body });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return response.body;
}

async function summary(): Promise<ThrowingSummary> {
  const response = await t.request<ThrowingSummaryResponse>(
    'GET',
    `/api/athletes/${eliId}/throwing?days=28`,
    {
      token: coach,
    },
  );
  expect(response.status).toBe(200);
  return response.body.throwing;
}

const countOn = (of: ThrowingSummary, date: string) =>
  of.pitchCounts.find((day) => day.date === date)?.pitches ?? 0;
const velocityOf = (of: ThrowingSummary, date: string) =>
  of.velocity
    .filter((row) => row.date === date)
    .map(({ pitchType, pitches, averageMph, topMph }) => ({
      pitchType,
      pitches,
      averageMph,
      topMph,
    }));
const workloadOn = (of: ThrowingSummary, date: string) =>
  of.workload.find((day) => day.date === date)!.daily!;

/** The rollups hold exactly the base tables' sums per day (and type), for everyone. */
async function expectRollupsToMatchTheThrows() {
  const pair = async (rollup: string, base: string) => [
    rowsOf(await t.db.execute(sql.raw(rollup))),
    rowsOf(await t.db.execute(sql.raw(base))),
  ];
  const [days, fromPitches] = await pair(
    `select organization_id, athlete_id, date::text, pitch_type, pitches, round(velocity_sum::numeric, 2)::text as v,
       velocity_top::text as top, strikes, strikes_known from throwing_days order by 1, 2, 3, 4`,
    `select organization_id, athlete_id, date::text, pitch_type, count(*)::int as pitches,
       round(sum(velocity_mph::float8)::numeric, 2)::text as v, max(velocity_mph)::text as top,
       (count(*) filter (where strike))::int as strikes, count(strike)::int as strikes_known
     from pitches group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
  );
  expect(days).toEqual(fromPitches);
  const [workloads, fromThrows] = await pair(
    `select organization_id, athlete_id, date::text, throws, round(workload_sum::numeric, 4)::text as w
     from workload_days order by 1, 2, 3`,
    `select organization_id, athlete_id, date::text, count(*)::int as throws,
       round(sum(workload::float8)::numeric, 4)::text as w from sensor_throws group by 1, 2, 3 order by 1, 2, 3`,
  );
  expect(workloads).toEqual(fromThrows);
}

describe('the throwing rollups', () => {
  it('hold what the demo seeded (the migration backfills, the triggers follow the seed)', async () => {
    await expectRollupsToMatchTheThrows();
  });

  it('follow a pitch and a sensor throw entered one at a time, an edit of its type and velocity, and a delete', async () => {
    const log = await outing(0);
    const before = await summary();
    const added = await send<PitchResponse>('POST', `/api/completed-workouts/${log}/pitches`, {
      sequence: 1,
      pitchType: 'fastball',
      velocityMph: 91.5,
      strike: true,
    } satisfies PitchInput);
    await send('POST', `/api/completed-workouts/${log}/sensor-throws`, {
      sequence: 1,
      elbowTorqueNm: 60,
    } satisfies SensorThrowInput);
    const entered = await summary();
    expect(entered.pitchesToday).toBe(before.pitchesToday + 1);
    expect(velocityOf(entered, today)).toEqual([
      { pitchType: 'fastball', pitches: 1, averageMph: 91.5, topMph: 91.5 },
    ]);
    expect(entered.pitchMix).toEqual([
      { pitchType: 'fastball', pitches: 1, strikeRate: 1, averageMph: 91.5 },
    ]);
    expect(workloadOn(entered, today)).toBeCloseTo(workloadOn(before, today) + workloadOf(60, elisBody)!, 3);
    await expectRollupsToMatchTheThrows();

    await send('PUT', `/api/completed-workouts/${log}/pitches/${added.pitch.id}`, {
      sequence: 1,
      pitchType: 'slider',
      velocityMph: 82,
      strike: false,
    } satisfies PitchInput);
    const edited = await summary();
    expect(velocityOf(edited, today)).toEqual([
      { pitchType: 'slider', pitches: 1, averageMph: 82, topMph: 82 },
    ]);
    expect(edited.pitchMix).toEqual([{ pitchType: 'slider', pitches: 1, strikeRate: 0, averageMph: 82 }]);
    await expectRollupsToMatchTheThrows();

    await send('DELETE', `/api/completed-workouts/${log}/pitches/${added.pitch.id}`);
    const deleted = await summary();
    expect(deleted.pitchesToday).toBe(before.pitchesToday);
    expect(velocityOf(deleted, today)).toEqual([]);
    await expectRollupsToMatchTheThrows();
  });

  it('follow a pitch moved to another day', async () => {
    const log = await outing(0);
    const { pitch } = await send<PitchResponse>('POST', `/api/completed-workouts/${log}/pitches`, {
      sequence: 1,
      pitchType: 'changeup',
      velocityMph: 78,
    } satisfies PitchInput);
    const twoDaysAgo = addCalendarDays(today, -2);
    const before = await summary();
    await t.db.update(pitches).set({ date: twoDaysAgo }).where(eq(pitches.id, pitch.id));
    const moved = await summary();
    expect(moved.pitchesToday).toBe(before.pitchesToday - 1);
    expect(countOn(moved, twoDaysAgo)).toBe(countOn(before, twoDaysAgo) + 1);
    expect(velocityOf(moved, twoDaysAgo)).toContainEqual({
      pitchType: 'changeup',
      pitches: 1,
      averageMph: 78,
      topMph: 78,
    });
    await expectRollupsToMatchTheThrows();
  });

  it("follow a replace of a workout's pitches and throws, and the log's delete", async () => {
    const daysAgo = 5;
    const date = addCalendarDays(today, -daysAgo);
    const log = await outing(daysAgo);
    const bullpen = (count: number, velocityMph: number): PitchInput[] =>
      Array.from({ length: count }, (_, index) => ({
        sequence: index + 1,
        pitchType: index % 2 ? 'curveball' : 'fastball',
        velocityMph: velocityMph + (index % 2 ? -12 : 0),
        strike: index % 3 === 0,
      }));
    await send('PUT', `/api/completed-workouts/${log}/pitches`, { pitches: bullpen(40, 88) });
    await send('PUT', `/api/completed-workouts/${log}/sensor-throws`, {
      throws: Array.from({ length: 30 }, (_, index) => ({ sequence: index + 1, elbowTorqueNm: 70 })),
    });
    const first = await summary();
    expect(countOn(first, date)).toBe(40);
    expect(velocityOf(first, date)).toEqual([
      { pitchType: 'curveball', pitches: 20, averageMph: 76, topMph: 76 },
      { pitchType: 'fastball', pitches: 20, averageMph: 88, topMph: 88 },
    ]);
    expect(workloadOn(first, date)).toBeCloseTo(30 * workloadOf(70, elisBody)!, 3);
    await expectRollupsToMatchTheThrows();

    // The replace deletes the 40 and inserts 6: the day holds the 6 only.
    await send('PUT', `/api/completed-workouts/${log}/pitches`, { pitches: bullpen(6, 90) });
    await send('PUT', `/api/completed-workouts/${log}/sensor-throws`, {
      throws: [{ sequence: 1, elbowTorqueNm: 50 }],
    });
    const replaced = await summary();
    expect(countOn(replaced, date)).toBe(6);
    expect(velocityOf(replaced, date)).toEqual([
      { pitchType: 'curveball', pitches: 3, averageMph: 78, topMph: 78 },
      { pitchType: 'fastball', pitches: 3, averageMph: 90, topMph: 90 },
    ]);
    expect(workloadOn(replaced, date)).toBeCloseTo(workloadOf(50, elisBody)!, 3);
    await expectRollupsToMatchTheThrows();

    // Deleting the log cascades to its pitches and throws; the rollups follow the cascade.
    await t.db.delete(workoutLogs).where(eq(workoutLogs.id, log));
    const gone = await summary();
    expect(countOn(gone, date)).toBe(0);
    expect(velocityOf(gone, date)).toEqual([]);
    expect(workloadOn(gone, date)).toBe(0);
    await expectRollupsToMatchTheThrows();
  });
});
