import type { WorkoutCategory } from '@contract/training-vocabulary';
import { isWorkoutCategory } from '@contract/training-vocabulary';
import type { Role } from '@contract/user-fields';
import type { LibraryListParams } from './api/library-queries';

/* The library screen's address, checked by the route itself by hand: route search checks are part of the first
   screen's code, which zod stays out of (as users-search.ts). */

export const libraryTabs = ['workouts', 'exercises'] as const;
export type LibraryTab = (typeof libraryTabs)[number];

/** Rows per page of the library's lists. */
export const libraryPageSize = 25;

/** `/app/library?tab=exercises&q=squat&category=lift&archived=true&page=2` (page counted from 1). */
export interface LibrarySearch {
  tab?: LibraryTab;
  q?: string;
  category?: WorkoutCategory;
  archived?: true;
  page?: number;
}

/** A value that makes no sense is dropped rather than failing the screen, so an old or edited link still opens. */
export function validateLibrarySearch(search: Record<string, unknown>): LibrarySearch {
  const q = typeof search.q === 'string' ? search.q.trim() : '';
  const page = typeof search.page === 'number' ? search.page : Number(search.page);
  return {
    ...(search.tab === 'exercises' ? { tab: 'exercises' as const } : {}),
    ...(q && q.length <= 100 ? { q } : {}),
    ...(typeof search.category === 'string' && isWorkoutCategory(search.category)
      ? { category: search.category }
      : {}),
    ...(search.archived === true || search.archived === 'true' ? { archived: true as const } : {}),
    ...(Number.isInteger(page) && page >= 1 ? { page } : {}),
  };
}

export function libraryListParamsFrom(search: LibrarySearch): LibraryListParams {
  return {
    page: (search.page ?? 1) - 1,
    size: libraryPageSize,
    ...(search.q ? { q: search.q } : {}),
    ...(search.category ? { category: search.category } : {}),
    ...(search.archived ? { archived: true } : {}),
  };
}

export const hasLibraryFilters = (search: LibrarySearch): boolean =>
  Boolean(search.q || search.category || search.archived);

/** The library is the staff's: athletes get their workouts through the schedule. */
export const canUseLibrary = (role: Role): boolean => role === 'admin' || role === 'coach';
