import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ScheduleBatchResponse,
  ScheduleItemDetail,
  ScheduleItemResponse,
} from '../../../contract/schedule';
import { scheduleEntries } from '../../db/schema';
import { addCalendarDays } from '../../lib/calendar-days';
import type { ErrorBody } from '../../testing/library-lookups';
import { scheduleLookups, shown } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
let coach: string;
let lookups: ReturnType<typeof scheduleLookups>;
let today: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  coach = await t.signIn('coach@demo.test');
  lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  ids = await lookups.named(coach, {
    people: ['athlete@demo.test', 'noah.kim@demo.test', 'eli.thompson@demo.test'],
    groups: ['Pitchers'],
    workouts: ['Bullpen Day', 'Med-Ball Power', 'Speed & Agility'],
  });
});
afterAll(() => t.close());

async function schedule(body: Record<string, unknown>): Promise<ScheduleItemDetail> {
  const response = await t.request<ScheduleItemResponse>('POST', '/api/schedule', { token: coach, body });
  if (response.status !== 201) throw new Error(`POST /api/schedule answered ${response.status}`);
  return response.body.data;
}

function patch(item: Pick<ScheduleItemDetail, 'id' | 'kind'>, body: Record<string, unknown>, token = coach) {
  const path =
    item.kind === 'entry' ? `/api/schedule/entries/${item.id}` : `/api/group-assignments/${item.id}`;
  return t.request<ScheduleItemResponse & ErrorBody>('PATCH', path, { token, body });
}

const entryOf = (entryId: string) => ({ id: entryId, kind: 'entry' as const });

/** The tracking issue sets these; here the database stands in for a workout log begun or finished. */
async function setStatus(entryId: string, status: 'in_progress' | 'completed') {
  await t.db.update(scheduleEntries).set({ status }).where(eq(scheduleEntries.id, entryId));
}

async function eliOn(date: string) {
  return (await lookups.calendar(coach, { from: date, to: date, athleteId: ids['eli.thompson@demo.test']! }))
    .data;
}

