import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * A notification to one user (product.md: title, body, status, link, read; issue 24, ADR 055). `batchKey` folds
 * what belongs together into one notification, such as a day's scheduled workouts: a second write with the same
 * key updates it instead of adding another.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** From `notificationKinds` (contract/notifications.ts). */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Spec 3: 1 success or information (the default), 0 an error. */
    status: smallint('status').notNull().default(1),
    /** The app path it opens, or null. */
    link: text('link'),
    batchKey: text('batch_key'),
    /** How many changes the notification stands for (a day's batch of scheduled workouts). */
    count: integer('count').notNull().default(1),
    readAt: timestamp('read_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.updatedAt),
    uniqueIndex('notifications_batch_idx').on(table.userId, table.batchKey),
  ],
);

/** A user's choices about push (issue 24): kinds that do not push, and quiet hours in the organisation's zone. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Kinds that stay in the app and do not push. */
  mutedKinds: text('muted_kinds').array().notNull().default([]),
  /** Minutes after midnight, organisation time; both null: no quiet hours. */
  quietFrom: smallint('quiet_from'),
  quietUntil: smallint('quiet_until'),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
