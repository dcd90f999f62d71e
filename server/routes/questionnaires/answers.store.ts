import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contract/errors';
import {
  answersProblems,
  questionnaireTotal,
  sessionLoad,
  type AnswerValues,
} from '../../../contract/questionnaire-rules';
import type { DueResponse, QuestionnaireAnswer, SaveAnswerRequest } from '../../../contract/questionnaires';
import {
  athleteGroupMembers,
  questionnaireAnswers,
  questionnaireAssignments,
  questionnaireVersions,
  questionnaires,
  users,
} from '../../db/schema';
import { addCalendarDays, todayIn } from '../../lib/calendar-days';
import type { SignedInVariables } from '../../lib/context';
import type { Viewer } from '../../lib/directory/sessions';
import { ApiError, forbidden, invalidFields } from '../../lib/errors';
import { lockAnswersOf, refreshBaselines } from '../../lib/questionnaires/baselines';
import { dueBetween } from '../../lib/questionnaires/due';
import type { TenantScope } from '../../lib/tenancy';
import { answerView, versionKey, versionViews, type AnswerRow } from '../../lib/questionnaires/views';

/** An answer can be changed while its date is at most this many days before the organisation's today (ADR 065). */
export const changeGraceDays = 1;

const isStaff = (role: string) => role === 'admin' || role === 'coach';
const sameContent = (row: AnswerRow, version: number, values: AnswerValues) =>
  row.version === version && JSON.stringify(sortedKeys(row.values)) === JSON.stringify(sortedKeys(values));
