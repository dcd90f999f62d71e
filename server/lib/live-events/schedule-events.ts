import { inArray } from 'drizzle-orm';
import { athleteGroupMembers } from '../../db/schema';
import type { TenantScope } from '../tenancy';

interface ChangedEntry {
  id: string;
  athleteId: string;
  date: string;
}
interface ChangedAssignment {
  id: string;
  groupId: string;
  date: string;
}

/**
 * Announces a schedule change in its transaction (call it last): to staff, and to each athlete concerned, a
 * group's members included. Nothing is recorded when nothing changed.
 */
export async function recordScheduleChange(
  scope: TenantScope,
  changed: { entries?: readonly ChangedEntry[]; assignments?: readonly ChangedAssignment[] },
  /** A program applied is also news in the activity feed (product.md "Activity"). */
  options: { alsoActivity?: boolean } = {},
): Promise<void> {
  const entries = changed.entries ?? [];
  const assignments = changed.assignments ?? [];
  if (entries.length === 0 && assignments.length === 0) return;
  const groupIds = [...new Set(assignments.map((assignment) => assignment.groupId))];
  const members =
    groupIds.length === 0
      ? []
      : await scope.selectFields(
          athleteGroupMembers,
          { userId: athleteGroupMembers.userId },
          { where: inArray(athleteGroupMembers.groupId, groupIds) },
        );
  const athleteIds = [...new Set(entries.map((entry) => entry.athleteId))];
  const dates = [...new Set([...entries, ...assignments].map((item) => item.date))].sort();
  const userIds = [...athleteIds, ...members.map((member) => member.userId)];
  const schedule = {
    kind: 'schedule' as const,
    toStaff: true,
    userIds,
    data: {
      athleteIds,
      groupIds,
      // A group's assignments are named here too: the calendar shows them as items.
      entryIds: [...new Set([...entries, ...assignments].map((item) => item.id))],
      dates,
    },
  };
  await scope.recordLiveEvents(
    options.alsoActivity
      ? [schedule, { kind: 'activity', toStaff: true, userIds, data: { athleteIds, groupIds } }]
      : [schedule],
  );
}
