import { and, asc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkoutComment, WorkoutCommentListResponse } from '../../../contract/workout-comments';
import { loggedSets, users, workoutComments, workoutLogs } from '../../db/schema';
import { addCalendarDays } from '../../lib/calendar-days';
import type { ErrorBody } from '../../testing/library-lookups';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { trackingLookups } from '../../testing/tracking-lookups';

let t: TestContext;
let coach: string;
let jamie: string;
let tyler: string;
let jamieLog: { id: string; athleteId: string };
let jamieSet: { id: string };
let tylerLog: { id: string };

beforeAll(async () => {
  t = await createTestContext();
  [coach, jamie, tyler] = await Promise.all([
    t.signIn('coach@demo.test'),
    t.signIn('athlete@demo.test'),
    t.signIn('tyler.brooks@demo.test'),
  ]);
  const completedLogOf = async (email: string) => {
    const [athlete] = await t.db.select().from(users).where(eq(users.email, email));
    const [log] = await t.db
      .select()
      .from(workoutLogs)
      .where(and(eq(workoutLogs.athleteId, athlete!.id), eq(workoutLogs.status, 'completed')))
      .orderBy(asc(workoutLogs.date))
      .limit(1);
    return log!;
  };
  jamieLog = await completedLogOf('athlete@demo.test');
  tylerLog = await completedLogOf('tyler.brooks@demo.test');
  const [set] = await t.db.select().from(loggedSets).where(eq(loggedSets.logId, jamieLog.id)).limit(1);
  jamieSet = set!;
});
afterAll(() => t.close());

type CommentAnswer = { data: WorkoutComment } & ErrorBody;
const put = (token: string, logId: string, commentId: string, body: Record<string, unknown>) =>
  t.request<CommentAnswer>('PUT', `/api/workout-logs/${logId}/comments/${commentId}`, { token, body });
const thread = (token: string, logId: string) =>
  t.request<WorkoutCommentListResponse & ErrorBody>('GET', `/api/workout-logs/${logId}/comments`, { token });

