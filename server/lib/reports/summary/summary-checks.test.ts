import { describe, expect, it } from 'vitest';
import type { ReportFigure } from '../../../../contract/reports';
import { checkSummary, citationsIn, matchesFigure, numbersIn, splitSentences } from './summary-checks';

const figures: ReportFigure[] = [
  { id: 'F1', section: 'compliance', label: 'Workouts completed', value: 42, unit: 'workouts' },
  { id: 'F2', section: 'compliance', label: 'Compliance', value: 85.3, unit: 'percent' },
  {
    id: 'F3',
    section: 'compliance',
    label: 'Compliance in the week of 2026-11-02',
    value: 72.5,
    unit: 'percent',
  },
  { id: 'F4', section: 'compliance', label: 'Compliance of 2027 Graduates', value: 91, unit: 'percent' },
  { id: 'F5', section: 'volume', label: 'Strength: load lifted', value: 12400, unit: 'kg' },
  { id: 'F6', section: 'volume', label: 'Acute:chronic load of Eli Thompson', value: 1.34, unit: 'ratio' },
  { id: 'F7', section: 'strength', label: 'Back Squat 1RM change of Noah Kim', value: -3.5, unit: 'kg' },
  { id: 'F8', section: 'throwing', label: 'Pitches by Tyler Brooks', value: 1240, unit: 'pitches' },
  { id: 'F9', section: 'throwing', label: 'Days over the limit for Tyler Brooks', value: 2, unit: 'days' },
  { id: 'F10', section: 'readiness', label: 'Morning wellness: mean Sleep', value: 3.86, unit: 'score' },
  {
    id: 'F11',
    section: 'throwing',
    label: 'Fastball mean velocity in the week of 2026-11-09',
    value: 78.4,
    unit: 'mph',
  },
  { id: 'F12', section: 'compliance', label: 'Workouts missed by Sam Whitaker', value: 7, unit: 'workouts' },
];
const context = { dates: ['2026-10-06', '2026-11-15'] };

const check = (text: string) => checkSummary(text, figures, context);
const only = (text: string) => {
  const sentences = check(text);
  expect(sentences).toHaveLength(1);
  return sentences[0]!;
};

describe('splitting into sentences', () => {
  it('splits at the end of each sentence and keeps decimals whole', () => {
    expect(splitSentences('Compliance was 85.3% [F2]. Noah lost 3.5 kg [F7]! Why? Rest.')).toEqual([
      'Compliance was 85.3% [F2].',
      'Noah lost 3.5 kg [F7]!',
      'Why?',
      'Rest.',
    ]);
  });

  it('keeps a citation written after the full stop with its sentence', () => {
    expect(splitSentences('Compliance was 85.3%. [F2] Tyler threw 1,240 pitches. [F8]')).toEqual([
      'Compliance was 85.3%. [F2]',
      'Tyler threw 1,240 pitches. [F8]',
    ]);
    expect(splitSentences('Compliance was 85.3%. [F2]. Next week, rest.')).toEqual([
      'Compliance was 85.3%. [F2].',
      'Next week, rest.',
    ]);
  });

  it('drops list markers, headings and bold, and splits at line ends', () => {
    expect(
      splitSentences('## Summary\n- **Compliance** was 85% [F2]\n1. Tyler needs rest [F9]\n\n2) Keep it up'),
    ).toEqual(['Summary', 'Compliance was 85% [F2]', 'Tyler needs rest [F9]', 'Keep it up']);
  });

  it('does not end a sentence at an abbreviation or an initial', () => {
    expect(splitSentences('Add mobility, e.g. band work. Ask Dr. Lee. Tell J. Smith.')).toEqual([
      'Add mobility, e.g. band work.',
      'Ask Dr. Lee.',
      'Tell J. Smith.',
    ]);
  });

  it('gives nothing for empty or blank text', () => {
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences('  \n\n ')).toEqual([]);
  });
});

