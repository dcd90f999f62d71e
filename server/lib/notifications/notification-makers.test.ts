import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationItem, NotificationListResponse } from '../../../contract/notifications';
import type { ScheduleItemDetail } from '../../../contract/schedule';
import type { WorkoutLog } from '../../../contract/tracking';
import { athleteGroupMembers, notifications, users } from '../../db/schema';
import { addCalendarDays } from '../calendar-days';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { deviceClock, trackingLookups } from '../../testing/tracking-lookups';
import { spokenDay } from './notify';

let t: TestContext;
let admin: string;
let coach: string;
let eli: string;
let ids: Record<string, string>;
let today: string;
let tracking: ReturnType<typeof trackingLookups>;

beforeAll(async () => {
  t = await createTestContext();
  [admin, coach, eli] = await Promise.all([
    t.signIn('admin@demo.test'),
    t.signIn('coach@demo.test'),
    t.signIn('eli.thompson@demo.test'),
  ]);
  const lookups = scheduleLookups(t);
  tracking = trackingLookups(t);
  today = await lookups.today(coach);
  ids = await lookups.named(coach, {
    people: ['eli.thompson@demo.test', 'coach@demo.test', 'admin@demo.test'],
    groups: ['Pitchers'],
    workouts: ['Bullpen Day', 'Upper Body Strength A'],
  });
});
afterAll(() => t.close());

