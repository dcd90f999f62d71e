import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Question } from '../../../contract/questionnaire-rules';
import { questionnaireTemplateBodies } from '../../../contract/questionnaire-templates';
import type { ReadinessResponse, SessionLoadResponse, TrendResponse } from '../../../contract/questionnaires';
import { addCalendarDays } from '../../lib/calendar-days';
import type { ErrorBody } from '../../testing/library-lookups';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { deviceClock, trackingLookups } from '../../testing/tracking-lookups';
import { questionnaireFixtures, wellnessValues } from './questionnaire-fixtures';

let t: TestContext;
let coach: string;
let eli: string;
let rivals: string;
let today: string;
let ids: Record<string, string>;
const idOf = (name: string): string => {
  const id = ids[name];
  if (!id) throw new Error(`No id for ${name}`);
  return id;
};
const daysAgo = (days: number) => addCalendarDays(today, -days);
type Built = Awaited<ReturnType<ReturnType<typeof questionnaireFixtures>['questionnaire']>>;
let wellness: Built;
let sessionRpe: Built;
let checkIn: { id: string };
let hrv: { id: string };

const wellnessQuestions = questionnaireTemplateBodies.wellness.questions;
const hrvQuestion: Question = {
  id: 'hrv',
  prompt: 'Morning HRV',
  kind: 'number',
  required: true,
  unit: 'ms',
  min: 0,
  max: 200,
  better: 'higher',
  alertAt: 50,
  measure: null,
};

beforeAll(async () => {
  t = await createTestContext();
  [coach, eli, rivals] = (await Promise.all(
    ['coach@demo.test', 'eli.thompson@demo.test', 'coach@rivals.test'].map((email) => t.signIn(email)),
  )) as [string, string, string];
  const lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  ids = await lookups.named(coach, {
    people: [
      'eli.thompson@demo.test',
      'noah.kim@demo.test',
      'tyler.brooks@demo.test',
      'sam.whitaker@demo.test',
      'athlete@demo.test',
    ],
    groups: ['Pitchers', '2027 Graduates'],
    workouts: ['Bullpen Day'],
  });
  const fixtures = questionnaireFixtures(t);
  // Version 1 asked "Tiredness"; version 2 is the template: fatigue's answers continue by its id.
  const firstVersion = wellnessQuestions.map((question) =>
    question.id === 'fatigue' ? { ...question, prompt: 'Tiredness' } : question,
  );
  const built = await fixtures.questionnaire('demo', {
    name: 'Morning wellness',
    versions: [firstVersion, wellnessQuestions],
    total: questionnaireTemplateBodies.wellness.total,
  });
  wellness = built;
  // Eli: 4s from 20 days ago to yesterday (version 1 until 9 days ago), today fatigue 2 and sleep 3.
  await fixtures.answer(built, idOf('eli.thompson@demo.test'), [
    ...Array.from({ length: 20 }, (_, index) => ({
      date: daysAgo(20 - index),
      values: wellnessValues(4),
      version: 20 - index > 8 ? 1 : 2,
    })),
    { date: today, values: wellnessValues(4, { fatigue: 2, sleep: 3 }) },
  ]);
  // Tyler: 4s for ten days, 2s today; Sam: only today, 5s.
  await fixtures.answer(built, idOf('tyler.brooks@demo.test'), [
    ...Array.from({ length: 10 }, (_, index) => ({ date: daysAgo(10 - index), values: wellnessValues(4) })),
    { date: today, values: wellnessValues(2) },
  ]);
  await fixtures.answer(built, idOf('sam.whitaker@demo.test'), [{ date: today, values: wellnessValues(5) }]);
  await fixtures.assignDaily(built, { groupId: idOf('Pitchers') }, daysAgo(30));
  await fixtures.assignDaily(built, { athleteId: idOf('eli.thompson@demo.test') }, daysAgo(30));

  const rpe = questionnaireTemplateBodies.session_rpe;
  sessionRpe = await fixtures.questionnaire('demo', {
    name: 'After practice',
    versions: [rpe.questions],
    anyDay: true,
  });

  const hrvBuilt = await fixtures.questionnaire('demo', { name: 'HRV', versions: [[hrvQuestion]] });
  hrv = hrvBuilt;
  await fixtures.answer(hrvBuilt, idOf('noah.kim@demo.test'), [
    ...Array.from({ length: 10 }, (_, index) => ({ date: daysAgo(10 - index), values: { hrv: 60 } })),
    { date: today, values: { hrv: 50 } },
  ]);

  const checkInQuestions: Question[] = [
    { id: 'notes', prompt: 'Anything to tell the coach?', kind: 'text', required: false },
    {
      id: 'areas',
      prompt: 'Where does it hurt?',
      kind: 'multiple_choice',
      required: false,
      options: ['Shoulder', 'Elbow', 'Back'],
    },
    { id: 'sick', prompt: 'Feeling sick?', kind: 'yes_no', required: true },
  ];
  const checkInBuilt = await fixtures.questionnaire('demo', {
    name: 'Check-in "weekly"',
    versions: [checkInQuestions],
  });
  checkIn = checkInBuilt;
  await fixtures.answer(checkInBuilt, idOf('eli.thompson@demo.test'), [
    {
      date: daysAgo(1),
      values: { notes: '=HYPERLINK("http://evil.test")', areas: ['Shoulder', 'Elbow'], sick: true },
    },
  ]);
  await fixtures.answer(checkInBuilt, idOf('noah.kim@demo.test'), [
    { date: daysAgo(2), values: { notes: 'All good', areas: [], sick: false } },
  ]);
});
afterAll(() => t.close());