describe('moving an entry', () => {
  it('moves it to another day after what is there, then to the place asked on that day', async () => {
    const day = addCalendarDays(today, 40);
    const next = addCalendarDays(day, 1);
    const eli = { athleteId: ids['eli.thompson@demo.test'] };
    const first = await schedule({ ...eli, workoutId: ids['Bullpen Day'], date: day });
    await schedule({ ...eli, workoutId: ids['Med-Ball Power'], date: day });
    await schedule({ ...eli, workoutId: ids['Speed & Agility'], date: next });

    const moved = await patch(first, { date: next });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe('Bullpen Day is saved.');
    expect(moved.body.data).toMatchObject({ date: next, position: 1 });
    expect((await eliOn(next)).map((item) => item.name)).toEqual(['Speed & Agility', 'Bullpen Day']);
    expect((await eliOn(day)).map((item) => item.name)).toEqual(['Med-Ball Power']);

    const reordered = await patch(first, { position: 0, timeOfDay: '06:45' });
    expect(reordered.body.data).toMatchObject({ position: 0, timeOfDay: '06:45' });
    expect((await eliOn(next)).map((item) => [item.name, item.position])).toEqual([
      ['Bullpen Day', 0],
      ['Speed & Agility', 1],
    ]);
    const nothing = await patch(first, {});
    expect(nothing.body.data).toEqual(reordered.body.data);
  });

  it("stops a member's entry changed alone from following its group workout, which still reaches the others", async () => {
    const day = addCalendarDays(today, 42);
    const assignment = await schedule({ groupId: ids.Pitchers, workoutId: ids['Bullpen Day'], date: day });
    const noah = assignment.members!.find((member) => member.athlete.lastName === 'Kim')!;

    const alone = await patch(entryOf(noah.entryId), { timeOfDay: '06:00' });
    expect(alone.body.data).toMatchObject({ timeOfDay: '06:00', assignmentId: null, group: null });
    // The organisation's calendar now shows Noah's entry on its own beside the group's workout.
    const organisation = await lookups.calendar(coach, { from: day, to: day });
    expect(organisation.data.map(shown)).toEqual([
      { date: day, name: 'Bullpen Day', who: 'Pitchers' },
      { date: day, name: 'Bullpen Day', who: 'Noah Kim' },
    ]);

    const later = addCalendarDays(day, 1);
    const moved = await patch(assignment, { date: later, timeOfDay: '17:00' });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe('Bullpen Day is saved for Pitchers.');
    expect(
      moved.body.data.members?.map((member) => [member.athlete.lastName, member.followsAssignment]),
    ).toEqual([
      ['Brooks', true],
      ['Kim', false],
      ['Rivera', true],
    ]);
    for (const member of moved.body.data.members!) {
      const entry = await lookups.detail(coach, entryOf(member.entryId));
      const expected = member.followsAssignment ? [later, '17:00'] : [day, '06:00'];
      expect([entry.date, entry.timeOfDay], member.athlete.lastName).toEqual(expected);
    }
  });

  it("reorders a group's workouts of a day, and its members' entries with them", async () => {
    const day = addCalendarDays(today, 51);
    const first = await schedule({ groupId: ids.Pitchers, workoutId: ids['Speed & Agility'], date: day });
    const second = await schedule({ groupId: ids.Pitchers, workoutId: ids['Bullpen Day'], date: day });
    const moved = await patch(second, { position: 0 });
    expect(moved.body.data.position).toBe(0);
    const group = await lookups.calendar(coach, { from: day, to: day, groupId: ids.Pitchers! });
    expect(group.data.map((item) => [item.id, item.position])).toEqual([
      [second.id, 0],
      [first.id, 1],
    ]);
    const jamie = await lookups.calendar(coach, { from: day, to: day, athleteId: ids['athlete@demo.test']! });
    expect(jamie.data.map((item) => [item.assignmentId, item.position])).toEqual([
      [second.id, 0],
      [first.id, 1],
    ]);
  });

  it('leaves an entry in progress or completed on its day and says why; the group workout moves without it', async () => {
    const yesterday = addCalendarDays(today, -1);
    const [done] = (
      await lookups.calendar(coach, { from: yesterday, to: yesterday, athleteId: ids['athlete@demo.test']! })
    ).data.filter((item) => item.name === 'Dynamic Warm-Up');
    expect(done?.status).toBe('completed');
    const refused = await patch(done!, { date: today });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(
      /^Dynamic Warm-Up on \w{3} \d{1,2} \w{3} is completed, so it cannot be moved: its workout log stays with the day it was done\.$/,
    );
    expect((await patch(done!, { status: 'skipped', skipReason: 'Sick' })).status).toBe(409);
    expect((await t.request('DELETE', `/api/schedule/entries/${done!.id}`, { token: coach })).status).toBe(
      409,
    );
    expect(
      (await t.request('POST', `/api/schedule/entries/${done!.id}/update-from-library`, { token: coach }))
        .status,
    ).toBe(409);

    const day = addCalendarDays(today, 44);
    const assignment = await schedule({
      groupId: ids.Pitchers,
      workoutId: ids['Speed & Agility'],
      date: day,
    });
    const [started, finished] = assignment.members!;
    await setStatus(started!.entryId, 'in_progress');
    await setStatus(finished!.entryId, 'completed');
    const inProgress = await patch(entryOf(started!.entryId), { date: today });
    expect(inProgress.status).toBe(409);
    expect(inProgress.body.error.message).toContain('is in progress, so it cannot be moved');

    const moved = await patch(assignment, { date: addCalendarDays(day, 2) });
    expect(moved.body.data).toMatchObject({ status: 'in_progress', progress: { completed: 1, total: 3 } });
    expect(moved.body.data.members?.map((member) => [member.status, member.followsAssignment])).toEqual(
      expect.arrayContaining([
        ['in_progress', false],
        ['completed', false],
        ['scheduled', true],
      ]),
    );
    expect((await lookups.detail(coach, entryOf(finished!.entryId))).date).toBe(day);
  });
});

