import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeleteExerciseResponse, ExerciseResponse, WorkoutResponse } from '../../../contract/library';
import type { CalendarItem, ScheduleItemResponse } from '../../../contract/schedule';
import { scheduleEntries } from '../../db/schema';
import { addCalendarDays } from '../../lib/calendar-days';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
let coach: string;
let lookups: ReturnType<typeof scheduleLookups>;
let today: string;
let window: { from: string; to: string };
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  coach = await t.signIn('coach@demo.test');
  lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  // The demo seed's window of group workouts: two weeks back, four ahead.
  window = { from: addCalendarDays(today, -14), to: addCalendarDays(today, 27) };
  ids = await lookups.named(coach, {
    people: [
      'athlete@demo.test',
      'eli.thompson@demo.test',
      'sam.whitaker@demo.test',
      'tyler.brooks@demo.test',
    ],
    groups: ['Pitchers', 'Position Players', '2027 Graduates'],
  });
});
afterAll(() => t.close());

const athleteCalendar = async (email: string) =>
  (await lookups.calendar(coach, { ...window, athleteId: ids[email]! })).data;
const groupCalendar = async (group: string) =>
  (await lookups.calendar(coach, { ...window, groupId: ids[group]! })).data;
/** The athlete's entries that follow one of these group assignments. */
const following = (entries: CalendarItem[], assignments: CalendarItem[]) =>
  entries.filter((entry) => assignments.some((assignment) => assignment.id === entry.assignmentId));

describe('joining and leaving a group', () => {
  it("gives a new member the group's workouts from today on, following them, once", async () => {
    const pitchers = await groupCalendar('Pitchers');
    const upcoming = pitchers.filter((item) => item.date >= today);
    expect(following(await athleteCalendar('eli.thompson@demo.test'), pitchers)).toEqual([]);

    const joined = await t.request(
      'PUT',
      `/api/groups/${ids.Pitchers}/members/${ids['eli.thompson@demo.test']}`,
      {
        token: coach,
      },
    );
    expect(joined.status).toBe(200);
    const eli = following(await athleteCalendar('eli.thompson@demo.test'), pitchers);
    expect(eli.map((entry) => [entry.date, entry.name, entry.timeOfDay])).toEqual(
      upcoming.map((item) => [item.date, item.name, item.timeOfDay]),
    );
    const after = await groupCalendar('Pitchers');
    expect(after.map((item) => item.progress?.total)).toEqual(
      pitchers.map((item) => (item.date >= today ? 4 : 3)),
    );

    await t.request('PUT', `/api/groups/${ids.Pitchers}/members/${ids['eli.thompson@demo.test']}`, {
      token: coach,
    });
    expect(following(await athleteCalendar('eli.thompson@demo.test'), pitchers)).toHaveLength(eli.length);
  });

  it('takes from one who leaves the workouts to come that are not started, and leaves the rest', async () => {
    const pitchers = await groupCalendar('Pitchers');
    const before = following(await athleteCalendar('athlete@demo.test'), pitchers);
    const started = before.find((entry) => entry.date >= today)!;
    await t.db
      .update(scheduleEntries)
      .set({ status: 'in_progress' })
      .where(eq(scheduleEntries.id, started.id));

    const left = await t.request(
      'DELETE',
      `/api/groups/${ids.Pitchers}/members/${ids['athlete@demo.test']}`,
      {
        token: coach,
      },
    );
    expect(left.status).toBe(200);
    const jamie = await athleteCalendar('athlete@demo.test');
    const kept = jamie.filter((entry) => before.some((old) => old.id === entry.id));
    expect(kept.map((entry) => entry.id)).toEqual(
      before.filter((entry) => entry.date < today || entry.id === started.id).map((entry) => entry.id),
    );
    const totals = (items: CalendarItem[]) =>
      items.filter((item) => item.date > started.date).map((item) => item.progress!.total);
    expect(totals(await groupCalendar('Pitchers'))).toEqual(totals(pitchers).map((total) => total - 1));

    // Back in the group: the workouts to come again, the one begun not twice.
    await t.request('PUT', `/api/groups/${ids.Pitchers}/members/${ids['athlete@demo.test']}`, {
      token: coach,
    });
    const rejoined = following(await athleteCalendar('athlete@demo.test'), pitchers);
    expect(rejoined.filter((entry) => entry.date === started.date)).toHaveLength(1);
    expect(rejoined.filter((entry) => entry.date >= today)).toHaveLength(
      before.filter((entry) => entry.date >= today).length,
    );
  });

  it("moves the schedule the same way when a person's groups are set on the person's page, or the role changes", async () => {
    const [positionPlayers, graduates, pitchers] = await Promise.all([
      groupCalendar('Position Players'),
      groupCalendar('2027 Graduates'),
      groupCalendar('Pitchers'),
    ]);
    const saved = await t.request('PATCH', `/api/users/${ids['sam.whitaker@demo.test']}`, {
      token: coach,
      body: { groupIds: [ids.Pitchers, ids['Position Players']] },
    });
    expect(saved.status).toBe(200);
    const sam = await athleteCalendar('sam.whitaker@demo.test');
    expect(following(sam, graduates).every((entry) => entry.date < today)).toBe(true);
    expect(following(sam, positionPlayers)).toHaveLength(positionPlayers.length);
    expect(following(sam, pitchers).map((entry) => entry.date)).toEqual(
      pitchers.filter((item) => item.date >= today).map((item) => item.date),
    );

    const beforePromotion = await groupCalendar('Position Players');
    const admin = await t.signIn('admin@demo.test');
    const promoted = await t.request('POST', `/api/users/${ids['sam.whitaker@demo.test']}/role`, {
      token: admin,
      body: { role: 'coach' },
    });
    expect(promoted.status).toBe(200);
    // A coach is in no group: Sam's workouts to come go, what Sam did stays in the group's history.
    const afterPromotion = await groupCalendar('Position Players');
    expect(afterPromotion.map((item) => item.progress!.total)).toEqual(
      beforePromotion.map((item) => item.progress!.total - (item.date >= today ? 1 : 0)),
    );
  });

  it("leaves a deleted group's members what they did, as their own, and removes what was to come", async () => {
    const graduates = await groupCalendar('2027 Graduates');
    const tylerBefore = following(await athleteCalendar('tyler.brooks@demo.test'), graduates);
    expect(tylerBefore.some((entry) => entry.date >= today)).toBe(true);

    const deleted = await t.request('DELETE', `/api/groups/${ids['2027 Graduates']}`, { token: coach });
    expect(deleted.status).toBe(200);
    const tyler = await athleteCalendar('tyler.brooks@demo.test');
    const kept = tyler.filter((entry) => tylerBefore.some((old) => old.id === entry.id));
    expect(kept.map((entry) => [entry.id, entry.assignmentId])).toEqual(
      tylerBefore.filter((entry) => entry.date < today).map((entry) => [entry.id, null]),
    );
    const organisation = await lookups.calendar(coach, window);
    expect(organisation.data.filter((item) => item.group?.name === '2027 Graduates')).toEqual([]);
    expect(organisation.data.filter((item) => kept.some((entry) => entry.id === item.id))).toHaveLength(
      kept.length,
    );
  });
});