// jsonb keeps its own key order: compare answers whatever order their keys came in.
const sortedKeys = (values: AnswerValues) =>
  Object.fromEntries(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * What athletes have to answer, and their answers (issue 26, ADR 065). An answer's id is made on the device; the
 * row is one per questionnaire, athlete and date, so a resend, a second device and a change the same day all land
 * on it.
 */
export class AnswerStore {
  constructor(
    private readonly tenant: TenantScope,
    private readonly viewer: Pick<Viewer, 'user' | 'organization'>,
  ) {}

  private today(): string {
    return todayIn(this.viewer.organization.timeZone);
  }

  private readonly stoppedOn = (stoppedAt: Date) => todayIn(this.viewer.organization.timeZone, stoppedAt);

  /** The athlete a request is about: an athlete itself (another's id: 403), staff a named athlete of theirs. */
  private async athleteFor(athleteId: string | undefined, target: string): Promise<string> {
    const { user } = this.viewer;
    if (!isStaff(user.role)) {
      if (athleteId !== undefined && athleteId.toLowerCase() !== user.id)
        throw forbidden('Athletes answer their own questionnaires only.');
      return user.id;
    }
    if (athleteId === undefined) throw invalidFields({ athleteId: 'Choose the athlete' }, target);
    const athlete = await this.tenant.first(
      users,
      and(eq(users.id, athleteId.toLowerCase()), eq(users.role, 'athlete'), eq(users.status, 'approved'))!,
    );
    if (!athlete) throw invalidFields({ athleteId: 'Choose an athlete of your organisation' }, target);
    return athlete.id;
  }

  /**
   * The athlete's questionnaires from `from` to `to`: each due one with its answer and the version to answer, the
   * any-day ones it may answer, its other answers in the range, and every version named (for answering offline).
   */
  async due(query: { from: string; to: string; athleteId?: string }): Promise<DueResponse> {
    const athleteId = await this.athleteFor(query.athleteId, 'query');
    const [due, answers, answerable] = await Promise.all([
      dueBetween(this.tenant, {
        from: query.from,
        to: query.to,
        athleteIds: [athleteId],
        stoppedOn: this.stoppedOn,
      }),
      this.tenant.select(questionnaireAnswers, {
        where: and(
          eq(questionnaireAnswers.athleteId, athleteId),
          gte(questionnaireAnswers.date, query.from),
          lte(questionnaireAnswers.date, query.to),
        ),
      }),
      this.answerableBy(athleteId),
    ]);
    const answerOf = new Map(answers.map((row) => [`${row.questionnaireId}:${row.date}`, row]));
    const currentOf = new Map<string, number>();
    const neededIds = [
      ...new Set([...due.map((item) => item.questionnaireId), ...answerable.map((item) => item.id)]),
    ];
    if (neededIds.length > 0) {
      const rows = await this.tenant.selectFields(
        questionnaires,
        { id: questionnaires.id, currentVersion: questionnaires.currentVersion },
        { where: inArray(questionnaires.id, neededIds) },
      );
      for (const row of rows) currentOf.set(row.id, row.currentVersion);
    }
    const dueItems = due.map((item) => {
      const answer = answerOf.get(`${item.questionnaireId}:${item.date}`) ?? null;
      return {
        date: item.date,
        questionnaireId: item.questionnaireId,
        version: answer?.version ?? currentOf.get(item.questionnaireId) ?? 1,
        timeOfDay: item.timeOfDay,
        answer: answer ? answerView(answer) : null,
      };
    });
    const dueKeys = new Set(due.map((item) => `${item.questionnaireId}:${item.date}`));
    const otherAnswers = answers
      .filter((row) => !dueKeys.has(`${row.questionnaireId}:${row.date}`))
      .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
    const wanted = [
      ...dueItems.map((item) => ({ questionnaireId: item.questionnaireId, version: item.version })),
      ...otherAnswers.map((row) => ({ questionnaireId: row.questionnaireId, version: row.version })),
      ...answerable.map((item) => ({ questionnaireId: item.id, version: item.currentVersion })),
    ];
    const seen = new Set<string>();
    const unique = wanted.filter((item) => {
      const key = versionKey(item.questionnaireId, item.version);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return {
      athleteId,
      today: this.today(),
      due: dueItems,
      answerable: answerable.map((item) => item.id),
      otherAnswers: otherAnswers.map(answerView),
      questionnaires: await versionViews(this.tenant, unique),
    };
  }

  /** Questionnaires answerable on any day that the athlete (or a group of its) has a live assignment of. */
  private async answerableBy(athleteId: string): Promise<{ id: string; currentVersion: number }[]> {
    const today = this.today();
    return await this.tenant.selectFields(
      questionnaires,
      { id: questionnaires.id, currentVersion: questionnaires.currentVersion },
      {
        where: and(
          isNull(questionnaires.archivedAt),
          sql`exists (select 1 from ${questionnaireVersions} v where v.questionnaire_id = "questionnaires"."id" and v.version = "questionnaires"."current_version" and v.any_day)`,
          sql`exists (select 1 from ${questionnaireAssignments} a where a.questionnaire_id = "questionnaires"."id" and a.stopped_at is null and (a.ends_on is null or a.ends_on >= ${today}) and (a.athlete_id = ${athleteId} or a.group_id in (select gm.group_id from ${athleteGroupMembers} gm where gm.user_id = ${athleteId})))`,
        ),
        orderBy: [questionnaires.name, questionnaires.id],
      },
    );
  }

  /**
   * Saves one athlete's answers on one date: 201 the first time, 200 for a resend or a change (the day's row keeps
   * the id it was first stored with). A change is taken while the date is on or after today − 1 day, else 409.
   * Insert-if-missing then update-if-changed, both on the (questionnaire, athlete, date) key: two devices at once
   * make one row, and the later change wins.
   */
  async save(
    id: string,
    request: SaveAnswerRequest,
  ): Promise<{ answer: QuestionnaireAnswer; created: boolean }> {
    const answerId = id.toLowerCase();
    const athleteId = await this.athleteFor(request.athleteId, 'request body');
    const questionnaire = await this.tenant.first(
      questionnaires,
      eq(questionnaires.id, request.questionnaireId.toLowerCase()),
    );
    if (!questionnaire) throw invalidFields({ questionnaireId: 'There is no such questionnaire' });
    if (questionnaire.archivedAt)
      throw invalidFields({ questionnaireId: 'This questionnaire is archived: it takes no answers' });
    const version = await this.tenant.first(
      questionnaireVersions,
      and(
        eq(questionnaireVersions.questionnaireId, questionnaire.id),
        eq(questionnaireVersions.version, request.version),
      )!,
    );
    if (!version) throw invalidFields({ version: 'There is no such version of this questionnaire' });
    const problems = answersProblems(version.questions, request.values);
    if (Object.keys(problems).length > 0)
      throw invalidFields(
        Object.fromEntries(
          Object.entries(problems).map(([questionId, problem]) => [`values.${questionId}`, problem]),
        ),
      );
    const today = this.today();
    if (request.date > addCalendarDays(today, 1))
      throw invalidFields({ date: 'Answer for today or an earlier day' });
    if (!version.anyDay) {
      const due = await dueBetween(this.tenant, {
        from: request.date,
        to: request.date,
        athleteIds: [athleteId],
        questionnaireId: questionnaire.id,
        stoppedOn: this.stoppedOn,
      });
      if (due.length === 0)
        throw invalidFields({ date: `This questionnaire is not assigned on ${request.date}` });
    }
    const taken = await this.tenant.first(questionnaireAnswers, eq(questionnaireAnswers.id, answerId));
    if (
      taken &&
      (taken.athleteId !== athleteId ||
        taken.questionnaireId !== questionnaire.id ||
        taken.date !== request.date)
    )
      throw idTaken();

    const stored = {
      version: version.version,
      values: request.values,
      total: version.total ? questionnaireTotal(version.questions, request.values) : null,
      load: sessionLoad(version.questions, request.values),
      answeredBy: this.viewer.user.id,
    };
    const day = and(
      eq(questionnaireAnswers.questionnaireId, questionnaire.id),
      eq(questionnaireAnswers.athleteId, athleteId),
      eq(questionnaireAnswers.date, request.date),
    )!;
    const outcome = await this.tenant
      .transaction(async (scope) => {
        await lockAnswersOf(scope, questionnaire.id, athleteId);
        const [inserted] = await scope.insertMissing(questionnaireAnswers, {
          id: answerId,
          questionnaireId: questionnaire.id,
          athleteId,
          date: request.date,
          ...stored,
        });
        let row: AnswerRow | undefined = inserted;
        let changed = Boolean(inserted);
        if (!row) {
          // The day's answer exists (this id, another device's, or one committed while this insert waited).
          [row] = await scope.update(
            questionnaireAnswers,
            { ...stored, updatedAt: new Date() },
            and(
              day,
              gte(questionnaireAnswers.date, addCalendarDays(today, -changeGraceDays)),
              or(
                sql`${questionnaireAnswers.values} is distinct from ${JSON.stringify(request.values)}::jsonb`,
                sql`${questionnaireAnswers.version} <> ${version.version}`,
              ),
            )!,
          );
          changed = Boolean(row);
          row ??= await scope.first(questionnaireAnswers, day);
        }
        if (changed) {
          await refreshBaselines(scope, { questionnaireId: questionnaire.id, athleteId, date: request.date });
          await scope.recordLiveEvents([
            {
              kind: 'questionnaires',
              toStaff: true,
              userIds: [athleteId],
              data: { athleteIds: [athleteId], dates: [request.date] },
            },
          ]);
        }
        return { row, created: Boolean(inserted), changed };
      })
      .catch((error: unknown) => {
        // The id is another organisation's answer: its primary key refused the insert.
        if (isUniqueViolation(error)) throw idTaken();
        throw error;
      });
    const { row, created, changed } = outcome;
    // No row of the day: the insert was skipped for the id alone, which another organisation's answer holds.
    if (!row) throw idTaken();
    if (!created && !changed && !sameContent(row, version.version, request.values))
      throw new ApiError(409, errorCodes.conflict, 'This answer can no longer be changed.');
    return { answer: answerView(row), created };
  }
}

const idTaken = () =>
  new ApiError(409, errorCodes.conflict, 'This answer id is already taken: make a new one.');

const isUniqueViolation = (error: unknown): boolean => {
  const cause = error instanceof Error && 'cause' in error ? error.cause : undefined;
  const code = (candidate: unknown) =>
    typeof candidate === 'object' && candidate !== null && 'code' in candidate ? candidate.code : undefined;
  return code(error) === '23505' || code(cause) === '23505';
};

export const answersOf = (c: { var: Pick<SignedInVariables, 'tenant' | 'viewer'> }) =>
  new AnswerStore(c.var.tenant, c.var.viewer);