describe('skipping', () => {
  it('skips an entry with a reason and takes the skip back', async () => {
    const entry = await schedule({
      athleteId: ids['eli.thompson@demo.test'],
      workoutId: ids['Bullpen Day'],
      date: addCalendarDays(today, 45),
    });
    const noReason = await patch(entry, { status: 'skipped' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields).toEqual({ skipReason: 'Say why it is skipped' });
    const reasonOnly = await patch(entry, { skipReason: 'Travel' });
    expect(reasonOnly.body.error.fields).toEqual({ status: 'Skip it to give a reason' });

    const skipped = await patch(entry, { status: 'skipped', skipReason: '  Team travel  ' });
    expect(skipped.body.data).toMatchObject({ status: 'skipped', skipReason: 'Team travel' });
    const reason = await patch(entry, { skipReason: 'Team travel to Dallas' });
    expect(reason.body.data.skipReason).toBe('Team travel to Dallas');
    const back = await patch(entry, { status: 'scheduled' });
    expect(back.body.data).toMatchObject({ status: 'scheduled', skipReason: null });
  });

  it("skips a group workout through its members' entries that are not started", async () => {
    const assignment = await schedule({
      groupId: ids.Pitchers,
      workoutId: ids['Med-Ball Power'],
      date: addCalendarDays(today, 46),
    });
    await setStatus(assignment.members![0]!.entryId, 'completed');
    const skipped = await patch(assignment, { status: 'skipped', skipReason: 'Rained out' });
    expect(skipped.body.data).toMatchObject({ status: 'completed', progress: { completed: 1, total: 3 } });
    expect(skipped.body.data.members?.map((member) => member.status).sort()).toEqual([
      'completed',
      'skipped',
      'skipped',
    ]);
    const skippedEntry = skipped.body.data.members!.find((member) => member.status === 'skipped')!;
    expect((await lookups.detail(coach, entryOf(skippedEntry.entryId))).skipReason).toBe('Rained out');

    const back = await patch(assignment, { status: 'scheduled' });
    expect(back.body.data.members?.map((member) => member.status).sort()).toEqual([
      'completed',
      'scheduled',
      'scheduled',
    ]);

    const whole = await schedule({
      groupId: ids.Pitchers,
      workoutId: ids['Med-Ball Power'],
      date: addCalendarDays(today, 47),
    });
    const allSkipped = await patch(whole, { status: 'skipped', skipReason: 'Field closed' });
    expect(allSkipped.body.data).toMatchObject({ status: 'skipped', skipReason: 'Field closed' });
  });
});

describe('removing, and undoing it once', () => {
  it('removes an entry, and its maker alone puts it back, once', async () => {
    const date = addCalendarDays(today, 48);
    const entry = await schedule({
      athleteId: ids['noah.kim@demo.test'],
      workoutId: ids['Bullpen Day'],
      date,
    });
    const removed = await t.request<ScheduleBatchResponse>('DELETE', `/api/schedule/entries/${entry.id}`, {
      token: coach,
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({
      message: expect.stringMatching(/^Bullpen Day is off the schedule on .+\.$/) as string,
      count: 1,
      batchId: expect.any(String) as string,
    });
    const noahOn = async () =>
      (await lookups.calendar(coach, { from: date, to: date, athleteId: ids['noah.kim@demo.test']! })).data;
    expect(await noahOn()).toEqual([]);

    const undo = `/api/schedule/batches/${removed.body.batchId}/undo`;
    const admin = await t.signIn('admin@demo.test');
    expect((await t.request('POST', undo, { token: admin })).status).toBe(404);
    const undone = await t.request<ScheduleBatchResponse>('POST', undo, { token: coach });
    expect(undone.body).toEqual({ message: 'Put back 1 item.', count: 1, batchId: null });
    expect((await noahOn()).map((item) => item.id)).toEqual([entry.id]);
    const twice = await t.request<ErrorBody>('POST', undo, { token: coach });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('This change was already undone.');
  });

  it("removes a group workout with its members' entries that are not started; undo puts everything back as it was", async () => {
    const date = addCalendarDays(today, 49);
    const assignment = await schedule({ groupId: ids.Pitchers, workoutId: ids['Speed & Agility'], date });
    const done = assignment.members![0]!;
    await setStatus(done.entryId, 'completed');

    const removed = await t.request<ScheduleBatchResponse>(
      'DELETE',
      `/api/group-assignments/${assignment.id}`,
      {
        token: coach,
      },
    );
    expect(removed.body).toMatchObject({ count: 3 });
    expect(removed.body.message).toMatch(
      /^Speed & Agility is off the group's schedule on .+ \(2 athlete entries\)\.$/,
    );
    // The completed entry stays, as the athlete's own.
    const left = await lookups.calendar(coach, { from: date, to: date });
    expect(left.data.map(shown)).toEqual([
      { date, name: 'Speed & Agility', who: `${done.athlete.firstName} ${done.athlete.lastName}` },
    ]);
    expect((await t.request('GET', `/api/group-assignments/${assignment.id}`, { token: coach })).status).toBe(
      404,
    );

    const undone = await t.request<ScheduleBatchResponse>(
      'POST',
      `/api/schedule/batches/${removed.body.batchId}/undo`,
      {
        token: coach,
      },
    );
    expect(undone.body.count).toBe(3);
    const back = await lookups.detail(coach, assignment);
    // As it was: the completed entry is linked and following again, beside the two put back.
    expect(back.members?.map((member) => [member.entryId, member.status, member.followsAssignment])).toEqual(
      assignment.members!.map((member) => [
        member.entryId,
        member.entryId === done.entryId ? 'completed' : 'scheduled',
        true,
      ]),
    );
  });
});

describe('who may change the schedule', () => {
  it('refuses athletes every change, and shows an athlete only its own entry', async () => {
    const athlete = await t.signIn('athlete@demo.test');
    const own = (await lookups.calendar(athlete, { from: today, to: today })).data[0]!;
    expect((await t.request('GET', `/api/schedule/entries/${own.id}`, { token: athlete })).status).toBe(200);
    expect((await patch(own, { timeOfDay: '05:00' }, athlete)).status).toBe(403);
    expect((await t.request('DELETE', `/api/schedule/entries/${own.id}`, { token: athlete })).status).toBe(
      403,
    );

    const noahs = (
      await lookups.calendar(coach, {
        from: today,
        to: addCalendarDays(today, 27),
        athleteId: ids['noah.kim@demo.test']!,
      })
    ).data.find((item) => item.programApplicationId !== null)!;
    const other = await t.request<ErrorBody>('GET', `/api/schedule/entries/${noahs.id}`, { token: athlete });
    expect(other.status).toBe(404);
    const assignment = (
      await lookups.calendar(coach, { from: today, to: addCalendarDays(today, 6), groupId: ids.Pitchers! })
    ).data[0]!;
    expect(
      (await t.request('GET', `/api/group-assignments/${assignment.id}`, { token: athlete })).status,
    ).toBe(403);
  });

  it('answers 404 for ids that are not on the schedule, and 400 for ids that are not ids', async () => {
    const missing = crypto.randomUUID();
    expect((await t.request('GET', `/api/schedule/entries/${missing}`, { token: coach })).status).toBe(404);
    expect((await patch({ id: missing, kind: 'assignment' }, { timeOfDay: '07:00' })).status).toBe(404);
    expect((await t.request('POST', `/api/schedule/batches/${missing}/undo`, { token: coach })).status).toBe(
      404,
    );
    const bad = await t.request<ErrorBody>('GET', '/api/schedule/entries/not-an-id', { token: coach });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {})).toEqual(['entryId']);
  });
});
