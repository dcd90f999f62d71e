import type { WeekStart } from '../../../contract/calendar-dates';
import type { WeightUnit } from '../../../contract/training-vocabulary';
import type { OrganizationLocale } from '../../../contract/locales';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  companyLogo: text('company_logo'),
  supportEmail: text('support_email'),
  primaryColor: text('primary_color'),
  secondaryColor: text('secondary_color'),
  accentColor: text('accent_color'),
  warmUpColor: text('warm_up_color'),
  mobilityColor: text('mobility_color'),
  liftColor: text('lift_color'),
  throwColor: text('throw_color'),
  commandColor: text('command_color'),
  sprintColor: text('sprint_color'),
  plyoColor: text('plyo_color'),
  medballColor: text('medball_color'),
  fieldingColor: text('fielding_color'),
  hittingColor: text('hitting_color'),
  practicePlanColor: text('practice_plan_color'),
  passwordMinLength: integer('password_min_length').notNull().default(6),
  passwordMaxLength: integer('password_max_length'),
  passwordRequireLowercase: boolean('password_require_lowercase').notNull().default(false),
  passwordRequireUppercase: boolean('password_require_uppercase').notNull().default(false),
  passwordRequireNumeric: boolean('password_require_numeric').notNull().default(false),
  passwordRequireNonAlphanumeric: boolean('password_require_non_alphanumeric').notNull().default(false),
  /** Loads are prescribed and shown in this unit: lb or kg (issue 13). */
  weightUnit: text('weight_unit').$type<WeightUnit>().notNull().default('lb'),
  /** The IANA zone whose calendar dates the schedule is on (issue 14); new organisations take their admin's. */
  timeZone: text('time_zone').notNull().default('UTC'),
  weekStartsOn: text('week_starts_on').$type<WeekStart>().notNull().default('monday'),
  /** What %1RM loads are rounded to (issue 15); null is the unit's default (contract/strength.ts). */
  plateStep: doublePrecision('plate_step'),
  /** The barbell's weight for plates per side (issue 23); null is the unit's default (contract/strength.ts). */
  barWeight: doublePrecision('bar_weight'),
  /** How dates and numbers are written (issue 23): an English locale of contract/locales.ts. */
  locale: text('locale').$type<OrganizationLocale>().notNull().default('en-US'),
  /** Whether an athlete's record notifies the athlete's coaches (issue 24): off until an admin turns it on. */
  recordNotifications: boolean('record_notifications').notNull().default(false),
  /** Chat (issue 25): athletes start conversations with staff only, not with other athletes. */
  chatAthletesToStaffOnly: boolean('chat_athletes_to_staff_only').notNull().default(false),
  /** Largest attachment in bytes: videos, and every other type (issue 25). */
  uploadMaxVideoBytes: bigint('upload_max_video_bytes', { mode: 'number' }).notNull().default(104_857_600),
  uploadMaxOtherBytes: bigint('upload_max_other_bytes', { mode: 'number' }).notNull().default(20_971_520),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The hosts a deployment serves each organisation on (its login screens are branded by host). */
export const organizationHosts = pgTable(
  'organization_hosts',
  {
    host: text('host').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (table) => [index('organization_hosts_organization_idx').on(table.organizationId)],
);
