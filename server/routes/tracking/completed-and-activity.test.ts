import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ActivityListResponse,
  AthleteTrainingResponse,
  CompletedWorkoutListResponse,
  WeekComplianceResponse,
} from '../../../contract/tracking';
import { addCalendarDays, weekOf } from '../../lib/calendar-days';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { deviceClock, trackingLookups } from '../../testing/tracking-lookups';

let t: TestContext;
let coach: string;
let tracking: ReturnType<typeof trackingLookups>;
let lookups: ReturnType<typeof scheduleLookups>;
let today: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  coach = await t.signIn('coach@demo.test');
  tracking = trackingLookups(t);
  lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  ids = await lookups.named(coach, {
    people: [
      'athlete@demo.test',
      'tyler.brooks@demo.test',
      'diego.martinez@demo.test',
      'eli.thompson@demo.test',
    ],
    groups: ['Pitchers', 'Position Players'],
    workouts: ['Upper Body Strength A', 'Med-Ball Power'],
  });
});
afterAll(() => t.close());

const list = async (token: string, query = '') =>
  (
    await t.request<CompletedWorkoutListResponse>('GET', `/api/completed-workouts?size=100${query}`, {
      token,
    })
  ).body;
const names = (body: CompletedWorkoutListResponse) =>
  new Set(body.data.map((item) => `${item.athlete.firstName}`));

