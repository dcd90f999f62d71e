import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  createAssignmentRequestSchema,
  QuestionnaireAssignment,
  QuestionnaireItem,
  QuestionnaireListResponse,
  QuestionnaireSummary,
  saveQuestionnaireRequestSchema,
} from '../../../contract/questionnaires';
import {
  athleteGroupMembers,
  athleteGroups,
  questionnaireAnswers,
  questionnaireAssignments,
  questionnaireVersions,
  questionnaires,
  users,
} from '../../db/schema';
import { todayIn } from '../../lib/calendar-days';
import type { SignedInVariables } from '../../lib/context';
import type { Viewer } from '../../lib/directory/sessions';
import { invalidFields, notFound } from '../../lib/errors';
import { questionnaireAssigned } from '../../lib/notifications/makers';
import { notify } from '../../lib/notifications/notify';
import { dueBetween, type AssignmentRow } from '../../lib/questionnaires/due';
import type { TenantScope } from '../../lib/tenancy';
import { answerCounts, questionnaireView, type QuestionnaireRow } from '../../lib/questionnaires/views';

type Saved = z.output<typeof saveQuestionnaireRequestSchema>;
type NewAssignment = z.output<typeof createAssignmentRequestSchema>;

const noSuchQuestionnaire = () => notFound('There is no such questionnaire.');
/** Individual athletes' assignments are counted together under this name in today's answer rate. */
export const individualAthletes = 'Individual athletes';

/** Live assignments' athletes now: those assigned one by one and the members of assigned groups. */
export async function athletesReachedBy(
  tenant: TenantScope,
  assignments: readonly Pick<AssignmentRow, 'athleteId' | 'groupId'>[],
): Promise<string[]> {
  const athleteIds = assignments.flatMap((assignment) =>
    assignment.athleteId ? [assignment.athleteId] : [],
  );
  const groupIds = assignments.flatMap((assignment) => (assignment.groupId ? [assignment.groupId] : []));
  const members =
    groupIds.length === 0
      ? []
      : await tenant.selectFields(
          athleteGroupMembers,
          { athleteId: athleteGroupMembers.userId },
          { where: inArray(athleteGroupMembers.groupId, groupIds) },
        );
  const reached = [...new Set([...athleteIds, ...members.map((member) => member.athleteId)])];
  if (reached.length === 0) return [];
  const approved = await tenant.selectFields(
    users,
    { id: users.id },
    { where: and(inArray(users.id, reached), eq(users.role, 'athlete'), eq(users.status, 'approved')) },
  );
  return approved.map((athlete) => athlete.id);
}

/**
 * Building, versioning, archiving and assigning questionnaires (issue 26, ADR 065). Everything goes through the
 * organisation's TenantScope: another organisation's questionnaire is no such questionnaire (404), its athletes
 * and groups are not ones to assign to (400).
 */
export class QuestionnaireStore {
  constructor(
    private readonly tenant: TenantScope,
    private readonly viewer: Pick<Viewer, 'user' | 'organization'>,
  ) {}

  today(): string {
    return todayIn(this.viewer.organization.timeZone);
  }

  /** The organisation's date an assignment stopped on. */
  readonly stoppedOn = (stoppedAt: Date) => todayIn(this.viewer.organization.timeZone, stoppedAt);

  private async questionnaireRow(id: string, scope = this.tenant): Promise<QuestionnaireRow> {
    const row = await scope.first(questionnaires, eq(questionnaires.id, id.toLowerCase()));
    if (!row) throw noSuchQuestionnaire();
    return row;
  }

  private async viewOf(row: QuestionnaireRow, version = row.currentVersion): Promise<QuestionnaireItem> {
    const [stored, counts] = await Promise.all([
      this.tenant.first(
        questionnaireVersions,
        and(eq(questionnaireVersions.questionnaireId, row.id), eq(questionnaireVersions.version, version))!,
      ),
      answerCounts(this.tenant, [row.id]),
    ]);
    if (!stored) throw notFound('There is no such version of this questionnaire.');
    return questionnaireView(row, stored, counts.get(row.id) ?? 0);
  }

