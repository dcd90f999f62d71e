import { count, inArray } from 'drizzle-orm';
import type {
  QuestionnaireAnswer,
  QuestionnaireItem,
  QuestionnaireForm,
} from '../../../contract/questionnaires';
import { questionnaireAnswers, questionnaireVersions, questionnaires } from '../../db/schema';
import type { TenantScope } from '../tenancy';

export type QuestionnaireRow = typeof questionnaires.$inferSelect;
export type VersionRow = typeof questionnaireVersions.$inferSelect;
export type AnswerRow = typeof questionnaireAnswers.$inferSelect;

export const versionKey = (questionnaireId: string, version: number) => `${questionnaireId}:${version}`;

export function questionnaireView(
  row: QuestionnaireRow,
  version: VersionRow,
  answerCount: number,
): QuestionnaireItem {
  return { ...versionView(row, version), answerCount };
}

/** A questionnaire at a version without its answer count: what the trends show (counting reads every answer). */
export function versionView(row: QuestionnaireRow, version: VersionRow): QuestionnaireForm {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    template: row.template ?? null,
    version: version.version,
    currentVersion: row.currentVersion,
    questions: version.questions,
    anyDay: version.anyDay,
    total: version.total ?? null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function answerView(row: AnswerRow): QuestionnaireAnswer {
  return {
    id: row.id,
    questionnaireId: row.questionnaireId,
    version: row.version,
    athleteId: row.athleteId,
    date: row.date,
    values: row.values,
    total: row.total,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Answers given to each questionnaire (any version), in one grouped query. */
export async function answerCounts(
  tenant: TenantScope,
  questionnaireIds: readonly string[],
): Promise<Map<string, number>> {
  if (questionnaireIds.length === 0) return new Map();
  const rows = await tenant.selectFields(
    questionnaireAnswers,
    { questionnaireId: questionnaireAnswers.questionnaireId, answers: count() },
    {
      where: inArray(questionnaireAnswers.questionnaireId, [...new Set(questionnaireIds)]),
      groupBy: [questionnaireAnswers.questionnaireId],
    },
  );
  return new Map(rows.map((row) => [row.questionnaireId, row.answers]));
}

/** The named versions of the organisation's questionnaires as the contract shows them (unknown ones left out). */
export async function versionViews(
  tenant: TenantScope,
  wanted: readonly { questionnaireId: string; version: number }[],
): Promise<QuestionnaireForm[]> {
  const keys = new Set(wanted.map((item) => versionKey(item.questionnaireId, item.version)));
  const ids = [...new Set(wanted.map((item) => item.questionnaireId))];
  if (ids.length === 0) return [];
  const [rows, versions] = await Promise.all([
    tenant.select(questionnaires, { where: inArray(questionnaires.id, ids) }),
    tenant.select(questionnaireVersions, { where: inArray(questionnaireVersions.questionnaireId, ids) }),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return versions
    .filter((version) => keys.has(versionKey(version.questionnaireId, version.version)))
    .flatMap((version) => {
      const row = byId.get(version.questionnaireId);
      return row ? [versionView(row, version)] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id) || a.version - b.version);
}
