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

/** The guided tour's steps, in the order spec 4 gives them. */
export const onboardingStepNames = [
  'NAVIGATE_TO_USERS_PAGE',
  'CREATE_NEW_USER',
  'NAVIGATE_TO_WORKOUT_LIBRARY',
  'FILL_WORKOUT_FORM',
  'CREATE_NEW_EXERCISE',
  'CREATE_NEW_WORKOUT',
  'NAVIGATE_TO_SCHEDULE',
  'ADD_WORKOUT_TO_SCHEDULE',
  'NAVIGATE_TO_SCHEDULE_TO_TRACK_WORKOUT',
  'OPEN_WORKOUT_MODAL',
  'TRACK_WORKOUT_FOR_ATHLETE',
  'NAVIGATE_TO_SCHEDULE_WITH_COMPLETED_WORKOUT',
  'VISIT_COMPLETED_WORKOUT',
] as const;

/** The tour's data-carrying steps with nothing kept yet (spec 3): the shape of `onboardingDataSchema`. */
export const emptyOnboardingData = {
  CREATE_NEW_USER: null,
  CREATE_NEW_WORKOUT: null,
  ADD_WORKOUT_TO_SCHEDULE: null,
} satisfies Record<string, null>;
