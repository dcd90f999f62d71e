import type { Report, ReportQuery, ReportSummary, SummaryEvent } from '@contract/reports';
import {
  reportFigures,
  reportQuerySchema,
  reportSchema,
  summariesResponseSchema,
  summaryNotConfiguredCode,
  summaryRequestSchema,
} from '@contract/reports';
import { errorCodes } from '@contract';
import { http } from 'msw';
import { demoGroups, demoOrganization, demoPeople } from '../data';
import { apiError, apiRoute, staffOnly, validationFailure } from './respond';
import { demoToday } from './schedule';

/*
 * Reports (issue 27): a report of the demo organisation worked out from its people and groups, the same shape for
 * any range and scope (numbers scale with the range), and a scripted summary stream citing the report's figures.
 * - Tyler Brooks is falling behind (about two in three workouts done), went over his daily pitch limit once and
 *   has the most red answers;
 * - Diego Martinez misses one workout in six; everyone else keeps up.
 */

const uuid = (n: number) => `b7e1c000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const athletes = demoPeople.filter((person) => person.role === 'athlete' && person.status === 'approved');
const nameOf = (person: (typeof athletes)[number]) => `${person.firstName} ${person.lastName}`;
const ref = (person: (typeof athletes)[number]) => ({ id: person.id, name: nameOf(person) });

/** The share of due workouts each athlete misses (the rest: one in twenty). */
const missedShare: Record<string, number> = { Tyler: 0.34, Diego: 0.17 };
const pitchersGroup = demoGroups[1]!;

const dayMs = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

/** Mondays (the demo's first day of the week) of the weeks that meet the range, oldest first. */
function weekStarts(from: string, to: string): string[] {
  const first = dayOf(from) - ((new Date(dayOf(from)).getUTCDay() + 6) % 7) * dayMs;
  const weeks: string[] = [];
  for (let day = first; day <= dayOf(to); day += 7 * dayMs) weeks.push(isoOf(day));
  return weeks;
}

const rateOf = (completed: number, missed: number) =>
  completed + missed === 0 ? null : completed / (completed + missed);
function figuresOf(completed: number, missed: number, skipped = 0) {
  return { completed, missed, skipped, due: completed + missed, rate: rateOf(completed, missed) };
}

/** The report of `query` as the server would answer it for the demo organisation on `today`. */
export function demoReport(query: ReportQuery, today: string = demoToday()): Report {
  const { from, groupId, athleteId } = query;
  // Days after today are not yet due.
  const to = query.to;
  const dueUntil = to < today ? to : today;
  const group = groupId ? demoGroups.find((candidate) => candidate.id === groupId) : undefined;
  const athlete = athleteId ? athletes.find((candidate) => candidate.id === athleteId) : undefined;
  const inScope = athletes.filter((person) =>
    athlete ? person.id === athlete.id : group ? person.groups.some((entry) => entry.id === group.id) : true,
  );
  const scope = athlete
    ? { kind: 'athlete' as const, ...ref(athlete) }
    : group
      ? { kind: 'group' as const, id: group.id, name: group.name }
      : { kind: 'organization' as const, id: demoOrganization.id, name: demoOrganization.name };
  const weeks = weekStarts(from, to);
  const dueDaysOf = (weekStart: string) => {
    const start = Math.max(dayOf(weekStart), dayOf(from));
    const end = Math.min(dayOf(weekStart) + 6 * dayMs, dayOf(dueUntil));
    return end < start ? 0 : (end - start) / dayMs + 1;
  };

  // Four workouts a week each: per athlete and week, what was completed and missed.
  const athleteWeeks = inScope.map((person) => {
    const share = missedShare[person.firstName] ?? 0.05;
    // Rounded on the running totals, so a range's share comes out right whatever its length.
    let dueSoFar = 0;
    return weeks.map((weekStart) => {
      const due = Math.round((dueDaysOf(weekStart) * 4) / 7);
      const missed = Math.round((dueSoFar + due) * share) - Math.round(dueSoFar * share);
      dueSoFar += due;
      return { weekStart, completed: due - missed, missed };
    });
  });
  const sum = (rows: { completed: number; missed: number }[]) =>
    figuresOf(
      rows.reduce((total, row) => total + row.completed, 0),
      rows.reduce((total, row) => total + row.missed, 0),
    );
  const byAthlete = inScope.map((person, index) => ({ athlete: ref(person), ...sum(athleteWeeks[index]!) }));
  const lowestFirst = <Row extends { rate: number | null }>(rows: Row[]) =>
    rows.sort((a, b) => (a.rate ?? 2) - (b.rate ?? 2));
  const total = sum(athleteWeeks.flat());

  const groups =
    scope.kind === 'organization'
      ? demoGroups.map((entry) => {
          const rows = inScope.flatMap((person, index) =>
            person.groups.some((member) => member.id === entry.id) ? athleteWeeks[index]! : [],
          );
          return { group: { id: entry.id, name: entry.name }, ...sum(rows) };
        })
      : [];

  const completedIn = (weekStart: string) =>
    athleteWeeks.reduce(
      (count, rows) => count + (rows.find((row) => row.weekStart === weekStart)?.completed ?? 0),
      0,
    );
  const categoryShare = [
    { category: 'lift', share: 0.4, setsPer: 14, repsPer: 5, load: 185 },
    { category: 'throw', share: 0.3, setsPer: 6, repsPer: 15, load: 0 },
    { category: 'mobility', share: 0.2, setsPer: 5, repsPer: 10, load: 0 },
    { category: 'sprint', share: 0.1, setsPer: 8, repsPer: 1, load: 0 },
  ];
  const volumeWeeks = weeks.flatMap((weekStart) =>
    categoryShare
      .map(({ category, share, setsPer, repsPer, load }) => {
        const workouts = Math.round(completedIn(weekStart) * share);
        const sets = workouts * setsPer;
        const reps = sets * repsPer;
        return { weekStart, category, workouts, sets, reps, load: reps * load };
      })
      .filter((row) => row.workouts > 0),
  );
  const categories = categoryShare
    .map(({ category }) => {
      const rows = volumeWeeks.filter((row) => row.category === category);
      return {
        category,
        workouts: rows.reduce((count, row) => count + row.workouts, 0),
        sets: rows.reduce((count, row) => count + row.sets, 0),
        reps: rows.reduce((count, row) => count + row.reps, 0),
        load: rows.reduce((count, row) => count + row.load, 0),
      };
    })
    .filter((row) => row.workouts > 0);
  const sessionLoad = weeks.map((weekStart) => {
    const sessions = completedIn(weekStart);
    return { weekStart, sessions, load: sessions * 6 * 55 };
  });
  const loadRatios = inScope.map((person) => {
    const ratio = person.firstName === 'Tyler' ? 1.42 : person.firstName === 'Noah' ? 0.74 : 1.05;
    const chronic = 1300;
    return {
      athlete: ref(person),
      acute: round(chronic * ratio),
      chronic,
      ratio,
      zone: ratio > 1.3 ? 'amber' : ratio < 0.8 ? 'amber' : 'green',
    };
  });

  const lifts = [
    { exercise: { id: uuid(101), name: 'Back squat' }, base: 245 },
    { exercise: { id: uuid(102), name: 'Bench press' }, base: 175 },
    { exercise: { id: uuid(103), name: 'Trap bar deadlift' }, base: 315 },
  ].map(({ exercise, base }, liftIndex) => ({
    exercise,
    athletes: inScope.map((person, index) => {
      const before = base + index * 10 - liftIndex * 5;
      const change = (index % 3) * 5 + (person.firstName === 'Tyler' ? -5 : 5);
      return { athlete: ref(person), before, best: before + change, change };
    }),
  }));
  const records = inScope.slice(0, 3).map((person, index) => ({
    id: uuid(201 + index),
    athlete: ref(person),
    exercise: lifts[index % lifts.length]!.exercise,
    kind: 'estimated_one_rm',
    value: lifts[index % lifts.length]!.athletes[inScope.indexOf(person)]!.best,
    unit: 'lb',
    date: isoOf(Math.max(dayOf(from), dayOf(dueUntil) - index * 3 * dayMs)),
    logId: uuid(301 + index),
  }));

  const pitchers = inScope.filter((person) => person.groups.some((entry) => entry.id === pitchersGroup.id));
  const throwingWeeks = weeks.filter((weekStart) => dueDaysOf(weekStart) > 0);
  const throwingAthletes = pitchers
    .map((person) => {
      const tyler = person.firstName === 'Tyler';
      const days = throwingWeeks.length * 2;
      const perDay = tyler ? 68 : 52;
      return {
        athlete: ref(person),
        pitches: days * perDay,
        days,
        maxDaily: tyler ? 91 : 64,
        dailyLimit: 85,
        daysOverLimit: tyler && days > 0 ? 1 : 0,
        restDaysMissed: tyler && days > 0 ? 1 : 0,
        workloadRatio: tyler ? 1.38 : 1.02,
        zone: tyler ? 'amber' : 'green',
      };
    })
    .filter((row) => row.pitches > 0)
    .sort((a, b) => b.pitches - a.pitches);
  const totalPitches = throwingAthletes.reduce((count, row) => count + row.pitches, 0);
  const velocity =
    totalPitches === 0
      ? []
      : throwingWeeks.flatMap((weekStart, index) => [
          {
            weekStart,
            pitchType: 'fastball',
            pitches: 60,
            mean: round(84.2 + index * 0.3),
            top: round(87.5 + index * 0.3),
          },
          {
            weekStart,
            pitchType: 'changeup',
            pitches: 25,
            mean: round(75.1 + index * 0.2),
            top: round(77.9 + index * 0.2),
          },
        ]);

  const answers = inScope.length * Math.round(daysBetweenDue(from, dueUntil) * 0.9);
  const flagged = inScope
    .map((person) => ({
      athlete: ref(person),
      red: person.firstName === 'Tyler' ? 3 : person.firstName === 'Sam' ? 1 : 0,
      amber: person.firstName === 'Noah' ? 2 : person.firstName === 'Tyler' ? 1 : 0,
    }))
    .filter((row) => row.red + row.amber > 0 && answers > 0)
    .sort((a, b) => b.red - a.red || b.amber - a.amber);
  const flaggedOf = (share: number) => ({
    amber: Math.round(flagged.reduce((count, row) => count + row.amber, 0) * share),
    red: Math.round(flagged.reduce((count, row) => count + row.red, 0) * share),
  });

  return reportSchema.parse({
    organizationId: demoOrganization.id,
    from,
    to,
    today,
    scope,
    weightUnit: 'lb',
    athletes: inScope.length,
    compliance: {
      total,
      weeks: weeks.map((weekStart) => ({
        weekStart,
        ...sum(athleteWeeks.map((rows) => rows.find((row) => row.weekStart === weekStart)!)),
      })),
      groups: lowestFirst(groups),
      athletes: lowestFirst(byAthlete),
    },
    volume: { weeks: volumeWeeks, categories, sessionLoad, loadRatios },
    strength: { lifts: inScope.length > 0 ? lifts : [], records, recordCount: records.length },
    throwing: { athletes: throwingAthletes, velocity, totalPitches },
    readiness: {
      questionnaires:
        answers === 0
          ? []
          : [
              {
                questionnaire: { id: uuid(401), name: 'Daily wellness' },
                answers,
                due: inScope.length * daysBetweenDue(from, dueUntil),
                items: [
                  { itemId: 'sleep', label: 'Sleep quality', mean: 3.82, answers, ...flaggedOf(0.5) },
                  { itemId: 'soreness', label: 'Soreness', mean: 3.41, answers, ...flaggedOf(0.3) },
                  { itemId: 'fatigue', label: 'Fatigue', mean: 3.66, answers, ...flaggedOf(0.2) },
                ],
              },
            ],
      flagged,
    },
  });
}

function daysBetweenDue(from: string, until: string): number {
  return until < from ? 0 : (dayOf(until) - dayOf(from)) / dayMs + 1;
}

/** A report with nothing in it: no workouts due, no pitches, no answers (a new organisation, a quiet range). */
export function emptyReport(query: ReportQuery, today: string = demoToday()): Report {
  const report = demoReport(query, today);
  const none = figuresOf(0, 0);
  return {
    ...report,
    compliance: {
      total: none,
      weeks: report.compliance.weeks.map((week) => ({ weekStart: week.weekStart, ...none })),
      groups: [],
      athletes: [],
    },
    volume: { weeks: [], categories: [], sessionLoad: [], loadRatios: [] },
    strength: { lifts: [], records: [], recordCount: 0 },
    throwing: { athletes: [], velocity: [], totalPitches: 0 },
    readiness: { questionnaires: [], flagged: [] },
  };
}

export const demoSummaryModel = 'llama3.1:8b';

/** The checked summary the fake model writes of `report`: two cited sentences and one with a made-up number. */
export function demoSummary(report: Report, createdAt = new Date().toISOString()): ReportSummary {
  const figures = reportFigures(report);
  const idOf = (label: string) => figures.find((figure) => figure.label === label)?.id;
  const compliance = idOf('Compliance');
  const behind = report.compliance.athletes[0];
  const behindId = behind ? idOf(`Compliance of ${behind.athlete.name}`) : undefined;
  const percent = (rate: number | null) => (rate === null ? 0 : Math.round(rate * 1000) / 10);
  const sentences = [
    {
      text: `The ${report.scope.name} completed ${percent(report.compliance.total.rate)}% of its workouts [${compliance}].`,
      cites: compliance ? [compliance] : [],
      unsupported: [],
    },
    ...(behind && behindId
      ? [
          {
            text: `${behind.athlete.name} is falling behind at ${percent(behind.rate)}% [${behindId}]; check in this week.`,
            cites: [behindId],
            unsupported: [],
          },
        ]
      : []),
    { text: 'Squat numbers rose by 12% across the team.', cites: [], unsupported: ['12%'] },
  ];
  return {
    id: crypto.randomUUID(),
    from: report.from,
    to: report.to,
    scope: report.scope,
    model: demoSummaryModel,
    createdAt,
    sentences,
    figures,
  };
}

const encoder = new TextEncoder();

/** A `text/event-stream` answer of these events, each written after `delayMs` (as a model writes). */
export function summaryStream(events: SummaryEvent[], { delayMs = 5 }: { delayMs?: number } = {}): Response {
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const event of events) {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        controller.enqueue(encoder.encode(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`));
      }
      controller.close();
    },
  });
  return new Response(body, {
    headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' },
  });
}

