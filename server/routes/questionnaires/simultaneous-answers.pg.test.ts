import { eq } from 'drizzle-orm';
import { v4 as uuidv4 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionnaireTemplateBodies } from '../../../contract/questionnaire-templates';
import type {
  QuestionnaireAnswer,
  QuestionnaireAssignment,
  QuestionnaireItem,
} from '../../../contract/questionnaires';
import { organizations, questionnaireAnswerItems, questionnaireVersions, users } from '../../db/schema';
import { addCalendarDays, todayIn } from '../../lib/calendar-days';
import { baselinesOf } from '../../lib/questionnaires/baselines';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { storedAnswers } from '../questionnaire-trends/questionnaire-fixtures';

// Real PostgreSQL with a pool of four connections: requests fired together really overlap (npm run test:pg).
let t: TestContext;
let coach: string;
let jamie: string;
let jamieId: string;
let today: string;

const wellness = questionnaireTemplateBodies.wellness;
const fine = { fatigue: 4, sleep: 4, soreness: 3, stress: 4, mood: 5 };

beforeAll(async () => {
  t = await createTestContext();
  [coach, jamie] = await Promise.all([t.signIn('coach@demo.test'), t.signIn('athlete@demo.test')]);
  const [person] = await t.db.select().from(users).where(eq(users.email, 'athlete@demo.test'));
  jamieId = person!.id;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
  today = todayIn(demo!.timeZone);
});
afterAll(() => t.close());

/** A new wellness check assigned to Jamie every day from today. */
async function assignedWellness(name: string, startsOn = today) {
  const made = await t.request<{ questionnaire: QuestionnaireItem }>('POST', '/api/questionnaires', {
    token: coach,
    body: { ...wellness, name },
  });
  const id = made.body.questionnaire.id;
  const assigned = await t.request<{ assignment: QuestionnaireAssignment }>(
    'POST',
    '/api/questionnaire-assignments',
    { token: coach, body: { questionnaireId: id, athleteId: jamieId, repeat: 'daily', startsOn } },
  );
  return { id, assignmentId: assigned.body.assignment.id };
}

const answer = (id: string, body: Record<string, unknown>) =>
  t.request<{ answer: QuestionnaireAnswer }>('PUT', `/api/questionnaire-answers/${id}`, {
    token: jamie,
    body,
  });
const rowsOf = (questionnaireId: string) => storedAnswers(t, questionnaireId, jamieId);