  /** The questionnaires, newest change first, with their live assignments and today's answer rate per group. */
  async list(archived: boolean): Promise<QuestionnaireListResponse> {
    const today = this.today();
    const rows = await this.tenant.selectFields(
      questionnaires,
      {
        id: questionnaires.id,
        name: questionnaires.name,
        description: questionnaires.description,
        template: questionnaires.template,
        currentVersion: questionnaires.currentVersion,
        archivedAt: questionnaires.archivedAt,
        updatedAt: questionnaires.updatedAt,
        questionCount: sql<number>`(select jsonb_array_length(v.questions)::int from ${questionnaireVersions} v where v.questionnaire_id = "questionnaires"."id" and v.version = "questionnaires"."current_version")`,
        activeAssignments: sql<number>`(select count(*)::int from ${questionnaireAssignments} a where a.questionnaire_id = "questionnaires"."id" and a.stopped_at is null)`,
      },
      {
        where: archived ? isNotNull(questionnaires.archivedAt) : isNull(questionnaires.archivedAt),
        orderBy: [desc(questionnaires.updatedAt), asc(questionnaires.id)],
      },
    );
    const rates = archived ? new Map<string, QuestionnaireSummary['today']>() : await this.ratesOn(today);
    return {
      date: today,
      questionnaires: rows.map((row) => ({
        ...row,
        template: row.template ?? null,
        questionCount: row.questionCount ?? 0,
        archivedAt: row.archivedAt?.toISOString() ?? null,
        updatedAt: row.updatedAt.toISOString(),
        today: rates.get(row.id) ?? [],
      })),
    };
  }

  /** Per questionnaire and group: who had it due on `date` and how many of them answered. */
  private async ratesOn(date: string): Promise<Map<string, QuestionnaireSummary['today']>> {
    const due = await dueBetween(this.tenant, { from: date, to: date, stoppedOn: this.stoppedOn });
    if (due.length === 0) return new Map();
    const [answers, groups] = await Promise.all([
      this.tenant.selectFields(
        questionnaireAnswers,
        { questionnaireId: questionnaireAnswers.questionnaireId, athleteId: questionnaireAnswers.athleteId },
        { where: eq(questionnaireAnswers.date, date) },
      ),
      this.tenant.selectFields(athleteGroups, { id: athleteGroups.id, name: athleteGroups.name }),
    ]);
    const answered = new Set(answers.map((answer) => `${answer.questionnaireId}:${answer.athleteId}`));
    const groupNames = new Map(groups.map((group) => [group.id, group.name]));
    const rates = new Map<string, Map<string | null, QuestionnaireSummary['today'][number]>>();
    for (const item of due) {
      const perGroup =
        rates.get(item.questionnaireId) ?? new Map<string | null, QuestionnaireSummary['today'][number]>();
      rates.set(item.questionnaireId, perGroup);
      const rate = perGroup.get(item.groupId) ?? {
        groupId: item.groupId,
        name: item.groupId ? (groupNames.get(item.groupId) ?? 'Group') : individualAthletes,
        due: 0,
        answered: 0,
      };
      rate.due += 1;
      if (answered.has(`${item.questionnaireId}:${item.athleteId}`)) rate.answered += 1;
      perGroup.set(item.groupId, rate);
    }
    // Groups by name, the individual athletes last.
    return new Map(
      [...rates].map(([id, perGroup]) => [
        id,
        [...perGroup.values()].sort(
          (a, b) => Number(a.groupId === null) - Number(b.groupId === null) || a.name.localeCompare(b.name),
        ),
      ]),
    );
  }

  async create(request: Saved): Promise<QuestionnaireItem> {
    const row = await this.tenant.transaction(async (scope) => {
      const [made] = await scope.insert(questionnaires, {
        name: request.name,
        description: request.description,
        template: request.template,
        currentVersion: 1,
        createdBy: this.viewer.user.id,
      });
      await scope.insert(questionnaireVersions, {
        questionnaireId: made!.id,
        version: 1,
        questions: request.questions,
        anyDay: request.anyDay,
        total: request.total,
      });
      await scope.recordLiveEvents([{ kind: 'questionnaires', toStaff: true }]);
      return made!;
    });
    return await this.viewOf(row);
  }

  async read(id: string, version?: number): Promise<QuestionnaireItem> {
    return await this.viewOf(await this.questionnaireRow(id), version);
  }

