import { formatCount, formatDay, formatInstant, formatLoad } from './format';

const us = { locale: 'en-US', timeZone: 'America/Chicago' };
const uk = { locale: 'en-GB', timeZone: 'Europe/London' };

describe('the words of dates and numbers', () => {
  it('writes a date as the organisation’s locale does', () => {
    expect(formatDay('2026-11-26', 'date', us)).toBe('November 26, 2026');
    expect(formatDay('2026-11-26', 'date', uk)).toBe('26 November 2026');
    expect(formatDay('2026-11-26', 'day', uk)).toBe('Thu 26 Nov');
    expect(formatDay('2026-11-26', 'day', us)).toBe('Thu, Nov 26');
  });

  it('never moves a calendar date by a time zone', () => {
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
      expect(formatDay('2026-11-26', 'date', { locale: 'en-GB', timeZone })).toBe('26 November 2026');
    }
  });

  it('writes an instant on the day and at the time it was in the organisation’s zone', () => {
    // 03:30 UTC on the 27th is still the evening of the 26th in Chicago.
    const late = '2026-11-27T03:30:00.000Z';
    expect(formatInstant(late, 'date', us)).toBe('November 26, 2026');
    expect(formatInstant(late, 'date', uk)).toBe('27 November 2026');
    expect(formatInstant(late, 'time', us)).toBe('9:30 PM');
  });

  it('writes a load with one decimal at most, grouped by the locale', () => {
    expect(formatLoad(443.333, 'lb', us)).toBe('443.3 lb');
    expect(formatLoad(225, 'lb', us)).toBe('225 lb');
    expect(formatLoad(12400.04, 'kg', uk)).toBe('12,400 kg');
    expect(formatCount(1000, us)).toBe('1,000');
  });
});
