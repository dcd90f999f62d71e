import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessageItem, Conversation } from '../../../contract/chat';
import { organizations, personalRecords, uploads, users, workoutLogs } from '../../db/schema';
import type { ErrorBody } from '../../testing/library-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
let coach: string;
let jamie: string;
let tyler: string;
let rivalsCoach: string;
const ids: Record<string, string> = {};
let direct: Conversation;

beforeAll(async () => {
  t = await createTestContext();
  [coach, jamie, tyler, rivalsCoach] = await Promise.all([
    t.signIn('coach@demo.test'),
    t.signIn('athlete@demo.test'),
    t.signIn('tyler.brooks@demo.test'),
    t.signIn('coach@rivals.test'),
  ]);
  for (const [name, email] of [
    ['coach', 'coach@demo.test'],
    ['jamie', 'athlete@demo.test'],
    ['tyler', 'tyler.brooks@demo.test'],
    ['pending', 'pending@demo.test'],
    ['rivalsAthlete', 'athlete@rivals.test'],
  ] as const) {
    const [person] = await t.db.select().from(users).where(eq(users.email, email));
    ids[name] = person!.id;
  }
  direct = (await open(coach, { kind: 'direct', memberId: ids.jamie })).body.data;
});
afterAll(() => t.close());

type Answer<T> = { data: T } & ErrorBody;
const open = (token: string, body: Record<string, unknown>) =>
  t.request<Answer<Conversation>>('POST', '/api/chats', { token, body });
const send = (token: string, conversationId: string, body: Record<string, unknown>) =>
  t.request<Answer<ChatMessageItem>>('POST', `/api/chatGroupsMessage/${conversationId}`, { token, body });

describe('a message that cannot be sent says which field is wrong', () => {
  it('refuses an empty message and one over 4,000 characters, naming text', async () => {
    const empty = await send(coach, direct.id, { id: uuidv7(), text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ text: 'Write a message or attach a file' });
    const long = await send(coach, direct.id, { id: uuidv7(), text: 'x'.repeat(4001) });
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toEqual({ text: 'A message is at most 4000 characters' });
    expect((await send(coach, direct.id, { id: uuidv7(), text: 'x'.repeat(4000) })).status).toBe(201);
  });

  it('refuses an upload that is unknown, unfinished, someone else’s or for another conversation, naming uploadId', async () => {
    const [coachRow] = await t.db.select().from(users).where(eq(users.id, ids.coach!));
    const upload = (overrides: Partial<typeof uploads.$inferInsert>) => {
      const id = uuidv7();
      return {
        id,
        organizationId: coachRow!.organizationId,
        ownerId: ids.coach!,
        conversationId: direct.id,
        fileName: 'clip.mp4',
        declaredType: 'video/mp4',
        size: 10,
        sha256: 'b'.repeat(64),
        storageKey: `test/${id}`,
        status: 'complete' as const,
        ...overrides,
      };
    };
    const other = (await open(coach, { kind: 'direct', memberId: ids.tyler })).body.data;
    const unfinished = upload({ status: 'uploading' });
    const jamies = upload({ ownerId: ids.jamie! });
    const elsewhere = upload({ conversationId: other.id });
    await t.db.insert(uploads).values([unfinished, jamies, elsewhere]);
    for (const uploadId of [uuidv7(), unfinished.id, jamies.id, elsewhere.id]) {
      const refused = await send(coach, direct.id, { id: uuidv7(), text: 'Look', uploadId });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.error.fields ?? {})).toEqual(['uploadId']);
    }
    expect((await send(jamie, direct.id, { id: uuidv7(), text: '', uploadId: jamies.id })).status).toBe(201);
  });

  it('refuses pointing at something that is not there, or at another athlete’s training, naming about', async () => {
    const [tylerLog] = await t.db
      .select()
      .from(workoutLogs)
      .where(eq(workoutLogs.athleteId, ids.tyler!))
      .limit(1);
    const [jamieRecord] = await t.db
      .select()
      .from(personalRecords)
      .where(eq(personalRecords.athleteId, ids.jamie!))
      .limit(1);
    for (const about of [
      { kind: 'completed_workout', id: uuidv7() },
      { kind: 'workout', id: uuidv7() },
      { kind: 'completed_workout', id: tylerLog!.id },
    ]) {
      const refused = await send(jamie, direct.id, { id: uuidv7(), text: 'About this', about });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.error.fields ?? {})).toEqual(['about']);
    }
    expect(
      (
        await send(jamie, direct.id, {
          id: uuidv7(),
          text: 'My record',
          about: { kind: 'record', id: jamieRecord!.id },
        })
      ).status,
    ).toBe(201);
    // Staff may point at any athlete's training of the organisation.
    expect(
      (
        await send(coach, direct.id, {
          id: uuidv7(),
          text: 'Compare',
          about: { kind: 'completed_workout', id: tylerLog!.id },
        })
      ).status,
    ).toBe(201);
  });

  it('refuses a page before a message that is not in the conversation, naming before', async () => {
    const page = await t.request<ErrorBody>('GET', `/api/chatGroupsMessage/${direct.id}?before=${uuidv7()}`, {
      token: coach,
    });
    expect(page.status).toBe(400);
    expect(Object.keys(page.body.error.fields ?? {})).toEqual(['before']);
    const read = await t.request<ErrorBody>('PATCH', `/api/chats/${direct.id}`, {
      token: coach,
      body: { readUpTo: uuidv7() },
    });
    expect(read.status).toBe(400);
    expect(Object.keys(read.body.error.fields ?? {})).toEqual(['readUpTo']);
  });
});

