import { boolean, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { OnboardingData, OnboardingSteps } from '../../../contract/users';
import { organizations } from './organizations';

export const roleEnum = pgEnum('role', ['admin', 'coach', 'athlete']);
export const userStatusEnum = pgEnum('user_status', ['pending', 'approved', 'rejected', 'disabled']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Stored lower-cased; unique across the deployment. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: roleEnum('role').notNull(),
    status: userStatusEnum('status').notNull().default('pending'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    firebaseToken: text('firebase_token'),
    firebaseTokenUpdatedAt: timestamp('firebase_token_updated_at', { withTimezone: true }),
    onboardingSteps: jsonb('onboarding_steps').$type<OnboardingSteps>().notNull().default({}),
    onboardingData: jsonb('onboarding_data')
      .$type<OnboardingData>()
      .notNull()
      .default({ CREATE_NEW_USER: null, CREATE_NEW_WORKOUT: null, ADD_WORKOUT_TO_SCHEDULE: null }),
    onboardingHidden: boolean('onboarding_hidden').notNull().default(false),
    onboarding: boolean('onboarding').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('users_organization_idx').on(table.organizationId, table.role)],
);
