import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PitchInput,
  SensorThrowInput,
  ThrowingAlertsResponse,
  ThrowingSummaryResponse,
} from '../../../contract/pitching';
import {
  acuteWorkload,
  chronicWorkload,
  restDaysAfter,
  workloadZone,
  type PitchType,
} from '../../../contract/throwing';
import { addCalendarDays } from '../../lib/calendar-days';
import { workloadOf } from '../../lib/pitching-rows';
import type { ErrorBody } from '../../testing/library-lookups';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { deviceClock, trackingLookups } from '../../testing/tracking-lookups';

let t: TestContext;
let coach: string;
let eli: string;
let noah: string;
let rivals: string;
let ids: Record<string, string>;
/** An id looked up by name in beforeAll. */
const idOf = (name: string): string => {
  const id = ids[name];
  if (!id) throw new Error(`No id for ${name}`);
  return id;
};
let today: string;
let tracking: ReturnType<typeof trackingLookups>;

/** Eli Thompson's profile as the demo seeds it: 15 years old, 69 in, 160 lb; no throws of his own before. */
const elisBody = { heightInches: 69, weightPounds: 160 };

/** A hand-made history of Eli's: days ago → pitches (type, mph, strike) and throws (torque in Nm). */
type Pitched = [PitchType, number, boolean | null];
const history: { daysAgo: number; pitches: Pitched[]; torques: number[] }[] = [
  { daysAgo: 40, pitches: repeat<Pitched>(30, ['fastball', 84, true]), torques: repeat(30, 60) },
  {
    daysAgo: 20,
    pitches: [
      ...repeat<Pitched>(80, ['fastball', 86, true]),
      ...repeat<Pitched>(20, ['curveball', 71, false]),
    ],
    torques: repeat(40, 70),
  },
  {
    daysAgo: 3,
    pitches: [...repeat<Pitched>(30, ['fastball', 85, null]), ...repeat<Pitched>(20, ['changeup', 77, true])],
    torques: repeat(40, 75),
  },
  { daysAgo: 1, pitches: repeat<Pitched>(62, ['fastball', 87, false]), torques: repeat(50, 80) },
  { daysAgo: 0, pitches: repeat<Pitched>(20, ['slider', 79, true]), torques: repeat(20, 70) },
];

function repeat<T>(count: number, value: T): T[] {
  return Array.from({ length: count }, () => value);
}

beforeAll(async () => {
  t = await createTestContext();
  [coach, eli, noah, rivals] = (await Promise.all(
    ['coach@demo.test', 'eli.thompson@demo.test', 'noah.kim@demo.test', 'coach@rivals.test'].map((email) =>
      t.signIn(email),
    ),
  )) as [string, string, string, string];
  tracking = trackingLookups(t);
  const lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  ids = await lookups.named(coach, {
    people: ['eli.thompson@demo.test', 'noah.kim@demo.test', 'athlete@demo.test'],
    groups: ['Pitchers'],
    workouts: ['Bullpen Day'],
  });
  for (const day of history) {
    const log = await outing('eli.thompson@demo.test', day.daysAgo);
    const pitches: PitchInput[] = day.pitches.map(([pitchType, velocityMph, strike], index) => ({
      sequence: index + 1,
      pitchType,
      velocityMph: velocityMph + (index % 2) * 2,
      strike,
    }));
    const throws: SensorThrowInput[] = day.torques.map((elbowTorqueNm, index) => ({
      sequence: index + 1,
      elbowTorqueNm,
    }));
    await put(`/api/completed-workouts/${log}/pitches`, { pitches });
    await put(`/api/completed-workouts/${log}/sensor-throws`, { throws });
  }
  // Noah (14: at most 95 pitches a day) threw 96 today.
  const noahs = await outing('noah.kim@demo.test', 0);
  await put(`/api/completed-workouts/${noahs}/pitches`, {
    pitches: Array.from({ length: 96 }, (_, index) => ({
      sequence: index + 1,
      pitchType: 'fastball',
      velocityMph: 74,
    })),
  });
});
afterAll(() => t.close());

/** A Bullpen Day of the athlete's, `daysAgo` days before today, started (pitches go on the log either way). */
async function outing(email: string, daysAgo: number): Promise<string> {
  const entry = await tracking.schedule(coach, {
    athleteId: idOf(email),
    workoutId: idOf('Bullpen Day'),
    date: addCalendarDays(today, -daysAgo),
  });
  return (await tracking.started(coach, entry.id, deviceClock().next())).id;
}

