import { and, asc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChatMessageItem,
  Conversation,
  ConversationResponse,
  MessagePage,
} from '../../../contract/chat';
import {
  athleteGroupMembers,
  athleteGroups,
  chatMessages,
  liveEvents,
  notifications,
  uploads,
  users,
  workoutComments,
  workoutLogs,
} from '../../db/schema';
import type { ErrorBody } from '../../testing/library-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
let coach: string;
let jamie: string;
let tyler: string;
let sam: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext();
  [coach, jamie, tyler, sam] = await Promise.all([
    t.signIn('coach@demo.test'),
    t.signIn('athlete@demo.test'),
    t.signIn('tyler.brooks@demo.test'),
    t.signIn('sam.whitaker@demo.test'),
  ]);
  for (const [name, email] of [
    ['coach', 'coach@demo.test'],
    ['jamie', 'athlete@demo.test'],
    ['tyler', 'tyler.brooks@demo.test'],
    ['sam', 'sam.whitaker@demo.test'],
    ['admin', 'admin@demo.test'],
  ] as const) {
    const [person] = await t.db.select().from(users).where(eq(users.email, email));
    ids[name] = person!.id;
  }
});
afterAll(() => t.close());

type Answer<T> = { data: T } & ErrorBody;
const list = (token: string) => t.request<Answer<Conversation[]>>('GET', '/api/chats', { token });
const open = (token: string, body: Record<string, unknown>) =>
  t.request<Answer<Conversation>>('POST', '/api/chats', { token, body });
const show = (token: string, id: string) =>
  t.request<ConversationResponse & ErrorBody>('GET', `/api/chats/${id}`, { token });
const send = (token: string, conversationId: string, body: Record<string, unknown>) =>
  t.request<Answer<ChatMessageItem>>('POST', `/api/chatGroupsMessage/${conversationId}`, { token, body });
const older = (token: string, conversationId: string, query: string) =>
  t.request<MessagePage & ErrorBody>('GET', `/api/chatGroupsMessage/${conversationId}?${query}`, { token });
const read = (token: string, conversationId: string, readUpTo: string) =>
  t.request<Answer<{ unread: number }>>('PATCH', `/api/chats/${conversationId}`, {
    token,
    body: { readUpTo },
  });

