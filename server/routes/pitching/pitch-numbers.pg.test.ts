import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pitchingLimits,
  type PitchInput,
  type PitchListResponse,
  type PitchResponse,
} from '../../../contract/pitching';
import { pitches } from '../../db/schema';
import { addCalendarDays } from '../../lib/calendar-days';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { deviceClock, trackingLookups } from '../../testing/tracking-lookups';

/*
 * Issue 22 on a real PostgreSQL (npm run test:pg): a pool of 4 connections, so the two devices' requests really
 * overlap inside the database, which the single-connection PGlite cannot show.
 */

let t: TestContext;
let coach: string;
let jamie: string;
let athleteId: string;
let bullpenId: string;
let today: string;
let tracking: ReturnType<typeof trackingLookups>;

beforeAll(async () => {
  t = await createTestContext();
  [coach, jamie] = await Promise.all([t.signIn('coach@demo.test'), t.signIn('athlete@demo.test')]);
  tracking = trackingLookups(t);
  const lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  const ids = await lookups.named(coach, { people: ['athlete@demo.test'], workouts: ['Bullpen Day'] });
  athleteId = ids['athlete@demo.test']!;
  bullpenId = ids['Bullpen Day']!;
});
afterAll(() => t.close());

let dayOffset = 80;
async function bullpen() {
  dayOffset += 1;
  const entry = await tracking.schedule(coach, {
    athleteId,
    workoutId: bullpenId,
    date: addCalendarDays(today, dayOffset),
  });
  return tracking.started(coach, entry.id, deviceClock().next());
}

const pitch = (sequence: number, velocityMph = 90): PitchInput => ({
  sequence,
  pitchType: 'fastball',
  velocityMph,
});
const path = (logId: string, pitchId?: string) =>
  `/api/completed-workouts/${logId}/pitches${pitchId ? `/${pitchId}` : ''}`;

const rounds = 8;

describe('two devices writing pitches at the same moment (PostgreSQL)', () => {
  it(`keeps pitch numbers unique when the phone and the tablet both send pitch 1 at once (${rounds} rounds)`, async () => {
    for (let round = 1; round <= rounds; round += 1) {
      const log = await bullpen();
      const [phonePitch, tabletPitch] = [uuidv7(), uuidv7()];
      const [phone, tablet] = await Promise.all([
        t.request<PitchResponse>('PUT', path(log.id, phonePitch), { token: jamie, body: pitch(1, 91) }),
        t.request<PitchResponse>('PUT', path(log.id, tabletPitch), { token: coach, body: pitch(1, 85) }),
      ]);
      expect([phone.status, tablet.status], `round ${round}`).toEqual([201, 201]);
      expect(
        [phone.body.pitch.sequence, tablet.body.pitch.sequence].sort(),
        `round ${round}: the numbers the answers give`,
      ).toEqual([1, 2]);
      const list = await t.request<PitchListResponse>('GET', path(log.id), { token: coach });
      expect(list.body.pitches.map((saved) => [saved.id, saved.sequence]).sort()).toEqual(
        [
          [phonePitch, phone.body.pitch.sequence],
          [tabletPitch, tablet.body.pitch.sequence],
        ].sort(),
      );
    }
  });

  it(`never holds 1,001 pitches when two devices add the 1,000th at once (${rounds} rounds)`, async () => {
    for (let round = 1; round <= rounds; round += 1) {
      const log = await bullpen();
      const upTo999 = Array.from({ length: pitchingLimits.perWorkout - 1 }, (_, index) => pitch(index + 1));
      expect(
        (await t.request('PUT', path(log.id), { token: coach, body: { pitches: upTo999 } })).status,
      ).toBe(200);
      const answers = await Promise.all([
        t.request('POST', path(log.id), { token: coach, body: pitch(1000, 88) }),
        t.request('PUT', path(log.id, uuidv7()), { token: jamie, body: pitch(1001, 92) }),
      ]);
      expect(answers.map((answer) => answer.status).sort(), `round ${round}`).toEqual([201, 409]);
      expect(await t.db.$count(pitches, eq(pitches.logId, log.id))).toBe(pitchingLimits.perWorkout);
    }
  });
});
