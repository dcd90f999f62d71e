import { and, desc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityResponse } from '../../../contract/activities';
import { activities, activityComments, notifications, users } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/test-app';

// Real PostgreSQL with a pool of four connections: requests fired together really overlap (npm run test:pg).
let t: TestContext;
let coach: string;
let admin: string;
let jamieId: string;
let activity: { id: string; title: string };

beforeAll(async () => {
  t = await createTestContext();
  [coach, admin] = await Promise.all([t.signIn('coach@demo.test'), t.signIn('admin@demo.test')]);
  const [jamie] = await t.db.select().from(users).where(eq(users.email, 'athlete@demo.test'));
  jamieId = jamie!.id;
  const [row] = await t.db
    .select({ id: activities.id, title: activities.title })
    .from(activities)
    .where(and(eq(activities.athleteId, jamieId), eq(activities.kind, 'workout_completed')))
    .orderBy(desc(activities.createdAt))
    .limit(1);
  activity = row!;
});
afterAll(() => t.close());

describe('two coaches liking the same workout at the same moment', () => {
  it('counts both likes, each sent twice, and folds them into one notification to the athlete', async () => {
    const answers = await Promise.all(
      [coach, admin, coach, admin].map((token) =>
        t.request('PUT', `/api/activities/${activity.id}/like`, { token }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const read = await t.request<ActivityResponse>('GET', `/api/activities/${activity.id}`, { token: coach });
    expect(read.body.data).toMatchObject({ likes: 2, likedByMe: true });

    const toJamie = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, jamieId), eq(notifications.batchKey, `activity_liked:${activity.id}`)),
      );
    expect(toJamie).toHaveLength(1);
    expect(toJamie[0]).toMatchObject({
      count: 2,
      body: `2 likes on ${activity.title}`,
      kind: 'activity_reaction',
    });
  });
});

describe('a comment sent twice at once (a phone retrying as the signal comes back)', () => {
  it('is one comment and one notification, and every send is answered with it', async () => {
    const id = uuidv7();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.request('PUT', `/api/activities/${activity.id}/comments/${id}`, {
          token: coach,
          body: { text: 'Sent from the bullpen.' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 201]);
    expect(await t.db.select().from(activityComments).where(eq(activityComments.id, id))).toHaveLength(1);
    const toJamie = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, jamieId), eq(notifications.body, 'Sent from the bullpen.')));
    expect(toJamie).toHaveLength(1);
  });
});
