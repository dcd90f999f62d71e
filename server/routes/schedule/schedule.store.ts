import { recordScheduleChange } from '../../lib/live-events/schedule-events';
import { and, asc, between, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { scheduleDateBounds } from '../../../contract/calendar-dates';
import { errorCodes } from '../../../contract/errors';
import {
  scheduleLimits,
  type copyScheduleRequestSchema,
  type createScheduleItemRequestSchema,
  type deleteScheduleRangeRequestSchema,
  type ScheduleBatchResponse,
  type ScheduledWorkout,
  type ScheduleItemDetail,
  type scheduleQuerySchema,
  type ScheduleResponse,
  type TodayResponse,
  type updateScheduleItemRequestSchema,
} from '../../../contract/schedule';
import {
  athleteGroups,
  exercises,
  groupAssignments,
  programApplications,
  scheduleBatches,
  scheduleEntries,
  users,
  workoutSnapshots,
  workouts,
} from '../../db/schema';
import { addCalendarDays, calendarDaysFrom, spokenDate, todayIn } from '../../lib/calendar-days';
import type { SignedInVariables } from '../../lib/context';
import type { Viewer } from '../../lib/directory/sessions';
import { ApiError, forbidden, invalidFields, notFound } from '../../lib/errors';
import {
  followersOf,
  groupMemberIds,
  isNotStarted,
  nextPositionsOn,
  notStarted,
  placeForAthlete,
  placeForGroup,
  removeAssignments,
  workoutCopies,
  type AssignmentRow,
  type EntryRow,
  type PlacedWorkout,
  type RemovedItems,
} from '../../lib/schedule-placement';
import { workoutsScheduled } from '../../lib/notifications/makers';
import { notify } from '../../lib/notifications/notify';
import type { TenantScope } from '../../lib/tenancy';
import { blocksWithExercises, exerciseIdsOf, readExerciseRefs } from '../../lib/workout-document';
import {
  athleteRefs,
  calendarItems,
  calendarRows,
  toCalendarItems,
  type CalendarOwner,
  type DateRange,
} from './calendar-items';

type ScheduleQuery = z.output<typeof scheduleQuerySchema>;
type NewItem = z.output<typeof createScheduleItemRequestSchema>;
type ItemChanges = z.output<typeof updateScheduleItemRequestSchema>;
type CopyRequest = z.output<typeof copyScheduleRequestSchema>;
type DeleteRangeRequest = z.output<typeof deleteScheduleRangeRequestSchema>;
type UserRow = typeof users.$inferSelect;
type GroupRow = typeof athleteGroups.$inferSelect;
type EntryChanges = Partial<Omit<typeof scheduleEntries.$inferInsert, 'organizationId'>>;

/** Who a schedule change is for: one athlete or one group of the organisation. */
export type ScheduleTarget =
  { athlete: UserRow; group?: undefined } | { group: GroupRow; athlete?: undefined };

export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;
export const targetName = (target: ScheduleTarget) =>
  target.athlete ? fullName(target.athlete) : target.group.name;
export const ownerOf = (target: ScheduleTarget): CalendarOwner =>
  target.athlete ? { athleteId: target.athlete.id } : { groupId: target.group.id };

const entryNotFound = () => notFound('This workout is not on the schedule (it may have been deleted).');
const assignmentNotFound = () =>
  notFound("This group workout is not on the group's schedule (it may have been deleted).");
/** "1 workout", "3 workouts"; "1 athlete entry", "2 athlete entries". */
const countOf = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const athleteEntries = (count: number) => countOf(count, 'athlete entry', 'athlete entries');

/** An entry with a workout log in progress or completed stays as it is: its log belongs to that day. */
function startedConflict(item: { name: string; date: string; status: EntryRow['status'] }, change: string) {
  const state = item.status === 'completed' ? 'completed' : 'in progress';
  return new ApiError(
    409,
    errorCodes.conflict,
    `${item.name} on ${spokenDate(item.date)} is ${state}, so it cannot be ${change}: its workout log stays with the day it was done.`,
  );
}

/** The status part of a change: skip with a reason, take the skip back, or change the reason. */
function statusChange(
  current: Pick<EntryRow, 'name' | 'date' | 'status' | 'skipReason'>,
  changes: ItemChanges,
): Pick<EntryChanges, 'status' | 'skipReason'> {
  if (changes.status === 'skipped') {
    if (!isNotStarted(current.status)) throw startedConflict(current, 'skipped');
    return current.status === 'skipped' && current.skipReason === changes.skipReason
      ? {}
      : { status: 'skipped', skipReason: changes.skipReason ?? null };
  }
  if (changes.status === 'scheduled') {
    if (!isNotStarted(current.status)) throw startedConflict(current, 'scheduled again');
    return current.status === 'skipped' ? { status: 'scheduled', skipReason: null } : {};
  }
  if (changes.skipReason !== undefined) {
    if (current.status !== 'skipped') throw invalidFields({ status: 'Skip it to give a reason' });
    return changes.skipReason === current.skipReason ? {} : { skipReason: changes.skipReason };
  }
  return {};
}

/** The date and time of day a change gives that differ from the item's. */
function moveOf(current: Pick<EntryRow, 'date' | 'timeOfDay'>, changes: ItemChanges) {
  const move: Partial<Pick<EntryRow, 'date' | 'timeOfDay'>> = {};
  if (changes.date !== undefined && changes.date !== current.date) move.date = changes.date;
  if (changes.timeOfDay !== undefined && changes.timeOfDay !== current.timeOfDay)
    move.timeOfDay = changes.timeOfDay;
  return move;
}

/** The status part of a group's change, for its followers: skip them, take the skip back, or change the reason. */
function followerStatusChange(changes: ItemChanges): Pick<EntryChanges, 'status' | 'skipReason'> {
  if (changes.status === 'skipped') return { status: 'skipped', skipReason: changes.skipReason ?? null };
  if (changes.status === 'scheduled') return { status: 'scheduled' };
  return changes.skipReason === undefined ? {} : { skipReason: changes.skipReason };
}

/**
 * A day's items in order with one of them put at `index` (the end when beyond it): the new position of each
 * item whose position changes.
 */
function reordered(day: readonly { id: string; position: number }[], movedId: string, index: number) {
  const order = day.filter((item) => item.id !== movedId).map((item) => item.id);
  order.splice(Math.min(index, order.length), 0, movedId);
  const before = new Map(day.map((item) => [item.id, item.position]));
  return order.flatMap((id, position) => (before.get(id) === position ? [] : [{ id, position }]));
}

/** The new positions on a day (`sameDay`: an athlete's entries or a group's assignments) with an item put at `index`. */
async function reorderedDay(
  scope: TenantScope,
  table: typeof scheduleEntries | typeof groupAssignments,
  sameDay: SQL,
  movedId: string,
  index: number | undefined,
) {
  if (index === undefined) return [];
  const day = await scope.selectFields(
    table,
    { id: table.id, position: table.position },
    { where: sameDay, orderBy: [asc(table.position), asc(table.createdAt), asc(table.id)] },
  );
  return reordered(day, movedId, index);
}

/** Rows of a batch come back from JSON with their timestamps as text. */
function revived<T extends { createdAt: Date; updatedAt: Date; organizationId: string }>(row: unknown) {
  const { organizationId: _organizationId, ...values } = row as T;
  return {
    ...values,
    createdAt: new Date(values.createdAt),
    updatedAt: new Date(values.updatedAt),
  };
}

/**
 * The schedule's database work (issue 14, ADR 033), through the organisation's TenantScope only: calendars,
 * entries and group assignments, moves and skips, copies and deletes of ranges with their undo.
 */
export class ScheduleStore {
  constructor(
    private readonly tenant: TenantScope,
    private readonly viewer: Pick<Viewer, 'user' | 'organization'>,
  ) {}

  private get locale() {
    return this.viewer.organization.locale;
  }

  private get isAthlete() {
    return this.viewer.user.role === 'athlete';
  }

  /** The organisation's today, in its time zone. */
  today(): string {
    return todayIn(this.viewer.organization.timeZone);
  }

  // ——— Calendars ———

  async calendar(query: ScheduleQuery): Promise<ScheduleResponse> {
    const owner = await this.calendarOwner(query);
    return {
      data: await calendarItems(this.tenant, owner, query),
      from: query.from,
      to: query.to,
      today: this.today(),
      timeZone: this.viewer.organization.timeZone,
    };
  }

  /** An athlete's own entries of today; for staff, the organisation's calendar of today. */
  async todayItems(): Promise<TodayResponse> {
    const today = this.today();
    const owner: CalendarOwner = this.isAthlete ? { athleteId: this.viewer.user.id } : {};
    return {
      today,
      timeZone: this.viewer.organization.timeZone,
      data: await calendarItems(this.tenant, owner, { from: today, to: today }),
    };
  }

  /** Athletes read their own calendar only; staff any athlete's, group's or the organisation's. */
  private async calendarOwner({ athleteId, groupId }: ScheduleQuery): Promise<CalendarOwner> {
    if (this.isAthlete) {
      if (groupId || (athleteId && athleteId.toLowerCase() !== this.viewer.user.id)) {
        throw forbidden('Athletes see their own schedule only.');
      }
      return { athleteId: this.viewer.user.id };
    }
    if (athleteId || groupId) return ownerOf(await this.target({ athleteId, groupId }));
    return {};
  }

  /** The athlete or group a request names. */
  target(who: { athleteId?: string | undefined; groupId?: string | undefined }, scope = this.tenant) {
    return findTarget(scope, who);
  }

  // ——— One item ———

  /** A library workout on a date: an athlete's entry, or a group's assignment fanned out to its members. */
  async create(values: NewItem, createdBy: string): Promise<{ item: ScheduleItemDetail; message: string }> {
    const target = await this.target(values);
    return this.tenant.transaction(async (scope) => {
      const copy = (await workoutCopies(scope, [values.workoutId])).get(values.workoutId.toLowerCase());
      if (!copy) throw invalidFields({ workoutId: 'There is no such workout in your library' });
      if (copy.archived) {
        throw invalidFields({
          workoutId: `${copy.name} is archived: restore it in the library to schedule it`,
        });
      }
      const placed: PlacedWorkout[] = [{ date: values.date, copy, timeOfDay: values.timeOfDay ?? null }];
      const when = `${targetName(target)} on ${spokenDate(values.date)}`;
      if (target.athlete) {
        const [entry] = await placeForAthlete(scope, target.athlete.id, placed, createdBy);
        await notify(scope, workoutsScheduled([entry!], this.locale), { actorId: createdBy });
        await recordScheduleChange(scope, { entries: [entry!] });
        return {
          item: await this.entryDetail(scope, entry!),
          message: `${copy.name} is scheduled for ${when}.`,
        };
      }
      const { assignments, entries } = await placeForGroup(scope, target.group.id, placed, createdBy);
      await notify(scope, workoutsScheduled(entries, this.locale), { actorId: createdBy });
      await recordScheduleChange(scope, { entries, assignments });
      return {
        item: await this.assignmentDetail(scope, assignments[0]!),
        message: `${copy.name} is scheduled for ${when} (${countOf(entries.length, 'athlete')}).`,
      };
    });
  }

  /** An entry with its copy of the workout; an athlete reads only its own (any other is not found). */
  async entry(entryId: string): Promise<ScheduleItemDetail> {
    const entry = await this.tenant.first(scheduleEntries, eq(scheduleEntries.id, entryId));
    if (!entry || (this.isAthlete && entry.athleteId !== this.viewer.user.id)) throw entryNotFound();
    return this.entryDetail(this.tenant, entry);
  }

  async assignment(assignmentId: string): Promise<ScheduleItemDetail> {
    const assignment = await this.tenant.first(groupAssignments, eq(groupAssignments.id, assignmentId));
    if (!assignment) throw assignmentNotFound();
    return this.assignmentDetail(this.tenant, assignment);
  }

  private async entryDetail(scope: TenantScope, entry: EntryRow): Promise<ScheduleItemDetail> {
    const [[item], workout] = await Promise.all([
      toCalendarItems(scope, [entry], []),
      scheduledWorkout(scope, entry.snapshotId),
    ]);
    return { ...item!, workout, skipReason: entry.skipReason, members: null };
  }

  private async assignmentDetail(scope: TenantScope, assignment: AssignmentRow): Promise<ScheduleItemDetail> {
    const [[item], workout, memberEntries] = await Promise.all([
      toCalendarItems(scope, [], [assignment]),
      scheduledWorkout(scope, assignment.snapshotId),
      scope.selectFields(
        scheduleEntries,
        {
          entryId: scheduleEntries.id,
          athleteId: scheduleEntries.athleteId,
          status: scheduleEntries.status,
          skipReason: scheduleEntries.skipReason,
          followsAssignment: scheduleEntries.followsAssignment,
        },
        { where: eq(scheduleEntries.groupAssignmentId, assignment.id) },
      ),
    ]);
    const athletes = await athleteRefs(
      scope,
      memberEntries.map((entry) => entry.athleteId),
    );
    const members = memberEntries
      .map(({ entryId, athleteId, status, followsAssignment }) => ({
        entryId,
        athlete: athletes.get(athleteId)!,
        status,
        followsAssignment,
      }))
      .sort(
        (a, b) =>
          a.athlete.lastName.localeCompare(b.athlete.lastName) ||
          a.athlete.firstName.localeCompare(b.athlete.firstName),
      );
    // A group's workout skipped as a whole says why through its members' entries.
    const skipReason =
      item!.status === 'skipped'
        ? (memberEntries.find((entry) => entry.skipReason)?.skipReason ?? null)
        : null;
    return { ...item!, workout, skipReason, members };
  }

  // ——— Changes ———

  /**
   * Moves (date, order, time of day) or skips an entry. One in progress or completed is not moved (409); a
   * member's entry changed alone stops following its assignment.
   */
  async updateEntry(entryId: string, changes: ItemChanges): Promise<ScheduleItemDetail> {
    return this.tenant.transaction(async (scope) => {
      const entry = await scope.first(scheduleEntries, eq(scheduleEntries.id, entryId));
      if (!entry) throw entryNotFound();
      const set: EntryChanges = { ...statusChange(entry, changes), ...moveOf(entry, changes) };
      const date = set.date ?? entry.date;
      const positions = await reorderedDay(
        scope,
        scheduleEntries,
        and(eq(scheduleEntries.athleteId, entry.athleteId), eq(scheduleEntries.date, date))!,
        entry.id,
        changes.position,
      );
      const own = positions.find((change) => change.id === entry.id);
      if (own) set.position = own.position;
      else if (set.date !== undefined) {
        set.position =
          (await nextPositionsOn(scope, { athleteIds: [entry.athleteId] }, [date])).get(date) ?? 0;
      }
      if (Object.keys(set).length === 0 && positions.length === 0) return this.entryDetail(scope, entry);
      const moves = set.date !== undefined || set.timeOfDay !== undefined || set.position !== undefined;
      if (moves && !isNotStarted(entry.status)) throw startedConflict(entry, 'moved');

      const [updated] = await scope.update(
        scheduleEntries,
        { ...set, followsAssignment: false, updatedAt: new Date() },
        eq(scheduleEntries.id, entry.id),
      );
      // The rest of the day closes up around it; they are not changed alone, so they keep following.
      for (const { id, position } of positions) {
        if (id !== entry.id) await scope.update(scheduleEntries, { position }, eq(scheduleEntries.id, id));
      }
      await recordScheduleChange(scope, { entries: [entry, updated!] });
      return this.entryDetail(scope, updated!);
    });
  }

  /**
   * Moves or skips a group assignment: the change reaches its members' entries that still follow it and are
   * not started; those started stay as they are and stop following it.
   */
  async updateAssignment(assignmentId: string, changes: ItemChanges): Promise<ScheduleItemDetail> {
    return this.tenant.transaction(async (scope) => {
      const assignment = await scope.first(groupAssignments, eq(groupAssignments.id, assignmentId));
      if (!assignment) throw assignmentNotFound();
      const set: Partial<Pick<AssignmentRow, 'date' | 'timeOfDay' | 'position'>> = moveOf(
        assignment,
        changes,
      );
      const date = set.date ?? assignment.date;
      const positions = await reorderedDay(
        scope,
        groupAssignments,
        and(eq(groupAssignments.groupId, assignment.groupId), eq(groupAssignments.date, date))!,
        assignment.id,
        changes.position,
      );
      const own = positions.find((change) => change.id === assignment.id);
      if (own) set.position = own.position;
      else if (set.date !== undefined) {
        const memberIds = await groupMemberIds(scope, assignment.groupId);
        const next = await nextPositionsOn(scope, { athleteIds: memberIds, groupId: assignment.groupId }, [
          date,
        ]);
        set.position = next.get(date) ?? 0;
      }
      const statusSet = followerStatusChange(changes);
      if (Object.keys(set).length === 0 && positions.length === 0 && Object.keys(statusSet).length === 0) {
        return this.assignmentDetail(scope, assignment);
      }

      const [updated] = await scope.update(
        groupAssignments,
        { ...set, updatedAt: new Date() },
        eq(groupAssignments.id, assignment.id),
      );
      for (const { id, position } of positions) {
        if (id === assignment.id) continue;
        await scope.update(groupAssignments, { position }, eq(groupAssignments.id, id));
        await scope.update(scheduleEntries, { position }, followersOf([id]));
      }
      await this.reachFollowers(scope, updated!, {
        date: updated!.date,
        timeOfDay: updated!.timeOfDay,
        position: updated!.position,
        ...statusSet,
      });
      await recordScheduleChange(scope, { assignments: [assignment, updated!] });
      return this.assignmentDetail(scope, updated!);
    });
  }

  /** Applies an assignment's change to its not-started followers; the started ones stop following it. */
  private async reachFollowers(scope: TenantScope, assignment: AssignmentRow, set: EntryChanges) {
    const now = new Date();
    const { status, skipReason, ...rest } = set;
    await scope.update(scheduleEntries, { ...rest, updatedAt: now }, followersOf([assignment.id]));
    if (status === 'skipped') {
      await scope.update(scheduleEntries, { status, skipReason }, followersOf([assignment.id]));
    } else if (status === 'scheduled' || skipReason !== undefined) {
      // Taking a group's skip back (or changing its reason) reaches the skipped members' entries only.
      await scope.update(
        scheduleEntries,
        status ? { status, skipReason: null } : { skipReason },
        and(followersOf([assignment.id]), eq(scheduleEntries.status, 'skipped'))!,
      );
    }
    await scope.update(
      scheduleEntries,
      { followsAssignment: false, updatedAt: now },
      and(
        eq(scheduleEntries.groupAssignmentId, assignment.id),
        eq(scheduleEntries.followsAssignment, true),
        inArray(scheduleEntries.status, ['in_progress', 'completed']),
      )!,
    );
  }

  /** The library's current version of the entry's workout, taken on purpose (a member's entry stops following). */
  async entryFromLibrary(entryId: string): Promise<{ item: ScheduleItemDetail; updated: boolean }> {
    return this.tenant.transaction(async (scope) => {
      const entry = await scope.first(scheduleEntries, eq(scheduleEntries.id, entryId));
      if (!entry) throw entryNotFound();
      if (!isNotStarted(entry.status)) throw startedConflict(entry, 'updated from the library');
      const copy = await this.libraryCopy(scope, entry);
      if (copy.snapshotId === entry.snapshotId)
        return { item: await this.entryDetail(scope, entry), updated: false };
      const [updated] = await scope.update(
        scheduleEntries,
        {
          snapshotId: copy.snapshotId,
          name: copy.name,
          category: copy.category,
          followsAssignment: false,
          updatedAt: new Date(),
        },
        eq(scheduleEntries.id, entry.id),
      );
      await recordScheduleChange(scope, { entries: [updated!] });
      return { item: await this.entryDetail(scope, updated!), updated: true };
    });
  }

  /** The library's current version for a group assignment and its followers that are not started. */
  async assignmentFromLibrary(assignmentId: string): Promise<{ item: ScheduleItemDetail; updated: boolean }> {
    return this.tenant.transaction(async (scope) => {
      const assignment = await scope.first(groupAssignments, eq(groupAssignments.id, assignmentId));
      if (!assignment) throw assignmentNotFound();
      const copy = await this.libraryCopy(scope, assignment);
      if (copy.snapshotId === assignment.snapshotId) {
        return { item: await this.assignmentDetail(scope, assignment), updated: false };
      }
      const workout = { snapshotId: copy.snapshotId, name: copy.name, category: copy.category };
      const [updated] = await scope.update(
        groupAssignments,
        { ...workout, updatedAt: new Date() },
        eq(groupAssignments.id, assignment.id),
      );
      await this.reachFollowers(scope, updated!, workout);
      await recordScheduleChange(scope, { assignments: [updated!] });
      return { item: await this.assignmentDetail(scope, updated!), updated: true };
    });
  }

  private async libraryCopy(scope: TenantScope, item: { snapshotId: string; name: string }) {
    const [snapshot] = await scope.selectFields(
      workoutSnapshots,
      { workoutId: workoutSnapshots.workoutId },
      { where: eq(workoutSnapshots.id, item.snapshotId) },
    );
    const copy = snapshot?.workoutId
      ? (await workoutCopies(scope, [snapshot.workoutId])).get(snapshot.workoutId)
      : undefined;
    if (!copy) {
      throw new ApiError(
        409,
        errorCodes.conflict,
        `${item.name} is no longer in the library, so there is nothing newer to take.`,
      );
    }
    return copy;
  }

  // ——— Removing, copying, undoing ———

  /** Removes an entry that is not started, undoably. */
  async deleteEntry(entryId: string): Promise<ScheduleBatchResponse> {
    return this.tenant.transaction(async (scope) => {
      const entry = await scope.first(scheduleEntries, eq(scheduleEntries.id, entryId));
      if (!entry) throw entryNotFound();
      if (!isNotStarted(entry.status)) throw startedConflict(entry, 'removed');
      await scope.delete(scheduleEntries, eq(scheduleEntries.id, entry.id));
      const batchId = await this.recordBatch(scope, 'delete', {
        removed: { entries: [entry], assignments: [], unlinked: [] },
      });
      await recordScheduleChange(scope, { entries: [entry] });
      return {
        message: `${entry.name} is off the schedule on ${spokenDate(entry.date)}.`,
        count: 1,
        batchId,
      };
    });
  }

  /** Removes a group assignment with its members' entries that follow it and are not started, undoably. */
  async deleteAssignment(assignmentId: string): Promise<ScheduleBatchResponse> {
    return this.tenant.transaction(async (scope) => {
      const removed = await removeAssignments(scope, [assignmentId]);
      const [assignment] = removed.assignments;
      if (!assignment) throw assignmentNotFound();
      const batchId = await this.recordBatch(scope, 'delete', { removed });
      await recordScheduleChange(scope, removed);
      return {
        message: `${assignment.name} is off the group's schedule on ${spokenDate(assignment.date)} (${athleteEntries(removed.entries.length)}).`,
        count: removed.assignments.length + removed.entries.length,
        batchId,
      };
    });
  }

  /**
   * Copies an athlete's or a group's items in a range to start at another date, for the same or another athlete
   * or group, as new scheduled items after what is already on each day; undoable.
   */
  async copy(request: CopyRequest, createdBy: string): Promise<ScheduleBatchResponse> {
    const source = await this.target(request);
    const target =
      request.toAthleteId || request.toGroupId
        ? await this.target({ athleteId: request.toAthleteId, groupId: request.toGroupId })
        : source;
    const shift = calendarDaysFrom(request.from, request.toDate);
    return this.tenant.transaction(async (scope) => {
      const { entries, assignments } = await calendarRows(scope, ownerOf(source), request);
      const items: PlacedWorkout[] = [...entries, ...assignments].map((item) => ({
        date: addCalendarDays(item.date, shift),
        copy: item,
        timeOfDay: item.timeOfDay,
      }));
      const range = `${spokenDate(request.from)} – ${spokenDate(request.to)}`;
      if (items.length === 0) {
        return {
          message: `Nothing is scheduled for ${targetName(source)} in ${range}.`,
          count: 0,
          batchId: null,
        };
      }
      const lastDate = items.reduce((last, item) => (item.date > last ? item.date : last), request.toDate);
      if (lastDate > scheduleDateBounds.max) {
        throw invalidFields({
          toDate: `The copy would end after ${scheduleDateBounds.max}: choose an earlier date`,
        });
      }
      const members = target.group ? (await groupMemberIds(scope, target.group.id)).length : 0;
      const entryCount = target.group ? items.length * (members + 1) : items.length;
      ensureWithinLimit(entryCount, 'toDate', 'copy a shorter range');
      const placed = target.athlete
        ? { entries: await placeForAthlete(scope, target.athlete.id, items, createdBy), assignments: [] }
        : await placeForGroup(scope, target.group.id, items, createdBy);
      const batchId = await this.recordBatch(scope, 'copy', { made: placed });
      await notify(scope, workoutsScheduled(placed.entries, this.locale), { actorId: createdBy });
      await recordScheduleChange(scope, placed);
      const fanOut = target.group ? ` (${athleteEntries(placed.entries.length)})` : '';
      return {
        message: `Copied ${countOf(items.length, 'workout')} to ${targetName(target)} from ${spokenDate(request.toDate)}${fanOut}.`,
        count: placed.entries.length + placed.assignments.length,
        batchId,
      };
    });
  }

  /** Removes every item of an athlete or a group in a range that is not started; undoable. */
  async deleteRange(request: DeleteRangeRequest): Promise<ScheduleBatchResponse> {
    const target = await this.target(request);
    const range: DateRange = request;
    return this.tenant.transaction(async (scope) => {
      let removed: RemovedItems;
      if (target.athlete) {
        const entries = await scope.delete(
          scheduleEntries,
          and(
            eq(scheduleEntries.athleteId, target.athlete.id),
            between(scheduleEntries.date, range.from, range.to),
            notStarted(),
          )!,
        );
        removed = { entries, assignments: [], unlinked: [] };
      } else {
        const inRange = await scope.selectFields(
          groupAssignments,
          { id: groupAssignments.id },
          {
            where: and(
              eq(groupAssignments.groupId, target.group.id),
              between(groupAssignments.date, range.from, range.to),
            ),
          },
        );
        removed = await removeAssignments(
          scope,
          inRange.map((row) => row.id),
        );
      }
      const count = removed.entries.length + removed.assignments.length;
      const span = `${spokenDate(range.from)} – ${spokenDate(range.to)}`;
      if (count === 0) {
        return { message: `Nothing to remove for ${targetName(target)} in ${span}.`, count, batchId: null };
      }
      const batchId = await this.recordBatch(scope, 'delete', { removed });
      await recordScheduleChange(scope, removed);
      const workouts = target.athlete ? removed.entries.length : removed.assignments.length;
      return {
        message: `Removed ${countOf(workouts, 'workout')} of ${targetName(target)} in ${span}; any started or completed stay.`,
        count,
        batchId,
      };
    });
  }

  private async recordBatch(
    scope: TenantScope,
    kind: 'copy' | 'delete',
    change: {
      made?: { entries: EntryRow[]; assignments: AssignmentRow[] };
      removed?: RemovedItems;
    },
  ): Promise<string> {
    const [batch] = await scope.insert(scheduleBatches, {
      userId: this.viewer.user.id,
      kind,
      createdEntryIds: change.made?.entries.map((entry) => entry.id) ?? [],
      createdAssignmentIds: change.made?.assignments.map((assignment) => assignment.id) ?? [],
      removed: change.removed ?? null,
    });
    return batch!.id;
  }

  /** Takes back a copy or a removal, once, by the user who made it (anyone else's is not found). */
  async undo(batchId: string): Promise<ScheduleBatchResponse> {
    return this.tenant.transaction(async (scope) => {
      const batch = await scope.first(scheduleBatches, eq(scheduleBatches.id, batchId));
      if (!batch || batch.userId !== this.viewer.user.id)
        throw notFound('There is no such change of yours to undo.');
      const [claimed] = await scope.update(
        scheduleBatches,
        { undoneAt: new Date() },
        and(eq(scheduleBatches.id, batch.id), isNull(scheduleBatches.undoneAt))!,
      );
      if (!claimed) throw new ApiError(409, errorCodes.conflict, 'This change was already undone.');
      if (batch.kind === 'copy') {
        const made = batch.createdEntryIds.length + batch.createdAssignmentIds.length;
        const fromAssignments = await removeAssignments(scope, batch.createdAssignmentIds);
        const entries = await scope.delete(
          scheduleEntries,
          and(inArray(scheduleEntries.id, batch.createdEntryIds), notStarted())!,
        );
        const count = fromAssignments.assignments.length + fromAssignments.entries.length + entries.length;
        await recordScheduleChange(scope, {
          entries: [...fromAssignments.entries, ...entries],
          assignments: fromAssignments.assignments,
        });
        const kept = made - count;
        return {
          message: `The copy is undone.${kept > 0 ? ` ${countOf(kept, 'item')} already started or removed ${kept === 1 ? 'stays as it is' : 'stay as they are'}.` : ''}`,
          count,
          batchId: null,
        };
      }
      const removed = batch.removed ?? { entries: [], assignments: [] };
      const count = await this.restore(scope, removed);
      await recordScheduleChange(scope, {
        entries: removed.entries.map((row) => revived<EntryRow>(row)),
        assignments: removed.assignments.map((row) => revived<AssignmentRow>(row)),
      });
      return { message: `Put back ${countOf(count, 'item')}.`, count, batchId: null };
    });
  }

  /**
   * Puts removed rows back as they were, with their ids. What they referred to may have gone meanwhile: an entry
   * of an athlete or an assignment of a group no longer there stays gone, and a link to a removed assignment or
   * program application is dropped.
   */
  private async restore(
    scope: TenantScope,
    removed: NonNullable<(typeof scheduleBatches.$inferSelect)['removed']>,
  ) {
    const assignments = removed.assignments.map((row) => revived<AssignmentRow>(row));
    const entries = removed.entries.map((row) => revived<EntryRow>(row));
    const idsOf = (values: (string | null)[]) => [...new Set(values.filter((value) => value !== null))];
    const [groups, athletes, applications] = await Promise.all([
      scope.selectFields(
        athleteGroups,
        { id: athleteGroups.id },
        {
          where: inArray(athleteGroups.id, idsOf(assignments.map((row) => row.groupId))),
        },
      ),
      scope.selectFields(
        users,
        { id: users.id },
        {
          where: inArray(users.id, idsOf(entries.map((row) => row.athleteId))),
        },
      ),
      scope.selectFields(
        programApplications,
        { id: programApplications.id },
        {
          where: inArray(
            programApplications.id,
            idsOf([...entries, ...assignments].map((row) => row.programApplicationId)),
          ),
        },
      ),
    ]);
    const present = (rows: { id: string }[]) => new Set(rows.map((row) => row.id));
    const [groupIds, athleteIds, applicationIds] = [
      present(groups),
      present(athletes),
      present(applications),
    ];
    const application = (id: string | null) => (id && applicationIds.has(id) ? id : null);
    const restorableAssignments = assignments.filter((row) => groupIds.has(row.groupId));
    const restoredAssignments =
      restorableAssignments.length === 0
        ? []
        : await scope.insertMissing(
            groupAssignments,
            restorableAssignments.map((row) => ({
              ...row,
              programApplicationId: application(row.programApplicationId),
            })),
          );
    const linked = idsOf(entries.map((row) => row.groupAssignmentId));
    const assignmentIds = present(
      linked.length === 0
        ? []
        : await scope.selectFields(
            groupAssignments,
            { id: groupAssignments.id },
            {
              where: inArray(groupAssignments.id, linked),
            },
          ),
    );
    const restorable = entries.filter((row) => athleteIds.has(row.athleteId));
    const restoredEntries =
      restorable.length === 0
        ? []
        : await scope.insertMissing(
            scheduleEntries,
            restorable.map((row) => {
              const assignmentId =
                row.groupAssignmentId && assignmentIds.has(row.groupAssignmentId)
                  ? row.groupAssignmentId
                  : null;
              return {
                ...row,
                groupAssignmentId: assignmentId,
                followsAssignment: assignmentId !== null && row.followsAssignment,
                programApplicationId: application(row.programApplicationId),
              };
            }),
          );
    // Entries that stayed when their assignment went are linked to it again, following it as they did.
    const restoredIds = new Set(restoredAssignments.map((assignment) => assignment.id));
    for (const { entryId, assignmentId, followed } of removed.unlinked ?? []) {
      if (!restoredIds.has(assignmentId)) continue;
      await scope.update(
        scheduleEntries,
        { groupAssignmentId: assignmentId, followsAssignment: followed },
        and(eq(scheduleEntries.id, entryId), isNull(scheduleEntries.groupAssignmentId))!,
      );
    }
    return restoredAssignments.length + restoredEntries.length;
  }
}

/** The athlete or group a request names; one of another organisation is not found, as if it did not exist. */
export async function findTarget(
  scope: TenantScope,
  { athleteId, groupId }: { athleteId?: string | undefined; groupId?: string | undefined },
): Promise<ScheduleTarget> {
  if (athleteId) {
    const athlete = await scope.first(users, and(eq(users.id, athleteId), eq(users.role, 'athlete'))!);
    if (!athlete) throw notFound('There is no such athlete in your organisation.');
    return { athlete };
  }
  const group = groupId ? await scope.first(athleteGroups, eq(athleteGroups.id, groupId)) : undefined;
  if (!group) throw notFound('There is no such group in your organisation.');
  return { group };
}

/** More entries at once than a bulk change may make is refused, saying the limit and the count (400 at `field`). */
export function ensureWithinLimit(entryCount: number, field: string, advice: string) {
  const limit = scheduleLimits.entriesPerApplication;
  if (entryCount > limit) {
    throw invalidFields({
      [field]: `This would make ${entryCount.toLocaleString('en-US')} entries; at most ${limit.toLocaleString('en-US')} at once: ${advice}`,
    });
  }
}

/** The workout as an item keeps it: its copy, each exercise as it is now, and whether the library has newer. */
export async function scheduledWorkout(scope: TenantScope, snapshotId: string): Promise<ScheduledWorkout> {
  const snapshot = await scope.first(workoutSnapshots, eq(workoutSnapshots.id, snapshotId));
  // schedule_entries.snapshot_id and group_assignments.snapshot_id are foreign keys without cascade.
  if (!snapshot) throw new Error(`Schedule copy ${snapshotId} is missing`);
  const exerciseIds = exerciseIdsOf(snapshot.blocks);
  const [refs, [library]] = await Promise.all([
    exerciseIds.length === 0 ? new Map() : readExerciseRefs(scope, inArray(exercises.id, exerciseIds)),
    snapshot.workoutId
      ? scope.selectFields(
          workouts,
          { version: workouts.version },
          { where: eq(workouts.id, snapshot.workoutId) },
        )
      : [],
  ]);
  return {
    workoutId: snapshot.workoutId,
    version: snapshot.version,
    name: snapshot.name,
    category: snapshot.category,
    notes: snapshot.notes,
    blocks: blocksWithExercises(snapshot.blocks, refs, `Schedule copy ${snapshot.id}`),
    libraryVersion: library && library.version > snapshot.version ? library.version : null,
  };
}

/** The schedule as the signed-in user may see and change it. */
export const scheduleOf = (c: { var: Pick<SignedInVariables, 'tenant' | 'viewer'> }) =>
  new ScheduleStore(c.var.tenant, c.var.viewer);
