import type { UserListItem } from '@contract';
import type { Role, SettableUserStatus, UserStatus } from '@contract/user-fields';
import { userStatusTransitions } from '@contract/user-fields';
import type { UsersSearch } from './users-search';

export function hasFilters(search: UsersSearch): boolean {
  return Boolean(search.q || search.role || search.status || search.group);
}

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
