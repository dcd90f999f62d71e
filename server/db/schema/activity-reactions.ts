import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { activities } from './tracking';
import { users } from './users';

/** Staff's likes of an activity (issue 24, ADR 057): one per person and activity, so a like sent twice is one. */
export const activityLikes = pgTable(
  'activity_likes',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'activity_likes_pkey', columns: [table.activityId, table.userId] }),
    // A page's counts: the likes of its activities.
    index('activity_likes_organization_idx').on(table.organizationId, table.activityId),
  ],
);

/**
 * A comment on an activity (issue 24, ADR 057): staff's on any activity they see, the athlete's answer on its own.
 * The id is made on the device (an idempotent PUT, as workout comments, ADR 051).
 */
export const activityComments = pgTable(
  'activity_comments',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    // A removed author's comments stay, shown as a former user's.
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true, precision: 3 }),
  },
  // An activity's thread, oldest first; also a page's counts.
  (table) => [
    index('activity_comments_activity_idx').on(table.organizationId, table.activityId, table.createdAt),
  ],
);
