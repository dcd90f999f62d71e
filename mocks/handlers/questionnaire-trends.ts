import type {
  FlaggedItem,
  QuestionnaireItem,
  ReadinessResponse,
  SessionLoadResponse,
  TrendItem,
  TrendPoint,
  TrendResponse,
} from '@contract/questionnaires';
import {
  exportQuerySchema,
  loadQuerySchema,
  loadResponseSchema,
  readinessResponseSchema,
  trendQuerySchema,
  trendResponseSchema,
} from '@contract/questionnaires';
import type { DatedValue, ScaleQuestion } from '@contract/questionnaire-rules';
import {
  baselineFor,
  flagFor,
  questionnaireTotal,
  sdFloorOf,
  sessionLoadRatio,
  sessionLoadZone,
  weekdayOf,
  worseFlag,
} from '@contract/questionnaire-rules';
import { questionnaireTemplateBodies } from '@contract/questionnaire-templates';
import { addDays, format, parseISO } from 'date-fns';
import { http, HttpResponse } from 'msw';
import { demoGroups, demoPeople } from '../data';
import { apiError, apiRoute, staffOnly, validationFailure } from './respond';
import { demoToday } from './schedule';
import { demoQuestionnaireIds } from './questionnaires';

/*
 * The staff's reading of questionnaire answers (issue 26): a year of daily wellness answers of the demo athletes,
 * their baselines, z-scores and flags worked out with the contract's own rules, as the server would. Today:
 * - Tyler Brooks slept badly (sleep 1 against a steady 4: red), Noah Kim is a little sore (amber),
 * - Sam Whitaker's soreness is at the coach's alert (red, "at alert"),
 * - Diego Martinez and Eli Thompson have not answered yet.
 */

// The same questionnaires as the questionnaires screen's fake.
export const demoWellnessId = demoQuestionnaireIds.wellness;
export const demoRpeId = demoQuestionnaireIds.sessionRpe;

const shift = (date: string, days: number) => format(addDays(parseISO(date), days), 'yyyy-MM-dd');
const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const wellnessBody = questionnaireTemplateBodies.wellness;
// The coach alerts at soreness 1 (the worst answer): the threshold flag beside the baseline ones.
const wellnessQuestions = wellnessBody.questions.map((question) =>
  question.id === 'soreness' && question.kind === 'scale' ? { ...question, alertAt: 1 } : question,
);

export const demoWellness: QuestionnaireItem = {
  id: demoWellnessId,
  name: wellnessBody.name,
  description: wellnessBody.description,
  template: 'wellness',
  version: 1,
  currentVersion: 1,
  questions: wellnessQuestions,
  anyDay: false,
  total: wellnessBody.total,
  archivedAt: null,
  updatedAt: '2026-01-10T09:00:00.000Z',
  answerCount: 1500,
};

const athletes = demoPeople.filter((person) => person.role === 'athlete' && person.status === 'approved');
const personRef = ({ id, firstName, lastName }: (typeof athletes)[number]) => ({ id, firstName, lastName });
const byFirstName = (firstName: string) => athletes.find((person) => person.firstName === firstName)!;

/** Not answered today. */
const waitingToday = new Set([byFirstName('Diego').id, byFirstName('Eli').id]);
/** Today's answers that flag. */
const todayOverrides: Record<string, Record<string, number>> = {
  [byFirstName('Tyler').id]: { sleep: 1 },
  [byFirstName('Noah').id]: { soreness: 3 },
  [byFirstName('Sam').id]: { soreness: 1 },
};

/** A steady, repeatable wobble: the same answers on every run. */
function wobble(seed: number): number {
  const x = Math.sin(seed * 12.9898) * 43758.5453;
  return x - Math.floor(x);
}

/** One athlete's scale answers on a day, or null on the days it skipped (about one in eight). */
function answersOn(athleteIndex: number, athleteId: string, date: string, today: string) {
  if (date === today) {
    if (waitingToday.has(athleteId)) return null;
  } else if (wobble(athleteIndex * 1000 + dayCount('2020-01-01', date)) < 0.12) return null;
  const values: Record<string, number> = {};
  wellnessQuestions.forEach((question, questionIndex) => {
    const seed = athleteIndex * 7919 + questionIndex * 104_729 + dayCount('2020-01-01', date) * 31;
    const noise = wobble(seed);
    values[question.id] = noise < 0.2 ? 3 : noise > 0.85 ? 5 : 4;
  });
  if (date !== today) return values;
  // Today is steady (4 on every scale, the usual answer) but for the overrides: on any date the card flags exactly
  // the three athletes the tests name, not one more whose wobble happened to fall low today.
  const steady = Object.fromEntries(wellnessQuestions.map((question) => [question.id, 4]));
  return { ...steady, ...todayOverrides[athleteId] };
}

