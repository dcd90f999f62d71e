import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import {
  athleteGroupMembers,
  athleteGroups,
  groupAssignments,
  organizations,
  loggedSets,
  scheduleEntries,
  users,
  workoutLogs,
  workouts,
  workoutSnapshots,
} from '../../server/db/schema';
import { addCalendarDays, todayIn } from '../../server/lib/calendar-days';
import { hashPassword } from '../../server/lib/passwords';
import { insertGeneratedLibrary } from './library-bench';

/**
 * "Scale Academy" (issue 14): 500 athletes in 25 groups, 200 workouts and two years of daily schedule fanned out
 * from group assignments (≈365,000 entries), for `npm run seed:scale` and the schedule's part of `npm run bench`.
 */
export const scaleAcademy = {
  slug: 'scale',
  name: 'Scale Academy',
  timeZone: 'America/Chicago',
  coachEmail: 'coach@scale.test',
  athleteCount: 500,
  groupCount: 25,
  /** The first group, whose month the bench reads. */
  largeGroup: { name: 'Varsity Pitchers', size: 50 },
  exerciseCount: 300,
  workoutCount: 200,
  /** A year back and a year ahead of today: 730 days. */
  pastDays: 365,
  futureDays: 364,
  /** Every athlete also has a workout of its own every this many days. */
  ownWorkoutEveryDays: 28,
  /** A completed workout logs the sets of its first this many exercises (issue 15: about 3 million sets). */
  loggedExercisesPerWorkout: 4,
} as const;

const groupNames = [
  'Varsity Pitchers',
  'Varsity Catchers',
  'Varsity Infield',
  'Varsity Outfield',
  'JV Pitchers',
  'JV Position Players',
  '14U Gold',
  '14U Blue',
  '15U Gold',
  '15U Blue',
  '16U Gold',
  '16U Blue',
  '17U Gold',
  '17U Blue',
  '18U Gold',
  '18U Blue',
  'College Commits',
  'Summer Showcase',
  'Velocity Program',
  'Return to Throw',
  'Speed Camp',
  'Strength Foundations',
  'Arm Care Group',
  'Hitting Lab',
  'Catching School',
] as const;

export interface ScaleAcademyCounts {
  athletes: number;
  groups: number;
  workouts: number;
  assignments: number;
  entries: number;
  logs: number;
  sets: number;
}

/**
 * Replaces the Scale Academy on a migrated database (PostgreSQL or PGlite) in a few set-based statements: the
 * fan-out of 18,250 group assignments to their members is one INSERT … SELECT per group. Past entries are
 * completed (one in twelve skipped), as the tracking issue will have them logged.
 */