describe('answers under real overlap', () => {
  it('keeps one row when two devices send the same answer at once: 201 once', async () => {
    const { id } = await assignedWellness('Same id at once');
    const answerId = uuidv4();
    const body = { questionnaireId: id, version: 1, date: today, values: fine };
    const answers = await Promise.all(Array.from({ length: 4 }, () => answer(answerId, body)));
    expect(answers.map((given) => given.status).sort()).toEqual([200, 200, 200, 201]);
    expect(await rowsOf(id)).toHaveLength(1);
  });

  it('keeps one row for the day when devices with their own ids answer at once, each told its id', async () => {
    const { id } = await assignedWellness('Own ids at once');
    const body = { questionnaireId: id, version: 1, date: today, values: fine };
    const answers = await Promise.all(Array.from({ length: 4 }, () => answer(uuidv4(), body)));
    expect(answers.map((given) => given.status).sort()).toEqual([200, 200, 200, 201]);
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((given) => given.body.answer.id))).toEqual(new Set([rows[0]!.id]));
  });

  it('keeps one of the changes whole when changes of one day arrive at once', async () => {
    const { id } = await assignedWellness('Changes at once');
    const answerId = uuidv4();
    const body = { questionnaireId: id, version: 1, date: today, values: fine };
    expect((await answer(answerId, body)).status).toBe(201);
    const moods = [1, 2, 3];
    const answers = await Promise.all(
      moods.map((mood) => answer(uuidv4(), { ...body, values: { ...fine, mood } })),
    );
    expect(answers.map((given) => given.status)).toEqual([200, 200, 200]);
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(answerId);
    // One of the changes is the day's answer, whole: never a mix, never the first answer left standing.
    expect(answers.map((given) => given.body.answer.values)).toContainEqual(rows[0]!.values);
    expect(rows[0]!.values.mood).not.toBe(5);
  });

  it("keeps every day's baseline right when a phone's days of answers arrive at once", async () => {
    // Ten days answered offline, sent together: each write refreshes the baselines of the days after it.
    const { id } = await assignedWellness('Ten days at once', addCalendarDays(today, -9));
    const days = Array.from({ length: 10 }, (_, index) => addCalendarDays(today, index - 9));
    const answers = await Promise.all(
      days.map((date, index) =>
        answer(uuidv4(), {
          questionnaireId: id,
          version: 1,
          date,
          values: { ...fine, fatigue: 1 + (index % 5), sleep: 5 - (index % 3) },
        }),
      ),
    );
    expect(answers.map((given) => given.status)).toEqual(days.map(() => 201));
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row.baselines, row.date).toEqual(baselinesOf(row, rows));
    expect(rows.find((row) => row.date === today)?.baselines.fatigue?.[0]).toBe(9);
    // The typed items a group's trend adds up (ADR 072) are each answer's numbers with its final baselines.
    const items = await t.db
      .select()
      .from(questionnaireAnswerItems)
      .where(eq(questionnaireAnswerItems.questionnaireId, id));
    const expected = rows.flatMap((row) =>
      Object.entries({ ...row.values, total: row.total }).map(([itemId, value]) => {
        const [count = 0, mean = null, sd = null] = row.baselines[itemId] ?? [];
        return { answerId: row.id, itemId, value, baseCount: count, baseMean: mean, baseSd: sd };
      }),
    );
    const byKey = (a: { answerId: string; itemId: string }, b: { answerId: string; itemId: string }) =>
      `${a.answerId}${a.itemId}`.localeCompare(`${b.answerId}${b.itemId}`);
    expect(
      items
        .map(({ answerId, itemId, value, baseCount, baseMean, baseSd }) => ({
          answerId,
          itemId,
          value,
          baseCount,
          baseMean,
          baseSd,
        }))
        .sort(byKey),
    ).toEqual(expected.sort(byKey));
  });

  it('makes one version 2 when two saves of an answered questionnaire arrive at once', async () => {
    const { id } = await assignedWellness('Saved twice at once');
    expect(
      (await answer(uuidv4(), { questionnaireId: id, version: 1, date: today, values: fine })).status,
    ).toBe(201);
    const fewer = (count: number) => ({
      ...wellness,
      name: 'Saved twice at once',
      questions: wellness.questions.slice(0, count),
    });
    const saves = await Promise.all(
      [4, 3].map((count) =>
        t.request<{ questionnaire: QuestionnaireItem }>('PUT', `/api/questionnaires/${id}`, {
          token: coach,
          body: fewer(count),
        }),
      ),
    );
    // Under the row lock they run one after the other: the first makes version 2 (version 1 has an answer), the
    // second finds version 2 unanswered and changes it in place. Without the lock both made a version 2 (a 500).
    expect(saves.map((save) => save.status)).toEqual([200, 200]);
    expect(saves.map((save) => save.body.questionnaire.version)).toEqual([2, 2]);
    const versions = await t.db
      .select()
      .from(questionnaireVersions)
      .where(eq(questionnaireVersions.questionnaireId, id));
    expect(versions.map((row) => row.version).sort()).toEqual([1, 2]);
    const saved = versions.find((row) => row.version === 2)!;
    expect(saves.map((save) => save.body.questionnaire.questions.length)).toContain(saved.questions.length);
    expect(versions.find((row) => row.version === 1)!.questions).toHaveLength(5);
  });

  it('takes the day’s answer while its assignment is being stopped, and asks nothing after today', async () => {
    const { id, assignmentId } = await assignedWellness('Stopped while answered');
    const [stopped, given] = await Promise.all([
      t.request('DELETE', `/api/questionnaire-assignments/${assignmentId}`, { token: coach }),
      answer(uuidv4(), { questionnaireId: id, version: 1, date: today, values: fine }),
    ]);
    expect(stopped.status).toBe(204);
    expect(given.status).toBe(201);
    expect(await rowsOf(id)).toHaveLength(1);
    const tomorrow = await answer(uuidv4(), {
      questionnaireId: id,
      version: 1,
      date: addCalendarDays(today, 1),
      values: fine,
    });
    expect(tomorrow.status).toBe(400);
  });
});
