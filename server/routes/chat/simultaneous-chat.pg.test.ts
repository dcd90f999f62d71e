import { and, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, ConversationResponse } from '../../../contract/chat';
import { chatMessages, conversations, notifications, users } from '../../db/schema';
import { directKeyOf } from '../../lib/chat/direct-conversation';
import { createTestContext, type TestContext } from '../../testing/test-app';

// Real PostgreSQL with a pool of four connections: requests fired together really overlap (npm run test:pg).
let t: TestContext;
let coach: string;
let jamie: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext();
  [coach, jamie] = await Promise.all([t.signIn('coach@demo.test'), t.signIn('athlete@demo.test')]);
  for (const [name, email] of [
    ['coach', 'coach@demo.test'],
    ['jamie', 'athlete@demo.test'],
    ['noah', 'noah.kim@demo.test'],
  ] as const) {
    const [person] = await t.db.select().from(users).where(eq(users.email, email));
    ids[name] = person!.id;
  }
});
afterAll(() => t.close());

const open = (token: string, memberId: string) =>
  t.request<{ data: Conversation }>('POST', '/api/chats', { token, body: { kind: 'direct', memberId } });

describe('chat under real overlap', () => {
  it('opens one conversation when both of a pair open it at once', async () => {
    const noah = await t.signIn('noah.kim@demo.test');
    const answers = await Promise.all([
      open(coach, ids.noah!),
      open(noah, ids.coach!),
      open(coach, ids.noah!),
      open(noah, ids.coach!),
    ]);
    expect(new Set(answers.map((answer) => answer.body.data.id)).size).toBe(1);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 201]);
    const rows = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.directKey, directKeyOf(ids.coach!, ids.noah!)));
    expect(rows).toHaveLength(1);
  });

  it('keeps one message and one notification when two devices send the same id at once', async () => {
    const conversationId = (await open(jamie, ids.coach!)).body.data.id;
    const id = uuidv7();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.request('POST', `/api/chatGroupsMessage/${conversationId}`, {
          token: jamie,
          body: { id, text: 'On my way to the bullpen' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 201]);
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.id, id))).toHaveLength(1);
    const notes = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, ids.coach!), eq(notifications.link, `/app/chat/${conversationId}`)),
      );
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ count: 1, body: 'On my way to the bullpen' });
  });

  it('keeps all of 20 messages sent at once, each at its own place in the order', async () => {
    const conversationId = (await open(coach, ids.jamie!)).body.data.id;
    const sent = Array.from({ length: 20 }, (_, index) => ({ id: uuidv7(), text: `Rep ${index + 1}` }));
    const answers = await Promise.all(
      sent.map((body, index) =>
        t.request('POST', `/api/chatGroupsMessage/${conversationId}`, {
          token: index % 2 ? jamie : coach,
          body,
        }),
      ),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    const rows = await t.db
      .select()
      .from(chatMessages)
      .where(
        inArray(
          chatMessages.id,
          sent.map((body) => body.id),
        ),
      );
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((row) => row.createdAt.getTime())).size).toBe(20);
    const page = await t.request<ConversationResponse>('GET', `/api/chats/${conversationId}?size=30`, {
      token: coach,
    });
    const times = page.body.messages.data.map((message) => message.createdAt);
    expect([...times].sort()).toEqual(times);
    expect(
      page.body.messages.data
        .slice(-20)
        .map((message) => message.id)
        .sort(),
    ).toEqual(sent.map((body) => body.id).sort());
    expect(page.body.data.lastMessageAt).toBe(page.body.messages.data.at(-1)?.createdAt);
  });
});
