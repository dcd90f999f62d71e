import { and, asc, between, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CalendarItem, EntryStatus } from '../../../contract/schedule';
import { athleteGroups, groupAssignments, scheduleEntries, users } from '../../db/schema';
import type { AssignmentRow, EntryRow } from '../../lib/schedule-placement';
import type { TenantScope } from '../../lib/tenancy';

/** Whose calendar: one athlete's entries, one group's assignments, or (neither) the organisation's. */
export type CalendarOwner = { athleteId: string } | { groupId: string } | Record<string, never>;

export interface DateRange {
  from: string;
  to: string;
}

type Progress = NonNullable<CalendarItem['progress']> & { inProgress: number; skipped: number };

const entryOrder = [asc(scheduleEntries.date), asc(scheduleEntries.position), asc(scheduleEntries.createdAt)];
const assignmentOrder = [
  asc(groupAssignments.date),
  asc(groupAssignments.position),
  asc(groupAssignments.createdAt),
];

export const readEntries = (scope: TenantScope, where: SQL) =>
  scope.select(scheduleEntries, { where, orderBy: [...entryOrder, asc(scheduleEntries.id)] });

export const readAssignments = (scope: TenantScope, where: SQL) =>
  scope.select(groupAssignments, { where, orderBy: [...assignmentOrder, asc(groupAssignments.id)] });

/** The rows of a calendar in a range: what each kind of calendar lists (ADR 033). */
export async function calendarRows(
  scope: TenantScope,
  owner: CalendarOwner,
  { from, to }: DateRange,
): Promise<{ entries: EntryRow[]; assignments: AssignmentRow[] }> {
  if ('athleteId' in owner) {
    const entries = await readEntries(
      scope,
      and(eq(scheduleEntries.athleteId, owner.athleteId), between(scheduleEntries.date, from, to))!,
    );
    return { entries, assignments: [] };
  }
  if ('groupId' in owner) {
    const assignments = await readAssignments(
      scope,
      and(eq(groupAssignments.groupId, owner.groupId), between(groupAssignments.date, from, to))!,
    );
    return { entries: [], assignments };
  }
  // The organisation's: each group assignment once, and the entries that do not follow one (partial index).
  const [assignments, entries] = await Promise.all([
    readAssignments(scope, between(groupAssignments.date, from, to)),
    readEntries(
      scope,
      and(eq(scheduleEntries.followsAssignment, false), between(scheduleEntries.date, from, to))!,
    ),
  ]);
  return { entries, assignments };
}

export async function athleteRefs(scope: TenantScope, athleteIds: readonly string[]) {
  const ids = [...new Set(athleteIds)];
  const rows =
    ids.length === 0
      ? []
      : await scope.selectFields(
          users,
          { id: users.id, firstName: users.firstName, lastName: users.lastName },
          { where: inArray(users.id, ids) },
        );
  return new Map(rows.map((row) => [row.id, row]));
}

export async function groupRefs(scope: TenantScope, groupIds: readonly string[]) {
  const ids = [...new Set(groupIds)];
  const rows =
    ids.length === 0
      ? []
      : await scope.selectFields(
          athleteGroups,
          { id: athleteGroups.id, name: athleteGroups.name },
          { where: inArray(athleteGroups.id, ids) },
        );
  return new Map(rows.map((row) => [row.id, row]));
}

/** How the members' entries of each assignment stand (every entry made from it, followers or not). */
async function progressOf(scope: TenantScope, assignmentIds: string[]): Promise<Map<string, Progress>> {
  if (assignmentIds.length === 0) return new Map();
  const rows = await scope.selectFields(
    scheduleEntries,
    {
      assignmentId: scheduleEntries.groupAssignmentId,
      total: count(),
      completed: sql<number>`count(*) filter (where ${scheduleEntries.status} = 'completed')`.mapWith(Number),
      inProgress: sql<number>`count(*) filter (where ${scheduleEntries.status} = 'in_progress')`.mapWith(
        Number,
      ),
      skipped: sql<number>`count(*) filter (where ${scheduleEntries.status} = 'skipped')`.mapWith(Number),
    },
    {
      where: inArray(scheduleEntries.groupAssignmentId, assignmentIds),
      groupBy: [scheduleEntries.groupAssignmentId],
    },
  );
  return new Map(rows.map(({ assignmentId, ...progress }) => [assignmentId ?? '', progress]));
}

