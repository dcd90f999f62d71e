import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, isNull, lt, min, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  accountTokens,
  loginFailures,
  organizationHosts,
  organizationLogos,
  organizations,
  rateLimitHits,
  sessions,
  users,
  type AccountTokenPurpose,
} from '../db/schema';
import type { OrganizationRow, UserRow } from './serializers';
import { TenantScope } from './tenancy';

export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;
export const loginFailureWindowMs = 15 * 60 * 1000;
export const loginFailureLimit = 10;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type AccountTokenRow = typeof accountTokens.$inferSelect;
export type OrganizationLogoRow = typeof organizationLogos.$inferSelect;

/** Where an uploaded logo is served; the version changes with each upload, so browsers may keep it for a year. */
export const organizationLogoUrl = (organizationId: string, updatedAt: Date) =>
  `/api/organizations/${organizationId}/logo?v=${updatedAt.getTime()}`;

/** A rule of a rate limit: at most `limit` hits per key within `windowMs`. */
export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

export interface Viewer {
  sessionId: string;
  user: UserRow;
  organization: OrganizationRow;
}

function prepareViewerQuery(db: Database) {
  return db
    .select({ sessionId: sessions.id, user: users, organization: organizations })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.status, 'approved'),
      ),
    )
    .limit(1)
    .prepare('viewer_for_token');
}

/**
 * The deployment-wide lookups that come before an organisation is known: sign-in, sessions and
 * host branding. Nothing here lists an organisation's data; request handlers use TenantScope for that.
 */
export class Directory {
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

  async userByEmail(email: string): Promise<UserRow | undefined> {
    const [user] = await this.db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    return user;
  }

