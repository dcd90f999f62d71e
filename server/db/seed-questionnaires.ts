import { and, eq, inArray } from 'drizzle-orm';
import { v5 as uuidv5 } from 'uuid';
import { refreshAllBaselines } from '../lib/questionnaires/baselines';
import { questionnaireTotal, sessionLoad, type AnswerValues } from '../../contract/questionnaire-rules';
import {
  questionnaireTemplateBodies,
  type QuestionnaireTemplateBody,
} from '../../contract/questionnaire-templates';
import { addCalendarDays, todayIn } from '../lib/calendar-days';
import type { Database } from './client';
import {
  athleteGroupMembers,
  athleteGroups,
  organizations,
  questionnaireAnswers,
  questionnaireAssignments,
  questionnaireVersions,
  questionnaires,
  scheduleEntries,
  users,
} from './schema';

/** Six weeks of daily wellness: enough for every athlete's 28-day baseline and a trend worth a look. */
export const seededWellnessDays = 42;
/**
 * The athlete whose today is bad (the readiness card's red flag), and those who have not answered yet: one on the
 * card, and the demo athlete, whose dashboard then offers today's check to answer.
 */
export const seededBadDay = {
  email: 'tyler.brooks@demo.test',
  values: { fatigue: 1, sleep: 2, soreness: 2 },
};
export const seededNotYetAnswered = ['diego.martinez@demo.test', 'athlete@demo.test'];

/** Answer ids from a fixed namespace: the same seed makes the same rows. */
const answerNamespace = '7d1c2f3e-5b4a-4c6d-8e9f-0a1b2c3d4e5f';