const items: TrendItem[] = [
  ...wellnessQuestions.map((question) => {
    const scale = question as ScaleQuestion;
    return {
      id: scale.id,
      label: scale.prompt,
      kind: 'scale' as const,
      unit: '',
      min: scale.min,
      max: scale.max,
      better: scale.better,
      alertAt: scale.alertAt,
    };
  }),
  {
    id: 'total',
    label: wellnessBody.total!.label,
    kind: 'total',
    unit: '',
    min: 5,
    max: 25,
    better: 'higher',
    alertAt: null,
  },
];

/** Every answered day of an athlete up to `to`, with 28 days more before `from` for the first baselines. */
function seriesOf(athleteId: string, from: string, to: string, today: string) {
  const athleteIndex = athletes.findIndex((person) => person.id === athleteId);
  const history = new Map<string, DatedValue[]>(items.map((item) => [item.id, []]));
  const points = new Map<string, TrendPoint[]>(items.map((item) => [item.id, []]));
  for (let date = shift(from, -28); date <= to && date <= today; date = shift(date, 1)) {
    const values = answersOn(athleteIndex, athleteId, date, today);
    if (!values) continue;
    for (const item of items) {
      const value = item.id === 'total' ? questionnaireTotal(wellnessQuestions, values) : values[item.id];
      if (typeof value !== 'number') continue;
      const previous = history.get(item.id)!;
      if (date >= from) {
        const baseline = baselineFor(previous, date, sdFloorOf(item.kind));
        const z = baseline && baseline.sd > 0 ? (value - baseline.mean) / baseline.sd : null;
        points.get(item.id)!.push({
          date,
          value,
          mean: baseline?.mean ?? null,
          sd: baseline?.sd ?? null,
          z,
          flag: flagFor(value, z, item.better, item.alertAt),
        });
      }
      previous.push({ date, value });
    }
  }
  return items.map((item) => ({ itemId: item.id, points: points.get(item.id)! }));
}

const memberIds = (groupId: string) =>
  athletes.filter((person) => person.groups.some((group) => group.id === groupId)).map((person) => person.id);

function groupTrend(groupId: string, from: string, to: string, today: string): TrendResponse['group'] {
  const group = demoGroups.find((candidate) => candidate.id === groupId)!;
  const members = memberIds(groupId);
  const perAthlete = members.map((id) => ({ id, series: seriesOf(id, from, to, today) }));
  const series = items.map((item) => {
    const byDate = new Map<string, TrendPoint[]>();
    for (const { series: athleteSeries } of perAthlete)
      for (const point of athleteSeries.find((entry) => entry.itemId === item.id)!.points)
        byDate.set(point.date, [...(byDate.get(point.date) ?? []), point]);
    const points = [...byDate.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, dayPoints]) => ({
        date,
        mean:
          Math.round((dayPoints.reduce((sum, point) => sum + point.value, 0) / dayPoints.length) * 100) / 100,
        answered: dayPoints.length,
        amber: dayPoints.filter((point) => point.flag?.level === 'amber').length,
        red: dayPoints.filter((point) => point.flag?.level === 'red').length,
      }));
    return { itemId: item.id, points };
  });
  const groupAthletes = perAthlete.map(({ id, series: athleteSeries }) => {
    const dates = athleteSeries.flatMap((entry) => entry.points.map((point) => point.date));
    const lastDate = dates.length ? dates.reduce((a, b) => (a > b ? a : b)) : null;
    const flag = athleteSeries
      .flatMap((entry) => entry.points.filter((point) => point.date === lastDate))
      .reduce<'amber' | 'red' | null>((worst, point) => worseFlag(worst, point.flag?.level ?? null), null);
    return {
      athlete: personRef(athletes.find((person) => person.id === id)!),
      lastDate,
      flag,
      answers: new Set(dates).size,
    };
  });
  return { group: { id: group.id, name: group.name }, series, athletes: groupAthletes };
}

/** What today's readiness card reads: every approved athlete has the wellness check due daily. */
export function demoReadiness(today: string): ReadinessResponse {
  const rows = athletes.map((person) => {
    const series = seriesOf(person.id, today, today, today);
    const answered = series.some((entry) => entry.points.length > 0) ? 1 : 0;
    const flagged: FlaggedItem[] = series.flatMap((entry) =>
      entry.points
        .filter((point) => point.flag !== null)
        .map((point) => ({
          questionnaireId: demoWellnessId,
          questionnaireName: demoWellness.name,
          itemId: entry.itemId,
          label: items.find((item) => item.id === entry.itemId)!.label,
          value: point.value,
          z: point.z,
          flag: point.flag!,
        })),
    );
    const flag = flagged.reduce<'amber' | 'red' | null>(
      (worst, item) => worseFlag(worst, item.flag.level),
      null,
    );
    return { athlete: personRef(person), due: 1, answered, flag, flagged };
  });
  return {
    date: today,
    due: rows.length,
    answered: rows.filter((row) => row.answered > 0).length,
    athletes: rows,
  };
}

