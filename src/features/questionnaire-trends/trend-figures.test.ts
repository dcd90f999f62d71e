import { flaggedItemWords, loadZoneWords, readinessRows, signedSd } from './trend-figures';

const number = (value: number, decimals = 1) => String(Math.round(value * 10 ** decimals) / 10 ** decimals);
const person = (firstName: string, lastName: string) => ({ id: firstName, firstName, lastName });

describe('the trends’ words', () => {
  it('writes a z-score with a true minus sign and one decimal', () => {
    expect(signedSd(-2.345)).toBe('−2.3 SD');
    expect(signedSd(-1)).toBe('−1.0 SD');
    expect(signedSd(1.06)).toBe('+1.1 SD');
    expect(signedSd(0.01)).toBe('0.0 SD');
  });

  it('says why an item flagged: against the baseline with its z, or at the coach’s alert', () => {
    const baseline = {
      label: 'Sleep',
      value: 1,
      z: -2.31,
      flag: { level: 'red', reason: 'baseline' },
    } as const;
    expect(flaggedItemWords(baseline, number)).toBe('Sleep 1 · −2.3 SD');
    expect(
      flaggedItemWords(
        { label: 'Soreness', value: 1, z: null, flag: { level: 'red', reason: 'threshold' } },
        number,
      ),
    ).toBe('Soreness at alert');
  });

  it('lists red before amber, then who has not answered; an unflagged answer needs no row', () => {
    const row = (firstName: string, flag: 'red' | 'amber' | null, answered: number) => ({
      athlete: person(firstName, 'X'),
      due: 1,
      answered,
      flag,
      flagged: [],
    });
    const { flagged, waiting } = readinessRows([
      row('Amy', 'amber', 1),
      row('Ben', null, 0),
      row('Cal', 'red', 1),
      row('Dee', null, 1),
    ]);
    expect(flagged.map((athlete) => athlete.athlete.firstName)).toEqual(['Cal', 'Amy']);
    expect(waiting.map((athlete) => athlete.athlete.firstName)).toEqual(['Ben']);
  });

  it('puts the acute:chronic zone in words', () => {
    expect(loadZoneWords(1.42, 'amber')).toBe('above the sweet spot');
    expect(loadZoneWords(0.7, 'amber')).toBe('below the sweet spot');
    expect(loadZoneWords(1.1, 'green')).toBe('in the sweet spot');
    expect(loadZoneWords(1.7, 'red')).toBe('well above the sweet spot');
  });
});
