import { describe, expect, it } from 'vitest';
import { questionnaireTemplateBodies } from '../../../contract/questionnaire-templates';
import { addCalendarDays } from '../calendar-days';
import { baselinesOf } from './baselines';
import { athleteSeries, flaggedItemsOf, trendItemsOf, type TrendAnswer } from './trends';

const wellness = questionnaireTemplateBodies.wellness;
const items = trendItemsOf(wellness);
const day = '2026-03-01';
const ago = (days: number) => addCalendarDays(day, -days);
const answer = (athleteId: string, date: string, value: number, fatigue = value): TrendAnswer => ({
  athleteId,
  date,
  values: { fatigue, sleep: value, soreness: value, stress: value, mood: value },
  total: fatigue + value * 4,
  baselines: {},
});
/** Each answer with the baselines the write side keeps: of its athlete's answers in the 28 days before. */
const kept = (answers: readonly TrendAnswer[]) =>
  answers.map((one) => ({
    ...one,
    baselines: baselinesOf(
      one,
      answers.filter((other) => other.athleteId === one.athleteId),
    ),
  }));
const steady = (athleteId: string, days: number, value = 4) =>
  Array.from({ length: days }, (_, index) => answer(athleteId, ago(days - index), value));

describe('trend items', () => {
  it("are a questionnaire's scales and numbers, then its total over the scales' range", () => {
    expect(items.map((item) => [item.id, item.kind, item.min, item.max])).toEqual([
      ['fatigue', 'scale', 1, 5],
      ['sleep', 'scale', 1, 5],
      ['soreness', 'scale', 1, 5],
      ['stress', 'scale', 1, 5],
      ['mood', 'scale', 1, 5],
      ['total', 'total', 5, 25],
    ]);
    const rpe = trendItemsOf(questionnaireTemplateBodies.session_rpe);
    expect(rpe.map((item) => [item.id, item.kind, item.unit])).toEqual([
      ['effort', 'scale', ''],
      ['minutes', 'number', 'min'],
    ]);
  });
});

describe("an athlete's series", () => {
  it('reads a baseline from before the range, and skips answers without a number', () => {
    const answers = [...steady('a', 10), { ...answer('a', day, 2), values: { fatigue: 2, sleep: null } }];
    const series = athleteSeries(items, kept(answers), ago(1), day);
    const fatigue = series.find((line) => line.itemId === 'fatigue')!.points;
    expect(fatigue.map((point) => [point.date, point.mean, point.z, point.flag?.level ?? null])).toEqual([
      [ago(1), 4, 0, null],
      [day, 4, -2, 'red'],
    ]);
    expect(series.find((line) => line.itemId === 'sleep')!.points.map((point) => point.date)).toEqual([
      ago(1),
    ]);
  });

  it('uses only the 28 days before each point', () => {
    // Thirty days of 1s, then thirty of 4s: the 4s' own month is steady, the 1s are forgotten.
    const answers = [
      ...Array.from({ length: 30 }, (_, index) => answer('a', ago(60 - index), 1)),
      ...steady('a', 30),
    ];
    const fatigue = athleteSeries(items, kept(answers), day, day)[0]!.points;
    expect(fatigue).toEqual([]);
    // Two days ago: its 28 days are the 4s from 30 to 3 days ago; a 29th would reach the last 1.
    const twoDaysAgo = athleteSeries(items, kept(answers), ago(2), ago(2))[0]!.points[0]!;
    expect(twoDaysAgo).toMatchObject({ mean: 4, sd: 1, z: 0, flag: null });
  });
});

it('names the flagged items of a day', () => {
  const flagged = flaggedItemsOf(
    { id: 'q', name: 'Daily wellness' },
    items,
    kept([...steady('a', 10), answer('a', day, 4, 3)]).at(-1)!,
  );
  expect(flagged).toEqual([
    {
      questionnaireId: 'q',
      questionnaireName: 'Daily wellness',
      itemId: 'fatigue',
      label: 'Fatigue',
      value: 3,
      z: -1,
      flag: { level: 'amber', reason: 'baseline' },
    },
    {
      questionnaireId: 'q',
      questionnaireName: 'Daily wellness',
      itemId: 'total',
      label: 'Wellness score',
      value: 19,
      z: -1,
      flag: { level: 'amber', reason: 'baseline' },
    },
  ]);
});