describe('conversations', () => {
  it('lists a team conversation per athlete group: staff see every team, an athlete their groups', async () => {
    const coachList = await list(coach);
    expect(coachList.status).toBe(200);
    const teams = coachList.body.data.filter((conversation) => conversation.kind === 'team');
    expect(teams.map((team) => team.title).sort()).toEqual([
      '2027 Graduates',
      'Pitchers',
      'Position Players',
    ]);
    const jamieTeams = (await list(jamie)).body.data.filter((conversation) => conversation.kind === 'team');
    expect(jamieTeams.map((team) => team.title).sort()).toEqual(['Pitchers', 'Position Players']);
    const pitchers = jamieTeams.find((team) => team.title === 'Pitchers')!;
    expect(pitchers.members.map((person) => person.id)).toEqual(
      expect.arrayContaining([ids.coach, ids.admin, ids.jamie, ids.tyler]),
    );
    // The demo's seeded chat: the team's last word, and the coach's two messages Jamie has not read yet.
    expect(pitchers).toMatchObject({
      lastMessage: { text: 'Running 5 min late today, sorry coach.' },
      unread: 4,
    });
    const withCoach = (await list(jamie)).body.data.find(
      (conversation) => conversation.title === 'Casey Jordan',
    );
    expect(withCoach).toMatchObject({ kind: 'direct', unread: 2 });
    expect((await show(jamie, withCoach!.id)).body.messages.data.some((message) => message.about?.link)).toBe(
      true,
    );
    // Listing again (and at once) makes no second team conversation.
    await Promise.all([list(coach), list(tyler)]);
    expect((await list(coach)).body.data.filter((conversation) => conversation.kind === 'team')).toHaveLength(
      3,
    );
  });

  it('opens one direct conversation per pair, whoever opens it: 201 when made, 200 after', async () => {
    const made = await open(coach, { kind: 'direct', memberId: ids.sam });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ kind: 'direct', title: 'Sam Whitaker' });
    const again = await open(sam, { kind: 'direct', memberId: ids.coach });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(made.body.data.id);
    expect(again.body.data.title).toBe('Casey Jordan');
    expect((await list(sam)).body.data.map((conversation) => conversation.id)).toContain(made.body.data.id);
    expect((await list(tyler)).body.data.map((conversation) => conversation.id)).not.toContain(
      made.body.data.id,
    );
  });

  it('lets staff make a group with its creator in it', async () => {
    const made = await open(coach, {
      kind: 'group',
      name: 'Bullpen crew',
      memberIds: [ids.jamie, ids.tyler],
    });
    expect(made.status).toBe(201);
    expect(made.body.data.title).toBe('Bullpen crew');
    expect(made.body.data.members.map((person) => person.id).sort()).toEqual(
      [ids.coach, ids.jamie, ids.tyler].sort(),
    );
    expect((await show(tyler, made.body.data.id)).status).toBe(200);
    expect((await show(sam, made.body.data.id)).status).toBe(404);
  });

  it('keeps a team conversation in step with its athlete group', async () => {
    const [graduates] = await t.db
      .select()
      .from(athleteGroups)
      .where(eq(athleteGroups.name, '2027 Graduates'));
    const team = (await list(coach)).body.data.find(
      (conversation) => conversation.athleteGroupId === graduates!.id,
    )!;
    expect((await show(jamie, team.id)).status).toBe(404);
    await t.db
      .insert(athleteGroupMembers)
      .values({ organizationId: graduates!.organizationId, groupId: graduates!.id, userId: ids.jamie! });
    expect((await show(jamie, team.id)).status).toBe(200);
    expect((await send(jamie, team.id, { id: uuidv7(), text: 'Hi grads' })).status).toBe(201);
    await t.db
      .delete(athleteGroupMembers)
      .where(and(eq(athleteGroupMembers.groupId, graduates!.id), eq(athleteGroupMembers.userId, ids.jamie!)));
    expect((await show(jamie, team.id)).status).toBe(404);
    expect((await send(jamie, team.id, { id: uuidv7(), text: 'Still here?' })).status).toBe(404);
    expect((await list(jamie)).body.data.map((conversation) => conversation.id)).not.toContain(team.id);
  });
});

