import { and, desc, eq, gt, like } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ActivityCommentListResponse,
  ActivityComment,
  ActivityLikesResponse,
  ActivityResponse,
} from '../../../contract/activities';
import { activities, liveEvents, notifications, users } from '../../db/schema';
import { activityLiked } from '../../lib/notifications/makers';
import type { ErrorBody } from '../../testing/library-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
let coach: string;
let admin: string;
let jamie: string;
let eli: string;
let tyler: string;
let diego: string;
let people: Record<string, string>;
/** The newest workout each athlete finished, by first name. */
let workoutOf: Record<string, { id: string; title: string }>;

beforeAll(async () => {
  t = await createTestContext();
  [coach, admin, jamie, eli, tyler, diego] = await Promise.all([
    t.signIn('coach@demo.test'),
    t.signIn('admin@demo.test'),
    t.signIn('athlete@demo.test'),
    t.signIn('eli.thompson@demo.test'),
    t.signIn('tyler.brooks@demo.test'),
    t.signIn('diego.martinez@demo.test'),
  ]);
  const rows = await t.db
    .select({ id: users.id, firstName: users.firstName, email: users.email })
    .from(users)
    .where(like(users.email, '%@demo.test'));
  people = Object.fromEntries(rows.map((row) => [row.email, row.id]));
  workoutOf = {};
  for (const [name, email] of [
    ['Jamie', 'athlete@demo.test'],
    ['Tyler', 'tyler.brooks@demo.test'],
    ['Diego', 'diego.martinez@demo.test'],
  ] as const) {
    const [row] = await t.db
      .select({ id: activities.id, title: activities.title })
      .from(activities)
      .where(and(eq(activities.athleteId, people[email]!), eq(activities.kind, 'workout_completed')))
      .orderBy(desc(activities.createdAt))
      .limit(1);
    workoutOf[name] = row!;
  }
});
afterAll(() => t.close());

type LikesAnswer = ActivityLikesResponse & ErrorBody;
type CommentAnswer = { data: ActivityComment } & ErrorBody;
const likeOf = (token: string, id: string, method: 'PUT' | 'DELETE' = 'PUT') =>
  t.request<LikesAnswer>(method, `/api/activities/${id}/like`, { token });
const readActivity = (token: string, id: string) =>
  t.request<ActivityResponse & ErrorBody>('GET', `/api/activities/${id}`, { token });
const put = (token: string, activityId: string, commentId: string, text: unknown) =>
  t.request<CommentAnswer>('PUT', `/api/activities/${activityId}/comments/${commentId}`, {
    token,
    body: { text },
  });
const remove = (token: string, activityId: string, commentId: string) =>
  t.request<ErrorBody>('DELETE', `/api/activities/${activityId}/comments/${commentId}`, { token });
const thread = (token: string, activityId: string) =>
  t.request<ActivityCommentListResponse & ErrorBody>('GET', `/api/activities/${activityId}/comments`, {
    token,
  });
const notificationsOf = (email: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, people[email]!), eq(notifications.kind, 'activity_reaction')))
    .orderBy(desc(notifications.updatedAt));
const latestEventId = async () =>
  (await t.db.select({ id: liveEvents.id }).from(liveEvents).orderBy(desc(liveEvents.id)).limit(1))[0]?.id ??
  0;
const activityEventsSince = (id: number) =>
  t.db
    .select()
    .from(liveEvents)
    .where(and(gt(liveEvents.id, id), eq(liveEvents.kind, 'activity')));