describe('who may open and read a conversation', () => {
  it('refuses a direct conversation with an unknown, pending, other organisation’s person or oneself, naming memberId', async () => {
    for (const memberId of [uuidv7(), ids.pending, ids.rivalsAthlete, ids.coach]) {
      const refused = await open(coach, { kind: 'direct', memberId });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toEqual({
        memberId: 'This person is not a member of your organisation',
      });
    }
  });

  it('refuses a group with someone unknown (naming memberIds), and groups made by athletes', async () => {
    const refused = await open(coach, {
      kind: 'group',
      name: 'Mixed',
      memberIds: [ids.jamie, ids.rivalsAthlete],
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields ?? {})).toEqual(['memberIds']);
    expect((await open(jamie, { kind: 'group', name: 'Ours', memberIds: [ids.tyler] })).status).toBe(403);
  });

  it('keeps athletes to staff when the organisation says so', async () => {
    const [jamieRow] = await t.db.select().from(users).where(eq(users.id, ids.jamie!));
    expect((await open(jamie, { kind: 'direct', memberId: ids.tyler })).status).toBe(201);
    await t.db
      .update(organizations)
      .set({ chatAthletesToStaffOnly: true })
      .where(eq(organizations.id, jamieRow!.organizationId));
    const refused = await open(tyler, { kind: 'direct', memberId: ids.jamie });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/athletes message coaches and admins only/);
    expect((await open(jamie, { kind: 'direct', memberId: ids.coach })).status).toBe(200);
    await t.db
      .update(organizations)
      .set({ chatAthletesToStaffOnly: false })
      .where(eq(organizations.id, jamieRow!.organizationId));
  });

  it('answers 404 to someone outside the conversation and to another organisation', async () => {
    for (const token of [tyler, rivalsCoach]) {
      expect((await t.request('GET', `/api/chats/${direct.id}`, { token })).status).toBe(404);
      expect((await t.request('GET', `/api/chatGroupsMessage/${direct.id}`, { token })).status).toBe(404);
      expect((await send(token, direct.id, { id: uuidv7(), text: 'Hello?' })).status).toBe(404);
      expect(
        (await t.request('PATCH', `/api/chats/${direct.id}`, { token, body: { readUpTo: uuidv7() } })).status,
      ).toBe(404);
    }
    expect((await t.request('GET', `/api/chats/${uuidv7()}`, { token: coach })).status).toBe(404);
    expect(JSON.stringify((await t.request('GET', '/api/chats', { token: rivalsCoach })).body)).not.toContain(
      direct.id,
    );
  });
});
