import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PitchInput, PitchListResponse, PitchResponse } from '../../../contract/pitching';
import { pitches } from '../../db/schema';
import { addCalendarDays } from '../../lib/calendar-days';
import type { ErrorBody } from '../../testing/library-lookups';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { deviceClock, trackingLookups } from '../../testing/tracking-lookups';

let t: TestContext;
let coach: string;
let jamie: string;
let noah: string;
let rivals: string;
let ids: Record<string, string>;
/** An id looked up by name in beforeAll. */
const idOf = (name: string): string => {
  const id = ids[name];
  if (!id) throw new Error(`No id for ${name}`);
  return id;
};
let today: string;
let tracking: ReturnType<typeof trackingLookups>;

beforeAll(async () => {
  t = await createTestContext();
  [coach, jamie, noah, rivals] = (await Promise.all(
    ['coach@demo.test', 'athlete@demo.test', 'noah.kim@demo.test', 'coach@rivals.test'].map((email) =>
      t.signIn(email),
    ),
  )) as [string, string, string, string];
  tracking = trackingLookups(t);
  const lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  ids = await lookups.named(coach, {
    people: ['athlete@demo.test', 'noah.kim@demo.test'],
    workouts: ['Bullpen Day'],
  });
});
afterAll(() => t.close());

/** A Bullpen Day of Jamie's started now and still in progress: pitches are entered while it is tracked. */
let dayOffset = 40;
async function bullpenInProgress(athlete = 'athlete@demo.test') {
  dayOffset += 1;
  const entry = await tracking.schedule(coach, {
    athleteId: idOf(athlete),
    workoutId: idOf('Bullpen Day'),
    date: addCalendarDays(today, dayOffset),
  });
  return tracking.started(coach, entry.id, deviceClock().next());
}

const fastball = (sequence: number, extra: Partial<PitchInput> = {}): PitchInput => ({
  sequence,
  pitchType: 'fastball',
  velocityMph: 90 + (sequence % 3),
  ...extra,
});

const path = (logId: string, pitchId?: string) =>
  `/api/completed-workouts/${logId}/pitches${pitchId ? `/${pitchId}` : ''}`;

