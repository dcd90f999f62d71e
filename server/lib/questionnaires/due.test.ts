import { describe, expect, it } from 'vitest';
import { assignmentAsksOn, datesBetween } from './due';

const repeat = (
  changes: Partial<Parameters<typeof assignmentAsksOn>[0]>,
): Parameters<typeof assignmentAsksOn>[0] => ({
  repeat: 'daily',
  dates: [],
  startsOn: '2030-01-07',
  endsOn: null,
  weekdays: [],
  ...changes,
});

describe('which days an assignment asks for an answer', () => {
  it('asks a one-off on its dates only', () => {
    const once = repeat({ repeat: 'once', dates: ['2030-01-08', '2030-01-10'], startsOn: null });
    expect(assignmentAsksOn(once, '2030-01-08', false, null)).toBe(true);
    expect(assignmentAsksOn(once, '2030-01-09', false, null)).toBe(false);
  });

  it('asks every day from its first day to its last, both counted', () => {
    const daily = repeat({ endsOn: '2030-01-09' });
    expect(
      ['2030-01-06', '2030-01-07', '2030-01-09', '2030-01-10'].map((date) =>
        assignmentAsksOn(daily, date, false, null),
      ),
    ).toEqual([false, true, true, false]);
  });

  it('asks on training days only the days the athlete has a workout', () => {
    const training = repeat({ repeat: 'training_days' });
    expect(assignmentAsksOn(training, '2030-01-08', true, null)).toBe(true);
    expect(assignmentAsksOn(training, '2030-01-08', false, null)).toBe(false);
  });

  it('asks weekly on its weekdays, Monday 0', () => {
    // 2030-01-07 is a Monday.
    const weekly = repeat({ repeat: 'weekly', weekdays: [0, 3] });
    expect(
      datesBetween('2030-01-07', '2030-01-13').filter((date) => assignmentAsksOn(weekly, date, false, null)),
    ).toEqual(['2030-01-07', '2030-01-10']);
  });

  it('still asks on the day it was stopped, and nothing after', () => {
    const daily = repeat({});
    expect(assignmentAsksOn(daily, '2030-01-09', false, '2030-01-09')).toBe(true);
    expect(assignmentAsksOn(daily, '2030-01-10', false, '2030-01-09')).toBe(false);
  });
});
