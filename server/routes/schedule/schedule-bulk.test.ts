import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgramResponse, ScheduleBatchResponse, CalendarItem } from '../../../contract/schedule';
import { scheduleEntries } from '../../db/schema';
import { addCalendarDays, calendarDaysFrom, weekOf } from '../../lib/calendar-days';
import type { ErrorBody } from '../../testing/library-lookups';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
let coach: string;
let lookups: ReturnType<typeof scheduleLookups>;
let today: string;
let thisWeek: { from: string; to: string };
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  coach = await t.signIn('coach@demo.test');
  lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  thisWeek = weekOf(today, 'monday');
  ids = await lookups.named(coach, {
    people: ['athlete@demo.test', 'eli.thompson@demo.test', 'sam.whitaker@demo.test'],
    groups: ['Pitchers', 'Position Players', '2027 Graduates'],
  });
});
afterAll(() => t.close());

function post<T = ScheduleBatchResponse>(path: string, body: Record<string, unknown>, token = coach) {
  return t.request<T & ErrorBody>('POST', path, { token, body });
}

/** A calendar as "weekday offset, name, time": what a copy must keep. */
const plan = (items: CalendarItem[], from: string) =>
  items.map((item) => [calendarDaysFrom(from, item.date), item.name, item.timeOfDay]);

