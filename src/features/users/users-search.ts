import type { Role, SettableUserStatus, UserListItem, UserStatus } from '@contract';
import { roleSchema, userStatusSchema, userStatusTransitions } from '@contract';
import { z } from 'zod';
import type { UserListParams } from './api/user-queries';

/** People per page of the users screen. */
export const usersPageSize = 25;

/**
 * The users screen's address: `?q=&role=&status=&group=&page=` (page counted from 1, as people read it). A
 * value that makes no sense is dropped rather than failing the screen, so an old or edited link still opens.
 */
export const usersSearchSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  role: roleSchema.optional().catch(undefined),
  status: userStatusSchema.optional().catch(undefined),
  group: z.uuid().optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type UsersSearch = z.infer<typeof usersSearchSchema>;

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

export function hasFilters(search: UsersSearch): boolean {
  return Boolean(search.q || search.role || search.status || search.group);
}

export const canManageUsers = (role: Role): boolean => role === 'admin' || role === 'coach';

/** What the signed-in user may do to someone: the server's rules (ADR 019), so no button leads to a refusal. */
export function statusActionsFor(
  viewer: { id: string; role: Role },
  user: UserListItem,
): SettableUserStatus[] {
  if (viewer.id === user.id) return [];
  if (viewer.role === 'coach' && user.role !== 'athlete') return [];
  if (viewer.role === 'athlete') return [];
  return [...userStatusTransitions[user.status]];
}

export const statusLabels: Record<UserStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  disabled: 'Disabled',
};

/** "1–25 of 73": which people this page shows, or null when there are none. */
export function pageRange(page: number, size: number, shown: number, total: number): string | null {
  if (shown === 0 || total === 0) return null;
  const first = page * size + 1;
  return `${first}–${first + shown - 1} of ${total}`;
}
