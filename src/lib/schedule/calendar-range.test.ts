import { dayHeading, rangeLabel, shortDay } from './calendar-range';

const us = { locale: 'en-US', timeZone: 'America/Chicago' };
const uk = { locale: 'en-GB', timeZone: 'Europe/London' };
// Whether ICU puts (thin) spaces around a range's dash varies between Node versions.
const plain = (label: string) => label.replace(/\s*–\s*/g, ' – ');

describe("the schedule's labels, in the organisation's locale (defect 12)", () => {
  it('names a month, a week and a day as the locale writes them', () => {
    expect(rangeLabel('month', '2026-11-26', 'monday', us)).toBe('November 2026');
    expect(plain(rangeLabel('week', '2026-11-26', 'monday', us))).toBe('Nov 23 – 29, 2026');
    expect(plain(rangeLabel('week', '2026-11-26', 'monday', uk))).toBe('23 – 29 Nov 2026');
    expect(plain(rangeLabel('week', '2026-12-01', 'monday', us))).toBe('Nov 30 – Dec 6, 2026');
    expect(rangeLabel('day', '2026-11-26', 'monday', us)).toBe('Thursday, November 26, 2026');
    // ICU's en-GB data differs between versions on the comma after a weekday.
    expect(rangeLabel('day', '2026-11-26', 'monday', uk)).toMatch(/^Thursday,? 26 November 2026$/);
  });

  it('writes a schedule day the same way as the rest of the app, never moved by a time zone', () => {
    expect(dayHeading('2026-11-26', us)).toBe('Thursday, November 26');
    expect(dayHeading('2026-11-26', uk)).toMatch(/^Thursday,? 26 November$/);
    expect(shortDay('2026-11-26', us)).toBe('Thu, Nov 26');
    expect(shortDay('2026-11-26', { locale: 'en-US', timeZone: 'Pacific/Kiritimati' })).toBe('Thu, Nov 26');
  });
});