describe('exercises that a scheduled copy names', () => {
  it('archives, rather than deletes, an exercise that only a scheduled copy of a workout still names', async () => {
    const exercise = await t.request<ExerciseResponse>('POST', '/api/exercises', {
      token: coach,
      body: { name: 'Towel Drill', category: 'throw', measures: ['reps'] },
    });
    const squat = await lookups.workoutId(coach, 'Lower Body Strength A');
    const squatWorkout = await t.request<WorkoutResponse>('GET', `/api/workouts/${squat}`, { token: coach });
    const squatExercise = squatWorkout.body.data.blocks[0]!.exercises[0]!;
    const body = (exerciseId: string) => ({
      name: 'Towel work',
      category: 'throw',
      blocks: [{ exercises: [{ exerciseId, sets: [{ reps: 10 }] }] }],
    });
    const workout = await t.request<WorkoutResponse>('POST', '/api/workouts', {
      token: coach,
      body: body(exercise.body.data.id),
    });
    const entry = await t.request<ScheduleItemResponse>('POST', '/api/schedule', {
      token: coach,
      body: { workoutId: workout.body.data.id, date: today, athleteId: ids['eli.thompson@demo.test'] },
    });
    // The library's workout moves on to another exercise; the scheduled copy still names the drill.
    await t.request('PUT', `/api/workouts/${workout.body.data.id}`, {
      token: coach,
      body: {
        ...body(squatExercise.exerciseId),
        blocks: [{ exercises: [{ exerciseId: squatExercise.exerciseId, sets: [{ reps: 5 }] }] }],
      },
    });

    const removed = await t.request<DeleteExerciseResponse>(
      'DELETE',
      `/api/exercises/${exercise.body.data.id}`,
      {
        token: coach,
      },
    );
    expect(removed.body).toMatchObject({
      outcome: 'archived',
      message: 'Towel Drill is on the schedule, so it is archived instead of deleted.',
    });
    const copy = await lookups.detail(coach, entry.body.data);
    expect(copy.workout.blocks[0]?.exercises[0]?.exercise).toMatchObject({
      name: 'Towel Drill',
      archived: true,
    });
    expect(copy.workout.libraryVersion).toBe(2);
  });
});
