import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadinessResponse, SessionLoadResponse, TrendResponse } from '../../contract/questionnaires';
import { addCalendarDays } from '../lib/calendar-days';
import { scheduleLookups } from '../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../testing/test-app';
import { seededBadDay, seededNotYetAnswered, seededWellnessDays } from './seed-questionnaires';
import { questionnaireAnswers, questionnaires } from './schema';

let t: TestContext;
let coach: string;
let today: string;
beforeAll(async () => {
  t = await createTestContext();
  coach = await t.signIn('coach@demo.test');
  today = await scheduleLookups(t).today(coach);
});
afterAll(() => t.close());

const idOf = async (name: string) => {
  const [row] = await t.db.select().from(questionnaires).where(eq(questionnaires.name, name));
  if (!row) throw new Error(`No questionnaire ${name}`);
  return row.id;
};

describe('the demo questionnaires a buyer sees first (issue 26)', () => {
  it("shows today's readiness with one athlete flagged red and one not answered yet", async () => {
    const { body } = await t.request<ReadinessResponse>('GET', '/api/questionnaire-readiness', {
      token: coach,
    });
    expect(body.athletes.length).toBeGreaterThanOrEqual(6);
    const [first] = body.athletes;
    expect(first).toMatchObject({ flag: 'red' });
    expect(`${first!.athlete.firstName} ${first!.athlete.lastName}`).toBe('Tyler Brooks');
    expect(first!.flagged.map((item) => item.itemId)).toContain('fatigue');
    expect(seededBadDay.email).toBe('tyler.brooks@demo.test');
    expect(seededNotYetAnswered).toEqual(['diego.martinez@demo.test', 'athlete@demo.test']);
    for (const firstName of ['Diego', 'Jamie']) {
      const waiting = body.athletes.find((row) => row.athlete.firstName === firstName)!;
      expect(waiting.answered).toBeLessThan(waiting.due);
    }
    // The rest answered today: a readiness card that is mostly green.
    expect(body.answered).toBeGreaterThanOrEqual(body.athletes.length - 2);
  });

  it("gives every athlete six weeks of plausible answers and a baseline to read today's against", async () => {
    const wellness = await idOf('Daily wellness');
    const { body: groups } = await t.request<{ data: { id: string; name: string }[] }>('GET', '/api/groups', {
      token: coach,
    });
    const group = groups.data.find((row) => row.name === 'Position Players')!;
    const { body } = await t.request<TrendResponse>(
      'GET',
      `/api/questionnaire-trends?questionnaireId=${wellness}&groupId=${group.id}&from=${addCalendarDays(today, -(seededWellnessDays - 1))}&to=${today}`,
      { token: coach },
    );
    const total = body.group!.series.find((line) => line.itemId === 'total')!.points;
    expect(total.length).toBe(seededWellnessDays);
    expect(total.every((point) => point.mean >= 13 && point.mean <= 25)).toBe(true);
    for (const row of body.group!.athletes) expect(row.answers).toBeGreaterThanOrEqual(30);
    const rows = await t.db
      .select()
      .from(questionnaireAnswers)
      .where(eq(questionnaireAnswers.questionnaireId, wellness));
    for (const row of rows)
      for (const value of Object.values(row.values)) expect(value).toSatisfy((n: number) => n >= 1 && n <= 5);
  });

  it('has session-RPE answers of a plausible load', async () => {
    const rpe = await idOf('Session RPE');
    const rows = await t.db
      .select()
      .from(questionnaireAnswers)
      .where(eq(questionnaireAnswers.questionnaireId, rpe));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) expect(row.load).toSatisfy((load: number) => load >= 150 && load <= 800);
    const { body } = await t.request<SessionLoadResponse>(
      'GET',
      `/api/questionnaire-trends/load?athleteId=${rows[0]!.athleteId}`,
      { token: coach },
    );
    expect(body.weeks.some((week) => week.sessions > 0)).toBe(true);
  });
});