describe('pitches of a workout', () => {
  it('adds pitches to a workout still being tracked, type and velocity first, and lists them by number', async () => {
    const log = await bullpenInProgress();
    const second = await t.request<PitchResponse>('POST', path(log.id), {
      token: jamie,
      body: fastball(2, { result: 'ball', spinAxisDegrees: '1:30', note: '  up and in  ' }),
    });
    expect(second.status).toBe(201);
    expect(second.body.pitch).toMatchObject({
      logId: log.id,
      athleteId: idOf('athlete@demo.test'),
      date: log.date,
      sequence: 2,
      pitchType: 'fastball',
      velocityMph: 92,
      spinAxisDegrees: 225,
      result: 'ball',
      strike: false,
      note: 'up and in',
      source: 'manual',
      spinRateRpm: null,
    });
    const first = await t.request<PitchResponse>('POST', path(log.id), {
      token: coach,
      body: fastball(1, { pitchType: 'slider', velocityMph: 82.5, result: 'foul' }),
    });
    expect(first.body.pitch.strike).toBe(true);

    const list = await t.request<PitchListResponse>('GET', path(log.id), { token: jamie });
    expect(list.status).toBe(200);
    expect(list.body.pitches.map((pitch) => [pitch.sequence, pitch.pitchType])).toEqual([
      [1, 'slider'],
      [2, 'fastball'],
    ]);
  });

  it('names the field at fault: a velocity of 200, an unknown pitch type, a spin axis that is no clock time', async () => {
    const log = await bullpenInProgress();
    const fast = await t.request<ErrorBody>('POST', path(log.id), {
      token: coach,
      body: fastball(1, { velocityMph: 200 }),
    });
    expect(fast.status).toBe(400);
    expect(fast.body.error.fields?.velocityMph).toBe('Velocity is at most 115 mph');
    const odd = await t.request<ErrorBody>('POST', path(log.id), {
      token: coach,
      body: { sequence: 0, pitchType: 'eephus', velocityMph: 60, spinAxisDegrees: '13:00' },
    });
    expect(odd.status).toBe(400);
    expect(Object.keys(odd.body.error.fields ?? {}).sort()).toEqual([
      'pitchType',
      'sequence',
      'spinAxisDegrees',
    ]);
    expect((await t.request<PitchListResponse>('GET', path(log.id), { token: coach })).body.pitches).toEqual(
      [],
    );
  });

  it('upserts a pitch made on the device: the same id twice is one row, a replay with a key is answered again', async () => {
    const log = await bullpenInProgress();
    const pitchId = uuidv7();
    const created = await t.request<PitchResponse>('PUT', path(log.id, pitchId), {
      token: jamie,
      body: fastball(1),
    });
    expect(created.status).toBe(201);
    expect(created.body.pitch.id).toBe(pitchId);
    const again = await t.request<PitchResponse>('PUT', path(log.id, pitchId), {
      token: jamie,
      body: fastball(1, { velocityMph: 93.4, result: 'swinging_strike' }),
    });
    expect(again.status).toBe(200);
    expect(again.body.pitch).toMatchObject({ id: pitchId, velocityMph: 93.4, strike: true });
    expect(await t.db.select().from(pitches).where(eq(pitches.logId, log.id))).toHaveLength(1);

    // The outbox retries a POST with its Idempotency-Key: the first answer comes back, no second pitch.
    const key = { 'idempotency-key': `pitch-${uuidv7()}` };
    const posted = await t.request<PitchResponse>('POST', path(log.id), {
      token: jamie,
      body: fastball(2),
      headers: key,
    });
    const replayed = await t.request<PitchResponse>('POST', path(log.id), {
      token: jamie,
      body: fastball(2),
      headers: key,
    });
    expect(replayed.status).toBe(201);
    expect(replayed.body.pitch.id).toBe(posted.body.pitch.id);
    expect(await t.db.select().from(pitches).where(eq(pitches.logId, log.id))).toHaveLength(2);
  });

  it('refuses a pitch id of another workout with 409, and leaves that pitch where it is', async () => {
    const [first, second] = [await bullpenInProgress(), await bullpenInProgress()];
    const pitchId = uuidv7();
    await t.request('PUT', path(first.id, pitchId), { token: coach, body: fastball(1) });
    const moved = await t.request<ErrorBody>('PUT', path(second.id, pitchId), {
      token: coach,
      body: fastball(1, { velocityMph: 70 }),
    });
    expect(moved.status).toBe(409);
    const [row] = await t.db.select().from(pitches).where(eq(pitches.id, pitchId));
    expect(row).toMatchObject({ logId: first.id, velocityMph: 91 });
    // Deleting it through the other workout finds nothing there: 204, and the pitch stays.
    expect((await t.request('DELETE', path(second.id, pitchId), { token: coach })).status).toBe(204);
    expect(await t.db.select().from(pitches).where(eq(pitches.id, pitchId))).toHaveLength(1);
  });

  it('replaces every pitch in one transaction: a list with one bad pitch saves nothing', async () => {
    const log = await bullpenInProgress();
    await t.request('PUT', path(log.id), { token: coach, body: { pitches: [fastball(1), fastball(2)] } });
    const bad = await t.request<ErrorBody>('PUT', path(log.id), {
      token: coach,
      body: { pitches: [fastball(1), fastball(2, { velocityMph: 200 }), fastball(3)] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ 'pitches.1.velocityMph': 'Velocity is at most 115 mph' });
    const kept = await t.request<PitchListResponse>('GET', path(log.id), { token: coach });
    expect(kept.body.pitches.map((pitch) => pitch.sequence)).toEqual([1, 2]);

    const replaced = await t.request<PitchListResponse>('PUT', path(log.id), {
      token: jamie,
      body: {
        pitches: [
          fastball(1, { pitchType: 'curveball', velocityMph: 76 }),
          fastball(2),
          fastball(3, { pitchType: 'changeup', velocityMph: 83 }),
        ],
      },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.pitches.map((pitch) => pitch.pitchType)).toEqual([
      'curveball',
      'fastball',
      'changeup',
    ]);
    expect(await t.db.select().from(pitches).where(eq(pitches.logId, log.id))).toHaveLength(3);
    const cleared = await t.request<PitchListResponse>('PUT', path(log.id), {
      token: coach,
      body: { pitches: [] },
    });
    expect(cleared.body.pitches).toEqual([]);
  });

  it('deletes a pitch, and deleting it again is 204 too', async () => {
    const log = await bullpenInProgress();
    const pitchId = uuidv7();
    await t.request('PUT', path(log.id, pitchId), { token: jamie, body: fastball(1) });
    expect((await t.request('DELETE', path(log.id, pitchId), { token: jamie })).status).toBe(204);
    expect((await t.request('DELETE', path(log.id, pitchId), { token: jamie })).status).toBe(204);
    expect(await t.db.select().from(pitches).where(eq(pitches.id, pitchId))).toHaveLength(0);
  });

  it("does not find another athlete's workout for an athlete, nor another organisation's for anyone", async () => {
    const log = await bullpenInProgress();
    const pitchId = uuidv7();
    await t.request('PUT', path(log.id, pitchId), { token: coach, body: fastball(1) });
    for (const token of [noah, rivals]) {
      const attempts: [string, string, unknown][] = [
        ['GET', path(log.id), undefined],
        ['POST', path(log.id), fastball(2)],
        ['PUT', path(log.id), { pitches: [] }],
        ['PUT', path(log.id, pitchId), fastball(1, { velocityMph: 50 })],
        ['DELETE', path(log.id, pitchId), undefined],
      ];
      for (const [method, url, body] of attempts) {
        const response = await t.request(method, url, { token, body });
        expect(response.status, `${method} ${url}`).toBe(404);
      }
    }
    const [row] = await t.db.select().from(pitches).where(eq(pitches.id, pitchId));
    expect(row).toMatchObject({ velocityMph: 91 });
    // Noah writes to his own workout.
    const own = await bullpenInProgress('noah.kim@demo.test');
    expect((await t.request('POST', path(own.id), { token: noah, body: fastball(1) })).status).toBe(201);
  });
});
