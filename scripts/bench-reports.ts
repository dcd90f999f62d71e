/**
 * `npm run bench:reports`: the report (issue 27) on a real PostgreSQL 15. Not a test. A throwaway cluster with the demo
 * seeded, and "Report Academy": 300 athletes in 15 groups with 118 days of training ending today (the 90 days of the
 * report and the 28 before its ratios read), made here in a few set-based statements as `npm run seed:scale` makes
 * its academy (that one's 500 athletes and two years take minutes, and give pitches to one athlete only): a workout
 * a day each (≈37,000 schedule entries, ≈30,000 completed logs, ≈360,000 sets), a bullpen every fourth day for 100
 * pitchers (≈150,000 pitches and 30,000 arm-sensor throws), daily wellness answers, and records. Then, in-process
 * (app.request), 100 timed requests (after a warm-up) of the organisation's 90-day report as the coach, one at a time,
 * and of a group's. Prints p50/p95 against the aim (p95 ≤ 300 ms).
 */
import { eq, sql } from 'drizzle-orm';
import { questionnaireTemplateBodies } from '../contract/questionnaire-templates';
import type { Database } from '../server/db/client';
import {
  athleteGroupMembers,
  athleteGroups,
  exercises,
  loggedSets,
  organizations,
  personalRecords,
  pitches,
  questionnaireAnswerItems,
  questionnaireAnswers,
  questionnaireAssignments,
  questionnaireVersions,
  questionnaires,
  scheduleEntries,
  sensorThrows,
  users,
  workoutLogs,
  workoutSnapshots,
} from '../server/db/schema';
import { addCalendarDays, todayIn } from '../server/lib/calendar-days';
import { refreshAllBaselines } from '../server/lib/questionnaires/baselines';

export const reportAcademy = {
  slug: 'report-academy',
  name: 'Report Academy',
  timeZone: 'America/Chicago',
  coachEmail: 'coach@report-academy.test',
  athletes: 300,
  groups: 15,
  /** The report's range and the 28 days before it, ending today; a week ahead is scheduled too. */
  reportDays: 90,
  pastDays: 118,
  futureDays: 7,
  /** The first this many athletes pitch, every fourth day. */
  pitchers: 100,
} as const;
const aimP95Ms = 300;
const requests = { warmUp: 10, measured: 100 };

const liftNames = [
  'Back Squat',
  'Front Squat',
  'Bench Press',
  'Trap-Bar Deadlift',
  'Romanian Deadlift',
  'Overhead Press',
  'Split Squat',
  'Pull-Up',
  'Landmine Press',
  'Hip Thrust',
];
const otherExercises: [string, string][] = [
  ['Band Pull-Apart', 'warm-up'],
  ['Hip Mobility Flow', 'mobility'],
  ['Long Toss', 'throw'],
  ['Flat Ground', 'throw'],
  ['10-Yard Sprint', 'sprint'],
  ['Box Jump', 'plyo'],
  ['Rotational Med-Ball Throw', 'med-ball'],
  ['Scoop Toss', 'med-ball'],
  ['Ground Balls', 'fielding'],
  ['Tee Work', 'hitting'],
];
const workoutCategories = ['lift', 'throw', 'lift', 'sprint', 'lift', 'plyo', 'med-ball'];