describe('messages', () => {
  it('pages 65 messages backwards, oldest first in a page, with no gap or repeat', async () => {
    const { body } = await open(coach, { kind: 'direct', memberId: ids.tyler });
    const conversationId = body.data.id;
    const sent: string[] = [];
    for (let index = 0; index < 65; index += 1) {
      const id = uuidv7();
      sent.push(id);
      expect(
        (await send(index % 2 ? tyler : coach, conversationId, { id, text: `Message ${index + 1}` })).status,
      ).toBe(201);
    }
    const latest = await show(tyler, conversationId);
    expect(latest.status).toBe(200);
    expect(latest.body.messages.data).toHaveLength(30);
    expect(latest.body.messages.hasOlder).toBe(true);
    expect(latest.body.messages.data.at(-1)?.text).toBe('Message 65');
    expect(latest.body.data.lastMessage?.text).toBe('Message 65');
    const second = await older(tyler, conversationId, `before=${latest.body.messages.data[0]!.id}`);
    expect(second.body.hasOlder).toBe(true);
    const third = await older(tyler, conversationId, `before=${second.body.data[0]!.id}&size=30`);
    expect(third.body.data).toHaveLength(5);
    expect(third.body.hasOlder).toBe(false);
    const all = [...third.body.data, ...second.body.data, ...latest.body.messages.data].map(
      (message) => message.id,
    );
    expect(all).toEqual(sent);
  });

  it('keeps one message when the device sends it again; another text or conversation under its id is refused', async () => {
    const { body } = await open(jamie, { kind: 'direct', memberId: ids.coach });
    const id = uuidv7();
    const first = await send(jamie, body.data.id, { id, text: 'Sore shoulder today' });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ id, text: 'Sore shoulder today', sender: { id: ids.jamie } });
    const again = await send(jamie, body.data.id, { id, text: 'Sore shoulder today' });
    expect(again.status).toBe(200);
    expect(again.body.data.createdAt).toBe(first.body.data.createdAt);
    expect((await send(jamie, body.data.id, { id, text: 'Something else' })).status).toBe(409);
    const pitchers = (await list(jamie)).body.data.find((conversation) => conversation.title === 'Pitchers')!;
    expect((await send(jamie, pitchers.id, { id, text: 'Sore shoulder today' })).status).toBe(409);
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.id, id))).toHaveLength(1);
  });

  it('shows an attachment with links signed for the viewer, and what a message is about', async () => {
    const { body } = await open(coach, { kind: 'direct', memberId: ids.jamie });
    const uploadId = uuidv7();
    await t.db.insert(uploads).values({
      id: uploadId,
      organizationId: (await t.db.select().from(users).where(eq(users.id, ids.coach!)))[0]!.organizationId,
      ownerId: ids.coach!,
      conversationId: body.data.id,
      fileName: 'grip.jpg',
      declaredType: 'image/jpeg',
      detectedType: 'image/jpeg',
      size: 1234,
      sha256: 'a'.repeat(64),
      committedBytes: 1234,
      status: 'complete',
      storageKey: `test/${uploadId}`,
    });
    const [log] = await t.db
      .select()
      .from(workoutLogs)
      .where(and(eq(workoutLogs.athleteId, ids.jamie!), eq(workoutLogs.status, 'completed')))
      .orderBy(asc(workoutLogs.date))
      .limit(1);
    const sent = await send(coach, body.data.id, {
      id: uuidv7(),
      text: '',
      uploadId,
      about: { kind: 'completed_workout', id: log!.id },
    });
    expect(sent.status).toBe(201);
    const seen = (await show(jamie, body.data.id)).body.messages.data.at(-1)!;
    expect(seen.attachment).toMatchObject({ id: uploadId, fileName: 'grip.jpg', kind: 'image', size: 1234 });
    expect(seen.attachment?.fileUrl).toContain(`/api/files/${uploadId}`);
    expect(seen.about).toMatchObject({
      kind: 'completed_workout',
      id: log!.id,
      link: `/app/completed/${log!.id}`,
    });
    expect(seen.about?.label).toMatch(/·/);
    const [notified] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.jamie!), eq(notifications.link, `/app/chat/${body.data.id}`)));
    expect(notified).toMatchObject({ kind: 'message', title: 'Casey Jordan', body: 'Sent a photo' });
  });
});

