import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { refreshAllBaselines } from '../../lib/questionnaires/baselines';
import {
  questionnaireTotal,
  sessionLoad,
  type AnswerValues,
  type Question,
} from '../../../contract/questionnaire-rules';
import { questionnaireTemplateBodies } from '../../../contract/questionnaire-templates';
import {
  organizations,
  questionnaireAnswers,
  questionnaireAssignments,
  questionnaireVersions,
  questionnaires,
} from '../../db/schema';
import type { TestContext } from '../../testing/test-app';

/**
 * Questionnaires, assignments and answers written straight to the tables for the read side's tests (the write
 * routes are another area's): what staff built and athletes answered, as rows.
 */
export function questionnaireFixtures(t: TestContext) {
  async function organizationId(slug: string): Promise<string> {
    const [organization] = await t.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.slug, slug));
    if (!organization) throw new Error(`No organisation ${slug}`);
    return organization.id;
  }

  /** A questionnaire with its versions (the last is current), as a template or given questions. */
  async function questionnaire(
    slug: string,
    body: {
      name: string;
      versions: Question[][];
      total?: { label: string; better: 'higher' | 'lower' | null } | null;
      anyDay?: boolean;
    },
  ) {
    const orgId = await organizationId(slug);
    const [row] = await t.db
      .insert(questionnaires)
      .values({ organizationId: orgId, name: body.name, currentVersion: body.versions.length })
      .returning();
    if (!row) throw new Error('No questionnaire');
    await t.db.insert(questionnaireVersions).values(
      body.versions.map((questions, index) => ({
        organizationId: orgId,
        questionnaireId: row.id,
        version: index + 1,
        questions,
        anyDay: body.anyDay ?? false,
        total: body.total ?? null,
      })),
    );
    return { id: row.id, organizationId: orgId, versions: body.versions, total: body.total ?? null };
  }

  const wellness = (slug: string, name = 'Daily wellness') => {
    const template = questionnaireTemplateBodies.wellness;
    return questionnaire(slug, { name, versions: [template.questions], total: template.total });
  };

  /** Answers of one athlete, each on a date with its values; total and load worked out as the write side does. */
  async function answer(
    questionnaire: Awaited<ReturnType<typeof wellness>>,
    athleteId: string,
    answers: { date: string; values: AnswerValues; version?: number }[],
  ) {
    if (answers.length === 0) return;
    await t.db.insert(questionnaireAnswers).values(
      answers.map(({ date, values, version = questionnaire.versions.length }) => {
        const questions = questionnaire.versions[version - 1] ?? [];
        return {
          id: randomUUID(),
          organizationId: questionnaire.organizationId,
          questionnaireId: questionnaire.id,
          version,
          athleteId,
          date,
          values,
          total: questionnaire.total ? questionnaireTotal(questions, values) : null,
          load: sessionLoad(questions, values),
        };
      }),
    );
    await refreshAllBaselines(t.db, questionnaire.organizationId);
  }

  /** A daily assignment from `startsOn`, to an athlete or a group. */
  async function assignDaily(
    questionnaire: { id: string; organizationId: string },
    to: { athleteId?: string; groupId?: string },
    startsOn: string,
  ) {
    await t.db.insert(questionnaireAssignments).values({
      organizationId: questionnaire.organizationId,
      questionnaireId: questionnaire.id,
      athleteId: to.athleteId ?? null,
      groupId: to.groupId ?? null,
      repeat: 'daily',
      startsOn,
    });
  }

  return { questionnaire, wellness, answer, assignDaily };
}

/** Five wellness answers of the same value, or as given. */
export const wellnessValues = (
  value: number,
  over: Partial<Record<'fatigue' | 'sleep' | 'soreness' | 'stress' | 'mood', number>> = {},
): AnswerValues => ({
  fatigue: value,
  sleep: value,
  soreness: value,
  stress: value,
  mood: value,
  ...over,
});

/** One athlete's stored answers to one questionnaire, as rows (baselines included). */
export const storedAnswers = (t: TestContext, questionnaireId: string, athleteId: string) =>
  t.db
    .select()
    .from(questionnaireAnswers)
    .where(
      and(
        eq(questionnaireAnswers.questionnaireId, questionnaireId),
        eq(questionnaireAnswers.athleteId, athleteId),
      ),
    );
