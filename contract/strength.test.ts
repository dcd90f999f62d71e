import { describe, expect, it } from 'vitest';
import { brzycki, epley, estimatedOneRm, loadFromPercent, roundToPlate } from './strength';

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
