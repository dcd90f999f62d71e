import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizationHosts, organizations, users } from '../../db/schema';
import type { OrganizationRow, UserRow } from '../serializers';

export type OrganizationChanges = Partial<Omit<OrganizationRow, 'id' | 'slug' | 'createdAt'>>;

/** Changes an organisation's columns and stamps updatedAt, on the database or inside the caller's transaction. */
export async function updateOrganizationRow(
  db: Database,
  organizationId: string,
  changes: OrganizationChanges,
  now: Date,
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .update(organizations)
    .set({ ...changes, updatedAt: now })
    .where(eq(organizations.id, organizationId))
    .returning();
  return row;
}

/**
 * Organisation records (not their data): which one a host is branded as, found by id or slug, its host names,
 * a new one with its first admin, and its own settings columns.
 */
export class Organizations {
  constructor(
    private readonly db: Database,
    private readonly defaultOrganizationSlug: string,
  ) {}

  /** The organisation a page's host is branded as: its own host, `<slug>.localhost`, else the default one. */
  async organizationForHost(host: string): Promise<OrganizationRow | undefined> {
    const [mapped] = await this.db
      .select({ organization: organizations })
      .from(organizationHosts)
      .innerJoin(organizations, eq(organizations.id, organizationHosts.organizationId))
      .where(eq(organizationHosts.host, host))
      .limit(1);
    if (mapped) return mapped.organization;
    const localSlug = /^([a-z0-9-]+)\.localhost$/.exec(host)?.[1];
    const bySlug = localSlug ? await this.organizationBySlug(localSlug) : undefined;
    if (bySlug) return bySlug;
    const fallback = await this.organizationBySlug(this.defaultOrganizationSlug);
    if (fallback) return fallback;
    const [oldest] = await this.db
      .select()
      .from(organizations)
      .orderBy(asc(organizations.createdAt))
      .limit(1);
    return oldest;
  }

  async organizationById(organizationId: string): Promise<OrganizationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .limit(1);
    return row;
  }

  async organizationBySlug(slug: string): Promise<OrganizationRow | undefined> {
    const [row] = await this.db.select().from(organizations).where(eq(organizations.slug, slug)).limit(1);
    return row;
  }

  /** The host names an organisation is served on, in a stable order (the first one makes its links). */
  async organizationHostNames(organizationId: string): Promise<string[]> {
    const rows = await this.db
      .select({ host: organizationHosts.host })
      .from(organizationHosts)
      .where(eq(organizationHosts.organizationId, organizationId))
      .orderBy(asc(organizationHosts.host));
    return rows.map((row) => row.host);
  }

  /**
   * A new organisation and its first admin (approved, email not yet verified), all or nothing (ADR 021).
   * Answers which unique value was taken instead when the slug or the email is in use, even by a racing request.
   */
  async registerOrganization(
    organization: { name: string; slug: string; timeZone?: string | undefined },
    admin: { firstName: string; lastName: string; email: string; passwordHash: string },
  ): Promise<{ organization: OrganizationRow; user: UserRow } | 'slug-taken' | 'email-taken'> {
    const emailTaken = new Error('email-taken');
    try {
      return await this.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(organizations)
          .values(organization)
          .onConflictDoNothing()
          .returning();
        if (!created) return 'slug-taken' as const;
        const [user] = await tx
          .insert(users)
          .values({
            ...admin,
            email: admin.email.toLowerCase(),
            organizationId: created.id,
            role: 'admin',
            status: 'approved',
          })
          .onConflictDoNothing()
          .returning();
        // Thrown, so the organisation made a moment ago is rolled back with it.
        if (!user) throw emailTaken;
        return { organization: created, user };
      });
    } catch (error) {
      if (error === emailTaken) return 'email-taken';
      throw error;
    }
  }

  /** Changes an organisation's own columns (its settings); the id comes from the session, never the request. */
  async updateOrganization(
    organizationId: string,
    changes: OrganizationChanges,
  ): Promise<OrganizationRow | undefined> {
    return updateOrganizationRow(this.db, organizationId, changes, new Date());
  }
}