const get = <T>(token: string, path: string) => t.request<T & ErrorBody>('GET', path, { token });
const trendPath = (query: Record<string, string>) =>
  `/api/questionnaire-trends?${new URLSearchParams({ questionnaireId: wellness.id, from: daysAgo(6), to: today, ...query }).toString()}`;

describe("an athlete's trend", () => {
  it("shows each item against the athlete's own 28 days before, counting older versions' answers by question id", async () => {
    const { status, body } = await get<TrendResponse>(
      coach,
      trendPath({ athleteId: idOf('eli.thompson@demo.test') }),
    );
    expect(status).toBe(200);
    // The current version's questions, without the answer count (it would read every answer: ADR 071).
    expect(body.questionnaire).toMatchObject({ name: 'Morning wellness', version: 2, currentVersion: 2 });
    expect(body.questionnaire).not.toHaveProperty('answerCount');
    expect(body.items.map((item) => [item.id, item.label, item.kind])).toEqual([
      ['fatigue', 'Fatigue', 'scale'],
      ['sleep', 'Sleep quality', 'scale'],
      ['soreness', 'Muscle soreness', 'scale'],
      ['stress', 'Stress', 'scale'],
      ['mood', 'Mood', 'scale'],
      ['total', 'Wellness score', 'total'],
    ]);
    expect(body.items.at(-1)).toMatchObject({ min: 5, max: 25, better: 'higher' });
    expect(body.group).toBeNull();
    const series = Object.fromEntries(body.athlete!.series.map((line) => [line.itemId, line.points]));
    // Seven days in the range; the first's baseline reads the answers before the range.
    expect(series.fatigue!.map((point) => point.date)).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((days) => daysAgo(days)),
    );
    expect(series.fatigue![0]).toMatchObject({ value: 4, mean: 4, sd: 1, z: 0, flag: null });
    // Today is not in its own baseline: the mean stays 4; a steady athlete's SD is one step.
    expect(series.fatigue!.at(-1)).toEqual({
      date: today,
      value: 2,
      mean: 4,
      sd: 1,
      z: -2,
      flag: { level: 'red', reason: 'baseline' },
    });
    expect(series.sleep!.at(-1)).toMatchObject({
      value: 3,
      z: -1,
      flag: { level: 'amber', reason: 'baseline' },
    });
    expect(series.soreness!.at(-1)).toMatchObject({ value: 4, flag: null });
    expect(series.total!.at(-1)).toMatchObject({ value: 17, mean: 20, z: -3, flag: { level: 'red' } });
  });

  it('has no baseline before seven answers', async () => {
    const { body } = await get<TrendResponse>(
      coach,
      trendPath({ athleteId: idOf('eli.thompson@demo.test'), from: daysAgo(20), to: daysAgo(12) }),
    );
    const fatigue = body.athlete!.series[0]!.points;
    // 20 … 14 days ago had 0 … 6 answers before them; 13 days ago had seven.
    expect(fatigue.slice(0, 7).every((point) => point.mean === null && point.z === null)).toBe(true);
    expect(fatigue[7]).toMatchObject({ date: daysAgo(13), mean: 4 });
  });

  it("the coach's threshold flags red where the baseline cannot (a number's SD of 0)", async () => {
    const { body } = await get<TrendResponse>(
      coach,
      trendPath({ questionnaireId: hrv.id, athleteId: idOf('noah.kim@demo.test') }),
    );
    expect(body.athlete!.series[0]!.points.at(-1)).toMatchObject({
      value: 50,
      mean: 60,
      sd: 0,
      z: null,
      flag: { level: 'red', reason: 'threshold' },
    });
  });

  it('an athlete reads its own, and neither another athlete nor a group', async () => {
    const own = await get<TrendResponse>(eli, trendPath({}));
    expect(own.status).toBe(200);
    expect(own.body.athlete!.athlete.firstName).toBe('Eli');
    expect((await get(eli, trendPath({ athleteId: idOf('eli.thompson@demo.test') }))).status).toBe(200);
    expect((await get(eli, trendPath({ athleteId: idOf('noah.kim@demo.test') }))).status).toBe(403);
    expect((await get(eli, trendPath({ groupId: idOf('Pitchers') }))).status).toBe(403);
  });
});

