import { and, asc, between, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  sessionLoadRatio,
  sessionLoadZone,
  worseFlag,
  type AnswerValue,
  type DayLoad,
} from '../../../contract/questionnaire-rules';
import type {
  ReadinessResponse,
  SessionLoadResponse,
  QuestionnaireForm,
  TrendResponse,
} from '../../../contract/questionnaires';
import {
  athleteGroupMembers,
  athleteGroups,
  questionnaireAnswers,
  questionnaireVersions,
  questionnaires,
  users,
  workoutLogs,
} from '../../db/schema';
import { addCalendarDays, todayIn, weekOf } from '../../lib/calendar-days';
import type { SignedInVariables } from '../../lib/context';
import type { Viewer } from '../../lib/directory/sessions';
import { forbidden, invalidFields, notFound } from '../../lib/errors';
import { dueBetween } from '../../lib/questionnaires/due';
import { versionView } from '../../lib/questionnaires/views';
import { groupTrendOf } from '../../lib/questionnaires/group-trend';
import { athleteSeries, flaggedItemsOf, round, trendItemsOf } from '../../lib/questionnaires/trends';
import type { TenantScope } from '../../lib/tenancy';

/** Weeks of the session-RPE load chart. */
const loadWeeks = 12;

type Person = { id: string; firstName: string; lastName: string };
const byName = (a: Person, b: Person) =>
  a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName);

