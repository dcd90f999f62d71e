import { describe, expect, it } from 'vitest';
import type { Measure } from './training-vocabulary';
import { describeSets, parsePrescription } from './prescription';
import { prescribedSetSchema } from './library';

const strength: Measure[] = ['reps', 'load', 'percentOneRm', 'rpe'];
const parse = (text: string, measures: Measure[] = strength) =>
  parsePrescription(text, { measures, weightUnit: 'lb' });

/** How many sets the shorthand made and what the first one holds. */
function firstOf(text: string, measures?: Measure[]) {
  const result = parse(text, measures);
  if (!result.ok) throw new Error(result.message);
  return { count: result.sets.length, first: result.sets[0] };
}

describe('parsePrescription: a coach’s shorthand fills the sets', () => {
  it('fills four sets of six at 75 % from "4 x 6 @ 75%"', () => {
    const result = parse('4 x 6 @ 75%');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.sets).toHaveLength(4);
    expect(result.sets[0]).toMatchObject({ reps: 6, percentOneRm: 75, load: null });
    for (const set of result.sets) expect(prescribedSetSchema.safeParse(set).success).toBe(true);
  });

  it('reads ranges, loads with and without a unit, RPE and rest', () => {
    expect(firstOf('3x8-12 @ RPE 8 rest 90')).toMatchObject({
      count: 3,
      first: { reps: 8, repsMax: 12, rpe: 8, restSeconds: 90 },
    });
    expect(firstOf('5 × 5 @ 225')).toMatchObject({ count: 5, first: { load: 225, loadUnit: 'lb' } });
    expect(firstOf('5x5 @ 100kg, 8 rpe')).toMatchObject({ first: { load: 100, loadUnit: 'kg', rpe: 8 } });
    expect(firstOf('1 x 3 @ 80% rest 2:30')).toMatchObject({ count: 1, first: { restSeconds: 150 } });
  });

  it('reads one set per number from "5/5/5/3/3 @ 185", and reps written per side', () => {
    const result = parse('5/5/5/3/3 @ 185');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.sets.map((set) => set.reps)).toEqual([5, 5, 5, 3, 3]);
    expect(result.sets.every((set) => set.load === 185 && set.loadUnit === 'lb')).toBe(true);
    expect(firstOf('3 x 10 each')).toMatchObject({ count: 3, first: { reps: 10 } });
    expect(firstOf('2 x 8/side @ RPE 7')).toMatchObject({ count: 2, first: { reps: 8, rpe: 7 } });
  });

  it('reads times, distances, pitch counts and velocity for the exercises that take them', () => {
    expect(firstOf('3 x 30s', ['time'])).toMatchObject({ count: 3, first: { timeSeconds: 30 } });
    expect(firstOf('3 x 45', ['time'])).toMatchObject({ count: 3, first: { timeSeconds: 45 } });
    expect(firstOf('2 x 60yd', ['distance', 'time'])).toMatchObject({
      count: 2,
      first: { distance: 60, distanceUnit: 'yd' },
    });
    expect(firstOf('25 pitches @ 80 mph', ['pitchCount', 'velocity'])).toMatchObject({
      count: 1,
      first: { pitchCount: 25, velocityMph: 80 },
    });
  });

  it('says what is wrong instead of guessing', () => {
    expect(parse('4 x 6 @ 75% @ 200')).toEqual({ ok: false, message: 'Give a load or a %1RM, not both' });
    expect(parse('3 x 12-8')).toEqual({ ok: false, message: 'The range is upside down: 12-8' });
    expect(parse('40 x 5')).toEqual({ ok: false, message: 'At most 30 sets in one exercise' });
    expect(parse('3 x 30s')).toEqual({ ok: false, message: 'This exercise is not measured by Time' });
    const nonsense = parse('lots of squats');
    expect(nonsense.ok).toBe(false);
  });
});

describe('describeSets', () => {
  it('collapses equal sets and lists different ones', () => {
    const equal = parse('4 x 6 @ 75%');
    if (equal.ok) expect(describeSets(equal.sets)).toBe('4 x 6 @ 75%');
    const ramp = [parse('1 x 6 @ 70%'), parse('1 x 4 @ 80%')].flatMap((result) =>
      result.ok ? result.sets : [],
    );
    expect(describeSets(ramp)).toBe('6 @ 70% · 4 @ 80%');
  });
});
