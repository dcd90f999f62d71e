import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './chat';
import { organizations } from './organizations';
import { loggedSets, workoutLogs } from './tracking';
import { users } from './users';

/**
 * A comment on a completed workout or one of its logged sets (issue 23, ADR 051). The id is made on the device
 * (an idempotent PUT). `athlete_id` and `conversation_id` are what chat (issue 25) needs to link the comment into
 * the athlete's conversation with staff; chat fills `conversation_id` when it picks the comment up.
 */
export const workoutComments = pgTable(
  'workout_comments',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    logId: uuid('log_id')
      .notNull()
      .references(() => workoutLogs.id, { onDelete: 'cascade' }),
    // Sets are never deleted (tombstones), so a set comment keeps its set.
    setId: uuid('set_id').references(() => loggedSets.id, { onDelete: 'cascade' }),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A removed author's comments stay, shown as a former user's.
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    /** The athlete's conversation the comment was linked into (issue 25). */
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    // A workout's thread, oldest first.
    index('workout_comments_log_idx').on(table.organizationId, table.logId, table.createdAt),
    // Chat's pick-up: an athlete's comments in time order.
    index('workout_comments_athlete_idx').on(table.organizationId, table.athleteId, table.createdAt),
  ],
);
