import { eq } from 'drizzle-orm';
import { v4 as uuidv4 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Question } from '../../../contract/questionnaire-rules';
import { questionnaireTemplateBodies } from '../../../contract/questionnaire-templates';
import type { QuestionnaireAnswer } from '../../../contract/questionnaires';
import { organizations, users } from '../../db/schema';
import {
  questionnaireFixtures,
  storedAnswers,
  wellnessValues,
} from '../../routes/questionnaire-trends/questionnaire-fixtures';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { addCalendarDays, todayIn } from '../calendar-days';
import { baselinesOf } from './baselines';

let t: TestContext;
let jamie: string;
let jamieId: string;
let today: string;

beforeAll(async () => {
  t = await createTestContext();
  jamie = await t.signIn('athlete@demo.test');
  const [person] = await t.db.select().from(users).where(eq(users.email, 'athlete@demo.test'));
  jamieId = person!.id;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
  today = todayIn(demo!.timeZone);
});
afterAll(() => t.close());

const rowsOf = (questionnaireId: string) => storedAnswers(t, questionnaireId, jamieId);

describe("each answer's baselines", () => {
  it('are the same worked out by the database for stored answers as by the write side for one', async () => {
    const fixtures = questionnaireFixtures(t);
    const sleep: Question = {
      id: 'hours',
      kind: 'number',
      prompt: 'Hours of sleep',
      required: false,
      unit: 'h',
      min: 0,
      max: 24,
      better: 'higher',
      alertAt: null,
      measure: null,
    };
    const built = await fixtures.questionnaire('demo', {
      name: 'Sleep and wellness',
      versions: [[...questionnaireTemplateBodies.wellness.questions, sleep]],
      total: questionnaireTemplateBodies.wellness.total,
    });
    // Sixty days with gaps, uneven hours and a skipped item: the database's sums against the phone's arithmetic.
    const answers = Array.from({ length: 60 }, (_, index) => index)
      .filter((index) => index % 7 !== 4)
      .map((index) => ({
        date: addCalendarDays(today, index - 59),
        values: {
          ...wellnessValues(1 + ((index * 7) % 5), { mood: 1 + (index % 4) }),
          ...(index % 5 === 0 ? {} : { hours: 5 + ((index * 13) % 37) / 10 }),
        },
      }));
    await fixtures.answer(built, jamieId, answers);
    const rows = await rowsOf(built.id);
    expect(rows).toHaveLength(answers.length);
    for (const row of rows) expect(row.baselines, row.date).toEqual(baselinesOf(row, rows));
    const last = rows.find((row) => row.date === today)!;
    expect(Object.keys(last.baselines).sort()).toEqual(
      ['fatigue', 'hours', 'mood', 'sleep', 'soreness', 'stress', 'total'].sort(),
    );
  });

  it("are refreshed for the days after when a late answer fills a gap in an athlete's days", async () => {
    const fixtures = questionnaireFixtures(t);
    const built = await fixtures.wellness('demo', 'Late answers');
    await fixtures.assignDaily(built, { athleteId: jamieId }, addCalendarDays(today, -20));
    const send = (date: string, value: number) =>
      t.request<{ answer: QuestionnaireAnswer }>('PUT', `/api/questionnaire-answers/${uuidv4()}`, {
        token: jamie,
        body: { questionnaireId: built.id, version: 1, date, values: wellnessValues(value) },
      });
    expect((await send(today, 4)).status).toBe(201);
    const todays = async () => (await rowsOf(built.id)).find((row) => row.date === today)!;
    expect((await todays()).baselines).toEqual({});
    // Answers from a phone that was offline: each lands before today and today's baseline takes it in.
    for (const [days, value] of [
      [3, 2],
      [2, 5],
    ] as const)
      expect((await send(addCalendarDays(today, -days), value)).status).toBe(201);
    const stored = await todays();
    expect(stored.baselines.fatigue).toEqual([2, 3.5, 2.12132]);
    expect(stored.baselines).toEqual(baselinesOf(stored, await rowsOf(built.id)));
  });
});
