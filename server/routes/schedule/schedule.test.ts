import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkoutResponse } from '../../../contract/library';
import type { ScheduleItemResponse, ScheduleResponse, TodayResponse } from '../../../contract/schedule';
import { addCalendarDays } from '../../lib/calendar-days';
import type { ErrorBody } from '../../testing/library-lookups';
import { scheduleLookups, shown } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
let coach: string;
let athlete: string;
let lookups: ReturnType<typeof scheduleLookups>;
let today: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  coach = await t.signIn('coach@demo.test');
  athlete = await t.signIn('athlete@demo.test');
  lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  ids = await lookups.named(coach, {
    people: ['athlete@demo.test', 'tyler.brooks@demo.test', 'noah.kim@demo.test', 'eli.thompson@demo.test'],
    groups: ['Pitchers', 'Position Players'],
    workouts: ['Lower Body Strength A', 'Bullpen Day', 'Med-Ball Power'],
  });
});
afterAll(() => t.close());

/** The demo seed's window: two weeks back and four ahead of the organisation's today (42 days). */
const seedWindow = () => ({ from: addCalendarDays(today, -14), to: addCalendarDays(today, 27) });

function schedule(token: string, body: Record<string, unknown>) {
  return t.request<ScheduleItemResponse | ErrorBody>('POST', '/api/schedule', { token, body });
}

