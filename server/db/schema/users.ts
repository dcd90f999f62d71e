import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
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
    /** Contact and athlete-profile fields (docs/decisions/022-people.md); every one optional. */
    phone: text('phone'),
    position: text('position'),
    /** R, L or S (switch). */
    bats: text('bats'),
    /** R or L. */
    throws: text('throws'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    heightInches: integer('height_inches'),
    weightPounds: integer('weight_pounds'),
    graduationYear: integer('graduation_year'),
    /** Staff notes about the athlete; athletes do not see them. */
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('users_organization_idx').on(table.organizationId, table.role)],
);
