/**
 * `npm run bench:chat`: the chat on a real PostgreSQL 15 (issue 25, ADR 060). Not a test.
 * A throwaway cluster, the demo seeded, and a coach–athlete conversation of 10,000 messages (MESSAGES to change);
 * then, in-process (app.request), 200 timed requests each (after a warm-up) of the latest page
 * (`GET /api/chats/{id}`) and of the list (`GET /api/chats`), as the athlete, one at a time. Prints p50/p95
 * against the aim (p95 ≤ 20 ms).
 */
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { chatMessages, conversationReads, conversations, users } from '../server/db/schema';
import { directKeyOf } from '../server/lib/chat/direct-conversation';
import { createTestContext } from '../server/testing/test-app';
import { startPostgres } from './lib/postgres';

const messageCount = Number(process.env.MESSAGES ?? 10_000);
const requests = { warmUp: 20, measured: 200 };
const aimP95Ms = 20;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

const postgres = await startPostgres();
process.env.DATABASE_URL = postgres.url;
const t = await createTestContext();
try {
  const [coach] = await t.db.select().from(users).where(eq(users.email, 'coach@demo.test'));
  const [athlete] = await t.db.select().from(users).where(eq(users.email, 'athlete@demo.test'));
  const [conversation] = await t.db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.organizationId, coach!.organizationId),
        eq(conversations.directKey, directKeyOf(coach!.id, athlete!.id)),
      ),
    );
  const start = Date.now() - messageCount * 60_000;
  for (let offset = 0; offset < messageCount; offset += 1_000) {
    await t.db.insert(chatMessages).values(
      Array.from({ length: Math.min(1_000, messageCount - offset) }, (_, index) => ({
        id: uuidv7(),
        organizationId: coach!.organizationId,
        conversationId: conversation!.id,
        senderId: (offset + index) % 2 ? coach!.id : athlete!.id,
        text: `Bench message ${offset + index + 1}: how did the bullpen feel today?`,
        createdAt: new Date(start + (offset + index) * 60_000),
      })),
    );
  }
  const last = new Date(start + (messageCount - 1) * 60_000);
  await t.db.update(conversations).set({ lastMessageAt: last }).where(eq(conversations.id, conversation!.id));
  // The athlete read half: the unread count has 2,500 messages to count.
  await t.db
    .update(conversationReads)
    .set({ readUpTo: new Date(start + (messageCount / 2) * 60_000) })
    .where(
      and(eq(conversationReads.conversationId, conversation!.id), eq(conversationReads.userId, athlete!.id)),
    );
  await t.db.execute('analyze');

  const token = await t.signIn('athlete@demo.test');
  const timed = async (path: string) => {
    for (let index = 0; index < requests.warmUp; index += 1) await t.request('GET', path, { token });
    const times: number[] = [];
    for (let index = 0; index < requests.measured; index += 1) {
      const began = performance.now();
      const answer = await t.request('GET', path, { token });
      times.push(performance.now() - began);
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p95: percentile(times, 95) };
  };
  const rows = [
    { endpoint: 'GET /api/me (a baseline: the session only)', ...(await timed('/api/me')) },
    {
      endpoint: `GET /api/chats/{id} (latest 30 of ${messageCount})`,
      ...(await timed(`/api/chats/${conversation!.id}`)),
    },
    { endpoint: 'GET /api/chats (the list)', ...(await timed('/api/chats')) },
  ];
  console.log(`\nChat on PostgreSQL 15, ${requests.measured} requests each, one at a time, in-process:`);
  console.table(
    rows.map((row) => ({
      endpoint: row.endpoint,
      'p50 ms': row.p50.toFixed(1),
      'p95 ms': row.p95.toFixed(1),
      aim: `p95 ≤ ${aimP95Ms} ms`,
      met: row.p95 <= aimP95Ms ? 'yes' : 'NO',
    })),
  );
} finally {
  await t.close();
  await postgres.stop();
}
