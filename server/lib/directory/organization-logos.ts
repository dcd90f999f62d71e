import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizationLogos } from '../../db/schema';
import type { OrganizationRow } from '../serializers';
import { updateOrganizationRow } from './organizations';

export type OrganizationLogoRow = typeof organizationLogos.$inferSelect;

/** Where an uploaded logo is served; the version changes with each upload, so browsers may keep it for a year. */
export const organizationLogoUrl = (organizationId: string, updatedAt: Date) =>
  `/api/organizations/${organizationId}/logo?v=${updatedAt.getTime()}`;

/** Uploaded logos, stored in the database (ADR 023), with the organisation's companyLogo pointing at them. */
export class OrganizationLogos {
  constructor(private readonly db: Database) {}

  /** An uploaded logo, for anyone (the sign-in screen shows it). */
  async organizationLogo(organizationId: string): Promise<OrganizationLogoRow | undefined> {
    const [row] = await this.db
      .select()
      .from(organizationLogos)
      .where(eq(organizationLogos.organizationId, organizationId))
      .limit(1);
    return row;
  }

  /** Stores the logo and points companyLogo at its versioned URL, both or neither. */
  async saveOrganizationLogo(
    organizationId: string,
    logo: { contentType: string; data: Buffer },
    now = new Date(),
  ): Promise<OrganizationRow | undefined> {
    return this.db.transaction(async (tx) => {
      const values = {
        contentType: logo.contentType,
        byteSize: logo.data.byteLength,
        data: logo.data,
        updatedAt: now,
      };
      await tx
        .insert(organizationLogos)
        .values({ organizationId, ...values })
        .onConflictDoUpdate({ target: organizationLogos.organizationId, set: values });
      const companyLogo = organizationLogoUrl(organizationId, now);
      return updateOrganizationRow(tx, organizationId, { companyLogo }, now);
    });
  }

  /** Removes the uploaded logo (if any) and the organisation's logo, so the default logo shows. */
  async removeOrganizationLogo(
    organizationId: string,
    now = new Date(),
  ): Promise<OrganizationRow | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.delete(organizationLogos).where(eq(organizationLogos.organizationId, organizationId));
      return updateOrganizationRow(tx, organizationId, { companyLogo: null }, now);
    });
  }
}
