import { and, desc, eq, gt } from 'drizzle-orm';
import { v4 as uuidv4 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionnaireTemplateBodies } from '../../../contract/questionnaire-templates';
import type {
  QuestionnaireAssignment,
  QuestionnaireItem,
  QuestionnaireListResponse,
} from '../../../contract/questionnaires';
import {
  athleteGroupMembers,
  athleteGroups,
  liveEvents,
  notifications,
  organizations,
  questionnaireAssignments,
  users,
} from '../../db/schema';
import { addCalendarDays, todayIn } from '../../lib/calendar-days';
import type { ErrorBody } from '../../testing/library-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
let coach: string;
let jamie: string;
let today: string;
let demoId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext();
  [coach, jamie] = await Promise.all([t.signIn('coach@demo.test'), t.signIn('athlete@demo.test')]);
  for (const [name, email] of [
    ['coach', 'coach@demo.test'],
    ['jamie', 'athlete@demo.test'],
    ['tyler', 'tyler.brooks@demo.test'],
  ] as const) {
    const [person] = await t.db.select().from(users).where(eq(users.email, email));
    ids[name] = person!.id;
  }
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
  today = todayIn(demo!.timeZone);
  demoId = demo!.id;
  const [pitchers] = await t.db
    .select()
    .from(athleteGroups)
    .where(and(eq(athleteGroups.organizationId, demo!.id), eq(athleteGroups.name, 'Pitchers')));
  ids.pitchers = pitchers!.id;
});
afterAll(() => t.close());

type Answer<T> = T & ErrorBody;
const wellness = questionnaireTemplateBodies.wellness;
const build = (body: Record<string, unknown> = wellness as unknown as Record<string, unknown>) =>
  t.request<Answer<{ questionnaire: QuestionnaireItem }>>('POST', '/api/questionnaires', {
    token: coach,
    body,
  });
const save = (id: string, body: Record<string, unknown>) =>
  t.request<Answer<{ questionnaire: QuestionnaireItem }>>('PUT', `/api/questionnaires/${id}`, {
    token: coach,
    body,
  });
const read = (id: string, query = '') =>
  t.request<Answer<{ questionnaire: QuestionnaireItem }>>('GET', `/api/questionnaires/${id}${query}`, {
    token: coach,
  });
const list = (query = '') =>
  t.request<Answer<QuestionnaireListResponse>>('GET', `/api/questionnaires${query}`, { token: coach });
const assign = (body: Record<string, unknown>) =>
  t.request<Answer<{ assignment: QuestionnaireAssignment }>>('POST', '/api/questionnaire-assignments', {
    token: coach,
    body,
  });
const answer = (id: string, body: Record<string, unknown>, token = jamie) =>
  t.request<Answer<Record<string, unknown>>>('PUT', `/api/questionnaire-answers/${id}`, { token, body });
const fine = { fatigue: 4, sleep: 4, soreness: 3, stress: 4, mood: 5 };