describe('POST /api/schedule/copy', () => {
  it("copies an athlete's week to another athlete's week as new scheduled entries, and undoes it", async () => {
    const source = await lookups.calendar(coach, { ...thisWeek, athleteId: ids['athlete@demo.test']! });
    expect(source.data.length).toBeGreaterThan(5);
    const toDate = addCalendarDays(thisWeek.from, 70);
    const target = {
      from: toDate,
      to: addCalendarDays(toDate, 6),
      athleteId: ids['eli.thompson@demo.test']!,
    };

    const copied = await post('/api/schedule/copy', {
      ...thisWeek,
      athleteId: ids['athlete@demo.test'],
      toDate,
      toAthleteId: ids['eli.thompson@demo.test'],
    });
    expect(copied.status).toBe(200);
    expect(copied.body.count).toBe(source.data.length);
    expect(copied.body.message).toMatch(
      new RegExp(`^Copied ${source.data.length} workouts to Eli Thompson from .+\\.$`),
    );
    const copies = (await lookups.calendar(coach, target)).data;
    expect(plan(copies, toDate)).toEqual(plan(source.data, thisWeek.from));
    // Copies are Eli's own, scheduled, whatever the originals were (this week's past is completed).
    expect(copies.every((item) => item.status === 'scheduled' && item.assignmentId === null)).toBe(true);
    expect(source.data.some((item) => item.status === 'completed') || today === thisWeek.from).toBe(true);

    // One copy was done before the coach took the copy back: it stays.
    await t.db
      .update(scheduleEntries)
      .set({ status: 'completed' })
      .where(eq(scheduleEntries.id, copies[0]!.id));
    const undone = await post(`/api/schedule/batches/${copied.body.batchId}/undo`, {});
    expect(undone.body).toEqual({
      message: 'The copy is undone. 1 item already started or removed stays as it is.',
      count: source.data.length - 1,
      batchId: null,
    });
    expect((await lookups.calendar(coach, target)).data.map((item) => item.id)).toEqual([copies[0]!.id]);
  });

  it("copies a group's week to another group, fanned out to that group's members, or to one athlete", async () => {
    const source = await lookups.calendar(coach, { ...thisWeek, groupId: ids.Pitchers! });
    const toDate = addCalendarDays(thisWeek.from, 77);
    const copied = await post('/api/schedule/copy', {
      ...thisWeek,
      groupId: ids.Pitchers,
      toDate,
      toGroupId: ids['Position Players'],
    });
    // Five workouts for Position Players and one entry for each of its four members.
    expect(source.data).toHaveLength(5);
    expect(copied.body.count).toBe(25);
    expect(copied.body.message).toMatch(
      /^Copied 5 workouts to Position Players from .+ \(20 athlete entries\)\.$/,
    );
    const range = { from: toDate, to: addCalendarDays(toDate, 6) };
    const copies = (await lookups.calendar(coach, { ...range, groupId: ids['Position Players']! })).data;
    expect(plan(copies, toDate)).toEqual(plan(source.data, thisWeek.from));
    expect(copies.every((item) => item.kind === 'assignment' && item.progress?.total === 4)).toBe(true);
    const sam = (await lookups.calendar(coach, { ...range, athleteId: ids['sam.whitaker@demo.test']! })).data;
    expect(sam.map((item) => item.assignmentId)).toEqual(copies.map((item) => item.id));

    const day = await post('/api/schedule/copy', {
      from: thisWeek.from,
      to: thisWeek.from,
      groupId: ids.Pitchers,
      toDate: addCalendarDays(toDate, 7),
      toAthleteId: ids['sam.whitaker@demo.test'],
    });
    expect(day.body.count).toBe(1);
    const samsDay = await lookups.calendar(coach, {
      from: addCalendarDays(toDate, 7),
      to: addCalendarDays(toDate, 7),
      athleteId: ids['sam.whitaker@demo.test']!,
    });
    expect(samsDay.data.map((item) => [item.name, item.kind, item.assignmentId])).toEqual([
      ['Lower Body Strength A', 'entry', null],
    ]);
  });

  it('answers a copy of nothing with nothing to undo', async () => {
    const far = addCalendarDays(today, 300);
    const response = await post('/api/schedule/copy', {
      from: far,
      to: far,
      athleteId: ids['eli.thompson@demo.test'],
      toDate: addCalendarDays(far, 1),
    });
    expect(response.body).toMatchObject({ count: 0, batchId: null });
    expect(response.body.message).toMatch(/^Nothing is scheduled for Eli Thompson in .+\.$/);
  });

  it('refuses copies it cannot make, naming the field', async () => {
    const week = { ...thisWeek, athleteId: ids['athlete@demo.test'], toDate: addCalendarDays(today, 90) };
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...thisWeek, toDate: today }, { athleteId: 'Choose an athlete or a group' }],
      [{ ...week, groupId: ids.Pitchers }, { groupId: 'Choose an athlete or a group, not both' }],
      [
        { ...week, toAthleteId: ids['eli.thompson@demo.test'], toGroupId: ids.Pitchers },
        { toGroupId: 'Choose an athlete or a group, not both' },
      ],
      [
        { ...week, to: addCalendarDays(thisWeek.from, 62) },
        { to: 'At most 62 days at once (this range has 63)' },
      ],
      [
        { ...week, toDate: '2100-12-28' },
        { toDate: 'The copy would end after 2100-12-31: choose an earlier date' },
      ],
      [{ ...week, toDate: '1999-01-01' }, { toDate: 'Choose a date between 2000 and 2100 (YYYY-MM-DD)' }],
    ];
    for (const [body, fields] of cases) {
      const response = await post('/api/schedule/copy', body);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.body.error.fields).toEqual(fields);
    }
    const rivals = await t.signIn('coach@rivals.test');
    const rival = await lookups.userId(rivals, 'athlete@rivals.test');
    expect((await post('/api/schedule/copy', { ...week, toAthleteId: rival })).status).toBe(404);
    expect((await post('/api/schedule/copy', { ...week, athleteId: rival })).status).toBe(404);
    const athlete = await t.signIn('athlete@demo.test');
    expect((await post('/api/schedule/copy', week, athlete)).status).toBe(403);
  });

  it('refuses a copy that would make more than 2,000 entries at once, saying the limit and the count', async () => {
    // 450 workouts over 60 days: 1,800 entries for the three Pitchers, 2,250 for the four Position Players.
    const workoutId = await lookups.workoutId(coach, 'Pitcher Arm Care');
    const program = await post<ProgramResponse>('/api/programs', {
      name: 'Arm care, morning and night',
      workouts: Array.from({ length: 450 }, (_, index) => ({ day: (index % 60) + 1, workoutId })),
    });
    expect(program.status).toBe(201);
    const start = addCalendarDays(today, 120);
    const applied = await post(`/api/programs/${program.body.data.id}/applications`, {
      groupId: ids.Pitchers,
      startDate: start,
    });
    expect(applied.status).toBe(201);

    const tooMany = await post('/api/schedule/copy', {
      from: start,
      to: addCalendarDays(start, 59),
      groupId: ids.Pitchers,
      toDate: addCalendarDays(start, 100),
      toGroupId: ids['Position Players'],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields).toEqual({
      toDate: 'This would make 2,250 entries; at most 2,000 at once: copy a shorter range',
    });
  });
});

