/**
 * The user fields' allowed values, without zod: the browser's first screen and route search checks use them,
 * and zod loads only with the screens that parse a body (ADR 008).
 */
export const roles = ['admin', 'coach', 'athlete'] as const;
export type Role = (typeof roles)[number];

export const userStatuses = ['pending', 'approved', 'rejected', 'disabled'] as const;
export type UserStatus = (typeof userStatuses)[number];

/** The statuses staff may set through POST /api/users/{userId}/status. */
export const settableUserStatuses = ['approved', 'rejected', 'disabled'] as const;
export type SettableUserStatus = (typeof settableUserStatuses)[number];

/**
 * Which status changes make sense, from each status (docs/decisions/019-users-screen.md). Shared so the
 * screen offers only the actions the server accepts.
 */
export const userStatusTransitions: Record<UserStatus, readonly SettableUserStatus[]> = {
  pending: ['approved', 'rejected'],
  rejected: ['approved'],
  approved: ['disabled'],
  disabled: ['approved'],
};
