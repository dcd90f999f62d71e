import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Question } from '../../../contract/questionnaire-rules';
import type { TrendResponse } from '../../../contract/questionnaires';
import { questionnaireFixtures } from './questionnaire-fixtures';
import type { ErrorBody } from '../../testing/library-lookups';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { addCalendarDays } from '../../lib/calendar-days';

let t: TestContext;
afterAll(() => t.close());

const scale = (id: string, better: 'higher' | 'lower' | null, alertAt: number | null): Question => ({
  id,
  prompt: id,
  kind: 'scale',
  required: false,
  min: 1,
  max: 7,
  minLabel: 'Low',
  maxLabel: 'High',
  better,
  alertAt,
  measure: null,
});
const questions: Question[] = [
  scale('sleep', 'higher', 2),
  scale('soreness', 'lower', null),
  scale('mood', null, null),
  {
    id: 'hrv',
    prompt: 'HRV',
    kind: 'number',
    required: false,
    unit: 'ms',
    min: 0,
    max: 200,
    better: 'higher',
    alertAt: 45.5,
    measure: null,
  },
];

/** The same uneven answers on every run: a small linear congruential sequence. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

let coach: string;
let today: string;
let groupId: string;
let questionnaireId: string;

beforeAll(async () => {
  t = await createTestContext();
  coach = await t.signIn('coach@demo.test');
  const lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  const ids = await lookups.named(coach, { groups: ['Pitchers'] });
  groupId = ids['Pitchers']!;
  const fixtures = questionnaireFixtures(t);
  const built = await fixtures.questionnaire('demo', {
    name: 'Uneven mornings',
    versions: [questions],
    total: { label: 'Score', better: 'lower' },
  });
  questionnaireId = built.id;
  const members = await t.request<TrendResponse & ErrorBody>('GET', trendPath({ groupId }), { token: coach });
  const random = sequence(26);
  // Up to sixty days, some items skipped, HRV with decimals. Athletes differ in spread (a steady one meets the SD
  // floor) and in how long ago they started (a late one has fewer than seven answers for a baseline).
  const athletes = members.body.group!.athletes;
  for (const [index, { athlete }] of athletes.entries()) {
    const spread = [0.4, 3, 1.5][index % 3]!;
    const startsAgo = 59 - index * 9;
    const around = (centre: number) =>
      Math.min(7, Math.max(1, Math.round(centre + (random() - 0.5) * 2 * spread)));
    const answers = Array.from({ length: startsAgo + 1 }, (_, day) => {
      const values: Record<string, number> = {};
      for (const id of ['sleep', 'soreness', 'mood']) if (random() > 0.1) values[id] = around(4);
      if (random() > 0.2) values.hrv = Math.round((60 + (random() - 0.5) * 8 * spread) * 10) / 10;
      return { date: addCalendarDays(today, day - startsAgo), values };
    }).filter(() => random() > 0.15);
    // Today one item is at the threshold while others are not: the athlete's flag is that day's worst.
    answers.push({ date: today, values: { sleep: 2, soreness: 4, mood: 4, hrv: 60 } });
    await fixtures.answer(
      built,
      athlete.id,
      answers.filter((one, at) => at === answers.length - 1 || one.date !== today),
    );
  }
});

const trendPath = (query: Record<string, string>) =>
  `/api/questionnaire-trends?${new URLSearchParams({ questionnaireId, from: addCalendarDays(today, -29), to: today, ...query }).toString()}`;

it("a group's daily figures are its athletes' own trends added up, flags and all", async () => {
  const group = await t.request<TrendResponse & ErrorBody>('GET', trendPath({ groupId }), { token: coach });
  expect(group.status).toBe(200);
  const athletes = group.body.group!.athletes;
  expect(athletes.length).toBeGreaterThan(1);
  type Day = { sum: number; answered: number; amber: number; red: number };
  const expected = new Map<string, Map<string, Day>>();
  let flagged = 0;
  for (const { athlete, lastDate, flag, answers } of athletes) {
    const own = await t.request<TrendResponse & ErrorBody>('GET', trendPath({ athleteId: athlete.id }), {
      token: coach,
    });
    const dates = new Set<string>();
    let worstOnLast: 'amber' | 'red' | null = null;
    for (const { itemId, points } of own.body.athlete!.series) {
      const days = expected.get(itemId) ?? new Map<string, Day>();
      expected.set(itemId, days);
      for (const point of points) {
        dates.add(point.date);
        const day = days.get(point.date) ?? { sum: 0, answered: 0, amber: 0, red: 0 };
        days.set(point.date, day);
        day.sum += point.value;
        day.answered += 1;
        if (point.flag?.level === 'amber') day.amber += 1;
        if (point.flag?.level === 'red') day.red += 1;
        if (point.flag) flagged += 1;
        if (point.date === lastDate && point.flag)
          worstOnLast = worstOnLast === 'red' ? 'red' : point.flag.level;
      }
    }
    // Every generated answer has at least one number here, so its days are its answers.
    expect(answers).toBe(dates.size);
    expect(lastDate).toBe([...dates].sort().at(-1) ?? null);
    expect(flag).toBe(worstOnLast);
  }
  expect(flagged).toBeGreaterThan(10);
  for (const { itemId, points } of group.body.group!.series) {
    const days = expected.get(itemId)!;
    expect(
      points.map(({ date, mean, answered, amber, red }) => ({ date, mean, answered, amber, red })),
    ).toEqual(
      [...days.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([date, day]) => ({
          date,
          mean: Math.round((day.sum / day.answered) * 1000) / 1000,
          answered: day.answered,
          amber: day.amber,
          red: day.red,
        })),
    );
  }
});
