import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';
import { athleteMaxes, exercises, loggedSets, pitches, users } from './schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** The most a trained high-school player lifts, times body weight (ADR 048): past this a coach laughs. */
const mostTimesBodyWeight: Record<string, number> = {
  'Bench Press': 1.4,
  'Back Squat': 2,
  'Trap-Bar Deadlift': 2.4,
};
const anyLiftTimesBodyWeight = 2.4;

async function athletesByWeight() {
  const rows = await t.db
    .select({ id: users.id, email: users.email, weightPounds: users.weightPounds })
    .from(users)
    .where(and(eq(users.role, 'athlete'), isNotNull(users.weightPounds)));
  return new Map(rows.map((row) => [row.id, row]));
}

describe('the demo data a buyer sees first (issue 23)', () => {
  it('gives every athlete maxes a high-school player of that weight could lift, growing a little since the test', async () => {
    const athletes = await athletesByWeight();
    const maxes = await t.db
      .select({
        athleteId: athleteMaxes.athleteId,
        exercise: exercises.name,
        value: athleteMaxes.value,
        unit: athleteMaxes.unit,
        source: athleteMaxes.source,
      })
      .from(athleteMaxes)
      .innerJoin(exercises, eq(exercises.id, athleteMaxes.exerciseId))
      .where(eq(athleteMaxes.kind, 'one_rm'));
    expect(maxes.length).toBeGreaterThan(0);
    for (const max of maxes) {
      const athlete = athletes.get(max.athleteId);
      if (!athlete?.weightPounds) continue;
      expect(max.unit).toBe('lb');
      const limit = (mostTimesBodyWeight[max.exercise] ?? anyLiftTimesBodyWeight) * athlete.weightPounds;
      expect(max.value, `${athlete.email} ${max.exercise} (${max.source})`).toBeLessThanOrEqual(limit);
      const tested = maxes.find(
        (other) =>
          other.athleteId === max.athleteId && other.exercise === max.exercise && other.source === 'tested',
      );
      // Eight weeks of training add a few percent, not half again.
      if (tested)
        expect(max.value, `${athlete.email} ${max.exercise}`).toBeLessThanOrEqual(tested.value * 1.15);
    }
  });

  it('logs no set heavier than the athlete could lift', async () => {
    const athletes = await athletesByWeight();
    const sets = await t.db
      .select({ athleteId: loggedSets.athleteId, load: loggedSets.load, exercise: exercises.name })
      .from(loggedSets)
      .innerJoin(exercises, eq(exercises.id, loggedSets.exerciseId))
      .where(isNotNull(loggedSets.load));
    expect(sets.length).toBeGreaterThan(0);
    for (const set of sets) {
      const athlete = athletes.get(set.athleteId);
      if (!athlete?.weightPounds) continue;
      const limit = (mostTimesBodyWeight[set.exercise] ?? anyLiftTimesBodyWeight) * athlete.weightPounds;
      expect(set.load, `${athlete.email} ${set.exercise}`).toBeLessThanOrEqual(limit);
    }
  });

  it('throws at velocities of a high-school pitcher', async () => {
    const rows = await t.db.select({ mph: pitches.velocityMph }).from(pitches);
    expect(rows.length).toBeGreaterThan(0);
    const fastest = Math.max(...rows.map((row) => row.mph));
    expect(fastest).toBeGreaterThan(80);
    expect(fastest).toBeLessThanOrEqual(90);
  });
});
