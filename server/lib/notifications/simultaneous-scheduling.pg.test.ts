import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, notifications } from '../../db/schema';
import { addCalendarDays } from '../calendar-days';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { spokenDay } from './notify';

/* On real PostgreSQL (npm run test:pg), where the requests really overlap on a pool of four connections. */

let t: TestContext;
let coach: string;
let admin: string;
let ids: Record<string, string>;
let today: string;

beforeAll(async () => {
  t = await createTestContext();
  [coach, admin] = await Promise.all([t.signIn('coach@demo.test'), t.signIn('admin@demo.test')]);
  const lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  ids = await lookups.named(coach, {
    people: ['noah.kim@demo.test'],
    workouts: ['Bullpen Day', 'Med-Ball Power'],
  });
});
afterAll(() => t.close());

describe('two coaches scheduling one athlete’s day at once', () => {
  it('leave one notification for the day, counting every workout', async () => {
    const date = addCalendarDays(today, 30);
    const athleteId = ids['noah.kim@demo.test']!;
    const schedule = (token: string, workout: string) =>
      t.request('POST', '/api/schedule', { token, body: { workoutId: ids[workout], date, athleteId } });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => [
        schedule(coach, 'Bullpen Day'),
        schedule(admin, 'Med-Ball Power'),
      ]).flat(),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));

    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, athleteId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      count: 8,
      body: `8 workouts on ${spokenDay(date, 'en-US')}`,
      readAt: null,
    });
    const announced = await t.db.select().from(liveEvents).where(eq(liveEvents.kind, 'notifications'));
    expect(announced.filter((event) => event.userIds.includes(athleteId))).toHaveLength(8);
  });
});
