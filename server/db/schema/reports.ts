import { date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ReportFigure, SummarySentence } from '../../../contract/reports';
import { organizations } from './organizations';
import { users } from './users';

/**
 * A written summary of a report (issue 27): the checked sentences with the figures they were written from, the
 * model and the time, so a coach can read it again and see what it rested on.
 */
export const reportSummaries = pgTable(
  'report_summaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The range and scope of the report: the organisation itself, a group or an athlete. */
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    scopeKind: text('scope_kind').$type<'organization' | 'group' | 'athlete'>().notNull(),
    scopeId: uuid('scope_id').notNull(),
    scopeName: text('scope_name').notNull(),
    model: text('model').notNull(),
    /** The model's text as it came, before the checks. */
    text: text('text').notNull(),
    sentences: jsonb('sentences').$type<SummarySentence[]>().notNull(),
    figures: jsonb('figures').$type<ReportFigure[]>().notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('report_summaries_scope_idx').on(
      table.organizationId,
      table.scopeId,
      table.fromDate,
      table.toDate,
      table.createdAt,
    ),
  ],
);