describe('citations', () => {
  it('finds single and grouped ids, once each, in order', () => {
    expect(citationsIn('Up [F3], down [F1, F4] and [F1; F2 and F7].').ids).toEqual([
      'F3',
      'F1',
      'F4',
      'F2',
      'F7',
    ]);
  });

  it('reads a lower-case id as the id', () => {
    expect(citationsIn('Good [f2].').ids).toEqual(['F2']);
  });

  it('takes the citations out of the text the numbers are read from', () => {
    expect(citationsIn('Compliance was 85% [F12].').rest).not.toContain('12');
  });

  it('leaves brackets that hold no ids alone', () => {
    expect(citationsIn('A note [sic] stays.').ids).toEqual([]);
  });

  it('lists cited ids that exist in cites and unknown ones in unsupported', () => {
    expect(only('Readiness held up [F10, F99].')).toEqual({
      text: 'Readiness held up [F10, F99].',
      cites: ['F10'],
      unsupported: ['F99'],
    });
  });

  it('marks a sentence citing only an unknown id', () => {
    expect(only('Everyone slept well [F404].').unsupported).toEqual(['F404']);
  });
});

describe('numbers read from a sentence', () => {
  const read = (text: string) => numbersIn(text).numbers.map((number) => number.value);

  it('reads integers, decimals, percentages, thousands and signs', () => {
    expect(read('42 workouts, 85.3%, 12,400 kg, -3.5 kg, +2 kg, 0.85 and .5')).toEqual([
      42, 85.3, 12400, -3.5, 2, 0.85, 0.5,
    ]);
    expect(numbersIn('85 % and 85 percent').numbers.map((number) => number.percent)).toEqual([true, true]);
  });

  it('reads both ends of a range, and a number glued to its unit', () => {
    expect(read('3-4 sessions of 12kg')).toEqual([3, 4, 12]);
    expect(read('12.4k kg')).toEqual([12400]);
  });

  it('skips ordinals, 1RM, the report windows and digits inside words', () => {
    expect(read('The 1st and 3rd week, 1RM and 5RM, a 7-day and 28-day load, U18, CR-10, F3')).toEqual([]);
    expect(read('a 5-day block')).toEqual([5]);
  });

  it('writes what it read as it stood, for the list of unsupported numbers', () => {
    expect(numbersIn('12,400 kg, 85 % and -3.5').numbers.map((number) => number.text)).toEqual([
      '12,400',
      '85%',
      '-3.5',
    ]);
  });

  it('tells a separator from a list of numbers', () => {
    expect(read('1,2345 and 4,5,6')).toEqual([1, 2345, 4, 5, 6]);
  });
});

describe('matching a figure with rounding', () => {
  const written = (text: string) => numbersIn(text).numbers[0]!;
  const compliance = figures[1]!;

  it('matches a percentage rounded to the places written', () => {
    expect(matchesFigure(written('85%'), compliance)).toBe(true);
    expect(matchesFigure(written('85.3%'), compliance)).toBe(true);
    expect(matchesFigure(written('85.30%'), compliance)).toBe(true);
    expect(matchesFigure(written('85.3'), compliance)).toBe(true);
    expect(matchesFigure(written('86%'), compliance)).toBe(false);
    expect(matchesFigure(written('85.4%'), compliance)).toBe(false);
    expect(matchesFigure(written('85.31%'), compliance)).toBe(false);
  });

  it('takes the edges of the rounding interval as matches', () => {
    const at = (value: number): ReportFigure => ({ ...compliance, value });
    expect(matchesFigure(written('85.3'), at(85.25))).toBe(true);
    expect(matchesFigure(written('85.3'), at(85.35))).toBe(true);
    expect(matchesFigure(written('85.3'), at(85.24))).toBe(false);
    expect(matchesFigure(written('85.3'), at(85.36))).toBe(false);
  });

  it('matches a percentage only to a percent figure', () => {
    expect(matchesFigure(written('42%'), figures[0]!)).toBe(false);
    expect(matchesFigure(written('42'), figures[0]!)).toBe(true);
  });

  it('matches an unsigned number to a negative figure by its size, a signed one only by its sign', () => {
    const change = figures[6]!;
    expect(matchesFigure(written('3.5'), change)).toBe(true);
    expect(matchesFigure(written('-3.5'), change)).toBe(true);
    expect(matchesFigure(written('+3.5'), change)).toBe(false);
    expect(matchesFigure(written('4'), change)).toBe(true);
    expect(matchesFigure(written('3.6'), change)).toBe(false);
  });

  it('matches thousands and a k to the precision written', () => {
    const load = figures[4]!;
    expect(matchesFigure(written('12,400'), load)).toBe(true);
    expect(matchesFigure(written('12.4k'), load)).toBe(true);
    expect(matchesFigure(written('12k'), load)).toBe(true);
    expect(matchesFigure(written('12,401'), load)).toBe(false);
    expect(matchesFigure(written('13k'), load)).toBe(false);
  });
});

