import { niceScale } from './chart-theme';

const evenlySpaced = (ticks: number[]) =>
  ticks.every(
    (tick, index) => index === 0 || Math.abs(tick - ticks[index - 1]! - (ticks[1]! - ticks[0]!)) < 1e-9,
  );

describe('niceScale', () => {
  it('gives round, even ticks from 0 for small values, never below zero (not 20/16/10/4/-2)', () => {
    const { domain, ticks } = niceScale([4, 10, 16, 20]);
    expect(ticks[0]).toBe(0);
    expect(ticks.every((tick) => tick >= 0)).toBe(true);
    expect(evenlySpaced(ticks)).toBe(true);
    expect(ticks).toEqual([0, 5, 10, 15, 20, 25]);
    expect(domain).toEqual([0, 25]);
  });

  it('starts a step below the data’s floor when the values are far from zero', () => {
    const { domain, ticks } = niceScale([205, 215.8, 228.2]);
    expect(ticks).toEqual([190, 200, 210, 220, 230]);
    expect(domain).toEqual([190, 230]);
  });

  it('starts at 0 when asked, and has an axis for a single value or none', () => {
    expect(niceScale([85, 92], { fromZero: true }).ticks).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceScale([135]).ticks.every((tick) => tick >= 0)).toBe(true);
    expect(niceScale([135]).domain[1]).toBeGreaterThan(135);
    expect(niceScale([null, undefined]).domain).toEqual([0, 10]);
  });

  it('keeps to at most six ticks whatever the spread', () => {
    for (const values of [
      [1, 997],
      [0.2, 0.9],
      [301, 303],
      [88, 96],
    ]) {
      const { ticks, domain } = niceScale(values);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(evenlySpaced(ticks)).toBe(true);
      expect(domain[0]).toBeLessThanOrEqual(Math.min(...values));
      expect(domain[1]).toBeGreaterThanOrEqual(Math.max(...values));
    }
  });
});