describe('building questionnaires', () => {
  it('builds one from a template, reads it back, and lists it for staff', async () => {
    const made = await build();
    expect(made.status).toBe(201);
    expect(made.body.questionnaire).toMatchObject({
      name: 'Daily wellness',
      template: 'wellness',
      version: 1,
      currentVersion: 1,
      anyDay: false,
      total: { label: 'Wellness score', better: 'higher' },
      answerCount: 0,
      archivedAt: null,
    });
    expect(made.body.questionnaire.questions.map((question) => question.id)).toEqual([
      'fatigue',
      'sleep',
      'soreness',
      'stress',
      'mood',
    ]);
    const again = await read(made.body.questionnaire.id);
    expect(again.status).toBe(200);
    expect(again.body.questionnaire).toEqual(made.body.questionnaire);

    const listed = await list();
    expect(listed.status).toBe(200);
    expect(listed.body.date).toBe(today);
    expect(listed.body.questionnaires.find((item) => item.id === made.body.questionnaire.id)).toMatchObject({
      name: 'Daily wellness',
      questionCount: 5,
      activeAssignments: 0,
      today: [],
    });
  });

  it('names the field at fault in a 400: a scale whose top is not above its bottom, a missing name', async () => {
    const questions = wellness.questions.map((question, index) =>
      index === 2 ? { ...question, min: 5, max: 1 } : question,
    );
    const broken = await build({ ...wellness, questions, name: ' ' });
    expect(broken.status).toBe(400);
    expect(broken.body.error.fields).toMatchObject({
      'questions.2.max': 'Make the top of the range above its bottom',
      name: 'Name the questionnaire',
    });
  });

  it('refuses athletes every staff route with 403', async () => {
    const id = (await build()).body.questionnaire.id;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/questionnaires'],
      ['POST', '/api/questionnaires', wellness],
      ['GET', `/api/questionnaires/${id}`],
      ['PUT', `/api/questionnaires/${id}`, wellness],
      ['PATCH', `/api/questionnaires/${id}`, { archived: true }],
      ['GET', '/api/questionnaire-assignments'],
      [
        'POST',
        '/api/questionnaire-assignments',
        { questionnaireId: id, athleteId: ids.jamie, repeat: 'daily' },
      ],
      ['DELETE', `/api/questionnaire-assignments/${uuidv4()}`],
    ];
    for (const [method, path, body] of calls)
      expect((await t.request(method, path, { token: jamie, body })).status, `${method} ${path}`).toBe(403);
  });

  it('changes the questions in place while nobody answered, and makes version 2 once someone did', async () => {
    const made = (await build()).body.questionnaire;
    const renamed = await save(made.id, { ...wellness, name: 'Morning check' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.questionnaire).toMatchObject({
      name: 'Morning check',
      version: 1,
      currentVersion: 1,
    });

    const fewer = wellness.questions.slice(0, 4);
    const inPlace = await save(made.id, { ...wellness, name: 'Morning check', questions: fewer });
    expect(inPlace.body.questionnaire).toMatchObject({ version: 1, currentVersion: 1 });
    expect(inPlace.body.questionnaire.questions).toHaveLength(4);

    await assign({ questionnaireId: made.id, athleteId: ids.jamie, repeat: 'daily', startsOn: today });
    const { mood: _mood, ...fourAnswers } = fine;
    const given = await answer(uuidv4(), {
      questionnaireId: made.id,
      version: 1,
      date: today,
      values: fourAnswers,
    });
    expect(given.status).toBe(201);

    const versioned = await save(made.id, { ...wellness, name: 'Morning check' });
    expect(versioned.status).toBe(200);
    expect(versioned.body.questionnaire).toMatchObject({ version: 2, currentVersion: 2, answerCount: 1 });
    expect(versioned.body.questionnaire.questions).toHaveLength(5);

    // The answer keeps the questions it was given to.
    const old = await read(made.id, '?version=1');
    expect(old.status).toBe(200);
    expect(old.body.questionnaire).toMatchObject({ version: 1, currentVersion: 2 });
    expect(old.body.questionnaire.questions).toHaveLength(4);
    expect((await read(made.id, '?version=3')).status).toBe(404);
    expect((await read(uuidv4())).status).toBe(404);

    // Only a new name: no new version.
    const nameOnly = await save(made.id, { ...wellness, name: 'Wellness' });
    expect(nameOnly.body.questionnaire).toMatchObject({ name: 'Wellness', currentVersion: 2 });
  });

  it('archives and restores: archived ones list apart, and take no new assignment', async () => {
    const made = (await build({ ...wellness, name: 'To archive' })).body.questionnaire;
    const archived = await t.request<Answer<{ questionnaire: QuestionnaireItem }>>(
      'PATCH',
      `/api/questionnaires/${made.id}`,
      { token: coach, body: { archived: true } },
    );
    expect(archived.status).toBe(200);
    expect(archived.body.questionnaire.archivedAt).not.toBeNull();
    expect((await list()).body.questionnaires.some((item) => item.id === made.id)).toBe(false);
    expect((await list('?archived=true')).body.questionnaires.map((item) => item.id)).toContain(made.id);

    const refused = await assign({
      questionnaireId: made.id,
      athleteId: ids.jamie,
      repeat: 'daily',
      startsOn: today,
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields ?? {})).toEqual(['questionnaireId']);

    const restored = await t.request<Answer<{ questionnaire: QuestionnaireItem }>>(
      'PATCH',
      `/api/questionnaires/${made.id}`,
      { token: coach, body: { archived: false } },
    );
    expect(restored.body.questionnaire.archivedAt).toBeNull();
  });
});