describe("a group's trend", () => {
  it('shows the daily mean of who answered, the flag counts, and each athlete’s latest answer', async () => {
    const { status, body } = await get<TrendResponse>(
      coach,
      trendPath({ groupId: idOf('2027 Graduates'), from: daysAgo(1) }),
    );
    expect(status).toBe(200);
    expect(body.athlete).toBeNull();
    expect(body.group!.group.name).toBe('2027 Graduates');
    const fatigue = body.group!.series.find((line) => line.itemId === 'fatigue')!.points;
    expect(fatigue).toEqual([
      { date: daysAgo(1), mean: 4, answered: 1, amber: 0, red: 0 },
      { date: today, mean: 3.5, answered: 2, amber: 0, red: 1 },
    ]);
    expect(
      body.group!.athletes.map((row) => [row.athlete.firstName, row.lastDate, row.flag, row.answers]),
    ).toEqual([
      ['Tyler', today, 'red', 2],
      ['Sam', today, null, 1],
    ]);
  });
});

describe("a group's trend after an edit", () => {
  it('follows a threshold the coach changed since the last read', async () => {
    const question: Question = { ...hrvQuestion, prompt: 'Evening HRV' };
    const fixtures = questionnaireFixtures(t);
    const built = await fixtures.questionnaire('demo', { name: 'Evening HRV', versions: [[question]] });
    await fixtures.answer(built, idOf('noah.kim@demo.test'), [{ date: today, values: { hrv: 45 } }]);
    const path = trendPath({ questionnaireId: built.id, groupId: idOf('Pitchers'), from: today });
    const before = await get<TrendResponse>(coach, path);
    expect(before.body.group!.series[0]!.points).toEqual([
      { date: today, mean: 45, answered: 1, amber: 0, red: 1 },
    ]);

    const saved = await t.request('PUT', `/api/questionnaires/${built.id}`, {
      token: coach,
      body: { name: 'Evening HRV', questions: [{ ...question, alertAt: 40 }], anyDay: false, total: null },
    });
    expect(saved.status).toBe(200);
    // The server kept the items it read the first time: the new version's threshold decides all the same.
    const after = await get<TrendResponse>(coach, path);
    expect(after.body.group!.series[0]!.points).toEqual([
      { date: today, mean: 45, answered: 1, amber: 0, red: 0 },
    ]);
  });
});

describe('asking for a trend wrongly', () => {
  it('answers 400 without an athlete or a group, with both, and for a bad range', async () => {
    expect((await get(coach, trendPath({}))).status).toBe(400);
    const both = await get(
      coach,
      trendPath({ athleteId: idOf('eli.thompson@demo.test'), groupId: idOf('Pitchers') }),
    );
    expect(both.status).toBe(400);
    expect(both.body.error.fields).toHaveProperty('athleteId');
    const backwards = await get(coach, trendPath({ groupId: idOf('Pitchers'), from: today, to: daysAgo(1) }));
    expect(backwards.body.error.fields).toEqual({ to: 'End on or after the start' });
    const long = await get(coach, trendPath({ groupId: idOf('Pitchers'), from: daysAgo(366) }));
    expect(long.body.error.fields).toEqual({ to: 'Ask for at most 366 days' });
  });

  it('answers 404 for a questionnaire, athlete or group not of the organisation', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await get(coach, trendPath({ questionnaireId: unknown, groupId: idOf('Pitchers') }))).status,
    ).toBe(404);
    expect((await get(coach, trendPath({ athleteId: unknown }))).status).toBe(404);
    expect((await get(coach, trendPath({ groupId: unknown }))).status).toBe(404);
    const rival = await get(rivals, trendPath({ athleteId: idOf('eli.thompson@demo.test') }));
    expect(rival.status).toBe(404);
  });
});

