import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityResponse } from '../../../contract/activities';
import type { ActivityListResponse } from '../../../contract/tracking';
import { activities, users } from '../../db/schema';
import type { ErrorBody } from '../../testing/library-lookups';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
let coach: string;
let eli: string;
let ids: Record<string, string>;
/** The newest workout finished by each athlete, by first name. */
let workoutOf: Record<string, { id: string; title: string }>;

beforeAll(async () => {
  t = await createTestContext();
  [coach, eli] = await Promise.all([t.signIn('coach@demo.test'), t.signIn('eli.thompson@demo.test')]);
  ids = await scheduleLookups(t).named(coach, {
    people: ['athlete@demo.test', 'tyler.brooks@demo.test', 'eli.thompson@demo.test'],
    groups: ['Pitchers', 'Position Players'],
  });
  workoutOf = {};
  for (const [name, email] of [
    ['Jamie', 'athlete@demo.test'],
    ['Tyler', 'tyler.brooks@demo.test'],
  ] as const) {
    const [row] = await t.db
      .select({ id: activities.id, title: activities.title })
      .from(activities)
      .innerJoin(users, eq(users.id, activities.athleteId))
      .where(and(eq(users.email, email), eq(activities.kind, 'workout_completed')))
      .orderBy(desc(activities.createdAt))
      .limit(1);
    workoutOf[name] = row!;
  }
});
afterAll(() => t.close());

type FeedAnswer = ActivityListResponse & ErrorBody;
const feed = (token: string, query = '') =>
  t.request<FeedAnswer>('GET', `/api/activities?size=100${query}`, { token });
const athletesOf = (body: ActivityListResponse) =>
  new Set(body.data.map((activity) => activity.athlete?.firstName));

describe('the activity feed’s filters', () => {
  it('narrows staff’s feed to one athlete, to a group’s current members, and with a kind', async () => {
    const tyler = await feed(coach, `&athleteId=${ids['tyler.brooks@demo.test']}`);
    expect(tyler.body.total).toBeGreaterThan(0);
    expect(athletesOf(tyler.body)).toEqual(new Set(['Tyler']));

    // Pitchers are Jamie, Tyler and Noah; Eli is not one.
    const pitchers = await feed(coach, `&groupId=${ids.Pitchers}`);
    expect(athletesOf(pitchers.body)).toEqual(new Set(['Jamie', 'Tyler']));

    const tylersRecords = await feed(coach, `&athleteId=${ids['tyler.brooks@demo.test']}&kind=record_set`);
    expect(tylersRecords.body.total).toBeGreaterThan(0);
    expect(tylersRecords.body.total).toBeLessThan(tyler.body.total);
    expect(
      tylersRecords.body.data.every(
        (activity) => activity.kind === 'record_set' && activity.athlete?.firstName === 'Tyler',
      ),
    ).toBe(true);
  });

  it('never widens what an athlete sees: someone out of sight is an empty page', async () => {
    // Eli is a Position Player with Jamie and Diego; Tyler is in no group with Eli.
    const tyler = await feed(eli, `&athleteId=${ids['tyler.brooks@demo.test']}`);
    expect(tyler.status).toBe(200);
    expect(tyler.body).toMatchObject({ data: [], total: 0 });
    const pitchers = await feed(eli, `&groupId=${ids.Pitchers}`);
    expect(athletesOf(pitchers.body)).toEqual(new Set(['Jamie']));
  });

  it('shows every row’s likes and comments, none yet', async () => {
    const page = await t.request<FeedAnswer>('GET', '/api/activities?size=20', { token: coach });
    expect(page.body.data).toHaveLength(20);
    expect(page.body.data.every((row) => row.likes === 0 && !row.likedByMe && row.comments === 0)).toBe(true);
  });

  it('names the field that is not valid', async () => {
    for (const [query, field] of [
      ['&athleteId=tyler', 'athleteId'],
      ['&groupId=42', 'groupId'],
      ['&kind=birthday', 'kind'],
      ['&size=0', 'size'],
      ['&page=-1', 'page'],
    ]) {
      const answer = await feed(coach, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.fields, query).toHaveProperty(field!);
    }
  });
});

describe('one activity', () => {
  const one = (token: string, id: string) =>
    t.request<ActivityResponse & ErrorBody>('GET', `/api/activities/${id}`, { token });

  it('reads as in the feed for whoever may see it, and is not found for anyone else', async () => {
    const jamies = await one(eli, workoutOf.Jamie!.id);
    expect(jamies.status).toBe(200);
    expect(jamies.body.data).toMatchObject({
      id: workoutOf.Jamie!.id,
      kind: 'workout_completed',
      title: workoutOf.Jamie!.title,
      athlete: { firstName: 'Jamie' },
      likes: 0,
      likedByMe: false,
      comments: 0,
    });
    expect((await one(coach, workoutOf.Tyler!.id)).status).toBe(200);
    expect((await one(eli, workoutOf.Tyler!.id)).status).toBe(404);
    const rivals = await t.signIn('coach@rivals.test');
    expect((await one(rivals, workoutOf.Jamie!.id)).status).toBe(404);
    const bad = await one(coach, 'not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('activityId');
  });
});
