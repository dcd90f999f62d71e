import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * The outbox of live updates (issue 24, ADR 054): a row written in the same transaction as the change it announces,
 * then signalled with NOTIFY. `id` is the stream's cursor (`Last-Event-ID`); writers take one advisory lock just
 * before inserting it, at the end of their transaction, so ids commit in order and a reader that has seen id N has
 * seen every id below it. Rows older than the retention are pruned; a client behind that is told to read anew.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** What changed, from `liveEventKinds` (contract/live-events.ts). */
    kind: text('kind').notNull(),
    /** Delivered to every admin and coach of the organisation. */
    toStaff: boolean('to_staff').notNull().default(false),
    /** Delivered to these users as well (an athlete's own changes, a group's members). */
    userIds: uuid('user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Ids of what changed, never its content: a client reads the content with its own rights. */
    data: jsonb('data').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('live_events_organization_idx').on(table.organizationId, table.id),
    index('live_events_created_idx').on(table.createdAt),
  ],
);