describe('read receipts, unread counts, notifications and live events', () => {
  it('counts unread, folds a burst into one notification, and reads forward only', async () => {
    await list(sam); // the team conversations exist before (also when this test runs alone)
    const group = await open(coach, { kind: 'group', name: 'Catchers', memberIds: [ids.sam] });
    const conversationId = group.body.data.id;
    const sent: ChatMessageItem[] = [];
    for (const text of ['Bullpen at 4', 'Bring your gear', 'And water']) {
      const answer = await send(coach, conversationId, { id: uuidv7(), text });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      sent.push(answer.body.data);
    }
    const samView = (await list(sam)).body.data.find((conversation) => conversation.id === conversationId)!;
    expect(samView).toMatchObject({ unread: 3, lastMessage: { text: 'And water', readBy: [] } });
    expect(
      (await list(coach)).body.data.find((conversation) => conversation.id === conversationId)?.unread,
    ).toBe(0);
    // The newest conversation heads the list.
    expect((await list(sam)).body.data[0]?.id).toBe(conversationId);

    const link = `/app/chat/${conversationId}`;
    const samNotes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.sam!), eq(notifications.link, link)));
    expect(samNotes).toHaveLength(1);
    expect(samNotes[0]).toMatchObject({
      kind: 'message',
      title: 'Casey Jordan in Catchers',
      body: '3 new messages',
    });
    expect(samNotes[0]!.readAt).toBeNull();
    const coachNotes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.coach!), eq(notifications.link, link)));
    expect(coachNotes).toHaveLength(0);
    const events = await t.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.kind, 'chat'), sql`${liveEvents.data}->>'messageId' = ${sent[2]!.id}`));
    expect(events).toHaveLength(1);
    expect(events[0]!.userIds).toEqual(expect.arrayContaining([ids.coach, ids.sam]));

    const readTwo = await read(sam, conversationId, sent[1]!.id);
    expect(readTwo.status).toBe(200);
    expect(readTwo.body.data.unread).toBe(1);
    const [seenNote] = await t.db.select().from(notifications).where(eq(notifications.id, samNotes[0]!.id));
    expect(seenNote!.readAt).not.toBeNull();
    // A late request from an old tab does not un-read.
    expect((await read(sam, conversationId, sent[0]!.id)).body.data.unread).toBe(1);
    const page = (await show(coach, conversationId)).body.messages.data;
    expect(page.map((message) => message.readBy)).toEqual([[ids.sam], [ids.sam], []]);

    // The next message is a fresh notification, not "4 new messages".
    await send(coach, conversationId, { id: uuidv7(), text: 'See you there' });
    const fresh = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, ids.sam!),
          eq(notifications.link, link),
          sql`${notifications.readAt} is null`,
        ),
      );
    expect(fresh.map((note) => note.body)).toEqual(['See you there']);
  });
});

describe('staff comments on a completed workout go to the chat', () => {
  it('posts the comment once in the direct conversation, about the workout, with the comment’s notification only', async () => {
    const admin = await t.signIn('admin@demo.test');
    const [log] = await t.db
      .select()
      .from(workoutLogs)
      .where(and(eq(workoutLogs.athleteId, ids.tyler!), eq(workoutLogs.status, 'completed')))
      .orderBy(asc(workoutLogs.date))
      .limit(1);
    const commentId = uuidv7();
    const comment = { text: 'Great tempo on the last set' };
    const path = `/api/workout-logs/${log!.id}/comments/${commentId}`;
    expect((await t.request('PUT', path, { token: admin, body: comment })).status).toBe(201);
    expect((await t.request('PUT', path, { token: admin, body: comment })).status).toBe(200);

    const direct = (await list(tyler)).body.data.find(
      (conversation) => conversation.kind === 'direct' && conversation.title === 'Morgan Reyes',
    )!;
    expect(direct).toMatchObject({ unread: 1, lastMessage: { text: 'Great tempo on the last set' } });
    const messages = (await show(tyler, direct.id)).body.messages.data;
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      sender: { id: ids.admin },
      about: { kind: 'completed_workout', id: log!.id, link: `/app/completed/${log!.id}` },
    });
    const [stored] = await t.db.select().from(workoutComments).where(eq(workoutComments.id, commentId));
    expect(stored?.conversationId).toBe(direct.id);
    const tylerNotes = await t.db.select().from(notifications).where(eq(notifications.userId, ids.tyler!));
    expect(
      tylerNotes.filter((note) => note.kind === 'workout_comment' && note.body === comment.text),
    ).toHaveLength(1);
    expect(tylerNotes.filter((note) => note.link === `/app/chat/${direct.id}`)).toHaveLength(0);

    // The athlete answers in the chat, and the coach hears of it there.
    expect((await send(tyler, direct.id, { id: uuidv7(), text: 'Thanks!' })).status).toBe(201);
    const [answerNote] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.admin!), eq(notifications.link, `/app/chat/${direct.id}`)));
    expect(answerNote).toMatchObject({ kind: 'message', title: 'Tyler Brooks', body: 'Thanks!' });
  });
});