/** What the person's bell lists, newest first. */
async function inboxOf(token: string, userId: string): Promise<NotificationItem[]> {
  const answer = await t.request<NotificationListResponse>(
    'GET',
    `/api/notifications?user=${userId}&size=100`,
    {
      token,
    },
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
}
const ofKind = (items: NotificationItem[], kind: NotificationItem['kind']) =>
  items.filter((item) => item.kind === kind);

async function eliFinishedWorkout(
  days: number,
  benchLoad?: number,
): Promise<{ entry: ScheduleItemDetail; log: WorkoutLog }> {
  const entry = await tracking.schedule(coach, {
    athleteId: ids['eli.thompson@demo.test'],
    workoutId: ids['Upper Body Strength A'],
    date: addCalendarDays(today, days),
  });
  const clock = deviceClock(Date.parse(`${entry.date}T16:00:00.000Z`));
  const log = await tracking.started(eli, entry.id, clock.next(0));
  if (benchLoad !== undefined) {
    const planned = tracking.blockExercise(entry, 'Bench Press');
    const set = await tracking.putSet(eli, log.id, uuidv7(), {
      blockExerciseId: planned.id,
      exerciseId: planned.exerciseId,
      setNumber: 1,
      reps: 5,
      load: benchLoad,
      loadUnit: 'lb',
      changedAt: clock.next(),
    });
    expect(set.status).toBeLessThan(300);
  }
  const finished = await tracking.finish(eli, log.id, clock.next(3000));
  expect(finished.status).toBe(200);
  return { entry, log };
}

describe('scheduling tells the athletes, one notification per day', () => {
  it('folds three workouts on one day into one, and a fourth day into another, opening that day', async () => {
    const tuesday = addCalendarDays(today, 40);
    const wednesday = addCalendarDays(today, 41);
    for (const date of [tuesday, tuesday, tuesday, wednesday]) {
      const created = await t.request('POST', '/api/schedule', {
        token: coach,
        body: { workoutId: ids['Bullpen Day'], date, athleteId: ids['eli.thompson@demo.test'] },
      });
      expect(created.status).toBe(201);
    }
    const scheduled = ofKind(await inboxOf(eli, ids['eli.thompson@demo.test']!), 'workout_scheduled');
    expect(scheduled.map(({ body, link, read }) => ({ body, link, read }))).toEqual([
      {
        body: `Bullpen Day on ${spokenDay(wednesday, 'en-US')}`,
        link: `/app/schedule?view=day&date=${wednesday}`,
        read: false,
      },
      {
        body: `3 workouts on ${spokenDay(tuesday, 'en-US')}`,
        link: `/app/schedule?view=day&date=${tuesday}`,
        read: false,
      },
    ]);
    expect(ofKind(await inboxOf(coach, ids['coach@demo.test']!), 'workout_scheduled')).toEqual([]);
  });

  it('tells every athlete of a group its workout', async () => {
    const date = addCalendarDays(today, 43);
    const created = await t.request('POST', '/api/schedule', {
      token: coach,
      body: { workoutId: ids['Bullpen Day'], date, groupId: ids.Pitchers },
    });
    expect(created.status).toBe(201);
    const members = await t.db
      .select({ userId: athleteGroupMembers.userId, role: users.role })
      .from(athleteGroupMembers)
      .innerJoin(users, eq(users.id, athleteGroupMembers.userId))
      .where(eq(athleteGroupMembers.groupId, ids.Pitchers!));
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/app/schedule?view=day&date=${date}`));
    expect(told.map((row) => row.userId).sort()).toEqual(
      members
        .filter((member) => member.role === 'athlete')
        .map((member) => member.userId)
        .sort(),
    );
  });
});

describe('a program applied', () => {
  it('tells each athlete once for the whole program, opening its first day', async () => {
    const created = await t.request<{ data: { id: string } }>('POST', '/api/programs', {
      token: coach,
      body: {
        name: 'Spring ramp-up',
        workouts: [
          { day: 1, workoutId: ids['Bullpen Day'] },
          { day: 3, workoutId: ids['Upper Body Strength A'] },
          { day: 8, workoutId: ids['Bullpen Day'] },
        ],
      },
    });
    expect(created.status).toBe(201);
    const startDate = addCalendarDays(today, 50);
    const applied = await t.request('POST', `/api/programs/${created.body.data.id}/applications`, {
      token: coach,
      body: { athleteId: ids['eli.thompson@demo.test'], startDate },
    });
    expect(applied.status).toBe(201);
    const notices = (await inboxOf(eli, ids['eli.thompson@demo.test']!)).filter((item) =>
      item.title.startsWith('Spring ramp-up'),
    );
    expect(notices).toEqual([
      expect.objectContaining({
        title: 'Spring ramp-up is in your schedule',
        body: `From ${spokenDay(startDate, 'en-US')} to ${spokenDay(addCalendarDays(startDate, 7), 'en-US')}`,
        link: `/app/schedule?view=day&date=${startDate}`,
      }),
    ]);
  });
});

describe('a workout’s corrections and comments', () => {
  it('tells the athlete that staff corrected a log, opening the completed workout', async () => {
    const { log } = await eliFinishedWorkout(-60);
    const corrected = await t.request('POST', `/api/workout-logs/${log.id}/corrections`, {
      token: coach,
      body: { session: { sessionRpe: 6 }, sets: [] },
    });
    expect(corrected.status).toBe(200);
    const [notice] = ofKind(await inboxOf(eli, ids['eli.thompson@demo.test']!), 'log_corrected');
    expect(notice).toMatchObject({
      title: 'A workout of yours was corrected',
      link: `/app/completed/${log.id}`,
    });
    expect(notice!.body).toMatch(/corrected what was logged/);
  });

  it('tells the athlete of a coach’s comment, and the coach of the athlete’s answer', async () => {
    const { log } = await eliFinishedWorkout(-61);
    const comment = (token: string, text: string) =>
      t.request('PUT', `/api/workout-logs/${log.id}/comments/${uuidv7()}`, { token, body: { text } });
    expect((await comment(admin, 'Strong finish.')).status).toBe(201);
    const [toAthlete] = ofKind(await inboxOf(eli, ids['eli.thompson@demo.test']!), 'workout_comment');
    expect(toAthlete).toMatchObject({ body: 'Strong finish.', link: `/app/completed/${log.id}` });
    expect(toAthlete!.title).toMatch(/commented on your workout/);

    expect((await comment(eli, 'Thanks, felt good.')).status).toBe(201);
    const [toAdmin] = ofKind(await inboxOf(admin, ids['admin@demo.test']!), 'workout_comment');
    expect(toAdmin).toMatchObject({ body: 'Thanks, felt good.', link: `/app/completed/${log.id}` });
    // The athlete's answer goes to the staff who commented on this workout, not to every coach.
    expect(ofKind(await inboxOf(coach, ids['coach@demo.test']!), 'workout_comment')).toEqual([]);
    expect(ofKind(await inboxOf(eli, ids['eli.thompson@demo.test']!), 'workout_comment')).toHaveLength(1);
  });
});

describe('records, when the organisation turns them on', () => {
  const recordNotices = () => t.db.select().from(notifications).where(eq(notifications.kind, 'record_set'));

  it('answers 400 naming recordNotifications when it is not on or off', async () => {
    const answer = await t.request<{ error: { fields?: Record<string, string> } }>('PUT', '/api/settings', {
      token: admin,
      body: { recordNotifications: 'yes' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({ recordNotifications: 'Choose on or off' });
  });

  it('tells nobody of a record while the switch is off (the default)', async () => {
    await eliFinishedWorkout(-90, 185);
    expect(await recordNotices()).toEqual([]);
  });

  it('tells the athlete’s coaches of a record once an admin turns it on, never the athlete', async () => {
    const switched = await t.request<{ data: { recordNotifications: boolean } }>('PUT', '/api/settings', {
      token: admin,
      body: { recordNotifications: true },
    });
    expect(switched.status).toBe(200);
    expect(switched.body.data.recordNotifications).toBe(true);
    const { log } = await eliFinishedWorkout(-80, 215);
    const notices = await recordNotices();
    expect(notices.length).toBeGreaterThan(0);
    const staff = await t.db.select({ id: users.id, role: users.role }).from(users);
    const roleOf = new Map(staff.map((person) => [person.id, person.role]));
    expect(notices.every((notice) => roleOf.get(notice.userId) !== 'athlete')).toBe(true);
    expect(notices[0]).toMatchObject({ link: `/app/completed/${log.id}` });
    expect(notices[0]!.title).toMatch(/^Eli Thompson set (a|\d+) records?$/);
    expect(notices[0]!.body).toMatch(/Bench Press/);
  });
});

describe('sign-ups and approvals', () => {
  it('tells the admins and coaches that a sign-up waits, opening the pending people', async () => {
    const signedUp = await t.request('POST', '/api/signup', {
      body: {
        firstName: 'Jordan',
        lastName: 'Reyes',
        email: 'jordan.reyes@example.test',
        password: 'athlete-2026',
      },
    });
    expect(signedUp.status).toBe(201);
    for (const [token, who] of [
      [admin, 'admin@demo.test'],
      [coach, 'coach@demo.test'],
    ] as const) {
      const [waiting] = ofKind(await inboxOf(token, ids[who]!), 'signup_waiting');
      expect(waiting).toMatchObject({ body: 'Jordan Reyes signed up.', link: '/app/users?status=pending' });
    }
    const rivals = await t.signIn('admin@rivals.test');
    const [rivalsAdmin] = await t.db.select().from(users).where(eq(users.email, 'admin@rivals.test'));
    expect(ofKind(await inboxOf(rivals, rivalsAdmin!.id), 'signup_waiting')).toEqual([]);
  });

  it('tells the person their account was approved, opening the dashboard', async () => {
    const [pending] = await t.db.select().from(users).where(eq(users.email, 'pending@demo.test'));
    const approved = await t.request('POST', `/api/users/${pending!.id}/status`, {
      token: coach,
      body: { status: 'approved' },
    });
    expect(approved.status).toBe(200);
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.userId, pending!.id));
    expect(notice).toMatchObject({ kind: 'account_approved', link: '/app/dashboard' });
    expect(ofKind(await inboxOf(coach, ids['coach@demo.test']!), 'account_approved')).toEqual([]);
  });
});
