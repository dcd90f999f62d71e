import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThrowingAlertsResponse, ThrowingSummaryResponse } from '../../../contract/pitching';
import { sensorThrows, users, workloadDays } from '../../db/schema';
import { workloadOf } from '../../lib/pitching-rows';
import { createTestContext, type TestContext } from '../../testing/test-app';

/*
 * Issue 22, item 11: the demo's Jamie Rivera has a weight but no height on the profile, so the arm sensor's throws of
 * the demo's bullpens were saved without a workload. Those days are unknown, never 0; entering the height gives the
 * earlier throws their workload.
 */

let t: TestContext;
let coach: string;
let jamieId: string;

beforeAll(async () => {
  t = await createTestContext();
  coach = await t.signIn('coach@demo.test');
  const [jamie] = await t.db.select().from(users).where(eq(users.email, 'athlete@demo.test'));
  jamieId = jamie!.id;
});
afterAll(() => t.close());

const summary = async () =>
  (
    await t.request<ThrowingSummaryResponse>('GET', `/api/athletes/${jamieId}/throwing?days=90`, {
      token: coach,
    })
  ).body.throwing;
const jamiesAlert = async () =>
  (await t.request<ThrowingAlertsResponse>('GET', '/api/throwing/alerts', { token: coach })).body.alerts.find(
    (alert) => alert.athlete.id === jamieId,
  );
const jamiesThrows = () =>
  t.db
    .select()
    .from(sensorThrows)
    .where(and(eq(sensorThrows.athleteId, jamieId), isNotNull(sensorThrows.elbowTorqueNm)));

describe('throws logged before the height and weight were known (issue 22)', () => {
  it('counts their days as unknown, never 0: no ratio, no false red, and the warning says why', async () => {
    const before = await summary();
    const thrown = before.workload.filter((day) => day.daily === null);
    expect(thrown.length).toBeGreaterThan(0);
    expect(before.workload.some((day) => day.daily === 0)).toBe(true);
    expect(before.currentWorkload).toMatchObject({ ratio: null, zone: null });
    expect(before.currentWorkload!.unknownDays).toBeGreaterThan(0);
    expect(await jamiesAlert()).toMatchObject({
      workload: null,
      workloadUnknown: { days: before.currentWorkload!.unknownDays },
    });
  });

  it('gives them their workload when the height is entered, in the same change, and the rollups follow', async () => {
    expect((await jamiesThrows()).every((thrown) => thrown.workload === null)).toBe(true);
    const saved = await t.request('PATCH', `/api/users/${jamieId}`, {
      token: coach,
      body: { heightInches: 72 },
    });
    expect(saved.status).toBe(200);

    const body = { heightInches: 72, weightPounds: 185 };
    const after = await jamiesThrows();
    expect(after.length).toBeGreaterThan(100);
    for (const thrown of after) {
      expect(thrown.workload, `throw ${thrown.id}`).toBeCloseTo(workloadOf(thrown.elbowTorqueNm, body)!, 4);
    }
    const days = await t.db.select().from(workloadDays).where(eq(workloadDays.athleteId, jamieId));
    expect(days.length).toBeGreaterThan(0);
    for (const day of days) {
      const ofDay = after.filter((thrown) => thrown.date === day.date);
      expect(day.workloadSum).toBeCloseTo(
        ofDay.reduce((sum, thrown) => sum + thrown.workload!, 0),
        3,
      );
    }

    const known = await summary();
    expect(known.workload.every((day) => day.daily !== null)).toBe(true);
    expect(known.currentWorkload).toMatchObject({ unknownDays: 0, ratio: expect.any(Number) as number });
    expect((await jamiesAlert())?.workloadUnknown ?? null).toBeNull();
  });

  it('leaves a workload already computed as it was when the weight changes later', async () => {
    const [first] = await jamiesThrows();
    const saved = await t.request('PATCH', `/api/users/${jamieId}`, {
      token: coach,
      body: { weightPounds: 200 },
    });
    expect(saved.status).toBe(200);
    const [same] = await t.db.select().from(sensorThrows).where(eq(sensorThrows.id, first!.id));
    expect(same!.workload).toBe(first!.workload);
  });
});