/**
 * An assignment's status from its members' entries: completed once each is completed or skipped (skipped when
 * all are), in progress once one is begun, scheduled before.
 */
function assignmentStatus(progress: Progress | undefined): EntryStatus {
  if (!progress || progress.total === 0) return 'scheduled';
  if (progress.completed + progress.skipped === progress.total) {
    return progress.completed > 0 ? 'completed' : 'skipped';
  }
  return progress.inProgress + progress.completed > 0 ? 'in_progress' : 'scheduled';
}

/** What a calendar draws of these rows, in the calendar's order (date, then position). */
export async function toCalendarItems(
  scope: TenantScope,
  entries: readonly EntryRow[],
  assignments: readonly AssignmentRow[],
): Promise<CalendarItem[]> {
  const followed = [
    ...new Set(
      entries.flatMap((entry) =>
        entry.followsAssignment && entry.groupAssignmentId ? [entry.groupAssignmentId] : [],
      ),
    ),
  ];
  const [athletes, progress, followedGroups, assignmentGroups] = await Promise.all([
    athleteRefs(
      scope,
      entries.map((entry) => entry.athleteId),
    ),
    progressOf(
      scope,
      assignments.map((assignment) => assignment.id),
    ),
    followed.length === 0
      ? []
      : scope.selectFields(
          groupAssignments,
          { id: groupAssignments.id, groupId: groupAssignments.groupId },
          { where: inArray(groupAssignments.id, followed) },
        ),
    groupRefs(
      scope,
      assignments.map((assignment) => assignment.groupId),
    ),
  ]);
  const groupOfAssignment = new Map(followedGroups.map((row) => [row.id, row.groupId]));
  // The groups of followed assignments not on this calendar: a second read only for an athlete's calendar.
  const otherGroups = await groupRefs(
    scope,
    [...groupOfAssignment.values()].filter((groupId) => !assignmentGroups.has(groupId)),
  );
  const groups = new Map([...assignmentGroups, ...otherGroups]);

  const items: (CalendarItem & { createdAt: Date })[] = [
    ...entries.map((entry) => {
      const assignmentId = entry.followsAssignment ? entry.groupAssignmentId : null;
      const groupId = assignmentId ? groupOfAssignment.get(assignmentId) : undefined;
      return {
        id: entry.id,
        kind: 'entry' as const,
        date: entry.date,
        position: entry.position,
        timeOfDay: entry.timeOfDay,
        name: entry.name,
        category: entry.category,
        status: entry.status,
        athlete: athletes.get(entry.athleteId) ?? null,
        group: (groupId && groups.get(groupId)) || null,
        assignmentId,
        programApplicationId: entry.programApplicationId,
        progress: null,
        createdAt: entry.createdAt,
      };
    }),
    ...assignments.map((assignment) => {
      const counts = progress.get(assignment.id);
      return {
        id: assignment.id,
        kind: 'assignment' as const,
        date: assignment.date,
        position: assignment.position,
        timeOfDay: assignment.timeOfDay,
        name: assignment.name,
        category: assignment.category,
        status: assignmentStatus(counts),
        athlete: null,
        group: groups.get(assignment.groupId) ?? null,
        assignmentId: null,
        programApplicationId: assignment.programApplicationId,
        progress: { completed: counts?.completed ?? 0, total: counts?.total ?? 0 },
        createdAt: assignment.createdAt,
      };
    }),
  ];
  // On the same place of a day a group's workout comes before an athlete's own; a transaction's rows share a time.
  const kindOrder = { assignment: 0, entry: 1 };
  items.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.position - b.position ||
      kindOrder[a.kind] - kindOrder[b.kind] ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      a.id.localeCompare(b.id),
  );
  return items.map(({ createdAt: _createdAt, ...item }) => item);
}

/** One calendar's items in a range. */
export async function calendarItems(
  scope: TenantScope,
  owner: CalendarOwner,
  range: DateRange,
): Promise<CalendarItem[]> {
  const { entries, assignments } = await calendarRows(scope, owner, range);
  return toCalendarItems(scope, entries, assignments);
}
