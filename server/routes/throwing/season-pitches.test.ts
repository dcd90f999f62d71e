import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonPitchLimits, type SeasonPitchesResponse } from '../../../contract/pitching';
import type { PitchType } from '../../../contract/throwing';
import { pitches, workoutLogs } from '../../db/schema';
import { addCalendarDays } from '../../lib/calendar-days';
import type { ErrorBody } from '../../testing/library-lookups';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { deviceClock, trackingLookups } from '../../testing/tracking-lookups';

let t: TestContext;
let coach: string;
let diego: string;
let noah: string;
let today: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  [coach, diego, noah] = (await Promise.all(
    ['coach@demo.test', 'diego.martinez@demo.test', 'noah.kim@demo.test'].map((email) => t.signIn(email)),
  )) as [string, string, string];
  const lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  ids = await lookups.named(coach, {
    people: ['diego.martinez@demo.test', 'noah.kim@demo.test'],
    workouts: ['Bullpen Day'],
  });
});
afterAll(() => t.close());

/** A log of the athlete's to hang pitches on; the pitches below carry their own dates, spread over a season. */
async function logOf(email: string) {
  const tracking = trackingLookups(t);
  const entry = await tracking.schedule(coach, {
    athleteId: ids[email]!,
    workoutId: ids['Bullpen Day']!,
    date: today,
  });
  const log = await tracking.started(coach, entry.id, deviceClock().next());
  const [row] = await t.db.select().from(workoutLogs).where(eq(workoutLogs.id, log.id));
  return row!;
}

const seasonOf = (athleteId: string, token: string, days = 90) =>
  t.request<SeasonPitchesResponse & ErrorBody>(
    'GET',
    `/api/athletes/${athleteId}/throwing/pitches?days=${days}`,
    {
      token,
    },
  );

describe("the season's pitches for the scatter (issue 22)", () => {
  it('answers an even sample of a long season with every outlier kept, by date', async () => {
    const log = await logOf('diego.martinez@demo.test');
    const types: PitchType[] = ['fastball', 'slider', 'changeup'];
    const baseOf: Record<string, number> = { fastball: 90, slider: 82, changeup: 83 };
    // 3,600 pitches over the last 90 days (40 a day), and three fastballs far slower than the rest.
    const season = Array.from({ length: 3600 }, (_, index) => {
      const pitchType = types[index % 3]!;
      return {
        id: uuidv7(),
        organizationId: log.organizationId,
        logId: log.id,
        athleteId: log.athleteId,
        date: addCalendarDays(today, -Math.floor(index / 40)),
        sequence: index + 1,
        pitchType,
        velocityMph: baseOf[pitchType]! + ((index * 7) % 11) / 5 - 1,
      };
    });
    const slow = [10, 500, 1100].map((at, index) => ({
      ...season[at * 3]!,
      id: uuidv7(),
      sequence: 5000 + index,
      velocityMph: 70 + index,
    }));
    for (let start = 0; start < season.length; start += 1000) {
      await t.db.insert(pitches).values(season.slice(start, start + 1000));
    }
    await t.db.insert(pitches).values(slow);

    const response = await seasonOf(log.athleteId, coach);
    expect(response.status).toBe(200);
    const { pitches: shown, total, sampled } = response.body;
    expect(total).toBe(3603);
    expect(sampled).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(seasonPitchLimits.sample + 3);
    expect(shown.length).toBeGreaterThan(600);
    expect(shown.filter((pitch) => pitch.outlier)).toEqual(
      [...slow].reverse().map((pitch) => ({
        date: pitch.date,
        pitchType: 'fastball',
        velocityMph: pitch.velocityMph,
        outlier: true,
      })),
    );
    const dates = shown.map((pitch) => pitch.date);
    expect(dates).toEqual([...dates].sort());
    // Even over the season: every one of its 90 days has some of its 40 pitches shown.
    expect(new Set(dates).size).toBeGreaterThan(80);
    for (const type of types) {
      expect(shown.filter((pitch) => pitch.pitchType === type).length).toBeGreaterThan(150);
    }
    // The same pitches on every read.
    expect((await seasonOf(log.athleteId, diego)).body.pitches).toEqual(shown);
  });

  it('answers a short season whole, and another athlete’s to no athlete', async () => {
    const log = await logOf('noah.kim@demo.test');
    await t.db.insert(pitches).values(
      Array.from({ length: 12 }, (_, index) => ({
        id: uuidv7(),
        organizationId: log.organizationId,
        logId: log.id,
        athleteId: log.athleteId,
        date: today,
        sequence: index + 1,
        pitchType: 'fastball' as const,
        velocityMph: 74 + (index % 3),
      })),
    );
    const own = await seasonOf(log.athleteId, noah, 28);
    expect(own.body).toMatchObject({ total: 12, sampled: false });
    expect(own.body.pitches).toHaveLength(12);
    expect((await seasonOf(log.athleteId, diego)).status).toBe(404);
    expect((await seasonOf(log.athleteId, coach, 20)).status).toBe(400);
  });
});