/** A small deterministic generator (mulberry32): plausible noise without Math.random. */
function numbers(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** One wellness answer around the athlete's own levels: mostly its usual, now and then a step either way. */
function wellnessAnswer(levels: number[], next: () => number): AnswerValues {
  const ids = questionnaireTemplateBodies.wellness.questions.map((question) => question.id);
  return Object.fromEntries(
    ids.map((id, index) => {
      const roll = next();
      const step = roll < 0.12 ? -1 : roll > 0.85 ? 1 : 0;
      return [id, clamp(Math.round((levels[index] ?? 4) + step), 1, 5)];
    }),
  );
}

/**
 * The demo organisation's questionnaires (issue 26): Daily wellness assigned daily to its athlete groups with six
 * weeks of answers (one athlete's today is bad, one has not answered today), and Session RPE, answerable any day,
 * with answers after some past workouts. Plain rows, no notifications; deterministic apart from the dates.
 */
export async function seedQuestionnaires(db: Database, slug: string): Promise<void> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.slug, slug));
  if (!organization) return;
  const organizationId = organization.id;
  const today = todayIn(organization.timeZone);
  const [coach] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'coach')))
    .limit(1);
  const groups = await db
    .select({ id: athleteGroups.id, name: athleteGroups.name })
    .from(athleteGroups)
    .where(
      and(
        eq(athleteGroups.organizationId, organizationId),
        inArray(athleteGroups.name, ['Pitchers', 'Position Players']),
      ),
    );
  if (groups.length === 0) return;
  const members = await db
    .select({ id: users.id, email: users.email })
    .from(athleteGroupMembers)
    .innerJoin(users, eq(users.id, athleteGroupMembers.userId))
    .where(
      and(
        inArray(
          athleteGroupMembers.groupId,
          groups.map((group) => group.id),
        ),
        eq(users.status, 'approved'),
      ),
    );
  const athletes = [...new Map(members.map((member) => [member.id, member])).values()].sort((a, b) =>
    a.email.localeCompare(b.email),
  );

  const create = async (body: QuestionnaireTemplateBody) => {
    const [row] = await db
      .insert(questionnaires)
      .values({
        organizationId,
        name: body.name,
        description: body.description,
        template: body.template,
        createdBy: coach?.id ?? null,
      })
      .returning({ id: questionnaires.id });
    await db.insert(questionnaireVersions).values({
      organizationId,
      questionnaireId: row!.id,
      version: 1,
      questions: body.questions,
      anyDay: body.anyDay,
      total: body.total,
    });
    return row!.id;
  };
  const wellness = questionnaireTemplateBodies.wellness;
  const rpe = questionnaireTemplateBodies.session_rpe;
  const wellnessId = await create(wellness);
  const rpeId = await create(rpe);
  const firstDay = addCalendarDays(today, -(seededWellnessDays - 1));
  await db.insert(questionnaireAssignments).values([
    ...groups.map((group) => ({
      organizationId,
      questionnaireId: wellnessId,
      groupId: group.id,
      repeat: 'daily' as const,
      startsOn: firstDay,
      timeOfDay: '07:30',
      createdBy: coach?.id ?? null,
    })),
    ...groups
      .filter((group) => group.name === 'Pitchers')
      .map((group) => ({
        organizationId,
        questionnaireId: rpeId,
        groupId: group.id,
        repeat: 'training_days' as const,
        startsOn: firstDay,
        timeOfDay: '18:00',
        createdBy: coach?.id ?? null,
      })),
  ]);

  const answers: (typeof questionnaireAnswers.$inferInsert)[] = [];
  const answerRow = (
    questionnaireId: string,
    athleteId: string,
    date: string,
    values: AnswerValues,
    questions: QuestionnaireTemplateBody,
  ) => ({
    id: uuidv5(
      `${slug}:${questionnaireId === wellnessId ? 'wellness' : 'rpe'}:${athleteId}:${date}`,
      answerNamespace,
    ),
    organizationId,
    questionnaireId,
    version: 1,
    athleteId,
    date,
    values,
    total: questions.total ? questionnaireTotal(questions.questions, values) : null,
    load: sessionLoad(questions.questions, values),
    answeredBy: athleteId,
  });
  athletes.forEach((athlete, athleteIndex) => {
    const next = numbers(2026 + athleteIndex * 7919);
    // Each athlete's usual levels: between 3 and 5, its own.
    const levels = wellness.questions.map(() => 3 + Math.round(next() * 15) / 10);
    for (let day = 0; day < seededWellnessDays; day += 1) {
      const date = addCalendarDays(firstDay, day);
      const values = wellnessAnswer(levels, next);
      const isToday = date === today;
      // About one day in ten missed; today's missing answer is one athlete's.
      if (!isToday && next() < 0.1) continue;
      if (isToday && seededNotYetAnswered.includes(athlete.email)) continue;
      const answered =
        isToday && athlete.email === seededBadDay.email ? { ...values, ...seededBadDay.values } : values;
      answers.push(answerRow(wellnessId, athlete.id, date, answered, wellness));
    }
  });

  // Session RPE after the Pitchers' past workouts in the schedule, a dozen of them.
  const pitchers = groups.find((group) => group.name === 'Pitchers');
  if (pitchers) {
    const sessions = await db
      .select({ athleteId: scheduleEntries.athleteId, date: scheduleEntries.date })
      .from(scheduleEntries)
      .innerJoin(athleteGroupMembers, eq(athleteGroupMembers.userId, scheduleEntries.athleteId))
      .where(
        and(eq(scheduleEntries.organizationId, organizationId), eq(athleteGroupMembers.groupId, pitchers.id)),
      );
    const next = numbers(1001);
    const seen = new Set<string>();
    for (const session of sessions
      .filter((row) => row.date >= firstDay && row.date < today)
      .sort((a, b) => a.date.localeCompare(b.date) || a.athleteId.localeCompare(b.athleteId))) {
      const key = `${session.athleteId}:${session.date}`;
      if (seen.has(key) || seen.size >= 12) continue;
      seen.add(key);
      const values = { effort: 4 + Math.round(next() * 4), minutes: 45 + 15 * Math.round(next() * 3) };
      answers.push(answerRow(rpeId, session.athleteId, session.date, values, rpe));
    }
  }
  for (let index = 0; index < answers.length; index += 500)
    await db.insert(questionnaireAnswers).values(answers.slice(index, index + 500));
  await refreshAllBaselines(db, organizationId);
}
