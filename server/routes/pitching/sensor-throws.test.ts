import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  SensorThrowInput,
  SensorThrowListResponse,
  SensorThrowResponse,
} from '../../../contract/pitching';
import { sensorThrows } from '../../db/schema';
import { addCalendarDays } from '../../lib/calendar-days';
import { workloadOf } from '../../lib/pitching-rows';
import type { ErrorBody } from '../../testing/library-lookups';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { deviceClock, trackingLookups } from '../../testing/tracking-lookups';

let t: TestContext;
let coach: string;
let jamie: string;
let tyler: string;
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
  [coach, jamie, tyler, noah, rivals] = (await Promise.all(
    [
      'coach@demo.test',
      'athlete@demo.test',
      'tyler.brooks@demo.test',
      'noah.kim@demo.test',
      'admin@rivals.test',
    ].map((email) => t.signIn(email)),
  )) as [string, string, string, string, string];
  tracking = trackingLookups(t);
  const lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  ids = await lookups.named(coach, {
    people: ['athlete@demo.test', 'tyler.brooks@demo.test', 'noah.kim@demo.test'],
    workouts: ['Bullpen Day'],
  });
});
afterAll(() => t.close());

let dayOffset = 40;
async function bullpen(athlete = 'athlete@demo.test') {
  dayOffset += 1;
  const entry = await tracking.schedule(coach, {
    athleteId: idOf(athlete),
    workoutId: idOf('Bullpen Day'),
    date: addCalendarDays(today, dayOffset),
  });
  return tracking.started(coach, entry.id, deviceClock().next());
}

const sensorThrow = (sequence: number, extra: Partial<SensorThrowInput> = {}): SensorThrowInput => ({
  sequence,
  armSpeedDegPerS: 4800,
  elbowTorqueNm: 70 + sequence,
  armSlotDegrees: 52,
  shoulderRotationDegrees: 168,
  ...extra,
});

const path = (logId: string, throwId?: string) =>
  `/api/completed-workouts/${logId}/sensor-throws${throwId ? `/${throwId}` : ''}`;

/** Tyler's profile, as the demo seeds it: 75 in, 195 lb. */
const tylersBody = { heightInches: 75, weightPounds: 195 };