describe('readiness', () => {
  const rank = (row: ReadinessResponse['athletes'][number]) =>
    row.flag === 'red' ? 0 : row.flag === 'amber' ? 1 : row.answered < row.due ? 2 : 3;

  it('lists who had something due or answered today, red first, then amber, then not answered', async () => {
    const { status, body } = await get<ReadinessResponse>(coach, '/api/questionnaire-readiness');
    expect(status).toBe(200);
    expect(body.date).toBe(today);
    const ranks = body.athletes.map(rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const row = (firstName: string) =>
      body.athletes.find((athlete) => athlete.athlete.firstName === firstName)!;
    const mine = (firstName: string) =>
      row(firstName).flagged.filter((item) => item.questionnaireId === wellness.id);
    expect(mine('Eli').map((item) => [item.itemId, item.value, item.z, item.flag.level])).toEqual([
      ['fatigue', 2, -2, 'red'],
      ['sleep', 3, -1, 'amber'],
      ['total', 17, -3, 'red'],
    ]);
    expect(row('Eli')).toMatchObject({ flag: 'red' });
    expect(mine('Eli')[0]).toMatchObject({ questionnaireName: 'Morning wellness', label: 'Fatigue' });
    // Noah: the HRV threshold; Sam answered without it being due.
    expect(row('Noah').flagged.map((item) => [item.questionnaireName, item.flag])).toContainEqual([
      'HRV',
      { level: 'red', reason: 'threshold' },
    ]);
    expect(mine('Sam')).toEqual([]);
    // Jamie had Morning wellness due (Pitchers) and did not answer.
    expect(row('Jamie').answered).toBeLessThan(row('Jamie').due);
    const position = (firstName: string) => body.athletes.indexOf(row(firstName));
    expect(position('Eli')).toBeLessThan(position('Jamie'));
    expect(body.due).toBe(body.athletes.reduce((sum, athlete) => sum + athlete.due, 0));
  });

  it('reads another date, and is for staff only', async () => {
    const { body } = await get<ReadinessResponse>(coach, `/api/questionnaire-readiness?date=${daysAgo(40)}`);
    expect(
      body.athletes.every((athlete) => athlete.flagged.every((item) => item.questionnaireId !== wellness.id)),
    ).toBe(true);
    expect((await get(eli, '/api/questionnaire-readiness')).status).toBe(403);
    expect((await get(coach, '/api/questionnaire-readiness?date=tomorrow')).status).toBe(400);
    const rival = await get<ReadinessResponse>(rivals, '/api/questionnaire-readiness');
    expect(rival.body.athletes).toEqual([]);
  });
});

describe('session-RPE load', () => {
  it("adds answers' loads and finished workouts' effort × minutes to their weeks", async () => {
    const eliId = idOf('eli.thompson@demo.test');
    const path = `/api/questionnaire-trends/load?athleteId=${eliId}`;
    const before = (await get<SessionLoadResponse>(coach, path)).body;
    expect(before.weeks).toHaveLength(12);
    expect(
      before.weeks.every((week, index) => index === 0 || week.weekStart > before.weeks[index - 1]!.weekStart),
    ).toBe(true);
    await questionnaireFixtures(t).answer(sessionRpe, eliId, [
      { date: today, values: { effort: 5, minutes: 60 } },
      { date: daysAgo(7), values: { effort: 6, minutes: 50 } },
    ]);
    const tracking = trackingLookups(t);
    const entry = await tracking.schedule(coach, {
      athleteId: eliId,
      workoutId: idOf('Bullpen Day'),
      date: daysAgo(1),
    });
    const log = await tracking.started(coach, entry.id, deviceClock().next());
    const finished = await tracking.finish(coach, log.id, deviceClock().next(), {
      durationSeconds: 3000,
      sessionRpe: 8,
    });
    expect(finished.status).toBe(200);

    const after = (await get<SessionLoadResponse>(coach, path)).body;
    const added = (date: string) => {
      const index = after.weeks.findIndex(
        (week) => week.weekStart <= date && date < addCalendarDays(week.weekStart, 7),
      );
      return {
        load: after.weeks[index]!.load - before.weeks[index]!.load,
        sessions: after.weeks[index]!.sessions - before.weeks[index]!.sessions,
      };
    };
    const total =
      after.weeks.reduce((sum, week) => sum + week.load, 0) -
      before.weeks.reduce((sum, week) => sum + week.load, 0);
    expect(Math.round(total)).toBe(300 + 300 + 400);
    expect(added(daysAgo(7)).load).toBeGreaterThanOrEqual(300);
    // Acute: the 7 days ending today (7 days ago is not in it); chronic: the 28 days' weekly mean.
    expect(after.acute - before.acute).toBeCloseTo(700, 1);
    expect(after.chronic - before.chronic).toBeCloseTo(250, 1);
    expect(after.ratio).toBeCloseTo(after.acute / after.chronic, 2);
    expect(after.zone).not.toBeNull();
  });

  it('an athlete reads its own only; another organisation’s athlete is not found', async () => {
    const eliId = idOf('eli.thompson@demo.test');
    expect((await get(eli, `/api/questionnaire-trends/load?athleteId=${eliId}&to=${today}`)).status).toBe(
      200,
    );
    expect(
      (await get(eli, `/api/questionnaire-trends/load?athleteId=${idOf('noah.kim@demo.test')}`)).status,
    ).toBe(403);
    expect((await get(rivals, `/api/questionnaire-trends/load?athleteId=${eliId}`)).status).toBe(404);
    expect((await get(coach, '/api/questionnaire-trends/load?athleteId=nobody')).status).toBe(400);
  });
});

describe('the CSV export', () => {
  const exportPath = (query: Record<string, string>) =>
    `/api/questionnaire-answers/export?${new URLSearchParams({ from: daysAgo(3), to: today, ...query }).toString()}`;

  it('writes one row per answer with the current questions as columns, as a spreadsheet opens safely', async () => {
    const response = await t.request<string>('GET', exportPath({ questionnaireId: checkIn.id }), {
      token: coach,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="check-in-weekly-${daysAgo(3)}-${today}.csv"`,
    );
    const rows = Papa.parse<string[]>(response.body.trim()).data;
    expect(rows).toEqual([
      [
        'Date',
        'First name',
        'Last name',
        'Version',
        'Anything to tell the coach?',
        'Where does it hurt?',
        'Feeling sick?',
        'Total',
        'Load',
      ],
      [daysAgo(2), 'Noah', 'Kim', '1', 'All good', '', 'no', '', ''],
      [
        daysAgo(1),
        'Eli',
        'Thompson',
        '1',
        `'=HYPERLINK("http://evil.test")`,
        'Shoulder; Elbow',
        'yes',
        '',
        '',
      ],
    ]);
  });

  it("narrows to a group's members, with older versions' answers under today's questions", async () => {
    const response = await t.request<string>(
      'GET',
      exportPath({ questionnaireId: wellness.id, groupId: idOf('2027 Graduates'), from: daysAgo(1) }),
      { token: coach },
    );
    const rows = Papa.parse<string[]>(response.body.trim()).data;
    expect(rows[0]).toEqual([
      'Date',
      'First name',
      'Last name',
      'Version',
      'Fatigue',
      'Sleep quality',
      'Muscle soreness',
      'Stress',
      'Mood',
      'Total',
      'Load',
    ]);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[4], row[9]])).toEqual([
      [daysAgo(1), 'Tyler', '4', '20'],
      [today, 'Tyler', '2', '10'],
      [today, 'Sam', '5', '25'],
    ]);
    const eliOld = await t.request<string>(
      'GET',
      exportPath({ questionnaireId: wellness.id, from: daysAgo(12), to: daysAgo(12) }),
      { token: coach },
    );
    expect(Papa.parse<string[]>(eliOld.body.trim()).data[1]).toEqual([
      daysAgo(12),
      'Eli',
      'Thompson',
      '1',
      '4',
      '4',
      '4',
      '4',
      '4',
      '20',
      '',
    ]);
  });

  it('is for staff of the organisation, over at most 731 days', async () => {
    expect((await get(eli, exportPath({ questionnaireId: wellness.id }))).status).toBe(403);
    expect((await get(rivals, exportPath({ questionnaireId: wellness.id }))).status).toBe(404);
    expect(
      (
        await get(
          coach,
          exportPath({ questionnaireId: wellness.id, groupId: '00000000-0000-4000-8000-000000000000' }),
        )
      ).status,
    ).toBe(404);
    expect((await get(coach, exportPath({ questionnaireId: wellness.id, from: daysAgo(731) }))).status).toBe(
      400,
    );
  });
});
