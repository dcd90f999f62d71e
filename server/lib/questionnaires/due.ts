import { and, eq, gte, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { weekdayOf } from '../../../contract/questionnaire-rules';
import {
  athleteGroupMembers,
  questionnaireAssignments,
  questionnaires,
  scheduleEntries,
  users,
} from '../../db/schema';
import { addCalendarDays, calendarDaysFrom } from '../calendar-days';
import type { TenantScope } from '../tenancy';

export type AssignmentRow = typeof questionnaireAssignments.$inferSelect;

/** One questionnaire an athlete has to answer on one date, and the assignment that says so. */
export interface DueItem {
  athleteId: string;
  date: string;
  questionnaireId: string;
  assignmentId: string;
  /** Null for an athlete's own assignment. */
  groupId: string | null;
  timeOfDay: string;
}

/**
 * Whether an assignment asks for an answer on `date` (ADR 065). `training_days` asks on the days the athlete has a
 * workout in the schedule; a stopped assignment asks for nothing from the day after it was stopped.
 */
export function assignmentAsksOn(
  assignment: Pick<AssignmentRow, 'repeat' | 'dates' | 'startsOn' | 'endsOn' | 'weekdays'>,
  date: string,
  isTrainingDay: boolean,
  stoppedOn: string | null,
): boolean {
  if (stoppedOn !== null && date > stoppedOn) return false;
  if (assignment.repeat === 'once') return assignment.dates.includes(date);
  if (assignment.startsOn === null || date < assignment.startsOn) return false;
  if (assignment.endsOn !== null && date > assignment.endsOn) return false;
  switch (assignment.repeat) {
    case 'daily':
      return true;
    case 'training_days':
      return isTrainingDay;
    case 'weekly':
      return assignment.weekdays.includes(weekdayOf(date));
  }
}

/** Every date from `from` to `to` (both counted). */
export function datesBetween(from: string, to: string): string[] {
  const days = calendarDaysFrom(from, to);
  return Array.from({ length: Math.max(days + 1, 0) }, (_, index) => addCalendarDays(from, index));
}

/**
 * What each athlete has to answer on each date from `from` to `to`: the assignments of its own and of its groups
 * (membership read now), of questionnaires not archived, for approved athletes. `athleteIds` narrows it to some
 * athletes; `questionnaireId` to one questionnaire. Five queries, whatever the range and the number of athletes.
 * `stoppedOn` turns an assignment's stop time into the organisation's date it stopped.
 */
export async function dueBetween(tenant: TenantScope, options: DueOptions): Promise<DueItem[]> {
  return [...(await dueByKey(tenant, options)).values()].sort(
    (a, b) => a.date.localeCompare(b.date) || a.timeOfDay.localeCompare(b.timeOfDay),
  );
}

/** How many answers `dueBetween` asks for, per questionnaire: a report's count, without ordering 27,000 items. */
export async function dueCountsBetween(
  tenant: TenantScope,
  options: DueOptions,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const item of (await dueByKey(tenant, options)).values())
    counts.set(item.questionnaireId, (counts.get(item.questionnaireId) ?? 0) + 1);
  return counts;
}

interface DueOptions {
  from: string;
  to: string;
  athleteIds?: readonly string[];
  questionnaireId?: string;
  stoppedOn: (stoppedAt: Date) => string;
}

async function dueByKey(tenant: TenantScope, options: DueOptions): Promise<Map<string, DueItem>> {
  const { from, to, athleteIds, questionnaireId } = options;
  const memberships = await tenant.selectFields(
    athleteGroupMembers,
    { groupId: athleteGroupMembers.groupId, athleteId: athleteGroupMembers.userId },
    athleteIds ? { where: inArray(athleteGroupMembers.userId, [...athleteIds]) } : {},
  );
  const groupIds = [...new Set(memberships.map((membership) => membership.groupId))];
  // Without athletes named, every assignment of the organisation counts.
  const whose = athleteIds
    ? or(
        inArray(questionnaireAssignments.athleteId, [...athleteIds]),
        groupIds.length > 0 ? inArray(questionnaireAssignments.groupId, groupIds) : undefined,
      )
    : undefined;
  const archived = await tenant.selectFields(
    questionnaires,
    { id: questionnaires.id },
    { where: isNotNull(questionnaires.archivedAt) },
  );
  const archivedIds = new Set(archived.map((questionnaire) => questionnaire.id));
  const assignments = await tenant.select(questionnaireAssignments, {
    where: and(
      whose,
      questionnaireId ? eq(questionnaireAssignments.questionnaireId, questionnaireId) : undefined,
      // Repeats that ended before the range, or began after it, ask nothing in it.
      or(isNull(questionnaireAssignments.endsOn), gte(questionnaireAssignments.endsOn, from)),
      or(isNull(questionnaireAssignments.startsOn), lte(questionnaireAssignments.startsOn, to)),
    ),
  });
  const live = assignments.filter((assignment) => !archivedIds.has(assignment.questionnaireId));
  if (live.length === 0) return new Map();

  const approved = await tenant.selectFields(
    users,
    { id: users.id },
    {
      where: and(
        eq(users.role, 'athlete'),
        eq(users.status, 'approved'),
        athleteIds ? inArray(users.id, [...athleteIds]) : undefined,
      ),
    },
  );
  const approvedIds = new Set(approved.map((athlete) => athlete.id));
  const membersOf = new Map<string, string[]>();
  for (const { groupId, athleteId } of memberships) {
    if (!approvedIds.has(athleteId)) continue;
    membersOf.set(groupId, [...(membersOf.get(groupId) ?? []), athleteId]);
  }

  const trainingDays = new Set<string>();
  if (live.some((assignment) => assignment.repeat === 'training_days')) {
    const entries = await tenant.selectFields(
      scheduleEntries,
      { athleteId: scheduleEntries.athleteId, date: scheduleEntries.date },
      {
        where: and(
          gte(scheduleEntries.date, from),
          lte(scheduleEntries.date, to),
          athleteIds ? inArray(scheduleEntries.athleteId, [...athleteIds]) : undefined,
        ),
      },
    );
    for (const entry of entries) trainingDays.add(`${entry.athleteId}:${entry.date}`);
  }

  const dates = datesBetween(from, to);
  const due = new Map<string, DueItem>();
  for (const assignment of live) {
    const athletes = assignment.athleteId
      ? approvedIds.has(assignment.athleteId)
        ? [assignment.athleteId]
        : []
      : (membersOf.get(assignment.groupId ?? '') ?? []);
    const stoppedOn = assignment.stoppedAt ? options.stoppedOn(assignment.stoppedAt) : null;
    for (const athleteId of athletes)
      for (const date of dates) {
        if (!assignmentAsksOn(assignment, date, trainingDays.has(`${athleteId}:${date}`), stoppedOn))
          continue;
        const key = `${athleteId}:${assignment.questionnaireId}:${date}`;
        const earlier = due.get(key);
        // Two assignments asking the same questionnaire on one day ask once, at the earlier time.
        if (earlier && earlier.timeOfDay <= assignment.timeOfDay) continue;
        due.set(key, {
          athleteId,
          date,
          questionnaireId: assignment.questionnaireId,
          assignmentId: assignment.id,
          groupId: assignment.groupId,
          timeOfDay: assignment.timeOfDay,
        });
      }
  }
  return due;
}
