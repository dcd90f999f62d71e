import type { Role, UserStatus } from '@contract/user-fields';
import { roles, userStatuses } from '@contract/user-fields';
import type { UserListParams } from './api/user-queries';
import { uuidPattern } from '@contract/uuid';

/* The users screen's address, checked by the route itself: first-screen code, so the screen's rules live in
   user-list-rules.ts. */

/** People per page of the users screen. */
export const usersPageSize = 25;

/** The users screen's address: `?q=&role=&status=&group=&page=` (page counted from 1, as people read it). */
export interface UsersSearch {
  q?: string;
  role?: Role;
  status?: UserStatus;
  group?: string;
  page?: number;
}

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/**
 * A value that makes no sense is dropped rather than failing the screen, so an old or edited link still opens.
 * Checked by hand: the route's search check is part of the first screen's code, which zod stays out of.
 */
export function validateUsersSearch(search: Record<string, unknown>): UsersSearch {
  const q = typeof search.q === 'string' ? search.q.trim() : '';
  const page = typeof search.page === 'number' ? search.page : Number(search.page);
  return {
    ...(q && q.length <= 100 ? { q } : {}),
    ...(isOneOf(roles, search.role) ? { role: search.role } : {}),
    ...(isOneOf(userStatuses, search.status) ? { status: search.status } : {}),
    ...(typeof search.group === 'string' && uuidPattern.test(search.group) ? { group: search.group } : {}),
    ...(Number.isInteger(page) && page >= 1 ? { page } : {}),
  };
}

export function userListParamsFrom(search: UsersSearch): UserListParams {
  return {
    page: (search.page ?? 1) - 1,
    size: usersPageSize,
    ...(search.q ? { q: search.q } : {}),
    ...(search.role ? { role: search.role } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.group ? { groupId: search.group } : {}),
  };
}

export const canManageUsers = (role: Role): boolean => role === 'admin' || role === 'coach';
