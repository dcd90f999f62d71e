import { date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/** The travel roster: people booked on an organisation's team trips. */
export const passengers = pgTable(
  'passengers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    trip: text('trip').notNull(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    seat: text('seat'),
    notes: text('notes'),
  },
  (table) => [index('passengers_organization_idx').on(table.organizationId, table.departureDate)],
);
