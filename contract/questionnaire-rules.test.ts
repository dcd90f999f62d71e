import { describe, expect, it } from 'vitest';
import {
  answerProblem,
  answersProblems,
  baselineFor,
  flagFor,
  questionnaireTotal,
  sdFloorOf,
  sessionLoad,
  sessionLoadRatio,
  sessionLoadZone,
  weekdayOf,
  worseFlag,
  zScore,
  type DatedValue,
  type Question,
} from './questionnaire-rules';
import { questionnaireTemplateBodies } from './questionnaire-templates';

const wellness = questionnaireTemplateBodies.wellness.questions;
const sessionRpe = questionnaireTemplateBodies.session_rpe.questions;

/** `count` daily values ending the day before 2026-03-01, oldest first. */
const daily = (values: number[], before = '2026-03-01'): DatedValue[] =>
  values.map((value, index) => {
    const date = new Date(Date.parse(`${before}T00:00:00Z`) - (values.length - index) * 86_400_000);
    return { date: date.toISOString().slice(0, 10), value };
  });

describe('answer checks', () => {
  const scale = wellness[0]!;
  it('wants a whole number inside a scale, and an answer to a required question', () => {
    expect(answerProblem(scale, 3)).toBeNull();
    expect(answerProblem(scale, 0)).toBe('Choose a whole number from 1 to 5');
    expect(answerProblem(scale, 2.5)).toBe('Choose a whole number from 1 to 5');
    expect(answerProblem(scale, undefined)).toBe('Answer this question');
    expect(answerProblem({ ...scale, required: false }, null)).toBeNull();
  });

  it('checks numbers, words, choices and yes/no', () => {
    const minutes = sessionRpe[1]!;
    expect(answerProblem(minutes, 601)).toBe('Enter at most 600');
    expect(answerProblem(minutes, -1)).toBe('Enter at least 0');
    expect(answerProblem(minutes, '60')).toBe('Enter a number');
    const choice: Question = {
      id: 'where',
      prompt: 'Where?',
      kind: 'multiple_choice',
      required: true,
      options: ['Arm', 'Leg'],
    };
    expect(answerProblem(choice, ['Arm', 'Leg'])).toBeNull();
    expect(answerProblem(choice, ['Arm', 'Arm'])).toBe('Choose among the answers offered');
    expect(answerProblem(choice, [])).toBe('Answer this question');
    expect(answerProblem({ ...choice, kind: 'single_choice' }, 'Back')).toBe(
      'Choose one of the answers offered',
    );
    expect(answerProblem({ id: 'sick', prompt: 'Sick?', kind: 'yes_no', required: true }, 'yes')).toBe(
      'Answer yes or no',
    );
  });

  it('names every question at fault, and answers to questions the questionnaire does not have', () => {
    expect(answersProblems(wellness, { fatigue: 3, sleep: 9, extra: 1 })).toEqual({
      sleep: 'Choose a whole number from 1 to 5',
      soreness: 'Answer this question',
      stress: 'Answer this question',
      mood: 'Answer this question',
      extra: 'This question is not in the questionnaire',
    });
  });
});

describe('totals and session load', () => {
  it('adds the scales, and gives no total when one is unanswered', () => {
    expect(questionnaireTotal(wellness, { fatigue: 1, sleep: 2, soreness: 3, stress: 4, mood: 5 })).toBe(15);
    expect(questionnaireTotal(wellness, { fatigue: 1, sleep: 2, soreness: 3, stress: 4 })).toBeNull();
  });

  it("leaves session RPE's effort out of a total, and multiplies it by the minutes for the load", () => {
    expect(questionnaireTotal(sessionRpe, { effort: 7, minutes: 60 })).toBeNull();
    expect(sessionLoad(sessionRpe, { effort: 7, minutes: 60 })).toBe(420);
    expect(sessionLoad(sessionRpe, { effort: 7 })).toBeNull();
    expect(sessionLoad(wellness, { fatigue: 3 })).toBeNull();
  });
});