async function put(path: string, body: unknown) {
  const response = await t.request('PUT', path, { token: coach, body });
  if (response.status !== 200) throw new Error(`PUT ${path} answered ${response.status}`);
}

const summaryOf = async (athleteId: string, token: string, days?: number) =>
  t.request<ThrowingSummaryResponse & ErrorBody>(
    'GET',
    `/api/athletes/${athleteId}/throwing${days ? `?days=${days}` : ''}`,
    { token },
  );

/** Eli's daily workloads, oldest first, from `from` to `to`, as the contract's arithmetic reads them. */
function elisDailyWorkloads(to: string, length: number): number[] {
  return Array.from({ length }, (_, index) => {
    const date = addCalendarDays(to, index - length + 1);
    const day = history.find((outing) => addCalendarDays(today, -outing.daysAgo) === date);
    return (day?.torques ?? []).reduce((sum, torque) => sum + workloadOf(torque, elisBody)!, 0);
  });
}

describe("an athlete's throwing summary", () => {
  it('counts the last 28 days’ pitches with the rest Pitch Smart calls for, and when he may pitch again', async () => {
    const response = await summaryOf(idOf('eli.thompson@demo.test'), coach);
    expect(response.status).toBe(200);
    const summary = response.body.throwing;
    expect(summary).toMatchObject({
      athlete: { firstName: 'Eli', lastName: 'Thompson' },
      today,
      age: 15,
      dailyLimit: 95,
      pitchesToday: 20,
      hasBodyMeasures: true,
    });
    // 40 days ago is outside the 28; 20 days ago, 100 pitches were over the limit.
    expect(summary.pitchCounts).toEqual([
      { date: addCalendarDays(today, -20), pitches: 100, restDays: restDaysAfter(100, 15), overLimit: true },
      { date: addCalendarDays(today, -3), pitches: 50, restDays: restDaysAfter(50, 15), overLimit: false },
      { date: addCalendarDays(today, -1), pitches: 62, restDays: restDaysAfter(62, 15), overLimit: false },
      { date: today, pitches: 20, restDays: 0, overLimit: false },
    ]);
    expect(summary.pitchCounts.map((day) => day.restDays)).toEqual([4, 2, 3, 0]);
    // 62 pitches yesterday call for 3 rest days: today and the next two, so he pitches again in three days.
    expect(summary.availableFrom).toBe(addCalendarDays(today, 3));
  });

  it('gives velocity per day and pitch type, and the pitch mix with strike rates of the pitches that have one', async () => {
    const summary = (await summaryOf(idOf('eli.thompson@demo.test'), coach)).body.throwing;
    expect(summary.velocity).toContainEqual({
      date: addCalendarDays(today, -20),
      pitchType: 'curveball',
      pitches: 20,
      averageMph: 72,
      topMph: 73,
    });
    expect(summary.velocity).toHaveLength(7);
    const fastballs = 30 + 80 + 30 + 62;
    const [mostThrown] = summary.pitchMix;
    expect(mostThrown).toMatchObject({
      pitchType: 'fastball',
      pitches: fastballs,
      // Strikes known: all but the 30 of three days ago; strikes: 30 + 80.
      strikeRate: Math.round((110 / (fastballs - 30)) * 1000) / 1000,
    });
    expect(mostThrown!.averageMph).toBeCloseTo((30 * 85 + 80 * 87 + 30 * 86 + 62 * 88) / fastballs, 1);
    expect(summary.pitchMix.map((type) => [type.pitchType, type.pitches, type.strikeRate])).toEqual([
      ['fastball', fastballs, mostThrown!.strikeRate],
      ['changeup', 20, 1],
      ['curveball', 20, 0],
      ['slider', 20, 1],
    ]);
    // Over 28 days the throws of 40 days ago are left out.
    const month = (await summaryOf(idOf('eli.thompson@demo.test'), coach, 28)).body.throwing;
    expect(month.pitchMix[0]!.pitches).toBe(fastballs - 30);
  });

  it("gives every day's workload with the acute and chronic workloads, their ratio and zone, the first days included", async () => {
    const summary = (await summaryOf(idOf('eli.thompson@demo.test'), eli, 28)).body.throwing;
    expect(summary.workload).toHaveLength(28);
    expect(summary.workload[0]!.date).toBe(addCalendarDays(today, -27));
    expect(summary.workload.at(-1)!.date).toBe(today);
    for (const [index, day] of summary.workload.entries()) {
      const daily = elisDailyWorkloads(day.date, 37);
      const acute = acuteWorkload(daily)!;
      const chronic = chronicWorkload(daily)!;
      expect(day.daily, day.date).toBeCloseTo(daily.at(-1)!, 3);
      expect(day.acute, day.date).toBeCloseTo(acute, 3);
      expect(day.chronic, day.date).toBeCloseTo(chronic, 3);
      expect(day.ratio, day.date).toBeCloseTo(acute / chronic, 2);
      expect(day.zone, day.date).toBe(workloadZone(acute / chronic));
      // The first day's chronic workload holds the throws of 40 days ago, read from before the window.
      if (index === 0) expect(day.chronic).toBeGreaterThan(0);
    }
    const current = summary.workload.at(-1)!;
    expect(summary.currentWorkload).toEqual({
      acute: current.acute,
      chronic: current.chronic,
      ratio: current.ratio,
      zone: 'red',
      unknownDays: 0,
    });
    // 41 days of nothing before the first throw: no ratio, no zone.
    const longer = (await summaryOf(idOf('eli.thompson@demo.test'), eli, 90)).body.throwing;
    expect(longer.workload[0]).toEqual({
      date: addCalendarDays(today, -89),
      daily: 0,
      acute: 0,
      chronic: 0,
      ratio: null,
      zone: null,
    });
  });

  it('has no age, limit, rest or workload for an athlete without a date of birth or throws', async () => {
    const summary = (await summaryOf(idOf('noah.kim@demo.test'), noah)).body.throwing;
    expect(summary).toMatchObject({ age: 14, dailyLimit: 95, pitchesToday: 96, hasBodyMeasures: false });
    expect(summary.pitchCounts).toEqual([{ date: today, pitches: 96, restDays: 4, overLimit: true }]);
    expect(summary.availableFrom).toBe(addCalendarDays(today, 5));
    expect(summary.currentWorkload).toBeNull();
    expect(summary.workload.every((day) => day.daily === 0 && day.ratio === null)).toBe(true);
  });

  it('is read by staff and by the athlete itself only; days must be 28 to 730', async () => {
    const elisId = idOf('eli.thompson@demo.test');
    expect((await summaryOf(elisId, eli)).status).toBe(200);
    expect((await summaryOf(elisId, noah)).status).toBe(404);
    expect((await summaryOf(elisId, rivals)).status).toBe(404);
    const short = await summaryOf(elisId, coach, 20);
    expect(short.status).toBe(400);
    expect(short.body.error.fields?.days).toBe('Days is at least 28');
    expect((await summaryOf(elisId, coach, 731)).status).toBe(400);
    expect((await summaryOf(elisId, coach, 730)).body.throwing.workload).toHaveLength(730);
  });
});

