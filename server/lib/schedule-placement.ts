import { and, eq, gte, inArray, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { WorkoutCategory } from '../../contract/training-vocabulary';
import {
  athleteGroupMembers,
  groupAssignments,
  scheduleEntries,
  workoutSnapshots,
  workouts,
} from '../db/schema';
import type { TenantScope, TenantTable } from './tenancy';

/**
 * Putting workouts on the schedule (ADR 033): the copies of library workouts the schedule keeps, entries for
 * an athlete, group assignments fanned out to their members, and what joining or leaving a group does to
 * them. The schedule and program routes, group membership and the seed all place workouts through here.
 */

export type EntryRow = typeof scheduleEntries.$inferSelect;
export type AssignmentRow = typeof groupAssignments.$inferSelect;

/** Scheduled or skipped: nothing was logged yet, so a change of plan may still move or remove it. */
export const notStartedStatuses = ['scheduled', 'skipped'] as const;
export const isNotStarted = (status: EntryRow['status']) =>
  (notStartedStatuses as readonly string[]).includes(status);
export const notStarted = () => inArray(scheduleEntries.status, [...notStartedStatuses]);

/** The member entries a change of their assignment reaches: still following it, not started. */
export const followersOf = (assignmentIds: string[]): SQL =>
  and(
    inArray(scheduleEntries.groupAssignmentId, assignmentIds),
    eq(scheduleEntries.followsAssignment, true),
    notStarted(),
  )!;

/** A library workout as the schedule keeps it: the copy (snapshot) of its current version. */
export interface WorkoutCopy {
  snapshotId: string;
  workoutId: string;
  name: string;
  category: WorkoutCategory;
  archived: boolean;
}

const versionKey = (workoutId: string, version: number) => `${workoutId}@${version}`;

/**
 * The copies of the current versions of these library workouts, made when that version has none yet: one copy
 * per workout and version, shared by every item placed from it. Workouts not in the organisation are absent.
 */
export async function workoutCopies(
  scope: TenantScope,
  workoutIds: readonly string[],
): Promise<Map<string, WorkoutCopy>> {
  const ids = [...new Set(workoutIds.map((id) => id.toLowerCase()))];
  if (ids.length === 0) return new Map();
  const current = await scope.select(workouts, { where: inArray(workouts.id, ids) });
  const snapshotsNow = () =>
    scope.selectFields(
      workoutSnapshots,
      { id: workoutSnapshots.id, workoutId: workoutSnapshots.workoutId, version: workoutSnapshots.version },
      // A program week's copy (ADR 052) is not the library version's copy.
      { where: and(inArray(workoutSnapshots.workoutId, ids), isNull(workoutSnapshots.progressionKey)) },
    );
  let known = await snapshotsNow();
  const has = new Set(known.map((row) => versionKey(row.workoutId ?? '', row.version)));
  const missing = current.filter((workout) => !has.has(versionKey(workout.id, workout.version)));
  if (missing.length > 0) {
    // Another request may make the same copy at the same moment: the unique (workout, version) keeps one.
    await scope.insertMissing(
      workoutSnapshots,
      missing.map((workout) => ({
        workoutId: workout.id,
        version: workout.version,
        name: workout.name,
        category: workout.category,
        notes: workout.notes,
        blocks: workout.blocks,
      })),
    );
    known = await snapshotsNow();
  }
  const snapshotByVersion = new Map(
    known.map((row) => [versionKey(row.workoutId ?? '', row.version), row.id]),
  );
  return new Map(
    current.map((workout) => [
      workout.id,
      {
        snapshotId: snapshotByVersion.get(versionKey(workout.id, workout.version))!,
        workoutId: workout.id,
        name: workout.name,
        category: workout.category,
        archived: workout.archivedAt !== null,
      },
    ]),
  );
}

/** One workout to put on a date. */
export interface PlacedWorkout {
  date: string;
  copy: Pick<WorkoutCopy, 'snapshotId' | 'name' | 'category'>;
  timeOfDay?: string | null;
  programApplicationId?: string | null;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest row. */
const insertChunk = 1000;

async function insertAll<T extends TenantTable>(
  scope: TenantScope,
  table: T,
  rows: Omit<T['$inferInsert'], 'organizationId'>[],
): Promise<T['$inferSelect'][]> {
  const inserted: T['$inferSelect'][] = [];
  for (let start = 0; start < rows.length; start += insertChunk) {
    inserted.push(...(await scope.insert(table, rows.slice(start, start + insertChunk))));
  }
  return inserted;
}

const distinct = <T>(values: Iterable<T>) => [...new Set(values)];

/**
 * The first free position on each date, after everything these athletes have and (with a group) the group's
 * assignments: 0 on an empty day.
 */
export async function nextPositionsOn(
  scope: TenantScope,
  owner: { athleteIds: string[]; groupId?: string },
  dates: readonly string[],
): Promise<Map<string, number>> {
  const days = distinct(dates);
  const [entryTops, assignmentTops] = await Promise.all([
    scope.selectFields(
      scheduleEntries,
      { date: scheduleEntries.date, top: max(scheduleEntries.position) },
      {
        where: and(inArray(scheduleEntries.athleteId, owner.athleteIds), inArray(scheduleEntries.date, days)),
        groupBy: [scheduleEntries.date],
      },
    ),
    owner.groupId === undefined
      ? []
      : scope.selectFields(
          groupAssignments,
          { date: groupAssignments.date, top: max(groupAssignments.position) },
          {
            where: and(eq(groupAssignments.groupId, owner.groupId), inArray(groupAssignments.date, days)),
            groupBy: [groupAssignments.date],
          },
        ),
  ]);
  const next = new Map<string, number>();
  for (const { date, top } of [...entryTops, ...assignmentTops]) {
    next.set(date, Math.max(next.get(date) ?? 0, (top ?? -1) + 1));
  }
  return next;
}

/** The columns an entry and an assignment placed from a workout share. */
const placed = (item: PlacedWorkout, position: number, createdBy: string | null) => ({
  date: item.date,
  position,
  timeOfDay: item.timeOfDay ?? null,
  snapshotId: item.copy.snapshotId,
  name: item.copy.name,
  category: item.copy.category,
  programApplicationId: item.programApplicationId ?? null,
  createdBy,
});

function takePosition(next: Map<string, number>, date: string): number {
  const position = next.get(date) ?? 0;
  next.set(date, position + 1);
  return position;
}

/** Entries for one athlete, each appended after what that athlete already has on its date. */
export async function placeForAthlete(
  scope: TenantScope,
  athleteId: string,
  items: readonly PlacedWorkout[],
  createdBy: string | null,
): Promise<EntryRow[]> {
  if (items.length === 0) return [];
  const next = await nextPositionsOn(
    scope,
    { athleteIds: [athleteId] },
    items.map((item) => item.date),
  );
  return insertAll(
    scope,
    scheduleEntries,
    items.map((item) => ({ athleteId, ...placed(item, takePosition(next, item.date), createdBy) })),
  );
}

/** A member's entry of an assignment: its date, time, position and workout, following it. */
const followerOf = (assignment: AssignmentRow, athleteId: string, createdBy: string | null) => ({
  athleteId,
  date: assignment.date,
  position: assignment.position,
  timeOfDay: assignment.timeOfDay,
  snapshotId: assignment.snapshotId,
  name: assignment.name,
  category: assignment.category,
  groupAssignmentId: assignment.id,
  followsAssignment: true,
  programApplicationId: assignment.programApplicationId,
  createdBy,
});

export async function groupMemberIds(scope: TenantScope, groupId: string): Promise<string[]> {
  const members = await scope.selectFields(
    athleteGroupMembers,
    { userId: athleteGroupMembers.userId },
    { where: eq(athleteGroupMembers.groupId, groupId) },
  );
  return members.map((member) => member.userId);
}

/**
 * Group assignments, each fanned out to one entry per current member that follows it. An assignment takes the
 * position after everything on its date, the group's assignments and its members' entries alike, and its
 * entries take the same position, so it comes last on every member's day too.
 */
export async function placeForGroup(
  scope: TenantScope,
  groupId: string,
  items: readonly PlacedWorkout[],
  createdBy: string | null,
): Promise<{ assignments: AssignmentRow[]; entries: EntryRow[] }> {
  if (items.length === 0) return { assignments: [], entries: [] };
  const memberIds = await groupMemberIds(scope, groupId);
  const next = await nextPositionsOn(
    scope,
    { athleteIds: memberIds, groupId },
    items.map((item) => item.date),
  );
  const assignments = await insertAll(
    scope,
    groupAssignments,
    items.map((item) => ({ groupId, ...placed(item, takePosition(next, item.date), createdBy) })),
  );
  const entries = await insertAll(
    scope,
    scheduleEntries,
    assignments.flatMap((assignment) =>
      memberIds.map((athleteId) => followerOf(assignment, athleteId, createdBy)),
    ),
  );
  return { assignments, entries };
}

/** The assignments of these groups, as a subquery of ids. */
const assignmentsOfGroups = (scope: TenantScope, groupIds: string[]) =>
  inArray(
    scheduleEntries.groupAssignmentId,
    sql`(select ${groupAssignments.id} from ${groupAssignments} where ${scope.own(
      groupAssignments,
      inArray(groupAssignments.groupId, groupIds),
    )})`,
  );

/**
 * An athlete who joins groups gets their assignments from `today` on, each as an entry that follows it (one it
 * already has, from an earlier membership, is not made twice). Answers how many entries it made.
 */
export async function joinGroupSchedules(
  scope: TenantScope,
  athleteId: string,
  groupIds: string[],
  today: string,
  createdBy: string | null,
): Promise<number> {
  if (groupIds.length === 0) return 0;
  const upcoming = await scope.select(groupAssignments, {
    where: and(inArray(groupAssignments.groupId, groupIds), gte(groupAssignments.date, today)),
  });
  if (upcoming.length === 0) return 0;
  const had = await scope.selectFields(
    scheduleEntries,
    { assignmentId: scheduleEntries.groupAssignmentId },
    {
      where: and(
        eq(scheduleEntries.athleteId, athleteId),
        inArray(
          scheduleEntries.groupAssignmentId,
          upcoming.map((assignment) => assignment.id),
        ),
      ),
    },
  );
  const hadIds = new Set(had.map((row) => row.assignmentId));
  const made = await insertAll(
    scope,
    scheduleEntries,
    upcoming
      .filter((assignment) => !hadIds.has(assignment.id))
      .map((assignment) => followerOf(assignment, athleteId, createdBy)),
  );
  return made.length;
}

/**
 * An athlete who leaves groups loses their entries from `today` on that still follow an assignment and are
 * not started; what was done, started, changed alone or is in the past stays. Answers how many it removed.
 */
export async function leaveGroupSchedules(
  scope: TenantScope,
  athleteId: string,
  groupIds: string[],
  today: string,
): Promise<number> {
  if (groupIds.length === 0) return 0;
  const removed = await scope.delete(
    scheduleEntries,
    and(
      eq(scheduleEntries.athleteId, athleteId),
      assignmentsOfGroups(scope, groupIds),
      eq(scheduleEntries.followsAssignment, true),
      notStarted(),
      gte(scheduleEntries.date, today),
    )!,
  );
  return removed.length;
}

/**
 * Before a group is deleted: every member leaves it, and the entries that stay become the athletes' own (its
 * assignments go with the group, and an entry never follows an assignment that is gone).
 */
export async function releaseGroupSchedule(
  scope: TenantScope,
  groupId: string,
  today: string,
): Promise<void> {
  const ofGroup = assignmentsOfGroups(scope, [groupId]);
  await scope.delete(
    scheduleEntries,
    and(
      ofGroup,
      eq(scheduleEntries.followsAssignment, true),
      notStarted(),
      gte(scheduleEntries.date, today),
    )!,
  );
  await scope.update(
    scheduleEntries,
    { followsAssignment: false },
    and(ofGroup, eq(scheduleEntries.followsAssignment, true))!,
  );
}

export interface UnlinkedEntry {
  entryId: string;
  assignmentId: string;
  /** Whether it followed the assignment until then. */
  followed: boolean;
}

/** What removing assignments took away, to put back on undo. */
export interface RemovedItems {
  assignments: AssignmentRow[];
  entries: EntryRow[];
  /** Entries that stayed (started, or changed alone) and lost their link to a removed assignment. */
  unlinked: UnlinkedEntry[];
}

/**
 * Removes assignments with their members' entries that still follow them and are not started; the others stay
 * on the athletes' calendars as their own. Answers what it removed and unlinked (to put back on undo).
 */
export async function removeAssignments(scope: TenantScope, assignmentIds: string[]): Promise<RemovedItems> {
  if (assignmentIds.length === 0) return { assignments: [], entries: [], unlinked: [] };
  const entries = await scope.delete(scheduleEntries, followersOf(assignmentIds));
  const linked = inArray(scheduleEntries.groupAssignmentId, assignmentIds);
  const staying = await scope.selectFields(
    scheduleEntries,
    {
      entryId: scheduleEntries.id,
      assignmentId: scheduleEntries.groupAssignmentId,
      followed: scheduleEntries.followsAssignment,
    },
    { where: linked },
  );
  await scope.update(
    scheduleEntries,
    { followsAssignment: false, updatedAt: new Date() },
    and(linked, eq(scheduleEntries.followsAssignment, true))!,
  );
  // The foreign key sets the staying entries' link to null.
  const assignments = await scope.delete(groupAssignments, inArray(groupAssignments.id, assignmentIds));
  const unlinked = staying.map((entry) => ({ ...entry, assignmentId: entry.assignmentId! }));
  return { assignments, entries, unlinked };
}