describe("the athlete's own baseline", () => {
  it('is the mean and sample SD of the 28 days before, the day itself not counted', () => {
    const values = daily([2, 4, 4, 4, 5, 5, 7, 9]);
    const baseline = baselineFor([...values, { date: '2026-03-01', value: 100 }], '2026-03-01');
    expect(baseline?.mean).toBe(5);
    expect(baseline?.sd).toBeCloseTo(Math.sqrt(32 / 7), 5);
    expect(baseline?.count).toBe(8);
  });

  it('needs seven answers in its 28 days', () => {
    expect(baselineFor(daily([3, 3, 3, 3, 3, 3]), '2026-03-01')).toBeNull();
    expect(baselineFor(daily([3, 3, 3, 3, 3, 3, 3]), '2026-03-01')).not.toBeNull();
    // Answers 29 days back are outside the window.
    const old = daily([3, 3, 3, 3, 3, 3, 3], '2026-01-31');
    expect(baselineFor(old, '2026-03-01')).toBeNull();
  });

  it("keeps a steady athlete's SD at the floor: one step for scales and totals, none for numbers", () => {
    const steady = daily([4, 4, 4, 4, 4, 4, 4, 4]);
    expect(baselineFor(steady, '2026-03-01', sdFloorOf('scale'))).toMatchObject({ mean: 4, sd: 1 });
    expect(sdFloorOf('total')).toBe(1);
    expect(baselineFor(steady, '2026-03-01', sdFloorOf('number'))?.sd).toBe(0);
    expect(zScore(2, baselineFor(steady, '2026-03-01', 1))).toBe(-2);
    expect(zScore(2, baselineFor(steady, '2026-03-01', 0))).toBeNull();
    expect(zScore(2, null)).toBeNull();
  });
});

describe('flags', () => {
  it('flags ≥ 1 SD worse amber and ≥ 2 SD worse red, worse following the direction', () => {
    expect(flagFor(3, -1, 'higher', null)).toEqual({ level: 'amber', reason: 'baseline' });
    expect(flagFor(2, -2, 'higher', null)).toEqual({ level: 'red', reason: 'baseline' });
    expect(flagFor(5, -0.99, 'higher', null)).toBeNull();
    // Better lower (Hooper): higher is worse.
    expect(flagFor(6, 2, 'lower', null)).toEqual({ level: 'red', reason: 'baseline' });
    expect(flagFor(1, -3, 'lower', null)).toBeNull();
    expect(flagFor(1, 3, 'higher', null)).toBeNull();
  });

  it("puts the coach's threshold before the baseline, and flags nothing without a direction", () => {
    expect(flagFor(2, 0, 'higher', 2)).toEqual({ level: 'red', reason: 'threshold' });
    expect(flagFor(2, null, 'higher', 2)).toEqual({ level: 'red', reason: 'threshold' });
    expect(flagFor(3, -1.5, 'higher', 2)).toEqual({ level: 'amber', reason: 'baseline' });
    expect(flagFor(7, null, 'lower', 6)).toEqual({ level: 'red', reason: 'threshold' });
    expect(flagFor(9, -5, null, null)).toBeNull();
  });

  it('keeps the worse of two flags', () => {
    expect(worseFlag(null, 'amber')).toBe('amber');
    expect(worseFlag('amber', 'red')).toBe('red');
    expect(worseFlag(null, null)).toBeNull();
  });
});

describe('session-RPE acute:chronic', () => {
  it('sums the 7 days ending the date, against the weekly mean of 28', () => {
    const loads = [
      { date: '2026-03-01', load: 300 },
      { date: '2026-02-23', load: 400 },
      // 7 days back: chronic only.
      { date: '2026-02-22', load: 500 },
      { date: '2026-02-02', load: 400 },
      // 28 days back: neither.
      { date: '2026-02-01', load: 1000 },
      // After the date: neither.
      { date: '2026-03-02', load: 1000 },
    ];
    expect(sessionLoadRatio(loads, '2026-03-01')).toEqual({ acute: 700, chronic: 400, ratio: 1.75 });
    expect(sessionLoadRatio([], '2026-03-01')).toEqual({ acute: 0, chronic: 0, ratio: null });
  });

  it('is green from 0.8 to 1.3, amber around it, red above 1.5', () => {
    expect([0.79, 0.8, 1.3, 1.31, 1.5, 1.51].map(sessionLoadZone)).toEqual([
      'amber',
      'green',
      'green',
      'amber',
      'amber',
      'red',
    ]);
  });
});

it('counts weekdays from Monday', () => {
  expect(['2026-11-23', '2026-11-27', '2026-11-29'].map(weekdayOf)).toEqual([0, 4, 6]);
});
