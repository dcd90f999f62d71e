/**
 * `npm run bench:questionnaires`: questionnaire trends on a real PostgreSQL 15 (issue 26, ADR 066, 071). Not a test.
 * A throwaway cluster with the demo seeded, and Scale Academy's people (500 athletes in 25 groups, the first of 50;
 * not its workouts, which take minutes to make) with two years of daily wellness answers (≈365,000 rows, as
 * `npm run seed:scale` adds them, each with its baselines); then, in-process (app.request), 200 timed requests
 * each (after a warm-up) of the largest group's 90-day trend and of the readiness card, as the coach, one at a
 * time. Prints p50/p95 against the aim (p95 ≤ 50 ms).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { questionnaireTemplateBodies } from '../contract/questionnaire-templates';
import type { Database } from '../server/db/client';
import {
  athleteGroupMembers,
  athleteGroups,
  organizations,
  questionnaireAnswerItems,
  questionnaireAnswers,
  questionnaireAssignments,
  questionnaireVersions,
  questionnaires,
  users,
} from '../server/db/schema';
import { addCalendarDays, todayIn } from '../server/lib/calendar-days';
import { refreshAllBaselines } from '../server/lib/questionnaires/baselines';
import { scaleAcademy } from './lib/scale-academy';

/** Two years of daily wellness, ending today. */
export const scaleWellness = { days: 730 } as const;
const aimP95Ms = 50;
const requests = { warmUp: 20, measured: 200 };

/**
 * Gives an organisation's athlete groups Daily wellness, assigned daily, and every member two years of answers
 * ending today (one missed in ten; values 2–5 from a hash of athlete and date, so reruns make the same). One
 * INSERT … SELECT per group; rerunning replaces them. Answers how many answers there are.
 */
export async function addScaleWellness(db: Database, slug = scaleAcademy.slug): Promise<number> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.slug, slug));
  if (!organization) throw new Error(`No organisation ${slug}: run npm run seed:scale first`);
  const organizationId = organization.id;
  const today = todayIn(organization.timeZone);
  const from = addCalendarDays(today, -(scaleWellness.days - 1));
  const template = questionnaireTemplateBodies.wellness;
  // Cascades to its versions, assignments and answers.
  await db
    .delete(questionnaires)
    .where(and(eq(questionnaires.organizationId, organizationId), eq(questionnaires.template, 'wellness')));
  const [questionnaire] = await db
    .insert(questionnaires)
    .values({ organizationId, name: template.name, description: template.description, template: 'wellness' })
    .returning({ id: questionnaires.id });
  const questionnaireId = questionnaire!.id;
  await db.insert(questionnaireVersions).values({
    organizationId,
    questionnaireId,
    version: 1,
    questions: template.questions,
    anyDay: template.anyDay,
    total: template.total,
  });
  const groups = await db
    .select({ id: athleteGroups.id })
    .from(athleteGroups)
    .where(eq(athleteGroups.organizationId, organizationId));
  await db.insert(questionnaireAssignments).values(
    groups.map((group) => ({
      organizationId,
      questionnaireId,
      groupId: group.id,
      repeat: 'daily' as const,
      startsOn: from,
    })),
  );
  const ids = template.questions.map((question) => question.id);
  // Each item 2–5, mostly 4 and 5: a hash of athlete, date and item.
  const item = (id: string) => sql`(2 + least(3, abs(hashtext(m.user_id::text || day::text || ${id})) % 5))`;
  for (const group of groups) {
    await db.execute(sql`
      insert into ${questionnaireAnswers} (id, organization_id, questionnaire_id, version, athlete_id, date, values,
        total, answered_by)
      select gen_random_uuid(), ${organizationId}::uuid, ${questionnaireId}::uuid, 1, a.user_id, a.day, a.values,
        (${sql.join(
          ids.map((id) => sql`(a.values ->> ${id})::int`),
          sql` + `,
        )}), a.user_id
      from (
        select m.user_id, day::date as day, jsonb_build_object(${sql.join(
          ids.map((id) => sql`${id}::text, ${item(id)}`),
          sql`, `,
        )}) as values
        from ${athleteGroupMembers} m
        cross join generate_series(${from}::date, ${today}::date, interval '1 day') as day
        where m.group_id = ${group.id}
          and abs(hashtext(day::text || m.user_id::text)) % 10 <> 0
      ) a
      on conflict do nothing`);
  }
  await refreshAllBaselines(db, organizationId);
  // Vacuumed as autovacuum would have by then: the visibility map lets counts read the index alone.
  await db.execute(sql`vacuum analyze ${questionnaireAnswers}`);
  await db.execute(sql`vacuum analyze ${questionnaireAnswerItems}`);
  const [counted] = await db
    .select({ answers: sql<number>`count(*)::int` })
    .from(questionnaireAnswers)
    .where(eq(questionnaireAnswers.questionnaireId, questionnaireId));
  return counted?.answers ?? 0;
}

