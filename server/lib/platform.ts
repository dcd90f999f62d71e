import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { AdminState } from '../../contract/management-fields';
import type { Database } from '../db/client';
import { organizationHosts, organizations, platformAdmins, platformSessions, users } from '../db/schema';
import { hashToken, sessionLifetimeMs } from './directory/sessions';
import type { OrganizationRow, UserRow } from './serializers';

export type PlatformAdminRow = typeof platformAdmins.$inferSelect;

export interface PlatformViewer {
  sessionId: string;
  admin: PlatformAdminRow;
}

/** An organisation as the management host sees it: the record, its hosts and two numbers, no people. */
export interface ManagedOrganizationRow {
  organization: OrganizationRow;
  hosts: string[];
  userCount: number;
  adminState: AdminState;
}

type BrandFields = Partial<
  Pick<typeof organizations.$inferInsert, 'name' | 'primaryColor' | 'secondaryColor' | 'accentColor'>
>;

/**
 * What the management host reads and writes (ADR 024): platform admins and their sessions, organisation
 * records and their hosts, and the one account a first-admin invitation makes. It never returns an
 * organisation's people; it counts them and checks whether an email is taken.
 */
export class PlatformDirectory {
  constructor(private readonly db: Database) {}

  async adminByEmail(email: string): Promise<PlatformAdminRow | undefined> {
    const [admin] = await this.db
      .select()
      .from(platformAdmins)
      .where(eq(platformAdmins.email, email.toLowerCase()))
      .limit(1);
    return admin;
  }

  async startSession(admin: PlatformAdminRow, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
    await this.db
      .insert(platformSessions)
      .values({ tokenHash: hashToken(token), adminId: admin.id, expiresAt });
    return { token, expiresAt };
  }

  async viewerForToken(token: string, now = new Date()): Promise<PlatformViewer | undefined> {
    const [row] = await this.db
      .select({ sessionId: platformSessions.id, admin: platformAdmins })
      .from(platformSessions)
      .innerJoin(platformAdmins, eq(platformAdmins.id, platformSessions.adminId))
      .where(
        and(
          eq(platformSessions.tokenHash, hashToken(token)),
          isNull(platformSessions.revokedAt),
          gt(platformSessions.expiresAt, now),
        ),
      )
      .limit(1);
    return row;
  }

  async revokeSession(sessionId: string, now = new Date()): Promise<void> {
    await this.db.update(platformSessions).set({ revokedAt: now }).where(eq(platformSessions.id, sessionId));
  }

  async listOrganizations(): Promise<ManagedOrganizationRow[]> {
    const rows = await this.db
      .select()
      .from(organizations)
      .orderBy(asc(organizations.name), asc(organizations.id));
    return this.describe(rows);
  }

  async organization(organizationId: string): Promise<ManagedOrganizationRow | undefined> {
    const rows = await this.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .limit(1);
    const [described] = await this.describe(rows);
    return described;
  }

  /** Hosts, user counts and admin states of these organisations, in three queries. */
  private async describe(rows: OrganizationRow[]): Promise<ManagedOrganizationRow[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [hostRows, counts, admins] = await Promise.all([
      this.db
        .select()
        .from(organizationHosts)
        .where(inArray(organizationHosts.organizationId, ids))
        .orderBy(asc(organizationHosts.host)),
      this.db
        .select({ organizationId: users.organizationId, total: count() })
        .from(users)
        .where(inArray(users.organizationId, ids))
        .groupBy(users.organizationId),
      this.db
        .select({
          organizationId: users.organizationId,
          active: sql<number>`count(*) filter (where ${users.passwordHash} is not null)`.mapWith(Number),
        })
        .from(users)
        .where(and(inArray(users.organizationId, ids), eq(users.role, 'admin')))
        .groupBy(users.organizationId),
    ]);
    return rows.map((organization) => {
      const admin = admins.find((row) => row.organizationId === organization.id);
      return {
        organization,
        hosts: hostRows.filter((row) => row.organizationId === organization.id).map((row) => row.host),
        userCount: counts.find((row) => row.organizationId === organization.id)?.total ?? 0,
        adminState: !admin ? 'none' : admin.active > 0 ? 'active' : 'invited',
      };
    });
  }