describe('POST /api/schedule/delete', () => {
  it("removes an athlete's items of a range that are not started, and undo puts them back", async () => {
    const range = { from: addCalendarDays(today, -3), to: addCalendarDays(today, 3) };
    const before = (await lookups.calendar(coach, { ...range, athleteId: ids['athlete@demo.test']! })).data;
    const notStarted = before.filter((item) => item.status === 'scheduled' || item.status === 'skipped');
    const removed = await post('/api/schedule/delete', { ...range, athleteId: ids['athlete@demo.test'] });
    expect(removed.body.count).toBe(notStarted.length);
    expect(removed.body.message).toMatch(
      new RegExp(
        `^Removed ${notStarted.length} workouts of Jamie Rivera in .+; any started or completed stay\\.$`,
      ),
    );
    const after = (await lookups.calendar(coach, { ...range, athleteId: ids['athlete@demo.test']! })).data;
    expect(after.map((item) => item.id)).toEqual(
      before.filter((item) => !notStarted.includes(item)).map((item) => item.id),
    );

    await post(`/api/schedule/batches/${removed.body.batchId}/undo`, {});
    expect((await lookups.calendar(coach, { ...range, athleteId: ids['athlete@demo.test']! })).data).toEqual(
      before,
    );
  });

  it("removes a group's workouts of a range with the members' entries not started; the done ones stay, and undo restores all", async () => {
    const range = { from: addCalendarDays(today, -7), to: addCalendarDays(today, 7) };
    const group = { ...range, groupId: ids.Pitchers! };
    const before = (await lookups.calendar(coach, group)).data;
    const jamieBefore = (await lookups.calendar(coach, { ...range, athleteId: ids['athlete@demo.test']! }))
      .data;
    const members = (await Promise.all(before.map((item) => lookups.detail(coach, item)))).flatMap(
      (detail) => detail.members ?? [],
    );
    const toDo = members.filter((member) => member.status === 'scheduled' || member.status === 'skipped');
    expect(toDo.length).toBeGreaterThan(0);

    const removed = await post('/api/schedule/delete', group);
    // Every assignment goes; of the members' entries only those not started.
    expect(removed.body.count).toBe(before.length + toDo.length);
    expect((await lookups.calendar(coach, group)).data).toEqual([]);
    const jamieAfter = (await lookups.calendar(coach, { ...range, athleteId: ids['athlete@demo.test']! }))
      .data;
    const fromPitchers = jamieBefore.filter((item) => item.group?.name === 'Pitchers');
    const gone = fromPitchers.filter((item) => item.status === 'scheduled' || item.status === 'skipped');
    expect(gone.length).toBeGreaterThan(0);
    expect(jamieAfter.map((item) => item.id)).toEqual(
      jamieBefore.filter((item) => !gone.includes(item)).map((item) => item.id),
    );
    const kept = jamieAfter.filter((item) => fromPitchers.some((pitching) => pitching.id === item.id));
    expect(kept.every((item) => item.status === 'completed' && item.assignmentId === null)).toBe(true);

    const undone = await post(`/api/schedule/batches/${removed.body.batchId}/undo`, {});
    expect(undone.body.count).toBe(removed.body.count);
    expect((await lookups.calendar(coach, group)).data).toEqual(before);
    const jamieUndone = (await lookups.calendar(coach, { ...range, athleteId: ids['athlete@demo.test']! }))
      .data;
    expect(jamieUndone).toEqual(jamieBefore);
  });

  it('answers a removal of nothing with nothing to undo, and refuses a range over 62 days', async () => {
    const far = addCalendarDays(today, 400);
    const nothing = await post('/api/schedule/delete', {
      from: far,
      to: far,
      groupId: ids['2027 Graduates'],
    });
    expect(nothing.body).toMatchObject({ count: 0, batchId: null });
    const long = await post('/api/schedule/delete', {
      from: today,
      to: addCalendarDays(today, 62),
      groupId: ids['2027 Graduates'],
    });
    expect(long.body.error.fields).toEqual({ to: 'At most 62 days at once (this range has 63)' });
  });
});
