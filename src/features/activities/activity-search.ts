import type { Activity } from '@contract/tracking';
import type { Role } from '@contract/user-fields';
import { uuidPattern } from '@contract/uuid';

/* The feed's address, checked by hand like the other route searches: the check runs in the first screen's chunk,
   which must carry neither zod nor the tracking schemas (ADR 028). */

/** Activities per page of the feed. */
export const activityPageSize = 20;

type ActivityKind = Activity['kind'];
// The contract's kinds, written out zod-free; the type keeps the list to known kinds.
const kinds: readonly ActivityKind[] = [
  'workout_completed',
  'record_set',
  'program_applied',
  'athlete_joined',
];
const isActivityKind = (value: unknown): value is ActivityKind => kinds.some((kind) => kind === value);
const isUuid = (value: unknown): value is string => typeof value === 'string' && uuidPattern.test(value);

/** `/app/activities?kind=&athleteId=&groupId=&activity=`: the filters, and the activity opened from a notification. */
export interface ActivitySearch {
  kind?: ActivityKind;
  athleteId?: string;
  groupId?: string;
  activity?: string;
}

/** A value that makes no sense is dropped, so an old or edited link still opens. */
export function validateActivitySearch(search: Record<string, unknown>): ActivitySearch {
  const { kind, athleteId, groupId, activity } = search;
  return {
    ...(isActivityKind(kind) ? { kind } : {}),
    ...(isUuid(athleteId) ? { athleteId } : {}),
    ...(isUuid(groupId) ? { groupId } : {}),
    ...(isUuid(activity) ? { activity } : {}),
  };
}

/** The filters the list request carries (the opened activity is read on its own). */
export interface ActivityFeedFilters {
  kind?: ActivityKind | undefined;
  athleteId?: string | undefined;
  groupId?: string | undefined;
}

export const isStaff = (role: Role) => role !== 'athlete';

/** An athlete's filters by person are dropped: it has no pickers for them, and sees what the server allows. */
export function feedFiltersFrom(search: ActivitySearch, role: Role): ActivityFeedFilters {
  return {
    ...(search.kind ? { kind: search.kind } : {}),
    ...(isStaff(role) && search.athleteId ? { athleteId: search.athleteId } : {}),
    ...(isStaff(role) && search.groupId ? { groupId: search.groupId } : {}),
  };
}

export const hasFeedFilters = (filters: ActivityFeedFilters) => Object.values(filters).some(Boolean);
