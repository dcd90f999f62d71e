import { describe, expect, it } from 'vitest';
import {
  brzycki,
  detectRecords,
  epley,
  estimatedOneRm,
  isBarbellExercise,
  loadFromPercent,
  platesPerSide,
  roundToPlate,
  takesOneRm,
} from './strength';

describe('strength arithmetic', () => {
  it('estimates a 1RM with Epley and keeps Brzycki beside it', () => {
    expect(epley(100, 10)).toBeCloseTo(133.33, 2);
    expect(brzycki(100, 10)).toBeCloseTo(133.33, 2);
    expect(epley(200, 5)).toBeCloseTo(233.33, 2);
    expect(brzycki(200, 5)).toBeCloseTo(225, 2);
    expect(estimatedOneRm(315, 1)).toBe(315);
  });

  it('never estimates from more than 12 reps, no reps or no load', () => {
    expect(estimatedOneRm(100, 12)).toBeCloseTo(140, 5);
    expect(estimatedOneRm(100, 13)).toBeNull();
    expect(estimatedOneRm(100, 0)).toBeNull();
    expect(estimatedOneRm(null, 5)).toBeNull();
    expect(estimatedOneRm(0, 5)).toBeNull();
  });

  it('rounds a %1RM load to the plate step, converting the max’s unit', () => {
    expect(roundToPlate(187.4, 5)).toBe(185);
    expect(roundToPlate(187.5, 5)).toBe(190);
    expect(roundToPlate(81.2, 2.5)).toBe(80);
    expect(loadFromPercent(75, { value: 250, unit: 'lb' }, 'lb', 5)).toBe(190);
    // 140 kg is 308.6 lb; 80 % is 246.9 lb, to the nearest 5 lb 245.
    expect(loadFromPercent(80, { value: 140, unit: 'kg' }, 'lb', 5)).toBe(245);
    expect(loadFromPercent(80, { value: 300, unit: 'lb' }, 'kg', 2.5)).toBe(110);
  });
});

describe('record detection', () => {
  const none = { loads: [], bestEstimateKg: null, bestVelocityMph: null };
  const set = (
    id: string,
    reps: number | null,
    loadKg: number | null,
    velocityMph: number | null = null,
  ) => ({
    id,
    reps,
    loadKg,
    velocityMph,
  });

  it('makes a first estimate, load and velocity records with nothing before them, but not more reps at a load', () => {
    expect(detectRecords([set('a', 5, 100), set('b', 3, 110), set('c', null, null, 88)], none)).toEqual([
      { kind: 'estimated_one_rm', setId: 'b', valueKg: epley(110, 3), previousKg: null },
      { kind: 'heaviest_load', setId: 'b', valueKg: 110, previousKg: null },
      { kind: 'best_velocity', setId: 'c', mph: 88, previous: null },
    ]);
  });

  it('counts more reps against earlier sets at the same load or heavier, and ignores a hair’s difference in load', () => {
    const prior = { loads: [{ loadKg: 102.058, reps: 5 }], bestEstimateKg: 200, bestVelocityMph: 90 };
    // 225 lb and 102.06 kg are the same load: 6 reps beat 5 there; nothing else beats the bests.
    expect(detectRecords([set('a', 6, 102.05799999), set('b', 8, 90)], prior)).toEqual([
      { kind: 'most_reps_at_load', setId: 'a', reps: 6, loadKg: 102.05799999, previous: 5 },
    ]);
    expect(detectRecords([set('a', 5, 102.058)], prior)).toEqual([]);
  });

  it('never estimates from more than 12 reps; the reps still count at their load', () => {
    expect(detectRecords([set('a', 15, 100)], { ...none, loads: [{ loadKg: 120, reps: 1 }] })).toEqual([
      { kind: 'most_reps_at_load', setId: 'a', reps: 15, loadKg: 100, previous: 1 },
    ]);
  });
});

describe('takesOneRm (ADR 048)', () => {
  it('is true for a loaded strength lift, false for what is thrown, timed or measured by velocity', () => {
    expect(takesOneRm({ category: 'lift', measures: ['reps', 'load', 'percentOneRm', 'rpe'] })).toBe(true);
    expect(takesOneRm({ category: 'lift', measures: ['reps', 'load'] })).toBe(true);
    expect(takesOneRm({ category: 'med-ball', measures: ['reps', 'load'] })).toBe(false);
    expect(takesOneRm({ category: 'throw', measures: ['reps', 'load', 'velocity'] })).toBe(false);
    expect(takesOneRm({ category: 'lift', measures: ['reps', 'load', 'velocity'] })).toBe(false);
    expect(takesOneRm({ category: 'lift', measures: ['reps'] })).toBe(false);
    expect(takesOneRm({ category: 'sprint', measures: ['distance', 'time'] })).toBe(false);
    expect(takesOneRm({ category: 'mobility', measures: ['reps', 'load'] })).toBe(false);
  });

  it('finds no estimated 1RM record for an exercise without a 1RM, and still the heaviest load', () => {
    const sets = [{ id: 'a', reps: 5, loadKg: 4.5, velocityMph: null }];
    const none = { loads: [], bestEstimateKg: null, bestVelocityMph: null };
    expect(detectRecords(sets, none, { estimates: false }).map((record) => record.kind)).toEqual([
      'heaviest_load',
    ]);
  });
});

describe('plate math', () => {
  it('loads each side heaviest plate first, on a 45 lb or 20 kg bar', () => {
    expect(platesPerSide(250, 'lb')).toEqual({ plates: [45, 45, 10, 2.5], leftover: 0 });
    expect(platesPerSide(135, 'lb')).toEqual({ plates: [45], leftover: 0 });
    expect(platesPerSide(45, 'lb')).toEqual({ plates: [], leftover: 0 });
    expect(platesPerSide(102.5, 'kg')).toEqual({ plates: [25, 15, 1.25], leftover: 0 });
    expect(platesPerSide(100, 'kg', 15)).toEqual({ plates: [25, 15, 2.5], leftover: 0 });
  });

  it('says what the plates cannot make, and nothing below the bar', () => {
    expect(platesPerSide(52, 'lb')).toEqual({ plates: [2.5], leftover: 2 });
    expect(platesPerSide(40, 'lb')).toBeNull();
  });

  it('takes a lift with a load for a barbell unless its name names other equipment', () => {
    const lift = { category: 'lift', measures: ['reps', 'load'] };
    expect(isBarbellExercise({ ...lift, name: 'Trap-bar deadlift' })).toBe(true);
    expect(isBarbellExercise({ ...lift, name: 'Back squat' })).toBe(true);
    expect(isBarbellExercise({ ...lift, name: 'Dumbbell bench press' })).toBe(false);
    expect(isBarbellExercise({ ...lift, name: 'Kettlebell swing' })).toBe(false);
    expect(
      isBarbellExercise({ name: 'Med-ball rotational throw', category: 'med-ball', measures: ['load'] }),
    ).toBe(false);
    expect(isBarbellExercise({ ...lift, name: 'Push-up', measures: ['reps'] })).toBe(false);
  });
});