describe('likes', () => {
  it('are counted once per coach, whatever is sent again, and fold into one notification to the athlete', async () => {
    const { id, title } = workoutOf.Jamie!;
    const first = await likeOf(coach, id);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ likes: 1, likedByMe: true });
    expect((await likeOf(coach, id)).body.data).toEqual({ likes: 1, likedByMe: true });

    let [notification] = await notificationsOf('athlete@demo.test');
    expect(notification).toMatchObject({
      title: 'Casey Jordan liked your workout',
      body: title,
      link: `/app/activities?activity=${id}`,
      batchKey: `activity_liked:${id}`,
      count: 1,
    });

    expect((await likeOf(admin, id)).body.data).toEqual({ likes: 2, likedByMe: true });
    const folded = await notificationsOf('athlete@demo.test');
    expect(folded).toHaveLength(1);
    notification = folded[0];
    expect(notification).toMatchObject({ body: `2 likes on ${title}`, count: 2 });
    expect(notification!.title).toMatch(/liked your workout$/);

    // The feed shows the count to everyone who sees it, and whether the viewer is one of them.
    expect((await readActivity(eli, id)).body.data).toMatchObject({ likes: 2, likedByMe: false });
    expect((await readActivity(coach, id)).body.data).toMatchObject({ likes: 2, likedByMe: true });

    // Taking a like back tells nobody, and is idempotent too.
    expect((await likeOf(coach, id, 'DELETE')).body.data).toEqual({ likes: 1, likedByMe: false });
    expect((await likeOf(coach, id, 'DELETE')).body.data).toEqual({ likes: 1, likedByMe: false });
    expect(await notificationsOf('athlete@demo.test')).toMatchObject([{ count: 2 }]);
  });

  it('are staff’s: an athlete is refused with words that say why', async () => {
    const own = await likeOf(jamie, workoutOf.Jamie!.id);
    expect(own.status).toBe(403);
    expect(own.body.error.message).toMatch(/Only coaches and admins like activities/);
    expect((await likeOf(jamie, workoutOf.Jamie!.id, 'DELETE')).status).toBe(403);
  });

  it('reach only activities of the organisation', async () => {
    const rivals = await t.signIn('coach@rivals.test');
    expect((await likeOf(rivals, workoutOf.Tyler!.id)).status).toBe(404);
    expect((await likeOf(coach, uuidv7())).status).toBe(404);
    const bad = await likeOf(coach, 'nope');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('activityId');
  });

  it('tell the open feeds of everyone who sees the activity', async () => {
    const since = await latestEventId();
    await likeOf(coach, workoutOf.Diego!.id);
    const events = await activityEventsSince(since);
    expect(events).toHaveLength(1);
    // Diego is a Position Player with Jamie and Eli: they see Diego's activity; Tyler does not.
    expect(events[0]).toMatchObject({
      toStaff: true,
      data: { athleteIds: [people['diego.martinez@demo.test']] },
    });
    expect(events[0]!.userIds).toEqual(
      expect.arrayContaining(
        ['eli.thompson@demo.test', 'athlete@demo.test', 'diego.martinez@demo.test'].map(
          (email) => people[email],
        ),
      ),
    );
    expect(events[0]!.userIds).not.toContain(people['tyler.brooks@demo.test']);
    // A like sent again changes nothing and tells nobody.
    const again = await latestEventId();
    await likeOf(coach, workoutOf.Diego!.id);
    expect(await activityEventsSince(again)).toHaveLength(0);
  });
});