describe('GET /api/schedule: the calendars', () => {
  it("shows the organisation's calendar with each group assignment once and only the entries that follow none", async () => {
    const calendar = await lookups.calendar(coach, seedWindow());
    expect(calendar.timeZone).toBe('America/Chicago');
    expect(calendar.today).toBe(today);
    const assignments = calendar.data.filter((item) => item.kind === 'assignment');
    const entries = calendar.data.filter((item) => item.kind === 'entry');
    // Six weeks: Pitchers and Position Players five days a week, the 2027 Graduates on Saturdays.
    const perGroup = new Map<string, number>();
    for (const item of assignments) perGroup.set(item.group!.name, (perGroup.get(item.group!.name) ?? 0) + 1);
    expect(Object.fromEntries(perGroup)).toEqual({
      Pitchers: 30,
      'Position Players': 30,
      '2027 Graduates': 6,
    });
    // Jamie's three warm-ups, Diego's and Eli's own sessions, and Noah's Return to Throw (11 workouts).
    expect(entries).toHaveLength(16);
    expect(entries.every((entry) => entry.assignmentId === null && entry.group === null)).toBe(true);
    expect(entries.filter((entry) => entry.programApplicationId !== null).map(shown)).toHaveLength(11);
    expect(calendar.data.map((item) => item.date)).toEqual(calendar.data.map((item) => item.date).sort());
  });

  it("shows a group's assignments with how far its members got, and an athlete's own entries", async () => {
    const pitchers = await lookups.calendar(coach, { ...seedWindow(), groupId: ids.Pitchers! });
    expect(pitchers.data).toHaveLength(30);
    const past = pitchers.data.filter((item) => item.date < today);
    expect(past.length).toBeGreaterThan(0);
    // Past workouts were done (one of Tyler's was skipped); nothing to come is started.
    for (const item of past) {
      expect(item.status).toBe('completed');
      expect(item.progress?.total).toBe(3);
    }
    expect(
      pitchers.data.filter((item) => item.date >= today).every((item) => item.status === 'scheduled'),
    ).toBe(true);

    const jamie = await lookups.calendar(coach, { ...seedWindow(), athleteId: ids['athlete@demo.test']! });
    expect(jamie.data).toHaveLength(63);
    expect(jamie.data.every((item) => item.kind === 'entry' && item.athlete?.lastName === 'Rivera')).toBe(
      true,
    );
    const followers = jamie.data.filter((item) => item.assignmentId !== null);
    expect(followers).toHaveLength(60);
    expect(new Set(followers.map((item) => item.group?.name))).toEqual(
      new Set(['Pitchers', 'Position Players']),
    );
  });

  it('keeps an athlete to its own calendar', async () => {
    const own = await lookups.calendar(athlete, { from: today, to: addCalendarDays(today, 6) });
    expect(own.data.length).toBeGreaterThan(0);
    expect(own.data.every((item) => item.athlete?.id === ids['athlete@demo.test'])).toBe(true);
    const same = await lookups.calendar(athlete, {
      from: today,
      to: addCalendarDays(today, 6),
      athleteId: ids['athlete@demo.test']!,
    });
    expect(same.data).toEqual(own.data);

    const range = `from=${today}&to=${today}`;
    const other = await t.request<ErrorBody>(
      'GET',
      `/api/schedule?${range}&athleteId=${ids['noah.kim@demo.test']}`,
      {
        token: athlete,
      },
    );
    expect(other.status).toBe(403);
    expect(other.body.error.message).toBe('Athletes see their own schedule only.');
    const group = await t.request('GET', `/api/schedule?${range}&groupId=${ids.Pitchers}`, {
      token: athlete,
    });
    expect(group.status).toBe(403);
  });

  it("answers today's workouts: an athlete's own, and the organisation's for staff", async () => {
    const mine = await t.request<TodayResponse>('GET', '/api/schedule/today', { token: athlete });
    expect(mine.status).toBe(200);
    expect(mine.body.today).toBe(today);
    expect(mine.body.data.every((item) => item.date === today && item.athlete?.lastName === 'Rivera')).toBe(
      true,
    );
    expect(mine.body.data).toContainEqual(
      expect.objectContaining({ name: 'Dynamic Warm-Up', timeOfDay: '07:00', status: 'scheduled' }),
    );

    const staff = await t.request<TodayResponse>('GET', '/api/schedule/today', { token: coach });
    const organisation = await lookups.calendar(coach, { from: today, to: today });
    expect(staff.body.data).toEqual(organisation.data);
  });

  it('refuses ranges it cannot show, naming the field', async () => {
    const cases: [string, Record<string, string>][] = [
      ['from=1999-12-31&to=2000-01-02', { from: 'Choose a date between 2000 and 2100 (YYYY-MM-DD)' }],
      ['from=2026-02-01&to=2026-02-30', { to: 'Choose a date between 2000 and 2100 (YYYY-MM-DD)' }],
      ['from=2026-03-10&to=2026-03-09', { to: 'The range ends before it starts' }],
      [
        `from=2026-03-01&to=2026-03-02&athleteId=${ids['noah.kim@demo.test']}&groupId=${ids.Pitchers}`,
        { groupId: 'Choose an athlete or a group, not both' },
      ],
    ];
    for (const [query, fields] of cases) {
      const response = await t.request<ErrorBody>('GET', `/api/schedule?${query}`, { token: coach });
      expect(response.status, query).toBe(400);
      expect(response.body.error.fields, query).toEqual(fields);
    }
    const over = await t.request<ErrorBody>('GET', '/api/schedule?from=2026-03-01&to=2026-05-02', {
      token: coach,
    });
    expect(over.body.error.fields).toEqual({ to: 'At most 62 days at once (this range has 63)' });
    const longest = await t.request<ScheduleResponse>('GET', '/api/schedule?from=2026-03-01&to=2026-05-01', {
      token: coach,
    });
    expect(longest.status).toBe(200);
  });
});