  /**
   * Saves a questionnaire. Its name and description change in place; changed questions change the current version
   * in place while nobody answered it, else make the next version, so every answer keeps the questions it answered.
   * The questionnaire's row is locked first: two saves at once queue, and make versions 2 and 3, never two 2s.
   */
  async save(id: string, request: Saved): Promise<QuestionnaireItem> {
    const row = await this.tenant.transaction(async (scope) => {
      const locked = await scope.lock(questionnaires, eq(questionnaires.id, id.toLowerCase()));
      if (locked === 0) throw noSuchQuestionnaire();
      const current = await this.questionnaireRow(id, scope);
      const version = await scope.first(
        questionnaireVersions,
        and(
          eq(questionnaireVersions.questionnaireId, current.id),
          eq(questionnaireVersions.version, current.currentVersion),
        )!,
      );
      const questions = { questions: request.questions, anyDay: request.anyDay, total: request.total };
      const changed =
        !version ||
        JSON.stringify({ questions: version.questions, anyDay: version.anyDay, total: version.total }) !==
          JSON.stringify(questions);
      let currentVersion = current.currentVersion;
      if (changed) {
        const answered = await scope.count(
          questionnaireAnswers,
          and(
            eq(questionnaireAnswers.questionnaireId, current.id),
            eq(questionnaireAnswers.version, current.currentVersion),
          ),
        );
        if (answered > 0 || !version) {
          currentVersion += 1;
          await scope.insert(questionnaireVersions, {
            questionnaireId: current.id,
            version: currentVersion,
            ...questions,
          });
        } else {
          await scope.update(
            questionnaireVersions,
            questions,
            and(
              eq(questionnaireVersions.questionnaireId, current.id),
              eq(questionnaireVersions.version, currentVersion),
            )!,
          );
        }
      }
      const [saved] = await scope.update(
        questionnaires,
        { name: request.name, description: request.description, currentVersion, updatedAt: new Date() },
        eq(questionnaires.id, current.id),
      );
      await scope.recordLiveEvents([await this.liveEvent(scope, current.id)]);
      return saved!;
    });
    return await this.viewOf(row);
  }

  async archive(id: string, archived: boolean): Promise<QuestionnaireItem> {
    const current = await this.questionnaireRow(id);
    const row = await this.tenant.transaction(async (scope) => {
      const [saved] = await scope.update(
        questionnaires,
        // Archiving again keeps the first time it was archived.
        { archivedAt: archived ? (current.archivedAt ?? new Date()) : null, updatedAt: new Date() },
        eq(questionnaires.id, current.id),
      );
      if (!saved) throw noSuchQuestionnaire();
      await scope.recordLiveEvents([await this.liveEvent(scope, current.id)]);
      return saved;
    });
    return await this.viewOf(row);
  }

  /** A questionnaire's change told to staff and to the athletes its live assignments reach (their due list). */
  private async liveEvent(scope: TenantScope, questionnaireId: string) {
    const live = await scope.selectFields(
      questionnaireAssignments,
      { athleteId: questionnaireAssignments.athleteId, groupId: questionnaireAssignments.groupId },
      {
        where: and(
          eq(questionnaireAssignments.questionnaireId, questionnaireId),
          isNull(questionnaireAssignments.stoppedAt),
        ),
      },
    );
    return {
      kind: 'questionnaires' as const,
      toStaff: true,
      userIds: await athletesReachedBy(scope, live),
    };
  }

  // ——— Assignments ———

  async listAssignments(questionnaireId?: string): Promise<QuestionnaireAssignment[]> {
    const rows = await this.tenant.select(questionnaireAssignments, {
      where: and(
        isNull(questionnaireAssignments.stoppedAt),
        questionnaireId
          ? eq(questionnaireAssignments.questionnaireId, questionnaireId.toLowerCase())
          : undefined,
      ),
      orderBy: [asc(questionnaireAssignments.createdAt), asc(questionnaireAssignments.id)],
    });
    return await this.assignmentViews(rows);
  }