describe('comments on a completed workout', () => {
  it('lets the coach comment on a set and on the workout, and the athlete answer; the thread reads newest last', async () => {
    const onSet = uuidv7();
    const first = await put(coach, jamieLog.id, onSet, {
      setId: jamieSet.id,
      text: '  Bar speed looked great  ',
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      id: onSet,
      logId: jamieLog.id,
      setId: jamieSet.id,
      athleteId: jamieLog.athleteId,
      author: { role: 'coach' },
      text: 'Bar speed looked great',
      editedAt: null,
    });
    const onWorkout = uuidv7();
    expect((await put(coach, jamieLog.id, onWorkout, { text: 'Solid session overall.' })).status).toBe(201);
    const answer = uuidv7();
    const answered = await put(jamie, jamieLog.id, answer, { setId: jamieSet.id, text: 'Thanks coach!' });
    expect(answered.status).toBe(201);
    expect(answered.body.data.author.role).toBe('athlete');

    for (const token of [coach, jamie]) {
      const { status, body } = await thread(token, jamieLog.id);
      expect(status).toBe(200);
      expect(body.data.map((comment) => [comment.id, comment.setId, comment.text])).toEqual([
        [onSet, jamieSet.id, 'Bar speed looked great'],
        [onWorkout, null, 'Solid session overall.'],
        [answer, jamieSet.id, 'Thanks coach!'],
      ]);
    }
  });

  it('keeps one comment when the device sends it again, lets its author edit it, and no one else', async () => {
    const id = uuidv7();
    const body = { setId: null, text: 'Drive through the heels.' };
    expect((await put(coach, tylerLog.id, id, body)).status).toBe(201);
    const again = await put(coach, tylerLog.id, id, body);
    expect(again.status).toBe(200);
    expect(again.body.data.editedAt).toBeNull();
    const rows = await t.db.select().from(workoutComments).where(eq(workoutComments.id, id));
    expect(rows).toHaveLength(1);

    const edited = await put(coach, tylerLog.id, id, { text: 'Drive through the heels, chest up.' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.text).toBe('Drive through the heels, chest up.');
    expect(edited.body.data.editedAt).not.toBeNull();

    // The athlete may answer, but not rewrite the coach's words; nor may the id move to a set or another workout.
    expect((await put(tyler, tylerLog.id, id, { text: 'Rewritten' })).status).toBe(403);
    const [tylerSet] = await t.db.select().from(loggedSets).where(eq(loggedSets.logId, tylerLog.id)).limit(1);
    expect((await put(coach, tylerLog.id, id, { setId: tylerSet!.id, text: 'Moved' })).status).toBe(409);
    expect((await put(coach, jamieLog.id, id, { text: 'Moved' })).status).toBe(409);
    const [kept] = await t.db.select().from(workoutComments).where(eq(workoutComments.id, id));
    expect(kept?.text).toBe('Drive through the heels, chest up.');
  });

  it('lets athletes read and comment on their own workouts only', async () => {
    expect((await thread(tyler, jamieLog.id)).status).toBe(403);
    expect((await put(tyler, jamieLog.id, uuidv7(), { text: 'Nice one' })).status).toBe(403);
    expect((await thread(jamie, uuidv7())).status).toBe(404);
    expect((await put(coach, uuidv7(), uuidv7(), { text: 'Nowhere' })).status).toBe(404);
  });

  it('names what is wrong: an empty or too long text, a set of another workout, a workout still in progress', async () => {
    const empty = await put(coach, jamieLog.id, uuidv7(), { text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ text: 'Write a comment' });
    const long = await put(coach, jamieLog.id, uuidv7(), { text: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toHaveProperty('text');
    const [tylerSet] = await t.db.select().from(loggedSets).where(eq(loggedSets.logId, tylerLog.id)).limit(1);
    const elsewhere = await put(coach, jamieLog.id, uuidv7(), { setId: tylerSet!.id, text: 'Wrong set' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.fields).toEqual({ setId: 'This set is not part of the workout' });

    const lookups = scheduleLookups(t);
    const today = await lookups.today(coach);
    const ids = await lookups.named(coach, {
      people: ['eli.thompson@demo.test'],
      workouts: ['Upper Body Strength A'],
    });
    const tracking = trackingLookups(t);
    const entry = await tracking.schedule(coach, {
      athleteId: ids['eli.thompson@demo.test'],
      workoutId: ids['Upper Body Strength A'],
      date: addCalendarDays(today, 1),
    });
    const eli = await t.signIn('eli.thompson@demo.test');
    const log = await tracking.started(eli, entry.id, `${entry.date}T16:00:00.000Z`);
    expect((await put(coach, log.id, uuidv7(), { text: 'Too early' })).status).toBe(409);
  });

  it("finds no other organisation's workout, and refuses a comment id it already holds as taken", async () => {
    const rivals = await t.signIn('coach@rivals.test');
    expect((await thread(rivals, jamieLog.id)).status).toBe(404);
    expect((await put(rivals, jamieLog.id, uuidv7(), { text: 'Hello' })).status).toBe(404);
    // Demo's comment id, sent for a rivals workout, is taken: it neither moves nor is changed.
    const demoComment = uuidv7();
    await put(coach, jamieLog.id, demoComment, { text: 'Ours' });
    const lookups = scheduleLookups(t);
    const ids = await lookups.named(rivals, {
      people: ['athlete@rivals.test'],
      workouts: ['Rivals Total Body'],
    });
    const tracking = trackingLookups(t);
    const entry = await tracking.schedule(rivals, {
      athleteId: ids['athlete@rivals.test'],
      workoutId: ids['Rivals Total Body'],
      date: addCalendarDays(await lookups.today(rivals), -1),
    });
    const rivalsLog = await tracking.started(rivals, entry.id, `${entry.date}T16:00:00.000Z`);
    expect((await tracking.finish(rivals, rivalsLog.id, `${entry.date}T17:00:00.000Z`)).status).toBe(200);
    expect((await put(rivals, rivalsLog.id, demoComment, { text: 'Theirs' })).status).toBe(409);
    expect((await put(rivals, rivalsLog.id, uuidv7(), { text: 'Theirs' })).status).toBe(201);
    const [kept] = await t.db.select().from(workoutComments).where(eq(workoutComments.id, demoComment));
    expect(kept?.text).toBe('Ours');
  });
});
