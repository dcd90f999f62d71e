import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, workoutComments, workoutLogs } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/test-app';

// Real PostgreSQL with a pool of four connections: requests fired together really overlap (npm run test:pg).
let t: TestContext;
let coach: string;
let logId: string;

beforeAll(async () => {
  t = await createTestContext();
  coach = await t.signIn('coach@demo.test');
  const [jamie] = await t.db.select().from(users).where(eq(users.email, 'athlete@demo.test'));
  const [log] = await t.db
    .select()
    .from(workoutLogs)
    .where(and(eq(workoutLogs.athleteId, jamie!.id), eq(workoutLogs.status, 'completed')))
    .limit(1);
  logId = log!.id;
});
afterAll(() => t.close());

describe('a comment sent several times at once (a phone retrying as the signal comes back)', () => {
  it('is one comment, and every send is answered with it', async () => {
    const id = uuidv7();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.request('PUT', `/api/workout-logs/${logId}/comments/${id}`, {
          token: coach,
          body: { text: 'Sent from the bullpen.' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const rows = await t.db.select().from(workoutComments).where(eq(workoutComments.id, id));
    expect(rows).toHaveLength(1);
  });
});
