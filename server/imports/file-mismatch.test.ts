import { describe, expect, it } from 'vitest';
import { calendarDateOf, mismatchesOf, sameAthlete } from './file-mismatch';

const tyler = { firstName: 'Tyler', lastName: 'Brooks' };

describe('whose file it is', () => {
  it('knows the athlete however the device writes the name', () => {
    for (const written of [
      'Tyler Brooks',
      'Brooks, Tyler',
      'BROOKS TYLER',
      'T. Brooks',
      'Ty Brooks',
      'Brooks',
    ]) {
      expect(sameAthlete(written, tyler), written).toBe(true);
    }
    expect(sameAthlete('José Álvarez', { firstName: 'Jose', lastName: 'Alvarez' })).toBe(true);
  });

  it('does not take another player for the athlete', () => {
    for (const written of ['Jamie Rivera', 'Brooks, Evan', 'E. Brooks', 'Tyler Smith']) {
      expect(sameAthlete(written, tyler), written).toBe(false);
    }
  });

  it('reads the dates devices write', () => {
    expect(calendarDateOf('2026-03-14 16:02:17')).toBe('2026-03-14');
    expect(calendarDateOf('3/14/2026')).toBe('2026-03-14');
    expect(calendarDateOf('2026-03-14T16:02:17Z')).toBe('2026-03-14');
    expect(calendarDateOf('Slider')).toBeNull();
  });

  it('says the player and the days that are not the workout’s', () => {
    expect(
      mismatchesOf(
        { player: 'Jamie Rivera', dates: ['2026-03-14', '2026-03-15'] },
        { date: '2026-11-20', athlete: tyler },
      ),
    ).toEqual([
      {
        kind: 'player',
        inFile: ['Jamie Rivera'],
        message: "The file is Jamie Rivera's; this workout is Tyler Brooks's.",
      },
      {
        kind: 'date',
        inFile: ['2026-03-14', '2026-03-15'],
        message:
          "The file's pitches are dated 14 March 2026 to 15 March 2026 (2 days); this workout is on 20 November 2026.",
      },
    ]);
    expect(
      mismatchesOf(
        { player: 'Brooks, Tyler', dates: ['2026-11-20'] },
        { date: '2026-11-20', athlete: tyler },
      ),
    ).toEqual([]);
    expect(mismatchesOf({ player: null, dates: [] }, { date: '2026-11-20', athlete: tyler })).toEqual([]);
  });
});