describe('assigning questionnaires', () => {
  it("notifies each athlete a group reaches, linking to today's answer screen when it is due today", async () => {
    const made = (await build({ ...wellness, name: 'Pitchers wellness' })).body.questionnaire;
    const members = await t.db
      .select({ athleteId: athleteGroupMembers.userId })
      .from(athleteGroupMembers)
      .where(eq(athleteGroupMembers.groupId, ids.pitchers!));
    const assigned = await assign({
      questionnaireId: made.id,
      groupId: ids.pitchers,
      repeat: 'daily',
      startsOn: today,
      timeOfDay: '07:30',
    });
    expect(assigned.status).toBe(201);
    expect(assigned.body.assignment).toMatchObject({
      questionnaireId: made.id,
      questionnaireName: 'Pitchers wellness',
      group: { id: ids.pitchers, name: 'Pitchers' },
      athlete: null,
      repeat: 'daily',
      startsOn: today,
      timeOfDay: '07:30',
    });
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.kind, 'questionnaire'),
          eq(notifications.title, 'New questionnaire: Pitchers wellness'),
        ),
      );
    expect(told.map((row) => row.userId).sort()).toEqual(members.map((member) => member.athleteId).sort());
    expect(new Set(told.map((row) => row.link))).toEqual(
      new Set([`/app/questionnaires/answer/${made.id}/${today}`]),
    );

    // An athlete outside the group, asked once in three days: the notification opens the dashboard.
    const athletes = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.organizationId, demoId), eq(users.role, 'athlete'), eq(users.status, 'approved')));
    const outsider = athletes.find((athlete) => !members.some((member) => member.athleteId === athlete.id))!;
    const later = await assign({
      questionnaireId: made.id,
      athleteId: outsider.id,
      repeat: 'once',
      dates: [addCalendarDays(today, 3)],
    });
    expect(later.status).toBe(201);
    const [outsiders] = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, outsider.id),
          eq(notifications.title, 'New questionnaire: Pitchers wellness'),
        ),
      );
    expect(outsiders?.link).toBe('/app/dashboard');

    const listed = await t.request<Answer<{ assignments: QuestionnaireAssignment[] }>>(
      'GET',
      `/api/questionnaire-assignments?questionnaireId=${made.id}`,
      { token: coach },
    );
    expect(listed.body.assignments.map((row) => row.id)).toEqual([
      assigned.body.assignment.id,
      later.body.assignment.id,
    ]);

    // Today's answer rate: the group's members due, the individual athlete not due today.
    await answer(uuidv4(), { questionnaireId: made.id, version: 1, date: today, values: fine });
    const summary = (await list()).body.questionnaires.find((item) => item.id === made.id);
    expect(summary?.activeAssignments).toBe(2);
    expect(summary?.today).toEqual([
      { groupId: ids.pitchers, name: 'Pitchers', due: members.length, answered: 1 },
    ]);
  });

  it('counts athletes assigned one by one together, and tells staff and the athlete live', async () => {
    const made = (await build({ ...wellness, name: 'One by one' })).body.questionnaire;
    const [last] = await t.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .orderBy(desc(liveEvents.id))
      .limit(1);
    const assigned = await assign({
      questionnaireId: made.id,
      athleteId: ids.tyler,
      repeat: 'daily',
      startsOn: today,
    });
    expect(assigned.status).toBe(201);
    const events = await t.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.kind, 'questionnaires'), gt(liveEvents.id, last?.id ?? 0)));
    expect(events.map((event) => [event.toStaff, event.userIds])).toEqual([[true, [ids.tyler]]]);
    const summary = (await list()).body.questionnaires.find((item) => item.id === made.id);
    expect(summary?.today).toEqual([{ groupId: null, name: 'Individual athletes', due: 1, answered: 0 }]);
  });

  it('refuses an athlete or group that is not the organisation’s, and stops an assignment with its answers kept', async () => {
    const made = (await build({ ...wellness, name: 'Stopping' })).body.questionnaire;
    const [rival] = await t.db.select().from(users).where(eq(users.email, 'athlete@rivals.test'));
    const wrongAthlete = await assign({
      questionnaireId: made.id,
      athleteId: rival!.id,
      repeat: 'daily',
      startsOn: today,
    });
    expect(wrongAthlete.status).toBe(400);
    expect(Object.keys(wrongAthlete.body.error.fields ?? {})).toEqual(['athleteId']);
    const coachAsAthlete = await assign({
      questionnaireId: made.id,
      athleteId: ids.coach,
      repeat: 'daily',
      startsOn: today,
    });
    expect(Object.keys(coachAsAthlete.body.error.fields ?? {})).toEqual(['athleteId']);
    const wrongGroup = await assign({
      questionnaireId: made.id,
      groupId: uuidv4(),
      repeat: 'daily',
      startsOn: today,
    });
    expect(Object.keys(wrongGroup.body.error.fields ?? {})).toEqual(['groupId']);
    const neither = await assign({ questionnaireId: made.id, repeat: 'daily', startsOn: today });
    expect(Object.keys(neither.body.error.fields ?? {})).toEqual(['athleteId']);

    const assigned = await assign({
      questionnaireId: made.id,
      athleteId: ids.jamie,
      repeat: 'daily',
      startsOn: today,
    });
    const given = await answer(uuidv4(), { questionnaireId: made.id, version: 1, date: today, values: fine });
    expect(given.status).toBe(201);
    const stop = await t.request('DELETE', `/api/questionnaire-assignments/${assigned.body.assignment.id}`, {
      token: coach,
    });
    expect(stop.status).toBe(204);
    const [row] = await t.db
      .select()
      .from(questionnaireAssignments)
      .where(eq(questionnaireAssignments.id, assigned.body.assignment.id));
    expect(row?.stoppedAt).not.toBeNull();
    expect(
      (
        await t.request('DELETE', `/api/questionnaire-assignments/${assigned.body.assignment.id}`, {
          token: coach,
        })
      ).status,
    ).toBe(204);
    expect(
      (await t.request('DELETE', `/api/questionnaire-assignments/${uuidv4()}`, { token: coach })).status,
    ).toBe(404);
    const listed = await t.request<{ assignments: QuestionnaireAssignment[] }>(
      'GET',
      `/api/questionnaire-assignments?questionnaireId=${made.id}`,
      { token: coach },
    );
    expect(listed.body.assignments).toEqual([]);
    expect((await read(made.id)).body.questionnaire.answerCount).toBe(1);
  });
});