describe('checking a summary', () => {
  it('keeps a faithful summary unmarked', () => {
    const sentences = check(
      'The team completed 42 workouts [F1] at 85% compliance [F2]. Tyler Brooks threw 1,240 pitches and went over the limit on 2 days [F8, F9]. ' +
        "Eli Thompson's acute:chronic load sits at 1.34 [F6], and Noah Kim's squat fell by 3.5 kg [F7]. Keep next week light.",
    );
    expect(sentences).toHaveLength(4);
    expect(sentences.map((sentence) => sentence.unsupported)).toEqual([[], [], [], []]);
    expect(sentences.map((sentence) => sentence.cites)).toEqual([
      ['F1', 'F2'],
      ['F8', 'F9'],
      ['F6', 'F7'],
      [],
    ]);
  });

  it('marks a sentence with an invented number and keeps it', () => {
    const sentences = check('Compliance was 85% [F2]. Tyler threw 1,300 pitches [F8].');
    expect(sentences[0]!.unsupported).toEqual([]);
    expect(sentences[1]).toEqual({
      text: 'Tyler threw 1,300 pitches [F8].',
      cites: ['F8'],
      unsupported: ['1,300'],
    });
  });

  it('marks a number that rounds wrongly', () => {
    expect(only('Sleep averaged 3.9 [F10].').unsupported).toEqual([]);
    expect(only('Sleep averaged 3.87 [F10].').unsupported).toEqual(['3.87']);
  });

  it('accepts a number that matches a figure it does not cite', () => {
    expect(only('Sam Whitaker missed 7 workouts [F1].').unsupported).toEqual([]);
    expect(only('Sam Whitaker missed 7 workouts.').unsupported).toEqual([]);
  });

  it('marks a computed number (a sum or a difference) that no figure has', () => {
    expect(only('Compliance dropped 12.8 points from week to week [F2, F3].').unsupported).toEqual(['12.8']);
  });

  it('lists each unsupported number once, with unknown ids first', () => {
    expect(only('Tyler threw 999 pitches, 999 too many [F77].').unsupported).toEqual(['F77', '999']);
  });

  it('ignores dates of the labels and the range, and their years, but not other dates', () => {
    expect(only('In the week of 2026-11-02 compliance was 72.5% [F3].').unsupported).toEqual([]);
    expect(only('From 2026-10-06 to 2026-11-15, in 2026, compliance was 85% [F2].').unsupported).toEqual([]);
    expect(only('On 2026-12-24 compliance was 85% [F2].').unsupported).toEqual(['2026-12-24']);
    expect(only('In 2031 compliance was 85% [F2].').unsupported).toEqual(['2031']);
  });

  it('ignores digits that are part of a name in a label', () => {
    expect(only('The 2027 Graduates reached 91% [F4].').unsupported).toEqual([]);
    expect(only('The 2028 Graduates reached 91% [F4].').unsupported).toEqual(['2028']);
  });

  it('ignores the ids in citations, ordinals and 1RM', () => {
    expect(only('The 1st week of 1RM tests went well [F12].').unsupported).toEqual([]);
  });

  it('keeps a sentence without numbers or citations as it is', () => {
    expect(only('Keep the plan steady next week.')).toEqual({
      text: 'Keep the plan steady next week.',
      cites: [],
      unsupported: [],
    });
  });

  it('marks advice that brings a new number', () => {
    expect(only('Cap Tyler at 60 pitches a day next week [F9].').unsupported).toEqual(['60']);
  });

  it('gives no sentences for an empty text', () => {
    expect(check('')).toEqual([]);
  });

  it('checks numbers against no figures at all as unsupported', () => {
    expect(checkSummary('Nothing was due, 0 workouts.', [])).toEqual([
      { text: 'Nothing was due, 0 workouts.', cites: [], unsupported: ['0'] },
    ]);
  });
});
