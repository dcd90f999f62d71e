import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accountTokens, sessions, users, type AccountTokenPurpose } from '../../db/schema';
import type { UserRow } from '../serializers';
import { hashToken } from './sessions';

export type AccountTokenRow = typeof accountTokens.$inferSelect;

/** Marks the token used inside the caller's transaction; false when it was used meanwhile. */
async function useUpToken(tx: Database, tokenId: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.id, tokenId), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  return used.length > 0;
}

/**
 * The one-time tokens of the links in account mails (activation, invitation, password reset), and what using
 * one up does to its user, all or nothing.
 */
export class AccountTokens {
  constructor(private readonly db: Database) {}

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

  /** The token's row, used or not, expired or not, when it was made for one of `purposes` (a link of another kind is no such link). */
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
      if (!(await useUpToken(tx, tokenId, now))) return false;
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      return true;
    });
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
      if (!(await useUpToken(tx, tokenId, now))) return undefined;
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
}
