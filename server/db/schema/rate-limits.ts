import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One counted request under a rate limit (key = limit name and subject), shared by every API process. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    hitAt: timestamp('hit_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the hit stops counting under its window; past it, the row is deleted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('rate_limit_hits_key_idx').on(table.key, table.hitAt),
    index('rate_limit_hits_expires_idx').on(table.expiresAt),
  ],
);