  private async assignmentViews(rows: readonly AssignmentRow[]): Promise<QuestionnaireAssignment[]> {
    if (rows.length === 0) return [];
    const athleteIds = rows.flatMap((row) => (row.athleteId ? [row.athleteId] : []));
    const groupIds = rows.flatMap((row) => (row.groupId ? [row.groupId] : []));
    const [names, people, groups] = await Promise.all([
      this.tenant.selectFields(
        questionnaires,
        { id: questionnaires.id, name: questionnaires.name },
        { where: inArray(questionnaires.id, [...new Set(rows.map((row) => row.questionnaireId))]) },
      ),
      athleteIds.length === 0
        ? []
        : this.tenant.selectFields(
            users,
            { id: users.id, firstName: users.firstName, lastName: users.lastName },
            { where: inArray(users.id, athleteIds) },
          ),
      groupIds.length === 0
        ? []
        : this.tenant.selectFields(
            athleteGroups,
            { id: athleteGroups.id, name: athleteGroups.name },
            { where: inArray(athleteGroups.id, groupIds) },
          ),
    ]);
    const nameOf = new Map(names.map((row) => [row.id, row.name]));
    const personOf = new Map(people.map((person) => [person.id, person]));
    const groupOf = new Map(groups.map((group) => [group.id, group]));
    return rows.map((row) => ({
      id: row.id,
      questionnaireId: row.questionnaireId,
      questionnaireName: nameOf.get(row.questionnaireId) ?? '',
      athlete: (row.athleteId && personOf.get(row.athleteId)) || null,
      group: (row.groupId && groupOf.get(row.groupId)) || null,
      repeat: row.repeat,
      dates: row.dates,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      weekdays: row.weekdays,
      timeOfDay: row.timeOfDay,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /**
   * Assigns a questionnaire and notifies the athletes it reaches now, one notification each: today's answer screen
   * when it is due for them today, else the dashboard.
   */
  async createAssignment(request: NewAssignment): Promise<QuestionnaireAssignment> {
    const questionnaire = await this.tenant.first(
      questionnaires,
      eq(questionnaires.id, request.questionnaireId.toLowerCase()),
    );
    if (!questionnaire) throw invalidFields({ questionnaireId: 'There is no such questionnaire' });
    if (questionnaire.archivedAt)
      throw invalidFields({ questionnaireId: 'This questionnaire is archived: restore it to assign it' });
    const athleteId = request.athleteId?.toLowerCase() ?? null;
    const groupId = request.groupId?.toLowerCase() ?? null;
    if (athleteId) {
      const athlete = await this.tenant.first(
        users,
        and(eq(users.id, athleteId), eq(users.role, 'athlete'), eq(users.status, 'approved'))!,
      );
      if (!athlete) throw invalidFields({ athleteId: 'Choose an athlete of your organisation' });
    }
    if (groupId) {
      const group = await this.tenant.first(athleteGroups, eq(athleteGroups.id, groupId));
      if (!group) throw invalidFields({ groupId: 'Choose a group of your organisation' });
    }
    const today = this.today();
    const once = request.repeat === 'once';
    const row = await this.tenant.transaction(async (scope) => {
      const [made] = await scope.insert(questionnaireAssignments, {
        questionnaireId: questionnaire.id,
        athleteId,
        groupId,
        repeat: request.repeat,
        dates: once ? [...new Set(request.dates)].sort() : [],
        startsOn: once ? null : request.startsOn,
        endsOn: once ? null : request.endsOn,
        weekdays: request.repeat === 'weekly' ? [...new Set(request.weekdays)].sort() : [],
        timeOfDay: request.timeOfDay,
        createdBy: this.viewer.user.id,
      });
      const reached = await athletesReachedBy(scope, [made!]);
      const dueToday = new Set(
        reached.length === 0
          ? []
          : (
              await dueBetween(scope, {
                from: today,
                to: today,
                athleteIds: reached,
                questionnaireId: questionnaire.id,
                stoppedOn: this.stoppedOn,
              })
            ).map((item) => item.athleteId),
      );
      await notify(
        scope,
        questionnaireAssigned(
          questionnaire,
          reached.map((id) => ({ athleteId: id, dueToday: dueToday.has(id) })),
          today,
        ),
        { actorId: this.viewer.user.id },
      );
      await scope.recordLiveEvents([
        { kind: 'questionnaires', toStaff: true, userIds: reached, data: { athleteIds: reached } },
      ]);
      return made!;
    });
    const [view] = await this.assignmentViews([row]);
    return view!;
  }

  /** Stops an assignment: it asks nothing after today; its answers stay. Stopping it again changes nothing. */
  async stopAssignment(id: string): Promise<void> {
    const assignment = await this.tenant.first(
      questionnaireAssignments,
      eq(questionnaireAssignments.id, id.toLowerCase()),
    );
    if (!assignment) throw notFound('There is no such assignment.');
    if (assignment.stoppedAt) return;
    await this.tenant.transaction(async (scope) => {
      const stopped = await scope.update(
        questionnaireAssignments,
        { stoppedAt: new Date() },
        and(eq(questionnaireAssignments.id, assignment.id), isNull(questionnaireAssignments.stoppedAt))!,
      );
      if (stopped.length === 0) return;
      const reached = await athletesReachedBy(scope, [assignment]);
      await scope.recordLiveEvents([
        { kind: 'questionnaires', toStaff: true, userIds: reached, data: { athleteIds: reached } },
      ]);
    });
  }
}

export const questionnairesOf = (c: { var: Pick<SignedInVariables, 'tenant' | 'viewer'> }) =>
  new QuestionnaireStore(c.var.tenant, c.var.viewer);