describe('completed workouts', () => {
  it('lists the organisation’s for staff, newest first, filtered by athlete, group, category and dates', async () => {
    const all = await list(coach);
    expect(all.total).toBeGreaterThan(50);
    const dates = all.data.map((item) => item.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(names(all)).toEqual(new Set(['Jamie', 'Tyler', 'Diego']));
    expect(all.data[0]).toMatchObject({ volumeUnit: 'lb', corrected: false });
    expect(all.data.some((item) => item.recordCount > 0 && item.volume > 0 && item.doneSetCount > 0)).toBe(
      true,
    );

    const tyler = await list(coach, `&athleteId=${ids['tyler.brooks@demo.test']}`);
    expect(names(tyler)).toEqual(new Set(['Tyler']));
    // Pitchers are Jamie, Tyler and Noah: Diego's workouts are not theirs.
    const pitchers = await list(coach, `&groupId=${ids.Pitchers}`);
    expect(names(pitchers)).toEqual(new Set(['Jamie', 'Tyler']));
    const lifts = await list(coach, '&category=lift');
    expect(lifts.data.every((item) => item.category === 'lift')).toBe(true);
    expect(lifts.total).toBeLessThan(all.total);
    const week = { from: addCalendarDays(today, -7), to: addCalendarDays(today, -1) };
    const lastWeek = await list(coach, `&from=${week.from}&to=${week.to}`);
    expect(lastWeek.data.every((item) => item.date >= week.from && item.date <= week.to)).toBe(true);
    expect(lastWeek.total).toBeGreaterThan(0);
    const paged = await t.request<CompletedWorkoutListResponse>(
      'GET',
      '/api/completed-workouts?page=1&size=5',
      { token: coach },
    );
    expect(paged.body.data.map((item) => item.logId)).toEqual(
      all.data.slice(5, 10).map((item) => item.logId),
    );
  });

  it('gives athletes their own only, whatever they ask', async () => {
    const jamie = await t.signIn('athlete@demo.test');
    expect(names(await list(jamie))).toEqual(new Set(['Jamie']));
    expect(names(await list(jamie, `&athleteId=${ids['tyler.brooks@demo.test']}`))).toEqual(
      new Set(['Jamie']),
    );
    const rivals = await list(await t.signIn('admin@rivals.test'));
    expect(rivals.total).toBe(0);
  });
});

describe('the activity feed', () => {
  it('says when a workout is completed and a record set; athletes see their own and their groups’ athletes’', async () => {
    const eliId = ids['eli.thompson@demo.test']!;
    const entry = await tracking.schedule(coach, {
      athleteId: eliId,
      workoutId: ids['Upper Body Strength A'],
      date: today,
    });
    const eli = await t.signIn('eli.thompson@demo.test');
    const clock = deviceClock();
    const log = await tracking.started(coach, entry.id, clock.next());
    const bench = tracking.blockExercise(entry, 'Bench Press');
    await tracking.putSet(coach, log.id, uuidv7(), {
      blockExerciseId: bench.id,
      exerciseId: bench.exerciseId,
      setNumber: 1,
      reps: 5,
      load: 155,
      loadUnit: 'lb',
      changedAt: clock.next(),
    });
    await tracking.finish(coach, log.id, clock.next(2400));

    const feed = await t.request<ActivityListResponse>('GET', '/api/activities?size=5', { token: coach });
    const latest = feed.body.data.filter((activity) => activity.workoutLogId === log.id);
    expect(
      latest.map((activity) => [
        activity.kind,
        activity.title,
        activity.athlete?.firstName,
        activity.actor?.firstName,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['workout_completed', 'Upper Body Strength A', 'Eli', 'Casey'],
        ['record_set', 'Bench Press: best estimated 1RM, 180.83 lb', 'Eli', 'Casey'],
        ['record_set', 'Bench Press: heaviest load, 155 lb', 'Eli', 'Casey'],
      ]),
    );
    const records = await t.request<ActivityListResponse>('GET', '/api/activities?kind=record_set&size=100', {
      token: coach,
    });
    expect(records.body.data.every((activity) => activity.kind === 'record_set')).toBe(true);

    // Eli is a Position Player with Jamie and Diego; Tyler is not in a group with Eli.
    const asEli = await t.request<ActivityListResponse>('GET', '/api/activities?size=100', { token: eli });
    const whose = new Set(asEli.body.data.map((activity) => activity.athlete?.firstName));
    expect(whose).toEqual(new Set(['Eli', 'Jamie', 'Diego']));
    const asTyler = await t.request<ActivityListResponse>('GET', '/api/activities?size=100', {
      token: await t.signIn('tyler.brooks@demo.test'),
    });
    expect(new Set(asTyler.body.data.map((activity) => activity.athlete?.firstName))).toEqual(
      new Set(['Tyler', 'Jamie']),
    );
    const rivals = await t.request<ActivityListResponse>('GET', '/api/activities', {
      token: await t.signIn('coach@rivals.test'),
    });
    expect(rivals.body.total).toBe(0);
  });
});

describe('compliance', () => {
  /** How a person reads the calendar: done, skipped, not done on a day gone by, or today's still to do. */
  const countedByHand = (items: { date: string; status: string }[]) => {
    const completed = items.filter((item) => item.status === 'completed').length;
    const skipped = items.filter((item) => item.status === 'skipped').length;
    const missed = items.filter(
      (item) => item.date < today && item.status !== 'completed' && item.status !== 'skipped',
    ).length;
    const openToday = items.length - completed - skipped - missed;
    return { completed, missed, skipped, openToday, due: completed + missed };
  };

  async function jamieCompliance(days: 7 | 30 | 90 = 7) {
    const training = await t.request<AthleteTrainingResponse>(
      'GET',
      `/api/athletes/${ids['athlete@demo.test']}/training`,
      { token: await t.signIn('athlete@demo.test') },
    );
    expect(training.status).toBe(200);
    return training.body.compliance.find((period) => period.days === days)!;
  }

  it('counts the Training tab’s entries as the calendar shows them over 7, 30 and 90 days', async () => {
    const jamieId = ids['athlete@demo.test']!;
    const jamie = await t.signIn('athlete@demo.test');
    const training = await t.request<AthleteTrainingResponse>('GET', `/api/athletes/${jamieId}/training`, {
      token: jamie,
    });
    expect(training.status).toBe(200);
    // What the calendar shows of the same days (at most 62 at a time), counted as a person would.
    for (const { days, rate, ...counts } of training.body.compliance) {
      const items = [];
      for (let end = today, left = days; left > 0; left -= 62, end = addCalendarDays(end, -62)) {
        const from = addCalendarDays(end, -(Math.min(left, 62) - 1));
        items.push(...(await lookups.calendar(coach, { athleteId: jamieId, from, to: end })).data);
      }
      const byHand = countedByHand(items);
      expect(counts, `${days} days`).toEqual(byHand);
      expect(rate).toBeCloseTo(byHand.completed / byHand.due, 3);
    }
    const setCounts = training.body.exercises.map((exercise) => exercise.doneSets);
    expect(setCounts).toEqual([...setCounts].sort((a, b) => b - a));
    expect(training.body.exercises.map((exercise) => exercise.name)).toContain('Bench Press');
    // The chart opens on the first that has a 1RM (ADR 048): the lifts, not a sprint or a med-ball throw.
    const takesOneRm = Object.fromEntries(
      training.body.exercises.map((exercise) => [exercise.name, exercise.takesOneRm]),
    );
    expect(takesOneRm['Bench Press']).toBe(true);
    expect(
      training.body.exercises
        .filter((exercise) => /Med-Ball|Sprint|Long Toss/.test(exercise.name))
        .map((exercise) => exercise.takesOneRm),
    ).not.toContain(true);
    expect(training.body.maxes.find((max) => max.exerciseName === 'Back Squat')).toMatchObject({
      value: 265,
      source: 'tested',
    });
    expect(training.body.records.length).toBeGreaterThan(0);
    expect(training.body.records.every((record) => record.athlete.firstName === 'Jamie')).toBe(true);

    const other = await t.request('GET', `/api/athletes/${ids['tyler.brooks@demo.test']}/training`, {
      token: jamie,
    });
    expect(other.status).toBe(403);
  });

  it('does not count today’s workout as missed before it is done, and shows a skipped one apart from a missed one', async () => {
    const jamie = await t.signIn('athlete@demo.test');
    const before = await jamieCompliance();
    const todays = await tracking.schedule(coach, {
      athleteId: ids['athlete@demo.test'],
      workoutId: ids['Med-Ball Power'],
      date: today,
    });
    const open = await jamieCompliance();
    expect(open).toMatchObject({
      completed: before.completed,
      missed: before.missed,
      openToday: before.openToday + 1,
      due: before.due,
      rate: before.rate,
    });

    const log = await tracking.started(jamie, todays.id, new Date().toISOString());
    await tracking.finish(jamie, log.id, new Date().toISOString());
    expect(await jamieCompliance()).toMatchObject({
      completed: before.completed + 1,
      openToday: before.openToday,
      due: before.due + 1,
    });

    // Two days ago and not done: missed. Skipped by the coach for a reason: apart, and not due.
    const gone = await tracking.schedule(coach, {
      athleteId: ids['athlete@demo.test'],
      workoutId: ids['Med-Ball Power'],
      date: addCalendarDays(today, -2),
    });
    const missed = await jamieCompliance();
    expect(missed).toMatchObject({ missed: before.missed + 1, due: before.due + 2 });
    await t.request('PATCH', `/api/schedule/entries/${gone.id}`, {
      token: coach,
      body: { status: 'skipped', skipReason: 'Sick' },
    });
    const skipped = await jamieCompliance();
    expect(skipped).toMatchObject({
      completed: before.completed + 1,
      missed: before.missed,
      skipped: before.skipped + 1,
      due: before.due + 1,
    });
    expect(skipped.rate).toBeGreaterThanOrEqual(before.rate ?? 0);
  });

  it('gives staff each group’s compliance of the week so far, today’s open workouts not yet due', async () => {
    const week = async () => {
      const response = await t.request<WeekComplianceResponse>('GET', '/api/compliance/week', {
        token: coach,
      });
      expect(response.status).toBe(200);
      return response.body;
    };
    const { from, to, groups } = await week();
    expect(from).toBe(weekOf(today, 'monday').from);
    expect(to).toBe(today);
    expect(groups.map((row) => row.group.name)).toEqual(['2027 Graduates', 'Pitchers', 'Position Players']);
    const pitchers = groups.find((row) => row.group.name === 'Pitchers')!;
    const items = [];
    for (const email of ['athlete@demo.test', 'tyler.brooks@demo.test', 'noah.kim@demo.test']) {
      const athleteId = ids[email] ?? (await lookups.userId(coach, email));
      items.push(...(await lookups.calendar(coach, { athleteId, from, to })).data);
    }
    const byHand = countedByHand(items);
    expect(pitchers).toMatchObject({
      ...byHand,
      rate: byHand.due === 0 ? null : Math.round((byHand.completed / byHand.due) * 1000) / 1000,
    });

    // A Pitchers workout added for today is open, not missed, until it is done.
    await tracking.schedule(coach, {
      groupId: ids.Pitchers,
      workoutId: ids['Med-Ball Power'],
      date: today,
    });
    const later = (await week()).groups.find((row) => row.group.name === 'Pitchers')!;
    expect(later).toMatchObject({
      completed: pitchers.completed,
      missed: pitchers.missed,
      due: pitchers.due,
      openToday: pitchers.openToday + 3,
      rate: pitchers.rate,
    });
    const athlete = await t.request('GET', '/api/compliance/week', {
      token: await t.signIn('athlete@demo.test'),
    });
    expect(athlete.status).toBe(403);
  });
});
