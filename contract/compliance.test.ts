import { describe, expect, it } from 'vitest';
import { complianceOf } from './compliance';

const today = '2026-06-10';

describe('compliance: completed ÷ scheduled entries whose date has passed', () => {
  it('does not count today’s workout as missed while the day is not over, and counts it once completed', () => {
    const week = [
      { date: '2026-06-08', status: 'completed' as const },
      { date: '2026-06-09', status: 'scheduled' as const },
      { date: today, status: 'scheduled' as const },
      { date: today, status: 'in_progress' as const },
    ];
    expect(complianceOf(week, today)).toEqual({
      completed: 1,
      missed: 1,
      skipped: 0,
      openToday: 2,
      due: 2,
      rate: 0.5,
    });
    expect(complianceOf([...week, { date: today, status: 'completed' }], today)).toMatchObject({
      completed: 2,
      due: 3,
      rate: 0.667,
    });
  });

  it('shows a skipped workout apart: neither completed nor missed, and not due', () => {
    const entries = [
      { date: '2026-06-01', status: 'completed' as const },
      { date: '2026-06-02', status: 'skipped' as const },
      { date: '2026-06-03', status: 'in_progress' as const },
    ];
    expect(complianceOf(entries, today)).toEqual({
      completed: 1,
      missed: 1,
      skipped: 1,
      openToday: 0,
      due: 2,
      rate: 0.5,
    });
  });

  it('leaves later days out, has no rate when nothing was due, and takes counted rows', () => {
    expect(complianceOf([{ date: '2026-06-11', status: 'completed' }], today)).toMatchObject({
      completed: 0,
      due: 0,
      rate: null,
    });
    expect(complianceOf([{ date: today, status: 'scheduled', count: 4 }], today)).toMatchObject({
      openToday: 4,
      due: 0,
      rate: null,
    });
    expect(
      complianceOf(
        [
          { date: '2026-06-09', status: 'completed', count: 6 },
          { date: '2026-06-09', status: 'scheduled', count: 3 },
        ],
        today,
      ),
    ).toMatchObject({ completed: 6, missed: 3, due: 9, rate: 0.667 });
  });
});