describe('arm-sensor throws of a workout', () => {
  it("computes each throw's workload from the torque and the athlete's height and weight, and the workout's total", async () => {
    const log = await bullpen('tyler.brooks@demo.test');
    const added = await t.request<SensorThrowResponse>('POST', path(log.id), {
      token: tyler,
      body: sensorThrow(1, { thrownAt: '2026-03-02T16:05:00-06:00' }),
    });
    expect(added.status).toBe(201);
    expect(added.body.throw).toMatchObject({
      sequence: 1,
      elbowTorqueNm: 71,
      thrownAt: '2026-03-02T22:05:00.000Z',
      source: 'manual',
    });
    expect(added.body.throw.workload).toBeCloseTo(workloadOf(71, tylersBody)!, 4);
    await t.request('POST', path(log.id), { token: coach, body: sensorThrow(2, { elbowTorqueNm: null }) });

    const list = await t.request<SensorThrowListResponse>('GET', path(log.id), { token: tyler });
    expect(list.body.missingBodyMeasures).toBe(false);
    expect(list.body.throws.map((row) => row.workload === null)).toEqual([false, true]);
    expect(list.body.workloadTotal).toBeCloseTo(workloadOf(71, tylersBody)!, 4);

    // A later change of the profile does not rewrite the workloads already saved; new throws use it.
    const patched = await t.request('PATCH', `/api/users/${idOf('tyler.brooks@demo.test')}`, {
      token: coach,
      body: { weightPounds: 200 },
    });
    expect(patched.status).toBe(200);
    await t.request('POST', path(log.id), { token: coach, body: sensorThrow(3) });
    const after = await t.request<SensorThrowListResponse>('GET', path(log.id), { token: coach });
    expect(after.body.throws[0]!.workload).toBeCloseTo(workloadOf(71, tylersBody)!, 4);
    expect(after.body.throws[2]!.workload).toBeCloseTo(
      workloadOf(73, { heightInches: 75, weightPounds: 200 })!,
      4,
    );
    await t.request('PATCH', `/api/users/${idOf('tyler.brooks@demo.test')}`, {
      token: coach,
      body: tylersBody,
    });
  });

  it('says when the profile lacks height or weight, and keeps the throws without a workload', async () => {
    const log = await bullpen('noah.kim@demo.test');
    const added = await t.request<SensorThrowListResponse>('PUT', path(log.id), {
      token: noah,
      body: { throws: [sensorThrow(1), sensorThrow(2)] },
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ missingBodyMeasures: true, workloadTotal: null });
    expect(added.body.throws.map((row) => row.workload)).toEqual([null, null]);
  });

  it('names the field at fault, and a bad throw in a replacement saves nothing', async () => {
    const log = await bullpen();
    const torque = await t.request<ErrorBody>('POST', path(log.id), {
      token: coach,
      body: sensorThrow(1, { elbowTorqueNm: 250 }),
    });
    expect(torque.status).toBe(400);
    expect(torque.body.error.fields?.elbowTorqueNm).toBe('Elbow varus torque is at most 200 Nm');
    await t.request('PUT', path(log.id), { token: coach, body: { throws: [sensorThrow(1)] } });
    const bad = await t.request<ErrorBody>('PUT', path(log.id), {
      token: coach,
      body: { throws: [sensorThrow(1), sensorThrow(2), sensorThrow(3, { thrownAt: 'yesterday' })] },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {})).toEqual(['throws.2.thrownAt']);
    const kept = await t.request<SensorThrowListResponse>('GET', path(log.id), { token: coach });
    expect(kept.body.throws).toHaveLength(1);
  });

  it('upserts a throw made on the device once, refuses its id in another workout, and deletes idempotently', async () => {
    const [log, other] = [await bullpen(), await bullpen()];
    const throwId = uuidv7();
    const first = await t.request<SensorThrowResponse>('PUT', path(log.id, throwId), {
      token: jamie,
      body: sensorThrow(1),
    });
    const again = await t.request<SensorThrowResponse>('PUT', path(log.id, throwId), {
      token: jamie,
      body: sensorThrow(1),
    });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.throw).toMatchObject({ id: throwId, workload: first.body.throw.workload });
    expect(await t.db.select().from(sensorThrows).where(eq(sensorThrows.logId, log.id))).toHaveLength(1);
    const elsewhere = await t.request('PUT', path(other.id, throwId), { token: jamie, body: sensorThrow(1) });
    expect(elsewhere.status).toBe(409);
    expect((await t.request('DELETE', path(log.id, throwId), { token: jamie })).status).toBe(204);
    expect((await t.request('DELETE', path(log.id, throwId), { token: jamie })).status).toBe(204);
    expect(await t.db.select().from(sensorThrows).where(eq(sensorThrows.id, throwId))).toHaveLength(0);
  });

  it("does not find another athlete's workout for an athlete, nor another organisation's", async () => {
    const log = await bullpen();
    for (const token of [noah, rivals]) {
      for (const [method, url, body] of [
        ['GET', path(log.id), undefined],
        ['POST', path(log.id), sensorThrow(1)],
        ['PUT', path(log.id), { throws: [] }],
        ['PUT', path(log.id, uuidv7()), sensorThrow(1)],
        ['DELETE', path(log.id, uuidv7()), undefined],
      ] as const) {
        expect((await t.request(method, url, { token, body })).status, `${method} ${url}`).toBe(404);
      }
    }
    expect(await t.db.select().from(sensorThrows).where(eq(sensorThrows.logId, log.id))).toHaveLength(0);
  });
});
