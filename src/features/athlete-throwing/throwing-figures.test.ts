import type { ThrowingSummary } from '@contract/pitching';
import { limitNote, pitchCountDays } from './throwing-figures';

const summary = (fields: Partial<ThrowingSummary>): ThrowingSummary => ({
  athlete: { id: '5a0c8a8e-1d2b-4c4e-8f00-000000000003', firstName: 'Jamie', lastName: 'Rivera' },
  today: '2026-11-24',
  age: 12,
  dailyLimit: 85,
  pitchesToday: 0,
  availableFrom: '2026-11-24',
  hasBodyMeasures: true,
  pitchCounts: [],
  velocity: [],
  pitchMix: [],
  workload: [],
  currentWorkload: null,
  ...fields,
});

describe('the Throwing tab’s figures', () => {
  it('says why there is no daily limit', () => {
    expect(limitNote({ age: 12, dailyLimit: 85 })).toBe('Pitch Smart daily limit at age 12');
    expect(limitNote({ age: null, dailyLimit: null })).toBe('No Pitch Smart limit: add a date of birth');
    expect(limitNote({ age: 23, dailyLimit: null })).toBe('No limit past age 22');
    expect(limitNote({ age: 6, dailyLimit: null })).toBe('No Pitch Smart limit under age 7');
  });

  it('lays 28 days out with the rest each count owes, and the rest days still to come after today', () => {
    const days = pitchCountDays(
      summary({
        pitchesToday: 42,
        availableFrom: '2026-11-27',
        pitchCounts: [
          { date: '2026-10-28', pitches: 30, restDays: 1, overLimit: false },
          { date: '2026-11-16', pitches: 92, restDays: 4, overLimit: true },
          { date: '2026-11-24', pitches: 42, restDays: 2, overLimit: false },
        ],
      }),
    );
    expect(days[0]).toMatchObject({ date: '2026-10-28', pitches: 30, resting: false });
    expect(days[1]).toMatchObject({ date: '2026-10-29', pitches: 0, resting: true });
    expect(days.filter((day) => day.resting).map((day) => day.date)).toEqual([
      '2026-10-29',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-25',
      '2026-11-26',
    ]);
    expect(days.filter((day) => day.upcoming).map((day) => day.date)).toEqual(['2026-11-25', '2026-11-26']);
    expect(days).toHaveLength(30);
    expect(days.find((day) => day.date === '2026-11-16')).toMatchObject({ pitches: 92, overLimit: true });
  });
});