/** Replaces Report Academy on a migrated database. Answers what it made. */
export async function makeReportAcademy(db: Database, password: string) {
  const { hashPassword } = await import('../server/lib/passwords');
  const spec = reportAcademy;
  await db.delete(organizations).where(eq(organizations.slug, spec.slug));
  const [organization] = await db
    .insert(organizations)
    .values({ slug: spec.slug, name: spec.name, timeZone: spec.timeZone })
    .returning();
  const organizationId = organization!.id;
  const today = todayIn(spec.timeZone);
  const from = addCalendarDays(today, -(spec.pastDays - 1));
  const until = addCalendarDays(today, spec.futureDays);
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
  const [coach] = await db
    .insert(users)
    .values(person(spec.coachEmail, 'Report', 'Coach', 'coach'))
    .returning({ id: users.id });
  const athletes = await db
    .insert(users)
    .values(
      Array.from({ length: spec.athletes }, (_, index) => {
        const number = String(index + 1).padStart(3, '0');
        return {
          ...person(`athlete-${number}@report-academy.test`, 'Athlete', `Number ${number}`, 'athlete'),
          // 13 to 20 years old: every Pitch Smart band of theirs.
          dateOfBirth: `${2006 + (index % 8)}-0${1 + (index % 9)}-15`,
          heightInches: 72,
          weightPounds: 185,
        };
      }),
    )
    .returning({ id: users.id });
  const groups = await db
    .insert(athleteGroups)
    .values(
      Array.from({ length: spec.groups }, (_, index) => ({ organizationId, name: `Group ${index + 1}` })),
    )
    .returning({ id: athleteGroups.id });
  const perGroup = spec.athletes / spec.groups;
  await db.insert(athleteGroupMembers).values(
    athletes.map((athlete, index) => ({
      organizationId,
      groupId: groups[Math.floor(index / perGroup)]!.id,
      userId: athlete.id,
    })),
  );
  await db.insert(exercises).values([
    ...liftNames.map((name) => ({
      organizationId,
      name,
      category: 'lift' as const,
      measures: ['reps', 'load'] as ('reps' | 'load')[],
    })),
    ...otherExercises.map(([name, category]) => ({
      organizationId,
      name,
      category: category as 'throw',
      measures: ['reps'] as 'reps'[],
    })),
  ]);
  await db.insert(workoutSnapshots).values(
    workoutCategories.map((category, index) => ({
      organizationId,
      version: 1,
      name: `Day ${index + 1}`,
      category: category as 'lift',
      blocks: [],
    })),
  );

  // A workout a day for every athlete; the past ones completed, one in twenty skipped, one in ten not done.
  await db.execute(sql`
    insert into ${scheduleEntries} (organization_id, athlete_id, date, position, snapshot_id, name, category, status,
      created_by)
    select u.organization_id, u.id, day::date, 0, s.id, s.name, s.category,
      (case when day::date >= ${today}::date then 'scheduled'
            when abs(hashtext(u.id::text || day::text)) % 20 = 0 then 'skipped'
            when abs(hashtext(u.id::text || day::text)) % 20 < 3 then 'scheduled'
            else 'completed' end)::schedule_entry_status, ${coach!.id}::uuid
    from ${users} u
    cross join generate_series(${from}::date, ${until}::date, interval '1 day') as day
    join (select id, name, category, row_number() over (order by name) - 1 as n from ${workoutSnapshots}
          where organization_id = ${organizationId}) s on s.n = (day::date - ${from}::date) % ${workoutCategories.length}
    where u.organization_id = ${organizationId} and u.role = 'athlete'`);
  await db.execute(sql`
    insert into ${workoutLogs} (id, organization_id, entry_id, athlete_id, date, category, snapshot_id, status,
      started_at, finished_at, duration_seconds, session_rpe, started_by, finished_by)
    select gen_random_uuid(), e.organization_id, e.id, e.athlete_id, e.date, e.category, e.snapshot_id, 'completed',
      (e.date + time '15:30') at time zone ${spec.timeZone}, (e.date + time '16:30') at time zone ${spec.timeZone},
      2400 + abs(hashtext(e.id::text)) % 2400, 4 + abs(hashtext(e.id::text)) % 6, e.athlete_id, e.athlete_id
    from ${scheduleEntries} e
    where e.organization_id = ${organizationId} and e.status = 'completed'`);
  // Four exercises of the workout's kind, three sets each; loads climb a little every day.
  await db.execute(sql`
    with catalogue as (
      select id, category = 'lift' as lift, row_number() over (partition by category = 'lift' order by name) - 1 as n
      from ${exercises} where organization_id = ${organizationId}
    )
    insert into ${loggedSets} (id, organization_id, log_id, athlete_id, block_exercise_id, exercise_id, set_number,
      reps, load, load_unit, load_kg, rpe, done, removed, estimated_one_rm, estimated_one_rm_kg, performed_on,
      changed_at, changed_by)
    select gen_random_uuid(), l.organization_id, l.id, l.athlete_id, gen_random_uuid(), c.id, s.n, w.reps,
      w.load, 'lb', w.load * 0.45359237, 7, true, false,
      case when c.lift then w.load * (1 + w.reps / 30.0) end,
      case when c.lift then w.load * (1 + w.reps / 30.0) * 0.45359237 end,
      l.date, l.finished_at, l.athlete_id
    from ${workoutLogs} l
    cross join generate_series(0, 3) as k(k)
    join catalogue c on c.lift = (l.category = 'lift')
      and c.n = (abs(hashtext(l.athlete_id::text)) + (l.date - ${from}::date) + k.k) % 10
    cross join generate_series(1, 3) as s(n)
    cross join lateral (select 3 + (s.n + k.k) % 6 as reps,
      round((65 + abs(hashtext(l.athlete_id::text || c.id::text)) % 200 + (l.date - ${from}::date) * 0.2) / 5.0) * 5
        as load) w
    where l.organization_id = ${organizationId}`);
  // A record for one set in forty, as the tracking would have found some.
  await db.execute(sql`
    insert into ${personalRecords} (organization_id, athlete_id, exercise_id, log_id, set_id, kind, value, unit,
      achieved_at)
    select s.organization_id, s.athlete_id, s.exercise_id, s.log_id, s.id, 'estimated_one_rm', s.estimated_one_rm,
      'lb', s.changed_at
    from ${loggedSets} s
    where s.organization_id = ${organizationId} and s.estimated_one_rm is not null
      and abs(hashtext(s.id::text)) % 40 = 0
    on conflict do nothing`);

  // Pitchers throw a bullpen every fourth day they trained: 30–69 pitches, and 10 arm-sensor throws.
  const pitcherLogs = sql`
    select l.id, l.organization_id, l.athlete_id, l.date from ${workoutLogs} l
    where l.organization_id = ${organizationId}
      and l.athlete_id in (select id from ${users} where organization_id = ${organizationId} and role = 'athlete'
        order by email limit ${spec.pitchers})
      and (l.date - ${from}::date) % 4 = abs(hashtext(l.athlete_id::text)) % 4`;
  await db.execute(sql`
    insert into ${pitches} (id, organization_id, log_id, athlete_id, date, sequence, pitch_type, velocity_mph)
    select gen_random_uuid(), l.organization_id, l.id, l.athlete_id, l.date, p.n,
      (array['fastball', 'slider', 'curveball', 'changeup'])[1 + p.n % 4],
      70 + abs(hashtext(l.athlete_id::text)) % 15 - (p.n % 4) * 4 + (p.n % 3)
    from (${pitcherLogs}) l
    cross join lateral generate_series(1, 30 + abs(hashtext(l.id::text)) % 40) as p(n)`);
  await db.execute(sql`
    insert into ${sensorThrows} (id, organization_id, log_id, athlete_id, date, sequence, elbow_torque_nm, workload)
    select gen_random_uuid(), l.organization_id, l.id, l.athlete_id, l.date, t.n, 60, 0.2 + (t.n % 5) * 0.05
    from (${pitcherLogs}) l cross join generate_series(1, 10) as t(n)`);

  // Daily wellness for every athlete, one day in ten not answered.
  const template = questionnaireTemplateBodies.wellness;
  const [questionnaire] = await db
    .insert(questionnaires)
    .values({ organizationId, name: template.name, description: template.description, template: 'wellness' })
    .returning({ id: questionnaires.id });
  await db.insert(questionnaireVersions).values({
    organizationId,
    questionnaireId: questionnaire!.id,
    version: 1,
    questions: template.questions,
    anyDay: template.anyDay,
    total: template.total,
  });
  await db.insert(questionnaireAssignments).values(
    groups.map((group) => ({
      organizationId,
      questionnaireId: questionnaire!.id,
      groupId: group.id,
      repeat: 'daily' as const,
      startsOn: from,
    })),
  );
  const ids = template.questions.map((question) => question.id);
  const item = (id: string) => sql`(2 + least(3, abs(hashtext(u.id::text || day::text || ${id})) % 5))`;
  await db.execute(sql`
    insert into ${questionnaireAnswers} (id, organization_id, questionnaire_id, version, athlete_id, date, values,
      total, answered_by)
    select gen_random_uuid(), ${organizationId}::uuid, ${questionnaire!.id}::uuid, 1, a.id, a.day, a.values,
      (${sql.join(
        ids.map((id) => sql`(a.values ->> ${id})::int`),
        sql` + `,
      )}), a.id
    from (
      select u.id, day::date as day, jsonb_build_object(${sql.join(
        ids.map((id) => sql`${id}::text, ${item(id)}`),
        sql`, `,
      )}) as values
      from ${users} u cross join generate_series(${from}::date, ${today}::date, interval '1 day') as day
      where u.organization_id = ${organizationId} and u.role = 'athlete'
        and abs(hashtext(day::text || u.id::text)) % 10 <> 0
    ) a`);
  await refreshAllBaselines(db, organizationId);
  // That one bulk update of every answer's baselines leaves each answer (and item) row twice in its table. In use
  // answers arrive one at a time and are written once: compact the two tables as they would be, then analyze all.
  await db.execute(sql`vacuum full ${questionnaireAnswers}`);
  await db.execute(sql`vacuum full ${questionnaireAnswerItems}`);
  await db.execute(sql`vacuum analyze`);
  const count = async (
    table: typeof scheduleEntries | typeof workoutLogs | typeof loggedSets | typeof pitches,
  ) => {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.organizationId, organizationId));
    return Number(row?.count ?? 0);
  };
  return {
    organizationId,
    groupId: groups[0]!.id,
    today,
    entries: await count(scheduleEntries),
    logs: await count(workoutLogs),
    sets: await count(loggedSets),
    pitches: await count(pitches),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function benchReports() {
  const { startPostgres } = await import('./lib/postgres');
  const { createTestContext, demoPassword } = await import('../server/testing/test-app');
  const postgres = await startPostgres();
  process.env.DATABASE_URL = postgres.url;
  const t = await createTestContext();
  try {
    const began = performance.now();
    const made = await makeReportAcademy(t.db, demoPassword);
    const number = (value: number) => value.toLocaleString('en-US');
    console.log(
      `[bench:reports] ${reportAcademy.name}: ${reportAcademy.athletes} athletes, ${number(made.entries)} schedule entries, ` +
        `${number(made.logs)} workout logs, ${number(made.sets)} logged sets, ${number(made.pitches)} pitches, made in ` +
        `${((performance.now() - began) / 1000).toFixed(1)} s`,
    );
    const token = await t.signIn(reportAcademy.coachEmail);
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
    const range = `from=${addCalendarDays(made.today, -(reportAcademy.reportDays - 1))}&to=${made.today}`;
    const report = `/api/reporting/organization/${made.organizationId}?${range}`;
    const rows = [
      { endpoint: 'GET /api/me (a baseline: the session only)', ...(await timed('/api/me')) },
      {
        endpoint: `GET /api/reporting/organization/{id} (${reportAcademy.athletes} athletes, 90 days)`,
        ...(await timed(report)),
      },
      {
        endpoint: `GET /api/reporting/organization/{id}?groupId= (${reportAcademy.athletes / reportAcademy.groups} athletes, 90 days)`,
        ...(await timed(`${report}&groupId=${made.groupId}`)),
      },
    ];
    console.log(
      `\nThe report on PostgreSQL 15, ${requests.measured} requests each, one at a time, in-process:`,
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
  await benchReports();
}
