import { z } from 'zod';

export const roles = ['admin', 'coach', 'athlete'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const userStatuses = ['pending', 'approved', 'rejected', 'disabled'] as const;
export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

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

export const emptyOnboardingData: OnboardingData = {
  CREATE_NEW_USER: null,
  CREATE_NEW_WORKOUT: null,
  ADD_WORKOUT_TO_SCHEDULE: null,
};

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
