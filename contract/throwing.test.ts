import { describe, expect, it } from 'vitest';
import {
  acuteChronic,
  acuteWorkload,
  chronicWorkload,
  dailyPitchLimit,
  isStrike,
  restDaysAfter,
  spinAxisDegrees,
  throwWorkload,
  unknownWorkloadDays,
  workloadZone,
} from './throwing';

describe('Pitch Smart', () => {
  it('gives the daily maximum by age, and nothing outside 7–22', () => {
    expect([7, 9, 11, 13, 15, 17, 19, 22].map(dailyPitchLimit)).toEqual([50, 75, 85, 95, 95, 105, 120, 120]);
    expect(dailyPitchLimit(6)).toBeNull();
    expect(dailyPitchLimit(23)).toBeNull();
  });

  it('gives rest days by pitches thrown, with the 17–18 band’s later thresholds', () => {
    expect([20, 21, 35, 36, 50, 51, 65, 66].map((pitches) => restDaysAfter(pitches, 12))).toEqual([
      0, 1, 1, 2, 2, 3, 3, 4,
    ]);
    expect([30, 31, 45, 46, 60, 61, 75, 76].map((pitches) => restDaysAfter(pitches, 16))).toEqual([
      0, 1, 1, 2, 2, 3, 3, 4,
    ]);
    expect([75, 80, 81].map((pitches) => restDaysAfter(pitches, 17))).toEqual([3, 3, 4]);
    expect(restDaysAfter(40, 30)).toBeNull();
  });
});

describe('throwing workload', () => {
  it('weighs a throw by torque over height × weight, to the power 1.3', () => {
    expect(throwWorkload(60, 1.85, 88)).toBeCloseTo((60 / (1.85 * 88)) ** 1.3, 10);
    expect(throwWorkload(60, 0, 88)).toBeNull();
    expect(throwWorkload(-1, 1.85, 88)).toBeNull();
  });

  it('averages 9 days with today weighing most, and 28 days plainly; missing days are 0', () => {
    expect(acuteWorkload([1, 1, 1, 1, 1, 1, 1, 1, 1])).toBeCloseTo(1, 10);
    // Only today: 9 / 45. Only the ninth day back: 1 / 45.
    expect(acuteWorkload([0, 0, 0, 0, 0, 0, 0, 0, 9])).toBeCloseTo((9 * 9) / 45, 10);
    expect(acuteWorkload([9, 0, 0, 0, 0, 0, 0, 0, 0])).toBeCloseTo(9 / 45, 10);
    expect(acuteWorkload([45])).toBeCloseTo(9, 10);
    expect(chronicWorkload(Array.from({ length: 40 }, () => 2))).toBeCloseTo(2, 10);
    expect(chronicWorkload([28])).toBeCloseTo(1, 10);
  });

  it('leaves the workloads unknown, never 0, when a day in their window had throws without a workload', () => {
    // A bullpen every day (workload 10); the last four were logged before the height and weight were known.
    const weeks = (lastFour: number | null) =>
      Array.from({ length: 28 }, (_, index): number | null => (index >= 24 ? lastFour : 10));
    const known = acuteChronic(weeks(10));
    expect(known).toMatchObject({ ratio: 1, zone: 'green' });
    // Counted as 0 they would read as a sudden drop (0.39, red); unknown, they make no zone at all.
    expect(acuteChronic(weeks(0))).toMatchObject({ ratio: expect.closeTo(0.389, 3) as number, zone: 'red' });
    expect(acuteChronic(weeks(null))).toEqual({ acute: null, chronic: null, ratio: null, zone: null });
    expect(unknownWorkloadDays(weeks(null))).toBe(4);
    // An unknown day 10 days back is outside the acute window, inside the chronic one.
    const older = weeks(10);
    older[17] = null;
    expect(acuteWorkload(older)).toBeCloseTo(known.acute!, 10);
    expect(chronicWorkload(older)).toBeNull();
    expect(acuteChronic(older).ratio).toBeNull();
  });

  it('puts the ratio in product.md’s zones', () => {
    expect([0.39, 0.4, 0.69, 0.7, 1.0, 1.3, 1.31, 1.6, 1.61].map(workloadZone)).toEqual([
      'red',
      'amber',
      'amber',
      'green',
      'green',
      'green',
      'amber',
      'amber',
      'red',
    ]);
  });
});

describe('pitches', () => {
  it('counts everything but a ball as a strike', () => {
    expect(isStrike('ball')).toBe(false);
    expect(isStrike('foul')).toBe(true);
    expect(isStrike('in_play')).toBe(true);
  });

  it('reads a spin axis as degrees or a clock time, 12:00 being 180°', () => {
    expect(spinAxisDegrees('12:00')).toBe(180);
    expect(spinAxisDegrees('1:30')).toBe(225);
    expect(spinAxisDegrees('3:00')).toBe(270);
    expect(spinAxisDegrees('6:00')).toBe(0);
    expect(spinAxisDegrees('9:15')).toBe(97.5);
    expect(spinAxisDegrees('212.4')).toBeCloseTo(212.4, 10);
    expect(spinAxisDegrees(-30)).toBe(330);
    expect(spinAxisDegrees('13:00')).toBeNull();
    expect(spinAxisDegrees('fast')).toBeNull();
  });
});

describe('a pitch as entered', () => {
  it('needs only type and velocity; reads a clock spin axis; names a wrong field', async () => {
    const { pitchInputSchema } = await import('./pitching');
    expect(pitchInputSchema.parse({ sequence: 1, pitchType: 'slider', velocityMph: 84.2 })).toMatchObject({
      spinRateRpm: null,
      spinAxisDegrees: null,
      strike: null,
    });
    expect(
      pitchInputSchema.parse({ sequence: 2, pitchType: 'fastball', velocityMph: 92, spinAxisDegrees: '1:30' })
        .spinAxisDegrees,
    ).toBe(225);
    const wrong = pitchInputSchema.safeParse({ sequence: 3, pitchType: 'gyro', velocityMph: 200 });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'pitchType',
      'velocityMph',
    ]);
  });
});
