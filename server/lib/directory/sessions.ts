import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations, sessions, users } from '../../db/schema';
import type { OrganizationRow, UserRow } from '../serializers';
import { TenantScope } from '../tenancy';

export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/** Tokens (sessions, links in mails) are stored only as this hash. */
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
 * Sign-in sessions: started with a new token, found again by it (with the approved user and its organisation),
 * revoked. A session's viewer is where a signed-in request's TenantScope comes from.
 */
export class Sessions {
  constructor(private readonly db: Database) {}

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

  /**
   * The data access path of an approved user named by something other than a session (a signed file link,
   * ADR 061): limited to that user's organisation; undefined for anyone not approved.
   */
  async scopeForUser(userId: string): Promise<TenantScope | undefined> {
    const [user] = await this.db
      .select({ organizationId: users.organizationId })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.status, 'approved')))
      .limit(1);
    return user ? new TenantScope(this.db, user.organizationId) : undefined;
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  }

  /** Signs the user out everywhere: every live session is revoked. */
  async revokeAllSessions(userId: string, now = new Date()): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }
}
