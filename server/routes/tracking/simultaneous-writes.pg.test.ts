import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleItemDetail } from '../../../contract/schedule';
import { workoutLogs } from '../../db/schema';
import { addCalendarDays } from '../../lib/calendar-days';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { deviceClock, trackingLookups } from '../../testing/tracking-lookups';

// Real PostgreSQL with a pool of four connections: requests fired together really overlap (npm run test:pg).
let t: TestContext;
let coach: string;
let athlete: string;
let tracking: ReturnType<typeof trackingLookups>;
let today: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  coach = await t.signIn('coach@demo.test');
  athlete = await t.signIn('athlete@demo.test');
  tracking = trackingLookups(t);
  const lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  ids = await lookups.named(coach, {
    people: ['athlete@demo.test'],
    workouts: ['Upper Body Strength A'],
  });
});
afterAll(() => t.close());

let dayOffset = 120;
function jamieEntry(): Promise<ScheduleItemDetail> {
  dayOffset += 1;
  return tracking.schedule(coach, {
    athleteId: ids['athlete@demo.test'],
    workoutId: ids['Upper Body Strength A'],
    date: addCalendarDays(today, dayOffset),
  });
}

describe('the phone and the coach’s tablet press Start on the same workout at the same moment', () => {
  it('keeps one log, and the device that lost is told which log won, in every round', async () => {
    for (let round = 0; round < 8; round += 1) {
      const entry = await jamieEntry();
      const phoneLog = uuidv7();
      const tabletLog = uuidv7();
      const clock = deviceClock();
      const [phone, tablet] = await Promise.all([
        tracking.start(athlete, phoneLog, entry.id, clock.next(), { 'idempotency-key': uuidv7() }),
        tracking.start(coach, tabletLog, entry.id, clock.next(), { 'idempotency-key': uuidv7() }),
      ]);
      const statuses = [phone.status, tablet.status].sort();
      expect(statuses, `round ${round}: ${JSON.stringify([phone.body, tablet.body])}`).toEqual([201, 409]);
      const [winner, loser] = phone.status === 201 ? [phone, tablet] : [tablet, phone];
      expect(loser.body.error.fields, `round ${round}`).toEqual({ logId: winner.body.data.id });
      const logs = await t.db.select().from(workoutLogs).where(eq(workoutLogs.entryId, entry.id));
      expect(logs.map((log) => log.id)).toEqual([winner.body.data.id]);

      // The losing device moves its writes to the winner's log; a replay of the winner's start answers it.
      const loserToken = loser === phone ? athlete : coach;
      const bench = tracking.blockExercise(entry, 'Bench Press');
      const moved = await tracking.putSet(loserToken, winner.body.data.id, uuidv7(), {
        blockExerciseId: bench.id,
        exerciseId: bench.exerciseId,
        setNumber: 1,
        reps: 5,
        load: 135,
        loadUnit: 'lb',
        changedAt: clock.next(),
      });
      expect(moved.status).toBe(200);
      const winnerToken = winner === phone ? athlete : coach;
      const replay = await tracking.start(winnerToken, winner.body.data.id, entry.id, clock.next());
      expect(replay.status).toBe(200);
      expect(replay.body.data.id).toBe(winner.body.data.id);
    }
  });

  it('answers the log to a device that sends its own start twice at once', async () => {
    for (let round = 0; round < 4; round += 1) {
      const entry = await jamieEntry();
      const logId = uuidv7();
      const startedAt = deviceClock().next();
      const answers = await Promise.all([
        tracking.start(athlete, logId, entry.id, startedAt, { 'idempotency-key': uuidv7() }),
        tracking.start(athlete, logId, entry.id, startedAt, { 'idempotency-key': uuidv7() }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
      expect(answers.map((answer) => answer.body.data.id)).toEqual([logId, logId]);
    }
  });
});
