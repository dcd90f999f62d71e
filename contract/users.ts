import { z } from 'zod';
import { pageQuerySchema, queryIntegerSchema } from './paging';
import { onboardingStepNames, roles, settableUserStatuses, userStatuses } from './user-fields';

export {
  emptyOnboardingData,
  onboardingStepNames,
  roles,
  settableUserStatuses,
  userStatuses,
  userStatusTransitions,
} from './user-fields';
export type { Role, SettableUserStatus, UserStatus } from './user-fields';

export const roleSchema = z.enum(roles);
export const userStatusSchema = z.enum(userStatuses);

export const onboardingStepSchema = z.enum(onboardingStepNames);
export type OnboardingStep = z.infer<typeof onboardingStepSchema>;

export const onboardingStepsSchema = z.partialRecord(onboardingStepSchema, z.boolean());
export type OnboardingSteps = z.infer<typeof onboardingStepsSchema>;

/** The data-carrying steps keep what the user made on them (spec 3), or null. */
const onboardingSlot = z.record(z.string(), z.unknown()).nullable();
export const onboardingDataSchema = z
  .object({
    CREATE_NEW_USER: onboardingSlot,
    CREATE_NEW_WORKOUT: onboardingSlot,
    ADD_WORKOUT_TO_SCHEDULE: onboardingSlot,
  })
  .strict();
export type OnboardingData = z.infer<typeof onboardingDataSchema>;

export const userSchema = z
  .object({
    id: z.uuid(),
    organizationId: z.uuid(),
    email: z.email(),
    firstName: z.string(),
    lastName: z.string(),
    role: roleSchema,
    status: userStatusSchema,
    firebaseToken: z.string().nullable(),
    onboardingSteps: onboardingStepsSchema,
    onboardingData: onboardingDataSchema,
    onboardingHidden: z.boolean(),
    onboarding: z.boolean(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** What a user may change of its own record through POST /api/users/{userId}. */
export const updateOwnUserRequestSchema = z
  .strictObject({
    onboardingSteps: onboardingStepsSchema.optional(),
    onboardingData: onboardingDataSchema.optional(),
    onboardingHidden: z.boolean().optional(),
    onboarding: z.boolean().optional(),
    firebaseToken: z.string().min(1).max(4096).nullable().optional(),
  })
  .meta({ id: 'UpdateOwnUserRequest' });
export type UpdateOwnUserRequest = z.infer<typeof updateOwnUserRequestSchema>;

export const updateOwnUserResponseSchema = z
  .object({ message: z.string(), user: userSchema })
  .meta({ id: 'UpdateOwnUserResponse' });
export type UpdateOwnUserResponse = z.infer<typeof updateOwnUserResponseSchema>;

export const userIdParamSchema = z.object({ userId: z.uuid() });

/** The users screen reads at most this many people per page. */
export const userPageSizeLimit = 100;
export const defaultUserPageSize = 25;

/** `GET /api/users`: search, filters and paging; anything out of range is a 400 naming the field. */
export const userListQuerySchema = z.object({
  /** Part of a first name, last name or email address, any case. */
  q: z.string().trim().max(100, 'Search text has at most 100 characters').optional(),
  role: roleSchema.optional(),
  status: userStatusSchema.optional(),
  groupId: z.uuid().optional(),
  page: pageQuerySchema,
  size: queryIntegerSchema(z.int().min(1).max(userPageSizeLimit), defaultUserPageSize),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const userGroupRefSchema = z.object({ id: z.uuid(), name: z.string() });
export type UserGroupRef = z.infer<typeof userGroupRefSchema>;

/** A person as the users screen lists them. */
export const userListItemSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.email(),
    role: roleSchema,
    status: userStatusSchema,
    /** Added by staff and has not chosen a password yet (shown as "Invited"). */
    invitationPending: z.boolean(),
    groups: z.array(userGroupRefSchema),
    /** ISO 8601 instant the account was created (signed up or added). */
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'UserListItem' });
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userListResponseSchema = z
  .object({
    data: z.array(userListItemSchema),
    page: z.number().int().min(0),
    size: z.number().int().min(1),
    /** How many people match the search and filters, over all pages. */
    total: z.number().int().min(0),
  })
  .meta({ id: 'UserListResponse' });
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/** The statuses staff may set: approve, reject, disable; enabling a disabled user is approving it again. */
export const settableUserStatusSchema = z.enum(settableUserStatuses);

export const changeUserStatusRequestSchema = z
  .strictObject({ status: settableUserStatusSchema })
  .meta({ id: 'ChangeUserStatusRequest' });
export type ChangeUserStatusRequest = z.infer<typeof changeUserStatusRequestSchema>;

export const changeUserStatusResponseSchema = z
  .object({ message: z.string(), user: userListItemSchema })
  .meta({ id: 'ChangeUserStatusResponse' });
export type ChangeUserStatusResponse = z.infer<typeof changeUserStatusResponseSchema>;
