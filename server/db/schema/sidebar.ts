import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '../../../contract/users';
import { organizations } from './organizations';

export const customSidebarItems = pgTable(
  'custom_sidebar_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    link: text('link').notNull(),
    icon: text('icon'),
    /** Roles that see the item; empty means everyone. */
    roles: text('roles').array().$type<Role[]>().notNull().default([]),
    order: integer('order').notNull().default(0),
  },
  (table) => [index('custom_sidebar_items_organization_idx').on(table.organizationId, table.order)],
);
