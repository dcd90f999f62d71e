import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** The role whose statements the database holds to one organisation's rows (migration 0025, ADR 087). */
export const tenantRole = 'connect_tenant';

/** The transaction's organisation, read by every table's organization_wall policy. */
export const organizationSetting = 'connect.organization_id';

/**
 * Makes the rest of the transaction run as the tenant role, seeing only `organizationId`'s rows: both settings are
 * local to the transaction, so the pooled connection goes back unchanged. `extra` are further local settings.
 */
export async function enterOrganizationWall(
  tx: Database,
  organizationId: string,
  extra: Record<string, string> = {},
): Promise<void> {
  const settings = Object.entries({ role: tenantRole, [organizationSetting]: organizationId, ...extra }).map(
    ([name, value]) => sql`set_config(${name}, ${value}, true)`,
  );
  await tx.execute(sql`select ${sql.join(settings, sql`, `)}`);
}

/**
 * Leaves the wall in a savepoint that is about to be released: a released savepoint keeps its local settings, and
 * the transaction around it goes on as the owner.
 */
export async function leaveOrganizationWall(tx: Database): Promise<void> {
  await tx.execute(
    sql`select set_config('role', 'none', true), set_config(${organizationSetting}, '', true)`,
  );
}