describe('comments', () => {
  it('let staff comment and the athlete answer; a PUT again is one comment, its author edits, another is refused', async () => {
    const { id } = workoutOf.Tyler!;
    const coachComment = uuidv7();
    const created = await put(coach, id, coachComment, '  Great intent on every rep  ');
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      id: coachComment,
      activityId: id,
      author: { firstName: 'Casey', role: 'coach' },
      text: 'Great intent on every rep',
    });
    expect((await put(coach, id, coachComment, 'Great intent on every rep')).status).toBe(200);

    const answer = uuidv7();
    expect((await put(tyler, id, answer, 'Thanks coach!')).status).toBe(201);
    // The answer's author edits it; nobody else may reuse its id.
    const edited = await put(tyler, id, answer, 'Thanks coach, felt good');
    expect(edited.status).toBe(200);
    expect(edited.body.data.text).toBe('Thanks coach, felt good');
    expect((await put(coach, id, answer, 'Mine now')).status).toBe(409);
    // The same id on another activity is taken too.
    expect((await put(coach, workoutOf.Jamie!.id, coachComment, 'Elsewhere')).status).toBe(409);

    const read = await thread(tyler, id);
    expect(read.body.data.map((comment) => [comment.author.firstName, comment.text])).toEqual([
      ['Casey', 'Great intent on every rep'],
      ['Tyler', 'Thanks coach, felt good'],
    ]);
    expect((await readActivity(coach, id)).body.data.comments).toBe(2);
  });

  it('notify the athlete of staff’s comment, and the staff who commented of the athlete’s answer, each on its own', async () => {
    const { id } = workoutOf.Diego!;
    await put(coach, id, uuidv7(), 'Nice work today');
    await put(admin, id, uuidv7(), 'Agreed, keep it up');
    const toDiego = await notificationsOf('diego.martinez@demo.test');
    const comments = toDiego.filter((notification) => notification.batchKey === null);
    expect(comments.map((notification) => [notification.title, notification.body])).toEqual(
      expect.arrayContaining([
        ['Casey Jordan commented on your workout', 'Nice work today'],
        [expect.stringMatching(/commented on your workout$/), 'Agreed, keep it up'],
      ]),
    );
    expect(comments).toHaveLength(2);
    expect(comments[0]!.link).toBe(`/app/activities?activity=${id}`);

    const coachBefore = (await notificationsOf('coach@demo.test')).length;
    await put(diego, id, uuidv7(), 'Thank you both');
    const toCoach = await notificationsOf('coach@demo.test');
    expect(toCoach).toHaveLength(coachBefore + 1);
    expect(toCoach[0]).toMatchObject({
      title: 'Diego Martinez answered on their workout',
      body: 'Thank you both',
    });
    expect((await notificationsOf('admin@demo.test'))[0]).toMatchObject({ body: 'Thank you both' });
    // Nobody is told of their own comment.
    expect(
      (await notificationsOf('diego.martinez@demo.test')).filter((n) => n.body === 'Thank you both'),
    ).toEqual([]);
  });

  it('are read and written only on activities the viewer sees; an athlete answers on its own only', async () => {
    const tylers = workoutOf.Tyler!.id;
    // Eli does not see Tyler's activity.
    expect((await thread(eli, tylers)).status).toBe(404);
    expect((await put(eli, tylers, uuidv7(), 'Hi')).status).toBe(404);
    // Eli sees Jamie's, but answers only on its own.
    expect((await thread(eli, workoutOf.Jamie!.id)).status).toBe(200);
    const othersOwn = await put(eli, workoutOf.Jamie!.id, uuidv7(), 'Nice one Jamie');
    expect(othersOwn.status).toBe(403);
    const rivals = await t.signIn('coach@rivals.test');
    expect((await thread(rivals, tylers)).status).toBe(404);
    expect((await put(rivals, tylers, uuidv7(), 'Hello')).status).toBe(404);
  });

  it('are removed by their author or an admin, and then are gone', async () => {
    const { id } = workoutOf.Jamie!;
    const mine = uuidv7();
    await put(coach, id, mine, 'Remove me');
    expect((await remove(jamie, id, mine)).status).toBe(403);
    expect((await remove(coach, id, mine)).status).toBe(204);
    expect((await remove(coach, id, mine)).status).toBe(404);

    const athletes = uuidv7();
    await put(jamie, id, athletes, 'Moderate me');
    expect((await remove(coach, id, athletes)).status).toBe(403);
    expect((await remove(admin, id, athletes)).status).toBe(204);
    expect((await thread(jamie, id)).body.data.map((comment) => comment.id)).not.toContain(athletes);
  });

  it('name the field that is not valid', async () => {
    const { id } = workoutOf.Jamie!;
    const empty = await put(coach, id, uuidv7(), '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ text: 'Write a comment' });
    const long = await put(coach, id, uuidv7(), 'x'.repeat(1001));
    expect(long.body.error.fields).toHaveProperty('text');
    const badId = await put(coach, id, 'comment-1', 'Hi');
    expect(badId.status).toBe(400);
    expect(badId.body.error.fields).toHaveProperty('commentId');
  });
});

describe('the words of a like', () => {
  const casey = { id: '00000000-0000-4000-8000-00000000000c', firstName: 'Casey', lastName: 'Jordan' };
  const athleteId = '00000000-0000-4000-8000-00000000000a';
  const record = { id: uuidv7(), kind: 'record_set', athleteId, title: 'Bench Press: heaviest load, 155 lb' };

  it('name what was liked, count the likes once folded, and tell nobody of an activity without an athlete', () => {
    const [liked] = activityLiked(record, casey);
    expect(liked).toMatchObject({
      userIds: [athleteId],
      title: 'Casey Jordan liked your record',
      link: `/app/activities?activity=${record.id}`,
    });
    const body = liked!.body as (count: number) => string;
    expect([body(1), body(3)]).toEqual([
      'Bench Press: heaviest load, 155 lb',
      '3 likes on Bench Press: heaviest load, 155 lb',
    ]);
    expect(activityLiked({ ...record, athleteId: null }, casey)).toEqual([]);
    expect(activityLiked({ ...record, athleteId: casey.id }, casey)).toEqual([]);
  });
});
