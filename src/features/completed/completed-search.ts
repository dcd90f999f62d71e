import { isScheduleDate } from '@contract/calendar-dates';
import type { WorkoutCategory } from '@contract/training-vocabulary';
import { isWorkoutCategory } from '@contract/training-vocabulary';
import type { Role } from '@contract/user-fields';
import { uuidPattern } from '@contract/uuid';

/* The completed list's address, checked by hand like the other route searches (no zod on the first screen). */

/** Completed workouts per page. */
export const completedPageSize = 25;

/** `/app/completed?athlete=&group=&category=&from=&to=&page=` (page counted from 1, as people read it). */
export interface CompletedSearch {
  athlete?: string;
  group?: string;
  category?: WorkoutCategory;
  from?: string;
  to?: string;
  page?: number;
}

/** A value that makes no sense is dropped, so an old or edited link still opens. */
export function validateCompletedSearch(search: Record<string, unknown>): CompletedSearch {
  const { athlete, group, category, from, to } = search;
  const page = typeof search.page === 'number' ? search.page : Number(search.page);
  return {
    ...(typeof athlete === 'string' && uuidPattern.test(athlete) ? { athlete } : {}),
    ...(typeof group === 'string' && uuidPattern.test(group) ? { group } : {}),
    ...(typeof category === 'string' && isWorkoutCategory(category) ? { category } : {}),
    ...(typeof from === 'string' && isScheduleDate(from) ? { from } : {}),
    ...(typeof to === 'string' && isScheduleDate(to) ? { to } : {}),
    ...(Number.isInteger(page) && page >= 1 ? { page } : {}),
  };
}

/** One page of the list as the API reads it: `page` from 0, only the filters that are set. */
export interface CompletedListParams {
  page: number;
  size: number;
  athleteId?: string;
  groupId?: string;
  category?: WorkoutCategory;
  from?: string;
  to?: string;
}

/** An athlete's list is its own whatever the address says, so its filters by person are dropped. */
export function completedListParamsFrom(search: CompletedSearch, role: Role): CompletedListParams {
  const staff = seesEveryone(role);
  return {
    page: (search.page ?? 1) - 1,
    size: completedPageSize,
    ...(staff && search.athlete ? { athleteId: search.athlete } : {}),
    ...(staff && search.group ? { groupId: search.group } : {}),
    ...(search.category ? { category: search.category } : {}),
    ...(search.from ? { from: search.from } : {}),
    ...(search.to ? { to: search.to } : {}),
  };
}

export const hasCompletedFilters = (search: CompletedSearch): boolean =>
  Boolean(search.athlete || search.group || search.category || search.from || search.to);

/** Staff see the organisation's completed workouts and correct them; an athlete sees its own. */
export const seesEveryone = (role: Role): boolean => role === 'admin' || role === 'coach';