/** Scale Academy's coach, athletes and groups alone (the people `npm run seed:scale` makes, without workouts). */
export async function makeScalePeople(db: Database, password: string): Promise<void> {
  const { hashPassword } = await import('../server/lib/passwords');
  const spec = scaleAcademy;
  await db.delete(organizations).where(eq(organizations.slug, spec.slug));
  const [organization] = await db
    .insert(organizations)
    .values({ slug: spec.slug, name: spec.name, timeZone: spec.timeZone })
    .returning();
  const organizationId = organization!.id;
  const passwordHash = await hashPassword(password);
  const person = (email: string, firstName: string, lastName: string, role: 'coach' | 'athlete') => ({
    organizationId,
    email,
    passwordHash,
    firstName,
    lastName,
    role,
    status: 'approved' as const,
    emailVerifiedAt: new Date(),
  });
  await db.insert(users).values(person(spec.coachEmail, 'Scale', 'Coach', 'coach'));
  const athletes = await db
    .insert(users)
    .values(
      Array.from({ length: spec.athleteCount }, (_, index) => {
        const number = String(index + 1).padStart(3, '0');
        return person(`athlete-${number}@scale.test`, 'Athlete', `Number ${number}`, 'athlete');
      }),
    )
    .returning({ id: users.id });
  const groups = await db
    .insert(athleteGroups)
    .values(
      Array.from({ length: spec.groupCount }, (_, index) => ({
        organizationId,
        name: index === 0 ? spec.largeGroup.name : `Group ${index + 1}`,
      })),
    )
    .returning({ id: athleteGroups.id });
  const others = spec.athleteCount - spec.largeGroup.size;
  let next = 0;
  await db.insert(athleteGroupMembers).values(
    groups.flatMap((group, index) => {
      const size = index === 0 ? spec.largeGroup.size : Math.ceil(others / (groups.length - 1));
      const members = athletes.slice(next, next + size);
      next += size;
      return members.map((athlete) => ({ organizationId, groupId: group.id, userId: athlete.id }));
    }),
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function benchQuestionnaires() {
  const { startPostgres } = await import('./lib/postgres');
  const { createTestContext, demoPassword } = await import('../server/testing/test-app');
  const postgres = await startPostgres();
  process.env.DATABASE_URL = postgres.url;
  const t = await createTestContext();
  try {
    const began = performance.now();
    await makeScalePeople(t.db, demoPassword);
    const answers = await addScaleWellness(t.db);
    console.log(
      `[bench:questionnaires] ${answers.toLocaleString('en-US')} wellness answers of ${scaleAcademy.athleteCount} athletes made in ${((performance.now() - began) / 1000).toFixed(1)} s`,
    );
    await t.db.execute(sql`analyze`);
    const [organization] = await t.db
      .select()
      .from(organizations)
      .where(eq(organizations.slug, scaleAcademy.slug));
    const today = todayIn(organization!.timeZone);
    const [group] = await t.db
      .select()
      .from(athleteGroups)
      .where(
        and(
          eq(athleteGroups.organizationId, organization!.id),
          inArray(athleteGroups.name, [scaleAcademy.largeGroup.name]),
        ),
      );
    const [questionnaire] = await t.db
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.organizationId, organization!.id));
    const token = await t.signIn(scaleAcademy.coachEmail);
    const timed = async (path: string) => {
      for (let index = 0; index < requests.warmUp; index += 1) await t.request('GET', path, { token });
      const times: number[] = [];
      for (let index = 0; index < requests.measured; index += 1) {
        const start = performance.now();
        const answer = await t.request('GET', path, { token });
        times.push(performance.now() - start);
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
      }
      times.sort((a, b) => a - b);
      return { p50: percentile(times, 50), p95: percentile(times, 95) };
    };
    const trend = `/api/questionnaire-trends?questionnaireId=${questionnaire!.id}&groupId=${group!.id}&from=${addCalendarDays(today, -89)}&to=${today}`;
    const rows = [
      { endpoint: 'GET /api/me (a baseline: the session only)', ...(await timed('/api/me')) },
      {
        endpoint: `GET /api/questionnaire-trends (${scaleAcademy.largeGroup.size} athletes, 90 days)`,
        ...(await timed(trend)),
      },
      {
        endpoint: `GET /api/questionnaire-readiness (${scaleAcademy.athleteCount} athletes)`,
        ...(await timed('/api/questionnaire-readiness')),
      },
    ];
    console.log(
      `\nQuestionnaires on PostgreSQL 15, ${requests.measured} requests each, one at a time, in-process:`,
    );
    console.table(
      rows.map((row) => ({
        endpoint: row.endpoint,
        'p50 ms': row.p50.toFixed(1),
        'p95 ms': row.p95.toFixed(1),
        aim: `p95 ≤ ${aimP95Ms} ms`,
        met: row.p95 <= aimP95Ms ? 'yes' : 'NO',
      })),
    );
  } finally {
    await t.close();
    await postgres.stop();
  }
}

if (process.argv[1] && import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href) {
  await benchQuestionnaires();
}
