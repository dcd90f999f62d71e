import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { addCalendarDays, todayIn, weekdayOf } from '../lib/calendar-days';
import { placeForAthlete, placeForGroup, workoutCopies, type PlacedWorkout } from '../lib/schedule-placement';
import { TenantScope } from '../lib/tenancy';
import type { Database } from './client';
import { programApplications, programs, programWorkouts, scheduleEntries, workouts } from './schema';

const weekdays = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
type Weekday = (typeof weekdays)[number];

/** A workout of the library at a time of day. */
interface Session {
  workout: string;
  time?: string;
}

/**
 * A demo organisation's schedule, relative to its today so that it is alive on any day: each group's weekly
 * rhythm over a window of days, a few entries of single athletes, skips, programs and an application.
 */
export interface ScheduleSeed {
  /** Days before and after today that the groups' weeks cover. */
  window: { pastDays: number; futureDays: number };
  groups: { group: string; week: Partial<Record<Weekday, Session[]>> }[];
  /** Entries of one athlete, `day` days from today (negative: past). */
  entries: ({ athlete: string; day: number } & Session)[];
  /** The athlete's entries of its last day with any before today are skipped, with this reason. */
  skips: { athlete: string; reason: string }[];
  programs: { name: string; description: string; workouts: { day: number; workout: string }[] }[];
  /** A program applied to an athlete from the first `weekday` after today. */
  applications: { program: string; athlete: string; weekday: Weekday }[];
}

/** What the seed needs of the organisation just made. */
export interface SeededPeople {
  organizationId: string;
  timeZone: string;
  userId: (email: string) => string;
  groupId: (name: string) => string;
  coachId: string | null;
}

/**
 * Puts a demo schedule on the calendar through the same placement as the API (copies, fan-out, positions): one
 * batch of inserts per group and a few statements for statuses, so every test file's seed stays quick. What is
 * before today is completed, as the tracking issue will have it logged.
 */
export async function seedSchedule(db: Database, spec: ScheduleSeed, people: SeededPeople): Promise<void> {
  const scope = new TenantScope(db, people.organizationId);
  const today = todayIn(people.timeZone);
  const library = await scope.selectFields(workouts, { id: workouts.id, name: workouts.name });
  const workoutId = (name: string) => {
    const found = library.find((workout) => workout.name === name);
    if (!found) throw new Error(`The schedule seed names no workout "${name}"`);
    return found.id;
  };
  const copies = await workoutCopies(
    scope,
    library.map((workout) => workout.id),
  );
  const copyOf = (name: string) => copies.get(workoutId(name))!;
  const sessionOn = (date: string, session: Session): PlacedWorkout => ({
    date,
    copy: copyOf(session.workout),
    timeOfDay: session.time ?? null,
  });

  const days = Array.from({ length: spec.window.pastDays + spec.window.futureDays + 1 }, (_, index) =>
    addCalendarDays(today, index - spec.window.pastDays),
  );
  for (const { group, week } of spec.groups) {
    const items = days.flatMap((date) =>
      (week[weekdays[weekdayOf(date)]!] ?? []).map((session) => sessionOn(date, session)),
    );
    await placeForGroup(scope, people.groupId(group), items, people.coachId);
  }
  for (const entry of spec.entries) {
    await placeForAthlete(
      scope,
      people.userId(entry.athlete),
      [sessionOn(addCalendarDays(today, entry.day), entry)],
      people.coachId,
    );
  }

  for (const program of spec.programs) {
    const [made] = await scope.insert(programs, {
      name: program.name,
      description: program.description,
      createdBy: people.coachId,
    });
    await scope.insert(
      programWorkouts,
      program.workouts.map(({ day, workout }, index) => ({
        programId: made!.id,
        day,
        position: program.workouts.slice(0, index).filter((earlier) => earlier.day === day).length,
        workoutId: workoutId(workout),
      })),
    );
  }
  for (const application of spec.applications) {
    const program = spec.programs.find((candidate) => candidate.name === application.program)!;
    const [row] = await scope.selectFields(
      programs,
      { id: programs.id },
      { where: eq(programs.name, program.name) },
    );
    const wanted = weekdays.indexOf(application.weekday);
    const startDate = addCalendarDays(today, ((wanted - weekdayOf(today) + 6) % 7) + 1);
    const lastDay = Math.max(...program.workouts.map((item) => item.day));
    const [applied] = await scope.insert(programApplications, {
      programId: row!.id,
      programName: program.name,
      athleteId: people.userId(application.athlete),
      startDate,
      endDate: addCalendarDays(startDate, lastDay - 1),
      createdBy: people.coachId,
    });
    await placeForAthlete(
      scope,
      people.userId(application.athlete),
      program.workouts.map(({ day, workout }) => ({
        date: addCalendarDays(startDate, day - 1),
        copy: copyOf(workout),
        programApplicationId: applied!.id,
      })),
      people.coachId,
    );
  }

  await scope.update(scheduleEntries, { status: 'completed' }, lt(scheduleEntries.date, today));
  for (const skip of spec.skips) {
    const athleteId = people.userId(skip.athlete);
    await scope.update(
      scheduleEntries,
      { status: 'skipped', skipReason: skip.reason },
      and(
        eq(scheduleEntries.athleteId, athleteId),
        inArray(
          scheduleEntries.date,
          sql`(select max(${scheduleEntries.date}) from ${scheduleEntries}
            where ${scope.own(scheduleEntries, and(eq(scheduleEntries.athleteId, athleteId), lt(scheduleEntries.date, today)))})`,
        ),
      )!,
    );
  }
}
