import { and, eq } from 'drizzle-orm';
import { v4 as uuidv4 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionnaireTemplateBodies } from '../../../contract/questionnaire-templates';
import type { DueResponse, QuestionnaireAnswer, QuestionnaireItem } from '../../../contract/questionnaires';
import { organizations, questionnaireAnswers, users } from '../../db/schema';
import { addCalendarDays, todayIn } from '../../lib/calendar-days';
import type { ErrorBody } from '../../testing/library-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
let coach: string;
let jamie: string;
let tyler: string;
let today: string;
const ids: Record<string, string> = {};
let wellnessId: string;
let rpeId: string;

const wellness = questionnaireTemplateBodies.wellness;
const fine = { fatigue: 4, sleep: 4, soreness: 3, stress: 4, mood: 5 };
type Answer<T> = T & ErrorBody;

const answer = (id: string, body: Record<string, unknown>, token = jamie) =>
  t.request<Answer<{ answer: QuestionnaireAnswer }>>('PUT', `/api/questionnaire-answers/${id}`, {
    token,
    body,
  });
const due = (query: string, token = jamie) =>
  t.request<Answer<DueResponse>>('GET', `/api/questionnaires/due?${query}`, { token });
const assign = (body: Record<string, unknown>) =>
  t.request<ErrorBody>('POST', '/api/questionnaire-assignments', { token: coach, body });

beforeAll(async () => {
  t = await createTestContext();
  [coach, jamie, tyler] = await Promise.all([
    t.signIn('coach@demo.test'),
    t.signIn('athlete@demo.test'),
    t.signIn('tyler.brooks@demo.test'),
  ]);
  for (const [name, email] of [
    ['jamie', 'athlete@demo.test'],
    ['tyler', 'tyler.brooks@demo.test'],
  ] as const) {
    const [person] = await t.db.select().from(users).where(eq(users.email, email));
    ids[name] = person!.id;
  }
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
  today = todayIn(demo!.timeZone);
  const build = async (body: unknown) =>
    (
      await t.request<{ questionnaire: QuestionnaireItem }>('POST', '/api/questionnaires', {
        token: coach,
        body,
      })
    ).body.questionnaire.id;
  wellnessId = await build(wellness);
  rpeId = await build(questionnaireTemplateBodies.session_rpe);
  // Jamie: the wellness check every day from five days ago; session RPE (any day) once in a month.
  await assign({
    questionnaireId: wellnessId,
    athleteId: ids.jamie,
    repeat: 'daily',
    startsOn: addCalendarDays(today, -5),
  });
  await assign({
    questionnaireId: rpeId,
    athleteId: ids.jamie,
    repeat: 'once',
    dates: [addCalendarDays(today, 30)],
  });
});
afterAll(() => t.close());