/** One exported cell: multiple choices joined, yes/no in words, nothing as an empty cell. */
function cellOf(value: AnswerValue | undefined): string | number {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join('; ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return value;
}

/** A file name of plain letters and digits: the header's quotes and non-ASCII names stay out of it. */
const fileSlug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase() || 'questionnaire';

/**
 * The read side of questionnaires (issue 26, ADR 066): trends against each athlete's own baseline, the readiness
 * card, the session-RPE load and the CSV export, through the TenantScope only. Each reads the answers in one query.
 */
export class QuestionnaireTrendsStore {
  constructor(
    private readonly tenant: TenantScope,
    private readonly viewer: Pick<Viewer, 'user' | 'organization'>,
  ) {}

  private today() {
    return todayIn(this.viewer.organization.timeZone);
  }

  private get isAthlete() {
    return this.viewer.user.role === 'athlete';
  }

  /** A questionnaire of the organisation at its current version, as the trends show it. */
  private async questionnaireFor(id: string): Promise<QuestionnaireForm> {
    const questionnaireId = id.toLowerCase();
    // One round trip: the current version is picked by a subquery rather than after reading the row.
    const [[row], [version]] = await Promise.all([
      this.tenant.select(questionnaires, { where: eq(questionnaires.id, questionnaireId), limit: 1 }),
      this.tenant.select(questionnaireVersions, {
        where: and(
          eq(questionnaireVersions.questionnaireId, questionnaireId),
          sql`${questionnaireVersions.version} = (select ${questionnaires.currentVersion} from ${questionnaires}
            where ${questionnaires.id} = ${questionnaireId})`,
        ),
        limit: 1,
      }),
    ]);
    if (!row) throw notFound('There is no such questionnaire in your organisation.');
    if (!version) throw notFound('This questionnaire has no questions yet.');
    return versionView(row, version);
  }

  /** Athletes of the organisation by id, with their names. */
  private async athletesNamed(ids: readonly string[], approvedOnly = false): Promise<Person[]> {
    if (ids.length === 0) return [];
    return await this.tenant.selectFields(
      users,
      { id: users.id, firstName: users.firstName, lastName: users.lastName },
      {
        where: and(
          inArray(users.id, [...ids]),
          eq(users.role, 'athlete'),
          approvedOnly ? eq(users.status, 'approved') : undefined,
        ),
      },
    );
  }

  private async athleteFor(athleteId: string): Promise<Person> {
    const [athlete] = await this.athletesNamed([athleteId.toLowerCase()]);
    if (!athlete) throw notFound('There is no such athlete in your organisation.');
    return athlete;
  }

  /** A group of the organisation with its current members who are athletes. */
  private async groupWithAthletes(groupId: string) {
    const id = groupId.toLowerCase();
    const [[group], members] = await Promise.all([
      this.tenant.selectFields(
        athleteGroups,
        { id: athleteGroups.id, name: athleteGroups.name },
        { where: eq(athleteGroups.id, id), limit: 1 },
      ),
      this.tenant.selectFields(
        athleteGroupMembers,
        { athleteId: athleteGroupMembers.userId },
        { where: eq(athleteGroupMembers.groupId, id) },
      ),
    ]);
    if (!group) throw notFound('There is no such group in your organisation.');
    const athletes = await this.athletesNamed(members.map((member) => member.athleteId));
    return { group, athletes: athletes.sort(byName) };
  }

  /** An athlete reads only its own; anything else is refused, not hidden (the screen says why). */
  private athleteAllowed(athleteId: string | undefined): string {
    if (athleteId !== undefined && athleteId.toLowerCase() !== this.viewer.user.id)
      throw forbidden('You can only see your own answers.');
    return this.viewer.user.id;
  }

  async trend(query: {
    questionnaireId: string;
    athleteId?: string | undefined;
    groupId?: string | undefined;
    from: string;
    to: string;
  }): Promise<TrendResponse> {
    const { from, to } = query;
    let athleteId = query.athleteId;
    if (this.isAthlete) {
      if (query.groupId !== undefined) throw forbidden("You can only see your own answers, not a group's.");
      athleteId = this.athleteAllowed(athleteId);
    } else if ((athleteId === undefined) === (query.groupId === undefined)) {
      throw invalidFields({ athleteId: 'Choose an athlete or a group' }, 'query');
    }
    const questionnaireId = query.questionnaireId.toLowerCase();
    if (athleteId !== undefined) {
      // The answers' query names the athlete itself, so it runs alongside the lookups: one round trip, not two.
      const [questionnaire, athlete, answers] = await Promise.all([
        this.questionnaireFor(questionnaireId),
        this.athleteFor(athleteId),
        this.tenant.selectFields(
          questionnaireAnswers,
          {
            athleteId: questionnaireAnswers.athleteId,
            date: questionnaireAnswers.date,
            values: questionnaireAnswers.values,
            total: questionnaireAnswers.total,
            baselines: questionnaireAnswers.baselines,
          },
          {
            where: and(
              eq(questionnaireAnswers.questionnaireId, questionnaireId),
              eq(questionnaireAnswers.athleteId, athleteId.toLowerCase()),
              // Each answer keeps its baseline: the range alone (ADR 071).
              between(questionnaireAnswers.date, from, to),
            ),
          },
        ),
      ]);
      const items = trendItemsOf(questionnaire);
      return {
        questionnaire,
        from,
        to,
        items,
        athlete: { athlete, series: athleteSeries(items, answers, from, to) },
        group: null,
      };
    }
    const groupId = (query.groupId ?? '').toLowerCase();
    const current = this.questionnaireFor(questionnaireId);
    // The database adds the group's days up from the answers' typed items (ADR 072), while the group is looked up.
    const [questionnaire, { group, athletes }, trend] = await Promise.all([
      current,
      this.groupWithAthletes(groupId),
      current.then((found) =>
        groupTrendOf(this.tenant, { questionnaireId, groupId, items: trendItemsOf(found), from, to }),
      ),
    ]);
    return {
      questionnaire,
      from,
      to,
      items: trendItemsOf(questionnaire),
      athlete: null,
      group: {
        group,
        series: trend.series,
        athletes: athletes.map((athlete) => ({
          athlete,
          ...(trend.athletes.get(athlete.id) ?? { lastDate: null, flag: null, answers: 0 }),
        })),
      },
    };
  }

  /**
   * Readiness on `date`: every approved athlete with something due or answered, flagged items against the 28 days
   * before. Answers of archived questionnaires are left out, as their due days are.
   */
  async readiness(date = this.today()): Promise<ReadinessResponse> {
    const timeZone = this.viewer.organization.timeZone;
    const [due, onDate] = await Promise.all([
      dueBetween(this.tenant, {
        from: date,
        to: date,
        stoppedOn: (stoppedAt) => todayIn(timeZone, stoppedAt),
      }),
      this.tenant.selectFields(
        questionnaireAnswers,
        {
          athleteId: questionnaireAnswers.athleteId,
          questionnaireId: questionnaireAnswers.questionnaireId,
          date: questionnaireAnswers.date,
          values: questionnaireAnswers.values,
          total: questionnaireAnswers.total,
          baselines: questionnaireAnswers.baselines,
        },
        { where: eq(questionnaireAnswers.date, date) },
      ),
    ]);
    const athleteIds = [...new Set([...due, ...onDate].map((row) => row.athleteId))];
    const questionnaireIds = [...new Set(onDate.map((row) => row.questionnaireId))];
    const [athletes, answered, versions] = await Promise.all([
      this.athletesNamed(athleteIds, true),
      questionnaireIds.length === 0
        ? []
        : this.tenant.selectFields(
            questionnaires,
            {
              id: questionnaires.id,
              name: questionnaires.name,
              currentVersion: questionnaires.currentVersion,
            },
            { where: and(inArray(questionnaires.id, questionnaireIds), isNull(questionnaires.archivedAt)) },
          ),
      // The current versions of those questionnaires, picked in the same round trip.
      questionnaireIds.length === 0
        ? []
        : this.tenant.selectFields(
            questionnaireVersions,
            {
              questionnaireId: questionnaireVersions.questionnaireId,
              questions: questionnaireVersions.questions,
              total: questionnaireVersions.total,
            },
            {
              where: sql`(${questionnaireVersions.questionnaireId}, ${questionnaireVersions.version}) in
                (select ${questionnaires.id}, ${questionnaires.currentVersion} from ${questionnaires}
                 where ${inArray(questionnaires.id, questionnaireIds)})`,
            },
          ),
    ]);
    const itemsOf = new Map(versions.map((version) => [version.questionnaireId, trendItemsOf(version)]));
    const live = new Map(answered.map((questionnaire) => [questionnaire.id, questionnaire]));

    const dueOf = new Map<string, Set<string>>();
    for (const item of due)
      dueOf.set(item.athleteId, (dueOf.get(item.athleteId) ?? new Set()).add(item.questionnaireId));
    const answeredBy = new Map<string, typeof onDate>();
    for (const answer of onDate)
      answeredBy.set(answer.athleteId, [...(answeredBy.get(answer.athleteId) ?? []), answer]);
    const rows = athletes.map((athlete) => {
      const dueIds = dueOf.get(athlete.id) ?? new Set<string>();
      const own = (answeredBy.get(athlete.id) ?? []).filter((answer) => live.has(answer.questionnaireId));
      const flagged = own.flatMap((answer) => {
        const questionnaire = live.get(answer.questionnaireId);
        const items = itemsOf.get(answer.questionnaireId);
        return questionnaire && items ? flaggedItemsOf(questionnaire, items, answer) : [];
      });
      return {
        athlete,
        due: dueIds.size,
        // Answers to what was due: an any-day answer (session RPE) is not one of the day's due.
        answered: own.filter((answer) => dueIds.has(answer.questionnaireId)).length,
        flag: flagged.reduce<ReadinessResponse['athletes'][number]['flag']>(
          (worst, item) => worseFlag(worst, item.flag.level),
          null,
        ),
        flagged,
      };
    });
    const rank = (row: (typeof rows)[number]) =>
      row.flag === 'red' ? 0 : row.flag === 'amber' ? 1 : row.answered < row.due ? 2 : 3;
    rows.sort((a, b) => rank(a) - rank(b) || byName(a.athlete, b.athlete));
    return {
      date,
      due: rows.reduce((sum, row) => sum + row.due, 0),
      answered: rows.reduce((sum, row) => sum + row.answered, 0),
      athletes: rows,
    };
  }

  /**
   * The session-RPE load of 12 Monday-started weeks ending with the week of `to`: answers' loads and finished
   * workouts' effort × minutes; the ratio on `to` from the daily loads.
   */
  async load(athleteId: string, to = this.today()): Promise<SessionLoadResponse> {
    if (this.isAthlete) this.athleteAllowed(athleteId);
    const athlete = await this.athleteFor(athleteId);
    const lastWeek = weekOf(to, 'monday').from;
    const from = addCalendarDays(lastWeek, -7 * (loadWeeks - 1));
    const [answers, logs] = await Promise.all([
      this.tenant.selectFields(
        questionnaireAnswers,
        { date: questionnaireAnswers.date, load: questionnaireAnswers.load },
        {
          where: and(
            eq(questionnaireAnswers.athleteId, athlete.id),
            between(questionnaireAnswers.date, from, to),
            isNotNull(questionnaireAnswers.load),
          ),
        },
      ),
      this.tenant.selectFields(
        workoutLogs,
        { date: workoutLogs.date, rpe: workoutLogs.sessionRpe, seconds: workoutLogs.durationSeconds },
        {
          where: and(
            eq(workoutLogs.athleteId, athlete.id),
            eq(workoutLogs.status, 'completed'),
            between(workoutLogs.date, from, to),
            isNotNull(workoutLogs.sessionRpe),
            isNotNull(workoutLogs.durationSeconds),
          ),
        },
      ),
    ]);
    const sessions: DayLoad[] = [
      ...answers.map((answer) => ({ date: answer.date, load: answer.load ?? 0 })),
      ...logs.map((log) => ({ date: log.date, load: (log.rpe ?? 0) * ((log.seconds ?? 0) / 60) })),
    ];
    const weeks = Array.from({ length: loadWeeks }, (_, index) => ({
      weekStart: addCalendarDays(from, 7 * index),
      load: 0,
      sessions: 0,
    }));
    for (const session of sessions) {
      const week = weeks.find(
        (candidate) =>
          session.date >= candidate.weekStart && session.date < addCalendarDays(candidate.weekStart, 7),
      );
      if (!week) continue;
      week.load += session.load;
      week.sessions += 1;
    }
    const { acute, chronic, ratio } = sessionLoadRatio(sessions, to);
    return {
      athleteId: athlete.id,
      to,
      weeks: weeks.map((week) => ({ ...week, load: round(week.load, 1) })),
      acute: round(acute, 1),
      chronic: round(chronic, 1),
      ratio: ratio === null ? null : round(ratio, 2),
      zone: ratio === null ? null : sessionLoadZone(ratio),
    };
  }

  /** The answers to a questionnaire over a range as CSV, columns of its current version; formulas neutralised. */
  async exportCsv(query: {
    questionnaireId: string;
    from: string;
    to: string;
    groupId?: string | undefined;
  }): Promise<{ filename: string; csv: string }> {
    const questionnaire = await this.questionnaireFor(query.questionnaireId);
    const members = query.groupId ? (await this.groupWithAthletes(query.groupId)).athletes : null;
    const answers = await this.tenant.selectFields(
      questionnaireAnswers,
      {
        athleteId: questionnaireAnswers.athleteId,
        date: questionnaireAnswers.date,
        version: questionnaireAnswers.version,
        values: questionnaireAnswers.values,
        total: questionnaireAnswers.total,
        load: questionnaireAnswers.load,
      },
      {
        where: and(
          eq(questionnaireAnswers.questionnaireId, questionnaire.id),
          between(questionnaireAnswers.date, query.from, query.to),
          members
            ? inArray(
                questionnaireAnswers.athleteId,
                members.map((athlete) => athlete.id),
              )
            : undefined,
        ),
        orderBy: [asc(questionnaireAnswers.date)],
      },
    );
    const athletes = new Map(
      (members ?? (await this.athletesNamed([...new Set(answers.map((answer) => answer.athleteId))]))).map(
        (athlete) => [athlete.id, athlete],
      ),
    );
    const rows = answers
      .map((answer) => ({ answer, athlete: athletes.get(answer.athleteId) }))
      .filter(
        (row): row is { answer: (typeof answers)[number]; athlete: Person } => row.athlete !== undefined,
      )
      .sort((a, b) => a.answer.date.localeCompare(b.answer.date) || byName(a.athlete, b.athlete));
    const { questions } = questionnaire;
    const csv = Papa.unparse(
      {
        fields: [
          'Date',
          'First name',
          'Last name',
          'Version',
          ...questions.map((question) => question.prompt),
          'Total',
          'Load',
        ],
        data: rows.map(({ answer, athlete }) => [
          answer.date,
          athlete.firstName,
          athlete.lastName,
          answer.version,
          ...questions.map((question) => cellOf(answer.values[question.id])),
          answer.total ?? '',
          answer.load ?? '',
        ]),
      },
      // A cell starting with = + - @ (or a tab) gets a leading ' so a spreadsheet shows it, never runs it.
      { escapeFormulae: true },
    );
    return { filename: `${fileSlug(questionnaire.name)}-${query.from}-${query.to}.csv`, csv };
  }
}

/** Questionnaire trends as the signed-in user may read them. */
export const questionnaireTrendsOf = (c: { var: Pick<SignedInVariables, 'tenant' | 'viewer'> }) =>
  new QuestionnaireTrendsStore(c.var.tenant, c.var.viewer);