describe('POST /api/schedule: a workout on a date', () => {
  it("puts a workout on an athlete's day after what is there, with its own copy of the workout", async () => {
    const date = addCalendarDays(today, 3);
    const before = await lookups.calendar(coach, {
      from: date,
      to: date,
      athleteId: ids['eli.thompson@demo.test']!,
    });
    const created = await schedule(coach, {
      workoutId: ids['Bullpen Day'],
      date,
      timeOfDay: '18:15',
      athleteId: ids['eli.thompson@demo.test'],
    });
    expect(created.status).toBe(201);
    const { message, data } = created.body as ScheduleItemResponse;
    expect(message).toMatch(/^Bullpen Day is scheduled for Eli Thompson on \w{3} \d{1,2} \w{3}\.$/);
    expect(data).toMatchObject({
      kind: 'entry',
      date,
      timeOfDay: '18:15',
      name: 'Bullpen Day',
      category: 'command',
      status: 'scheduled',
      athlete: { id: ids['eli.thompson@demo.test'], firstName: 'Eli', lastName: 'Thompson' },
      group: null,
      assignmentId: null,
      position: Math.max(-1, ...before.data.map((item) => item.position)) + 1,
      members: null,
      skipReason: null,
    });
    expect(data.workout).toMatchObject({ workoutId: ids['Bullpen Day'], version: 1, libraryVersion: null });
    expect(data.workout.blocks.length).toBeGreaterThan(0);
    expect(data.workout.blocks[0]!.exercises[0]!.exercise.name).toEqual(expect.any(String));

    const after = await lookups.calendar(coach, {
      from: date,
      to: date,
      athleteId: ids['eli.thompson@demo.test']!,
    });
    expect(after.data.at(-1)).toMatchObject({ id: data.id, name: 'Bullpen Day' });
  });

  it('fans a group workout out to every member, each following it, and shows it once for the organisation', async () => {
    const date = addCalendarDays(today, 30);
    const created = await schedule(coach, { workoutId: ids['Med-Ball Power'], date, groupId: ids.Pitchers });
    expect(created.status).toBe(201);
    const { message, data } = created.body as ScheduleItemResponse;
    expect(message).toMatch(/^Med-Ball Power is scheduled for Pitchers on .+ \(3 athletes\)\.$/);
    expect(data).toMatchObject({
      kind: 'assignment',
      group: { id: ids.Pitchers, name: 'Pitchers' },
      athlete: null,
      status: 'scheduled',
      progress: { completed: 0, total: 3 },
    });
    expect(
      data.members?.map((member) => [member.athlete.lastName, member.status, member.followsAssignment]),
    ).toEqual([
      ['Brooks', 'scheduled', true],
      ['Kim', 'scheduled', true],
      ['Rivera', 'scheduled', true],
    ]);

    for (const email of ['athlete@demo.test', 'tyler.brooks@demo.test', 'noah.kim@demo.test']) {
      const own = await lookups.calendar(coach, { from: date, to: date, athleteId: ids[email]! });
      expect(own.data, email).toEqual([
        expect.objectContaining({
          kind: 'entry',
          name: 'Med-Ball Power',
          assignmentId: data.id,
          group: { id: ids.Pitchers, name: 'Pitchers' },
        }),
      ]);
    }
    const organisation = await lookups.calendar(coach, { from: date, to: date });
    expect(organisation.data.map(shown)).toEqual([{ date, name: 'Med-Ball Power', who: 'Pitchers' }]);
  });

  it('keeps its copy when the library changes, until "update from library" takes the new version', async () => {
    const date = addCalendarDays(today, 31);
    const { data: entry } = (
      await schedule(coach, {
        workoutId: ids['Lower Body Strength A'],
        date,
        athleteId: ids['noah.kim@demo.test'],
      })
    ).body as ScheduleItemResponse;
    const { data: assignment } = (
      await schedule(coach, {
        workoutId: ids['Lower Body Strength A'],
        date,
        groupId: ids['Position Players'],
      })
    ).body as ScheduleItemResponse;

    const library = await t.request<WorkoutResponse>('GET', `/api/workouts/${ids['Lower Body Strength A']}`, {
      token: coach,
    });
    const {
      id: _id,
      archived: _a,
      blockCount: _b,
      exerciseCount: _e,
      createdAt: _c,
      updatedAt: _u,
      ...workout
    } = library.body.data;
    const saved = await t.request<WorkoutResponse>('PUT', `/api/workouts/${ids['Lower Body Strength A']}`, {
      token: coach,
      body: {
        ...workout,
        notes: 'Heavier this block.',
        blocks: workout.blocks.slice(1).map(({ exercises, ...block }) => ({
          ...block,
          exercises: exercises.map(({ exercise: _x, ...rest }) => rest),
        })),
      },
    });
    expect(saved.status).toBe(200);

    const kept = await lookups.detail(coach, entry);
    expect(kept.workout).toMatchObject({ version: 1, libraryVersion: 2, notes: entry.workout.notes });
    expect(kept.workout.blocks).toEqual(entry.workout.blocks);

    const updated = await t.request<ScheduleItemResponse>(
      'POST',
      `/api/schedule/entries/${entry.id}/update-from-library`,
      { token: coach },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe("Lower Body Strength A now has the library's version 2.");
    expect(updated.body.data.workout).toMatchObject({
      version: 2,
      libraryVersion: null,
      notes: 'Heavier this block.',
    });
    expect(updated.body.data.workout.blocks).toHaveLength(entry.workout.blocks.length - 1);
    const again = await t.request<ScheduleItemResponse>(
      'POST',
      `/api/schedule/entries/${entry.id}/update-from-library`,
      { token: coach },
    );
    expect(again.body.message).toBe("Lower Body Strength A already has the library's latest version.");

    const group = await t.request<ScheduleItemResponse>(
      'POST',
      `/api/group-assignments/${assignment.id}/update-from-library`,
      { token: coach },
    );
    expect(group.body.data.workout.version).toBe(2);
    for (const member of group.body.data.members ?? []) {
      const memberEntry = await lookups.detail(coach, { id: member.entryId, kind: 'entry' });
      expect(memberEntry.workout.version).toBe(2);
      expect(member.followsAssignment).toBe(true);
    }
  });

  it('refuses what it cannot schedule, each fault at its field', async () => {
    const rivalsCoach = await t.signIn('coach@rivals.test');
    const rivalsAthlete = await lookups.userId(rivalsCoach, 'athlete@rivals.test');
    const rivalsGroup = await lookups.groupId(rivalsCoach, 'Varsity');
    const archived = await t.request<WorkoutResponse>(
      'POST',
      `/api/workouts/${ids['Med-Ball Power']}/duplicate`,
      {
        token: coach,
        body: { name: 'Old Med-Ball' },
      },
    );
    await t.request('POST', `/api/workouts/${archived.body.data.id}/archive`, { token: coach });
    const base = { workoutId: ids['Bullpen Day'], date: today, athleteId: ids['noah.kim@demo.test'] };

    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { ...base, workoutId: archived.body.data.id },
        { workoutId: 'Old Med-Ball is archived: restore it in the library to schedule it' },
      ],
      [
        { ...base, workoutId: crypto.randomUUID() },
        { workoutId: 'There is no such workout in your library' },
      ],
      [{ ...base, date: '1999-12-31' }, { date: 'Choose a date between 2000 and 2100 (YYYY-MM-DD)' }],
      [{ ...base, date: '2101-01-01' }, { date: 'Choose a date between 2000 and 2100 (YYYY-MM-DD)' }],
      [{ ...base, timeOfDay: '25:00' }, { timeOfDay: 'Use a time of day like 15:30' }],
      [{ workoutId: ids['Bullpen Day'], date: today }, { athleteId: 'Choose an athlete or a group' }],
      [{ ...base, groupId: ids.Pitchers }, { groupId: 'Choose an athlete or a group, not both' }],
    ];
    for (const [body, fields] of cases) {
      const response = await schedule(coach, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((response.body as ErrorBody).error.fields).toEqual(fields);
    }
    // Another organisation's athlete or group is not found, as if it did not exist.
    for (const who of [{ athleteId: rivalsAthlete }, { groupId: rivalsGroup }, { athleteId: ids.Pitchers }]) {
      const response = await schedule(coach, { workoutId: ids['Bullpen Day'], date: today, ...who });
      expect(response.status, JSON.stringify(who)).toBe(404);
    }
    const coachAsAthlete = await schedule(coach, {
      workoutId: ids['Bullpen Day'],
      date: today,
      athleteId: await lookups.userId(coach, 'coach@demo.test'),
    });
    expect(coachAsAthlete.status).toBe(404);
  });

  it('lets only staff schedule', async () => {
    const response = await schedule(athlete, {
      workoutId: ids['Bullpen Day'],
      date: today,
      athleteId: ids['athlete@demo.test'],
    });
    expect(response.status).toBe(403);
    expect((await t.request('GET', '/api/schedule/today')).status).toBe(401);
  });
});
