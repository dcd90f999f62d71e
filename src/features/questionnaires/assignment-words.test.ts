import { repeatWords } from './assignment-words';

const base = { dates: [], startsOn: '2026-12-01', endsOn: null, weekdays: [], timeOfDay: '07:00' };

describe('an assignment’s repeat in words', () => {
  it('says every day, training days and weekdays with their span', () => {
    expect(repeatWords({ ...base, repeat: 'daily' }, '2026-11-27')).toBe('Every day at 07:00 from 1 Dec');
    expect(repeatWords({ ...base, repeat: 'training_days', endsOn: '2027-01-10' }, '2026-11-27')).toBe(
      'Training days at 07:00 from 1 Dec until 10 Jan 2027',
    );
    expect(
      repeatWords({ ...base, repeat: 'weekly', weekdays: [3, 0], timeOfDay: '08:30' }, '2026-11-27'),
    ).toBe('Mondays and Thursdays at 08:30 from 1 Dec');
    expect(repeatWords({ ...base, repeat: 'weekly', weekdays: [0, 2, 4] }, '2026-11-27')).toBe(
      'Mondays, Wednesdays and Fridays at 07:00 from 1 Dec',
    );
  });

  it('counts one-off dates, or names a single one', () => {
    const once = { ...base, repeat: 'once' as const, startsOn: null };
    expect(repeatWords({ ...once, dates: ['2026-12-05', '2026-12-01', '2026-12-03'] }, '2026-11-27')).toBe(
      'On 3 dates at 07:00: 1 Dec, 3 Dec and 5 Dec',
    );
    expect(repeatWords({ ...once, dates: ['2026-12-05'] }, '2026-11-27')).toBe('On 5 Dec at 07:00');
  });
});