/** The events of a summary: its text in a few pieces, then the checked summary. */
export function summaryEvents(summary: ReportSummary): SummaryEvent[] {
  const text = summary.sentences.map((sentence) => sentence.text).join(' ');
  const pieces = text.match(/.{1,24}(\s|$)/g) ?? [text];
  return [
    ...pieces.map((piece) => ({ event: 'delta' as const, data: { text: piece } })),
    { event: 'summary', data: summary },
  ];
}

const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
const otherOrganization = () =>
  apiError(404, { code: errorCodes.notFound, message: 'This organisation does not exist.' });

export const reportHandlers = [
  apiRoute(
    { method: 'get', path: '/api/reporting/organization/{id}', responses: { 200: reportSchema } },
    ({ request, params, reply }) => {
      const refused = staffOnly(request);
      if (refused) return refused;
      if (params.id !== demoOrganization.id) return otherOrganization();
      const query = reportQuerySchema.safeParse(queryOf(request));
      if (!query.success) return validationFailure(query.error);
      return reply(200, demoReport(query.data));
    },
  ),
  apiRoute(
    {
      method: 'get',
      path: '/api/reporting/organization/{id}/llm',
      responses: { 200: summariesResponseSchema },
    },
    ({ request, params, reply }) => {
      const refused = staffOnly(request);
      if (refused) return refused;
      if (params.id !== demoOrganization.id) return otherOrganization();
      const query = reportQuerySchema.safeParse(queryOf(request));
      if (!query.success) return validationFailure(query.error);
      // One summary written the day before, of the same range and scope.
      const earlier = demoSummary(demoReport(query.data), new Date(Date.now() - dayMs).toISOString());
      return reply(200, { configured: true, model: demoSummaryModel, summaries: [earlier] });
    },
  ),
];

/** What `GET …/llm` answers where the server has no language model configured. */
export const summariesNotConfigured = { configured: false, model: null, summaries: [] };

/** The JSON refusal of `POST …/llm` before any stream, where no model is configured. */
export const summaryNotConfiguredError = () =>
  apiError(503, {
    code: summaryNotConfiguredCode,
    message: 'Written summaries are not configured on this server.',
  });

/**
 * `POST /api/reporting/organization/{id}/llm`: the summary's server-sent events. Not a JSON route, so not among
 * `handlers` (which server/mock-handlers.test.ts checks against the OpenAPI document's JSON answers): mocks/server.ts
 * adds it after them, as it does the live-events stream.
 */
export const reportSummaryStreamHandlers = [
  http.post('*/api/reporting/organization/:id/llm', async ({ request, params }) => {
    const refused = staffOnly(request);
    if (refused) return refused;
    if (params.id !== demoOrganization.id) return otherOrganization();
    const body = summaryRequestSchema.safeParse(await request.json().catch(() => null));
    if (!body.success) return validationFailure(body.error);
    return summaryStream(summaryEvents(demoSummary(demoReport(body.data))));
  }),
];