export async function makeScaleAcademy(
  db: Database,
  password: string,
  log: (line: string) => void = () => {},
): Promise<ScaleAcademyCounts> {
  const spec = scaleAcademy;
  // Cascades to everything the organisation has; a fresh academy each time.
  await db.delete(organizations).where(eq(organizations.slug, spec.slug));
  const [organization] = await db
    .insert(organizations)
    .values({ slug: spec.slug, name: spec.name, timeZone: spec.timeZone })
    .returning();
  const organizationId = organization!.id;
  const today = todayIn(spec.timeZone);
  const from = addCalendarDays(today, -spec.pastDays);
  const to = addCalendarDays(today, spec.futureDays);

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
    .values(person(spec.coachEmail, 'Scale', 'Coach', 'coach'))
    .returning({ id: users.id });
  const athletes = await db
    .insert(users)
    .values(
      Array.from({ length: spec.athleteCount }, (_, index) => {
        const number = String(index + 1).padStart(3, '0');
        return person(`athlete-${number}@scale.test`, 'Athlete', `Number ${number}`, 'athlete');
      }),
    )
    .returning({ id: users.id });
  log(`${athletes.length} athletes and a coach`);

  const groups = await db
    .insert(athleteGroups)
    .values(groupNames.map((name) => ({ organizationId, name, description: 'Made by npm run seed:scale.' })))
    .returning({ id: athleteGroups.id, name: athleteGroups.name });
  // The large group first; the other 450 athletes share the other 24 groups (18 or 19 each).
  const others = spec.athleteCount - spec.largeGroup.size;
  let next = 0;
  const memberships = groups.flatMap((group, index) => {
    const size =
      index === 0
        ? spec.largeGroup.size
        : Math.floor(others / (groups.length - 1)) + (index <= others % (groups.length - 1) ? 1 : 0);
    const members = athletes.slice(next, next + size);
    next += size;
    return members.map((athlete) => ({ organizationId, groupId: group.id, userId: athlete.id }));
  });
  await db.insert(athleteGroupMembers).values(memberships);
  log(`${groups.length} groups, ${spec.largeGroup.name} with ${spec.largeGroup.size} athletes`);

  await insertGeneratedLibrary(db, organizationId, spec);
  // One copy of each workout's version 1, shared by every item made from it.
  await db.execute(sql`
    insert into ${workoutSnapshots} (organization_id, workout_id, version, name, category, notes, blocks)
    select organization_id, id, version, name, category, notes, blocks from ${workouts}
    where organization_id = ${organizationId}`);
  log(`${spec.exerciseCount} exercises, ${spec.workoutCount} workouts`);

  // Each group one workout a day, a different rotation through the library per group.
  await db.execute(sql`
    insert into ${groupAssignments}
      (organization_id, group_id, date, position, time_of_day, snapshot_id, name, category, created_by)
    select g.organization_id, g.id, day::date, 0, '15:30', s.id, s.name, s.category, ${coach!.id}::uuid
    from (select id, organization_id, row_number() over (order by name) - 1 as n
          from ${athleteGroups} where organization_id = ${organizationId}) g
    cross join generate_series(${from}::date, ${to}::date, interval '1 day') with ordinality as days(day, i)
    join (select id, name, category, row_number() over (order by name) - 1 as n
          from ${workoutSnapshots} where organization_id = ${organizationId}) s
      on s.n = (g.n * 7 + days.i) % ${spec.workoutCount}`);
  log('18,250 group assignments');

  for (const [index, group] of groups.entries()) {
    await db.execute(sql`
      insert into ${scheduleEntries} (organization_id, athlete_id, date, position, time_of_day, snapshot_id, name,
        category, status, skip_reason, group_assignment_id, follows_assignment, created_by)
      select a.organization_id, m.user_id, a.date, a.position, a.time_of_day, a.snapshot_id, a.name, a.category,
        (case when a.date >= ${today}::date then 'scheduled'
              when abs(hashtext(m.user_id::text || a.date::text)::bigint) % 12 = 0 then 'skipped'
              else 'completed' end)::schedule_entry_status,
        case when a.date < ${today}::date and abs(hashtext(m.user_id::text || a.date::text)::bigint) % 12 = 0
             then 'Sore arm: rest day' end,
        a.id, true, a.created_by
      from ${groupAssignments} a
      join ${athleteGroupMembers} m on m.group_id = a.group_id
      where a.organization_id = ${organizationId} and a.group_id = ${group.id}`);
    if ((index + 1) % 5 === 0) log(`fanned out ${index + 1} of ${groups.length} groups`);
  }

  // An athlete's own workout every few weeks, besides the group's: these show on the organisation's calendar.
  await db.execute(sql`
    insert into ${scheduleEntries} (organization_id, athlete_id, date, position, time_of_day, snapshot_id, name,
      category, status, follows_assignment, created_by)
    select u.organization_id, u.id, day::date, 1, '07:00', s.id, s.name, s.category,
      (case when day::date < ${today}::date then 'completed' else 'scheduled' end)::schedule_entry_status,
      false, ${coach!.id}::uuid
    from (select id, organization_id, row_number() over (order by email) - 1 as n
          from ${users} where organization_id = ${organizationId} and role = 'athlete') u
    cross join lateral generate_series(${from}::date + (u.n % ${spec.ownWorkoutEveryDays})::int, ${to}::date,
      ${`${spec.ownWorkoutEveryDays} days`}::interval) as day
    join (select id, name, category, row_number() over (order by name) - 1 as n
          from ${workoutSnapshots} where organization_id = ${organizationId}) s
      on s.n = u.n % ${spec.workoutCount}`);

  await logCompletedWorkouts(db, organizationId, from, log);

  // The statistics autovacuum would gather within a minute of a bulk load; without them the planner guesses.
  await db.execute(
    sql`analyze ${users}, ${athleteGroups}, ${athleteGroupMembers}, ${workoutSnapshots}, ${groupAssignments}, ${scheduleEntries}, ${workoutLogs}, ${loggedSets}`,
  );
  const [counts] = await db
    .select({
      assignments: sql<number>`(select count(*) from ${groupAssignments}
        where organization_id = ${organizationId})`.mapWith(Number),
      entries: sql<number>`(select count(*) from ${scheduleEntries}
        where organization_id = ${organizationId})`.mapWith(Number),
      logs: sql<number>`(select count(*) from ${workoutLogs}
        where organization_id = ${organizationId})`.mapWith(Number),
      sets: sql<number>`(select count(*) from ${loggedSets}
        where organization_id = ${organizationId})`.mapWith(Number),
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return {
    athletes: athletes.length,
    groups: groups.length,
    workouts: spec.workoutCount,
    assignments: counts!.assignments,
    entries: counts!.entries,
    logs: counts!.logs,
    sets: counts!.sets,
  };
}

/**
 * Issue 15: every completed entry gets its workout log (started 15:30 in the academy's zone, an hour long) and
 * the sets of the first exercises of its copy of the workout, done, with loads that climb slowly over the two
 * years, so an athlete's history of an exercise has a real line. Set-based, one group's athletes at a time.
 */
async function logCompletedWorkouts(
  db: Database,
  organizationId: string,
  from: string,
  log: (line: string) => void,
) {
  const spec = scaleAcademy;
  await db.execute(sql`
    insert into ${workoutLogs} (id, organization_id, entry_id, athlete_id, date, category, snapshot_id, status,
      started_at, finished_at, duration_seconds, session_rpe, started_by, finished_by)
    select gen_random_uuid(), e.organization_id, e.id, e.athlete_id, e.date, e.category, e.snapshot_id, 'completed',
      (e.date + time '15:30') at time zone ${spec.timeZone},
      (e.date + time '16:30') at time zone ${spec.timeZone},
      3600, 5 + abs(hashtext(e.id::text)) % 5, e.athlete_id, e.athlete_id
    from ${scheduleEntries} e
    where e.organization_id = ${organizationId} and e.status = 'completed'`);
  log('workout logs of the completed entries');

  // Each copy of a workout's sets, once: its first exercises in order, with their prescribed reps.
  await db.execute(sql`drop table if exists scale_prescribed_sets`);
  await db.execute(sql`
    create temporary table scale_prescribed_sets as
    select snapshot_id, block_exercise_id, exercise_id, set_number, reps from (
      select s.id as snapshot_id, (e.value ->> 'id')::uuid as block_exercise_id,
        (e.value ->> 'exerciseId')::uuid as exercise_id, st.n::int as set_number,
        coalesce((st.value ->> 'reps')::int, 5) as reps,
        dense_rank() over (partition by s.id order by b.n, e.n) as exercise_number
      from ${workoutSnapshots} s
      cross join lateral jsonb_array_elements(s.blocks) with ordinality as b(value, n)
      cross join lateral jsonb_array_elements(b.value -> 'exercises') with ordinality as e(value, n)
      cross join lateral jsonb_array_elements(e.value -> 'sets') with ordinality as st(value, n)
      where s.organization_id = ${organizationId}
    ) numbered
    where exercise_number <= ${spec.loggedExercisesPerWorkout}`);

  const athleteGroupsOf = await db
    .select({ id: athleteGroups.id })
    .from(athleteGroups)
    .where(eq(athleteGroups.organizationId, organizationId));
  for (const [index, group] of athleteGroupsOf.entries()) {
    // Loads from 45 to 295 lb by athlete and exercise, 0.1 lb more a day, to the nearest 5 lb.
    await db.execute(sql`
      insert into ${loggedSets} (id, organization_id, log_id, athlete_id, block_exercise_id, exercise_id, set_number,
        reps, load, load_unit, load_kg, rpe, done, removed, estimated_one_rm, estimated_one_rm_kg, performed_on,
        changed_at, changed_by)
      select gen_random_uuid(), l.organization_id, l.id, l.athlete_id, p.block_exercise_id, p.exercise_id,
        p.set_number, least(p.reps, 1000), w.load, 'lb', w.load * 0.45359237, 7, true, false,
        case when p.reps between 1 and 12 then w.load * (1 + p.reps / 30.0) end,
        case when p.reps between 1 and 12 then w.load * (1 + p.reps / 30.0) * 0.45359237 end,
        l.date, l.finished_at, l.athlete_id
      from ${workoutLogs} l
      join ${athleteGroupMembers} m on m.user_id = l.athlete_id and m.group_id = ${group.id}
      join scale_prescribed_sets p on p.snapshot_id = l.snapshot_id
      cross join lateral (select round((45 + abs(hashtext(l.athlete_id::text || p.exercise_id::text)) % 250
        + (l.date - ${from}::date) * 0.1) / 5.0) * 5 as load) w
      where l.organization_id = ${organizationId}`);
    if ((index + 1) % 5 === 0) log(`logged the sets of ${index + 1} of ${athleteGroupsOf.length} groups`);
  }
  await db.execute(sql`drop table scale_prescribed_sets`);
}