describe('answering a questionnaire', () => {
  it('stores the first answer (201) with its total, and answers a resend with the stored answer (200)', async () => {
    const id = uuidv4();
    const body = { questionnaireId: wellnessId, version: 1, date: today, values: fine };
    const first = await answer(id, body);
    expect(first.status).toBe(201);
    expect(first.body.answer).toMatchObject({
      id,
      questionnaireId: wellnessId,
      version: 1,
      athleteId: ids.jamie,
      date: today,
      values: fine,
      total: 20,
    });
    const resend = await answer(id, {
      ...body,
      values: { mood: 5, stress: 4, soreness: 3, sleep: 4, fatigue: 4 },
    });
    expect(resend.status).toBe(200);
    expect(resend.body.answer).toEqual(first.body.answer);

    // A change the same day, from another device with its own id: the day's answer changes and keeps its id.
    const changed = await answer(uuidv4(), { ...body, values: { ...fine, sleep: 1 } });
    expect(changed.status).toBe(200);
    expect(changed.body.answer).toMatchObject({ id, total: 17, values: { ...fine, sleep: 1 } });
    const rows = await t.db
      .select()
      .from(questionnaireAnswers)
      .where(
        and(
          eq(questionnaireAnswers.athleteId, ids.jamie!),
          eq(questionnaireAnswers.date, today),
          // The demo's own wellness answers (seed) are another questionnaire's.
          eq(questionnaireAnswers.questionnaireId, wellnessId),
        ),
      );
    expect(rows).toHaveLength(1);
  });

  it('stores the session-RPE load of an any-day questionnaire on a day it is not assigned', async () => {
    const day = addCalendarDays(today, -1);
    const given = await answer(uuidv4(), {
      questionnaireId: rpeId,
      version: 1,
      date: day,
      values: { effort: 6, minutes: 90 },
    });
    expect(given.status).toBe(201);
    expect(given.body.answer.total).toBeNull();
    const [row] = await t.db
      .select()
      .from(questionnaireAnswers)
      .where(eq(questionnaireAnswers.id, given.body.answer.id));
    expect(row?.load).toBe(540);
  });

  it('takes a change until the day after its date, then answers 409', async () => {
    const old = addCalendarDays(today, -3);
    const id = uuidv4();
    const body = { questionnaireId: wellnessId, version: 1, date: old, values: fine };
    expect((await answer(id, body)).status).toBe(201);
    // The same answer sent again late is still a resend.
    expect((await answer(id, body)).status).toBe(200);
    const late = await answer(id, { ...body, values: { ...fine, mood: 1 } });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('This answer can no longer be changed.');

    const yesterday = addCalendarDays(today, -1);
    const yesterdays = { questionnaireId: wellnessId, version: 1, date: yesterday, values: fine };
    expect((await answer(uuidv4(), yesterdays)).status).toBe(201);
    expect((await answer(uuidv4(), { ...yesterdays, values: { ...fine, mood: 2 } })).status).toBe(200);
  });

  it('names each answer at fault: out of range, unanswered, not a question of the questionnaire', async () => {
    const refused = await answer(uuidv4(), {
      questionnaireId: wellnessId,
      version: 1,
      date: today,
      values: { fatigue: 9, sleep: 4, soreness: 3, stress: 4, extra: 1 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      'values.fatigue': 'Choose a whole number from 1 to 5',
      'values.mood': 'Answer this question',
      'values.extra': 'This question is not in the questionnaire',
    });
  });

  it('refuses an unknown questionnaire or version, a date not assigned, and a date past tomorrow', async () => {
    const body = { questionnaireId: wellnessId, version: 1, date: today, values: fine };
    const fieldsOf = async (changes: Record<string, unknown>) =>
      Object.keys((await answer(uuidv4(), { ...body, ...changes })).body.error.fields ?? {});
    expect(await fieldsOf({ questionnaireId: uuidv4() })).toEqual(['questionnaireId']);
    expect(await fieldsOf({ version: 2 })).toEqual(['version']);
    const notAssigned = await answer(uuidv4(), { ...body, date: addCalendarDays(today, -9) });
    expect(notAssigned.status).toBe(400);
    expect(notAssigned.body.error.fields).toEqual({
      date: `This questionnaire is not assigned on ${addCalendarDays(today, -9)}`,
    });
    expect(await fieldsOf({ date: addCalendarDays(today, 2) })).toEqual(['date']);
    expect(
      await fieldsOf({
        questionnaireId: rpeId,
        date: addCalendarDays(today, 2),
        values: { effort: 1, minutes: 1 },
      }),
    ).toEqual(['date']);
  });

  it('keeps athletes to their own answers (403) and staff to a named athlete of theirs', async () => {
    const body = { questionnaireId: wellnessId, version: 1, date: today, values: fine };
    const forOther = await answer(uuidv4(), { ...body, athleteId: ids.tyler }, jamie);
    expect(forOther.status).toBe(403);
    const unnamed = await answer(uuidv4(), body, coach);
    expect(unnamed.status).toBe(400);
    expect(Object.keys(unnamed.body.error.fields ?? {})).toEqual(['athleteId']);
    const rival = (await t.db.select().from(users).where(eq(users.email, 'athlete@rivals.test')))[0]!;
    const rivals = await answer(uuidv4(), { ...body, athleteId: rival.id }, coach);
    expect(Object.keys(rivals.body.error.fields ?? {})).toEqual(['athleteId']);
    // Staff answer for Jamie: the day's answer exists, so this is a change (200), answered by the coach.
    const forJamie = await answer(
      uuidv4(),
      { ...body, athleteId: ids.jamie, values: { ...fine, stress: 2 } },
      coach,
    );
    expect(forJamie.status).toBe(200);
    expect(forJamie.body.answer.athleteId).toBe(ids.jamie);
  });

  it("answers 409 for an id another athlete's answer holds", async () => {
    const id = uuidv4();
    await assign({ questionnaireId: wellnessId, athleteId: ids.tyler, repeat: 'daily', startsOn: today });
    const body = { questionnaireId: wellnessId, version: 1, date: today, values: fine };
    expect((await answer(id, body, tyler)).status).toBe(201);
    const taken = await answer(id, { ...body, date: addCalendarDays(today, -1) }, jamie);
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toMatch(/already taken/);
  });

  it('refuses an archived questionnaire with 400 questionnaireId', async () => {
    const made = await t.request<{ questionnaire: QuestionnaireItem }>('POST', '/api/questionnaires', {
      token: coach,
      body: { ...wellness, name: 'Archived wellness', anyDay: true },
    });
    const id = made.body.questionnaire.id;
    await t.request('PATCH', `/api/questionnaires/${id}`, { token: coach, body: { archived: true } });
    const refused = await answer(uuidv4(), { questionnaireId: id, version: 1, date: today, values: fine });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields ?? {})).toEqual(['questionnaireId']);
  });
});

