import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, isNull, lt, min, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { loginFailures, organizationHosts, organizations, sessions, users } from '../db/schema';
import type { OrganizationRow, UserRow } from './serializers';
import { TenantScope } from './tenancy';

export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;
export const loginFailureWindowMs = 15 * 60 * 1000;
export const loginFailureLimit = 10;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
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
    if (localSlug) {
      const [bySlug] = await this.db
        .select()
        .from(organizations)
        .where(eq(organizations.slug, localSlug))
        .limit(1);
      if (bySlug) return bySlug;
    }
    const [fallback] = await this.db
      .select()
      .from(organizations)
      .where(eq(organizations.slug, this.defaultOrganizationSlug))
      .limit(1);
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
}