describe("the staff's throwing warnings", () => {
  const alertsOf = (token: string, query = '') =>
    t.request<ThrowingAlertsResponse & ErrorBody>('GET', `/api/throwing/alerts${query}`, { token });

  it('lists who pitched beyond the daily limit today and whose workload ratio is out of the green', async () => {
    const response = await alertsOf(coach);
    expect(response.status).toBe(200);
    expect(response.body.today).toBe(today);
    const byName = new Map(response.body.alerts.map((alert) => [alert.athlete.firstName, alert]));
    expect(byName.get('Noah')).toMatchObject({ pitchCount: { pitches: 96, limit: 95 }, workload: null });
    const eliSummary = (await summaryOf(idOf('eli.thompson@demo.test'), coach)).body.throwing;
    expect(byName.get('Eli')).toMatchObject({
      pitchCount: null,
      workload: { ratio: eliSummary.currentWorkload!.ratio, zone: 'red' },
    });
    // The demo arranges Tyler's last bullpen so that the dashboard always has a warning.
    expect(byName.get('Tyler')?.workload?.zone).toMatch(/^(amber|red)$/);
    const names = response.body.alerts.map((alert) => alert.athlete.lastName);
    expect(names).toEqual([...names].sort());
  });

  it("keeps to a group's members, and is for staff only", async () => {
    const pitchers = await alertsOf(coach, `?groupId=${idOf('Pitchers')}`);
    expect(pitchers.body.alerts.map((alert) => alert.athlete.firstName)).not.toContain('Eli');
    expect(pitchers.body.alerts.map((alert) => alert.athlete.firstName)).toContain('Noah');
    expect((await alertsOf(eli)).status).toBe(403);
    expect((await alertsOf(rivals, `?groupId=${idOf('Pitchers')}`)).status).toBe(404);
    const own = await alertsOf(rivals);
    expect(own.body.alerts).toEqual([]);
  });
});