  async slugTaken(slug: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.slug, slug))
      .limit(1);
    return row !== undefined;
  }

  /**
   * Which of these hosts another organisation already answers on: one of its hosts, or `<its slug>.localhost`
   * (which the host lookup maps to it, ADR 002).
   */
  async hostsTakenByOthers(hosts: string[], exceptOrganizationId?: string): Promise<Set<string>> {
    if (hosts.length === 0) return new Set();
    const others = exceptOrganizationId
      ? ne(organizationHosts.organizationId, exceptOrganizationId)
      : undefined;
    const mapped = await this.db
      .select({ host: organizationHosts.host })
      .from(organizationHosts)
      .where(and(inArray(organizationHosts.host, hosts), others));
    const localSlugs = hosts.flatMap((host) => /^([a-z0-9-]+)\.localhost$/.exec(host)?.[1] ?? []);
    const bySlug =
      localSlugs.length === 0
        ? []
        : await this.db
            .select({ slug: organizations.slug })
            .from(organizations)
            .where(
              and(
                inArray(organizations.slug, localSlugs),
                exceptOrganizationId ? ne(organizations.id, exceptOrganizationId) : undefined,
              ),
            );
    return new Set([...mapped.map((row) => row.host), ...bySlug.map((row) => `${row.slug}.localhost`)]);
  }

  async createOrganization(
    values: { name: string; slug: string } & BrandFields,
    hosts: string[],
  ): Promise<OrganizationRow> {
    return this.db.transaction(async (tx) => {
      const [organization] = await tx.insert(organizations).values(values).returning();
      if (!organization) throw new Error('The organisation was not created');
      if (hosts.length > 0) {
        await tx
          .insert(organizationHosts)
          .values(hosts.map((host) => ({ host, organizationId: organization.id })));
      }
      return organization;
    });
  }

  /** Changes the brand fields and, when given, replaces the host list; all or nothing. */
  async updateOrganization(organizationId: string, values: BrandFields, hosts?: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (Object.keys(values).length > 0) {
        await tx
          .update(organizations)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(organizations.id, organizationId));
      }
      if (hosts) {
        await tx.delete(organizationHosts).where(eq(organizationHosts.organizationId, organizationId));
        if (hosts.length > 0) {
          await tx.insert(organizationHosts).values(hosts.map((host) => ({ host, organizationId })));
        }
      }
    });
  }

  /** Whether the organisation has an admin who has chosen a password (the invitation was taken up). */
  async hasActiveAdmin(organizationId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.organizationId, organizationId), eq(users.role, 'admin'), isNotNull(users.passwordHash)),
      )
      .limit(1);
    return row !== undefined;
  }

  /** The account with this email anywhere in the deployment (emails are unique across it), for the invite rules only. */
  async accountByEmail(email: string): Promise<UserRow | undefined> {
    const [user] = await this.db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    return user;
  }

  /** The invited first admin: approved, no password and no verified email until the link is used. */
  async createInvitedAdmin(
    organizationId: string,
    person: { firstName: string; lastName: string; email: string },
  ): Promise<UserRow> {
    const [user] = await this.db
      .insert(users)
      .values({
        organizationId,
        email: person.email.toLowerCase(),
        firstName: person.firstName,
        lastName: person.lastName,
        role: 'admin',
        status: 'approved',
        passwordHash: null,
        emailVerifiedAt: null,
      })
      .returning();
    if (!user) throw new Error('The invited admin was not created');
    return user;
  }

  /** Renames an invited admin who has not chosen a password yet (the operator corrected a typo in the name). */
  async renameInvitedAdmin(
    userId: string,
    person: { firstName: string; lastName: string },
  ): Promise<UserRow> {
    const [user] = await this.db
      .update(users)
      .set({ ...person, updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.passwordHash)))
      .returning();
    if (!user) throw new Error('The invited admin was not found');
    return user;
  }
}