describe('what an athlete has to answer', () => {
  it("lists the athlete's due questionnaires with their answers, the any-day ones and their versions", async () => {
    const from = addCalendarDays(today, -1);
    const to = addCalendarDays(today, 1);
    const own = await due(`from=${from}&to=${to}`);
    expect(own.status).toBe(200);
    expect(own.body.athleteId).toBe(ids.jamie);
    expect(own.body.today).toBe(today);
    // The demo's own questionnaires (seed) are due too: this test reads its own two.
    const ours = new Set([wellnessId, rpeId]);
    const ownDue = own.body.due.filter((item) => ours.has(item.questionnaireId));
    expect(ownDue.map((item) => [item.date, item.questionnaireId === wellnessId])).toEqual([
      [from, true],
      [today, true],
      [to, true],
    ]);
    const todays = ownDue.find((item) => item.date === today)!;
    expect(todays.version).toBe(1);
    expect(todays.answer?.values).toMatchObject({ stress: 2 });
    expect(ownDue.find((item) => item.date === to)!.answer).toBeNull();
    expect(own.body.answerable.filter((id) => ours.has(id))).toEqual([rpeId]);
    // Yesterday's session RPE is not due on its date: it is among the other answers.
    expect(
      own.body.otherAnswers
        .filter((row) => ours.has(row.questionnaireId))
        .map((row) => [row.questionnaireId, row.date]),
    ).toEqual([[rpeId, from]]);
    expect(
      own.body.questionnaires
        .filter((item) => ours.has(item.id))
        .map((item) => [item.id, item.version])
        .sort(),
    ).toEqual(
      [
        [wellnessId, 1],
        [rpeId, 1],
      ].sort(),
    );
    // The forms to answer, without the organisation's answer count: an athlete's day never reads every answer.
    for (const item of own.body.questionnaires) expect(item).not.toHaveProperty('answerCount');

    const staff = await due(`from=${from}&to=${to}&athleteId=${ids.jamie}`, coach);
    expect(staff.status).toBe(200);
    expect(staff.body.due).toEqual(own.body.due);
  });

  it("refuses an athlete another's questionnaires (403) and staff a request naming nobody (400 athleteId)", async () => {
    const range = `from=${today}&to=${today}`;
    expect((await due(`${range}&athleteId=${ids.tyler}`)).status).toBe(403);
    const unnamed = await due(range, coach);
    expect(unnamed.status).toBe(400);
    expect(Object.keys(unnamed.body.error.fields ?? {})).toEqual(['athleteId']);
    const tooLong = await due(`from=${today}&to=${addCalendarDays(today, 20)}`);
    expect(Object.keys(tooLong.body.error.fields ?? {})).toEqual(['to']);
  });
});
