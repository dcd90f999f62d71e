import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The answer to a write that carried an Idempotency-Key, so a replay gets it again instead of a second write. */
export const idempotentResponses = pgTable(
  'idempotent_responses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    /** Which attempt holds the claim: only it may store or release the answer (ADR 004, addendum). */
    claimToken: uuid('claim_token'),
    /** Until when an in-progress claim is its attempt's; after that a replay takes it over. Rows from before the lease expire at once. */
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotent_responses_created_idx').on(table.createdAt),
  ],
);