  async startSession(user: UserRow, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
    await this.db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId: user.id,
      organizationId: user.organizationId,
      expiresAt,
    });
    return { token, expiresAt };
  }

  /** Built once, on first use: this runs on every signed-in request, and building the SQL costs more than running it. */
  private viewerQuery: ReturnType<typeof prepareViewerQuery> | undefined;

  /** The approved user behind a live token, with its organisation, in one query. */
  async viewerForToken(token: string, now = new Date()): Promise<Viewer | undefined> {
    this.viewerQuery ??= prepareViewerQuery(this.db);
    const [row] = await this.viewerQuery.execute({ tokenHash: hashToken(token), now: now.toISOString() });
    return row;
  }

  /** The data access path of a signed-in request: limited to the viewer's organisation. */
  scopeFor(viewer: Viewer): TenantScope {
    return new TenantScope(this.db, viewer.organization.id);
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  }

  /** Seconds until another sign-in may be tried, or 0 when the email and address are under the limit. */
  async loginRetryAfterSeconds(email: string, address: string, now = new Date()): Promise<number> {
    const windowStart = new Date(now.getTime() - loginFailureWindowMs);
    const [tally] = await this.db
      .select({ failures: count(), oldest: min(loginFailures.failedAt) })
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.email, email.toLowerCase()),
          eq(loginFailures.address, address),
          gt(loginFailures.failedAt, windowStart),
        ),
      );
    if (!tally || tally.failures < loginFailureLimit || !tally.oldest) return 0;
    const oldest = new Date(tally.oldest).getTime();
    return Math.max(1, Math.ceil((oldest + loginFailureWindowMs - now.getTime()) / 1000));
  }

  async recordLoginFailure(email: string, address: string): Promise<void> {
    await this.db.insert(loginFailures).values({ email: email.toLowerCase(), address });
    // Old failures are of no further use; trimming here keeps the table small without a job.
    await this.db
      .delete(loginFailures)
      .where(lt(loginFailures.failedAt, new Date(Date.now() - loginFailureWindowMs)));
  }

  async userById(userId: string): Promise<UserRow | undefined> {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    return user;
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

  /** Signs the user out everywhere: every live session is revoked. */
  async revokeAllSessions(userId: string, now = new Date()): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  /**
   * A new one-time token (256 bits, base64url) for a link in a mail; only its hash is stored. The user's older
   * unused tokens of the same purpose are deleted, so only the newest link works.
   */
  async createAccountToken(
    user: UserRow,
    purpose: AccountTokenPurpose,
    lifetimeMs: number,
    now = new Date(),
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.transaction(async (tx) => {
      await tx
        .delete(accountTokens)
        .where(
          and(
            eq(accountTokens.userId, user.id),
            eq(accountTokens.purpose, purpose),
            isNull(accountTokens.usedAt),
          ),
        );
      await tx.insert(accountTokens).values({
        organizationId: user.organizationId,
        userId: user.id,
        purpose,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + lifetimeMs),
      });
    });
    return token;
  }

  /** The stored token behind a link's token of this purpose, used or not, expired or not. */
  /** The token's row when it was made for one of `purposes` (a link of another kind is no such link). */
  async accountToken(
    token: string,
    ...purposes: [AccountTokenPurpose, ...AccountTokenPurpose[]]
  ): Promise<AccountTokenRow | undefined> {
    const [row] = await this.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.tokenHash, hashToken(token)), inArray(accountTokens.purpose, purposes)))
      .limit(1);
    return row;
  }

  /**
   * Sets the new password, uses up the token and revokes every session of the user, all or nothing.
   * False when the token was used meanwhile (two tabs submitting the same link).
   */
  async completePasswordReset(
    tokenId: string,
    userId: string,
    passwordHash: string,
    now = new Date(),
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const used = await tx
        .update(accountTokens)
        .set({ usedAt: now })
        .where(and(eq(accountTokens.id, tokenId), isNull(accountTokens.usedAt)))
        .returning({ id: accountTokens.id });
      if (used.length === 0) return false;
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      return true;
    });
  }

  /**
   * Counts one hit of `subject` under `rule` and answers 0, or, when the limit is already reached, the seconds
   * until the oldest hit leaves the window (the refused hit is not counted).
   */
  async takeRateLimit(rule: RateLimitRule, subject: string, now = new Date()): Promise<number> {
    const key = `${rule.name}:${subject.toLowerCase()}`;
    const windowStart = new Date(now.getTime() - rule.windowMs);
    const [tally] = await this.db
      .select({ hits: count(), oldest: min(rateLimitHits.hitAt) })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.hitAt, windowStart)));
    if (tally && tally.hits >= rule.limit && tally.oldest) {
      const oldest = new Date(tally.oldest).getTime();
      return Math.max(1, Math.ceil((oldest + rule.windowMs - now.getTime()) / 1000));
    }
    await this.db
      .insert(rateLimitHits)
      .values({ key, hitAt: now, expiresAt: new Date(now.getTime() + rule.windowMs) });
    // Expired hits count for nothing; trimming here keeps the table small without a job.
    await this.db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, now));
    return 0;
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

  /** An athlete's self sign-up (pending, email not yet verified), or undefined when the email is in use. */
  async createSignup(
    organizationId: string,
    athlete: { firstName: string; lastName: string; email: string; passwordHash: string },
  ): Promise<UserRow | undefined> {
    const [user] = await this.db
      .insert(users)
      .values({
        ...athlete,
        email: athlete.email.toLowerCase(),
        organizationId,
        role: 'athlete',
        status: 'pending',
      })
      .onConflictDoNothing()
      .returning();
    return user;
  }

  /**
   * Uses up an activation or invitation token and confirms the user's email (kept if already confirmed), with
   * the chosen password for an invitation, all or nothing. Undefined when the token was used meanwhile.
   */
  async completeActivation(
    tokenId: string,
    userId: string,
    passwordHash: string | null,
    now = new Date(),
  ): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      const used = await tx
        .update(accountTokens)
        .set({ usedAt: now })
        .where(and(eq(accountTokens.id, tokenId), isNull(accountTokens.usedAt)))
        .returning({ id: accountTokens.id });
      if (used.length === 0) return undefined;
      const [user] = await tx
        .update(users)
        .set({
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
          ...(passwordHash ? { passwordHash } : {}),
        })
        .where(eq(users.id, userId))
        .returning();
      return user;
    });
  }

  /** Changes an organisation's own columns (its settings); the id comes from the session, never the request. */
  async updateOrganization(
    organizationId: string,
    changes: Partial<Omit<OrganizationRow, 'id' | 'slug' | 'createdAt'>>,
  ): Promise<OrganizationRow | undefined> {
    return updateOrganizationRow(this.db, organizationId, changes, new Date());
  }

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

/** Changes an organisation's columns and stamps updatedAt, on the database or inside the caller's transaction. */
async function updateOrganizationRow(
  db: Database,
  organizationId: string,
  changes: Partial<Omit<OrganizationRow, 'id' | 'slug' | 'createdAt'>>,
  now: Date,
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .update(organizations)
    .set({ ...changes, updatedAt: now })
    .where(eq(organizations.id, organizationId))
    .returning();
  return row;
}