/** 12 Monday-started weeks of session-RPE load: a steady block, then a heavier last week (ratio above 1.3). */
export function demoSessionLoad(athleteId: string, to: string): SessionLoadResponse {
  const monday = shift(to, -weekdayOf(to));
  const daily: { date: string; load: number }[] = [];
  for (let day = 0; day < 84; day += 1) {
    const date = shift(monday, day - 77);
    if (date > to || weekdayOf(date) >= 5) continue;
    const heavy = dayCount(date, to) < 7;
    daily.push({ date, load: heavy ? 480 + (day % 3) * 40 : 300 + (day % 4) * 30 });
  }
  const weeks = Array.from({ length: 12 }, (_, index) => {
    const weekStart = shift(monday, (index - 11) * 7);
    const inWeek = daily.filter((point) => point.date >= weekStart && point.date < shift(weekStart, 7));
    return {
      weekStart,
      load: inWeek.reduce((sum, point) => sum + point.load, 0),
      sessions: inWeek.length,
    };
  });
  const { acute, chronic, ratio } = sessionLoadRatio(daily, to);
  return {
    athleteId,
    to,
    weeks,
    acute,
    chronic,
    ratio: ratio === null ? null : Math.round(ratio * 100) / 100,
    zone: ratio === null ? null : sessionLoadZone(ratio),
  };
}

const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
const notFound = (message: string) => apiError(404, { code: 'NOT_FOUND', message });

export const questionnaireTrendHandlers = [
  apiRoute(
    { method: 'get', path: '/api/questionnaire-trends', responses: { 200: trendResponseSchema } },
    ({ request, reply }) => {
      const refused = staffOnly(request);
      if (refused) return refused;
      const query = trendQuerySchema.safeParse(queryOf(request));
      if (!query.success) return validationFailure(query.error);
      const { questionnaireId, athleteId, groupId, from, to } = query.data;
      if (questionnaireId !== demoWellnessId) return notFound('That questionnaire does not exist.');
      const today = demoToday();
      if (athleteId) {
        const athlete = athletes.find((person) => person.id === athleteId);
        if (!athlete) return notFound('That athlete does not exist.');
        return reply(200, {
          questionnaire: demoWellness,
          from,
          to,
          items,
          athlete: { athlete: personRef(athlete), series: seriesOf(athleteId, from, to, today) },
          group: null,
        });
      }
      if (groupId && demoGroups.some((group) => group.id === groupId))
        return reply(200, {
          questionnaire: demoWellness,
          from,
          to,
          items,
          athlete: null,
          group: groupTrend(groupId, from, to, today),
        });
      return notFound('That group does not exist.');
    },
  ),
  apiRoute(
    { method: 'get', path: '/api/questionnaire-trends/load', responses: { 200: loadResponseSchema } },
    ({ request, reply }) => {
      const refused = staffOnly(request);
      if (refused) return refused;
      const query = loadQuerySchema.safeParse(queryOf(request));
      if (!query.success) return validationFailure(query.error);
      return reply(200, demoSessionLoad(query.data.athleteId, query.data.to ?? demoToday()));
    },
  ),
  apiRoute(
    { method: 'get', path: '/api/questionnaire-readiness', responses: { 200: readinessResponseSchema } },
    ({ request, reply }) => {
      const refused = staffOnly(request);
      if (refused) return refused;
      return reply(200, demoReadiness(new URL(request.url).searchParams.get('date') ?? demoToday()));
    },
  ),
];

/**
 * The CSV export: not JSON, so not an `apiRoute` (which parses every answer through a contract schema); a test
 * that downloads adds it with `server.use`, as the live-events stream is added.
 */
export const questionnaireExportHandler = http.get('*/api/questionnaire-answers/export', ({ request }) => {
  const refused = staffOnly(request);
  if (refused) return refused;
  const query = exportQuerySchema.safeParse(queryOf(request));
  if (!query.success) return validationFailure(query.error);
  const { from, to } = query.data;
  return new HttpResponse(
    `date,athlete,fatigue,sleep,soreness,stress,mood,total\n${to},Tyler Brooks,4,1,4,4,4,17\n`,
    {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="daily-wellness-${from}-${to}.csv"`,
      },
    },
  );
});
