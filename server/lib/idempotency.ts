import { randomUUID } from 'node:crypto';
import { and, eq, lt, lte, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { errorCodes } from '../../contract/errors';
import type { Database } from '../db/client';
import { idempotentResponses } from '../db/schema';
import type { SignedInAppEnv } from './context';
import { ApiError } from './errors';

const keyPattern = /^[A-Za-z0-9_.:-]{8,200}$/;

/** The Idempotency-Key header as the OpenAPI document describes it on every signed-in write. */
export const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header' as const,
  required: false,
  description:
    'Applies this write once per user and key: a repeat gets the first answer again (with Idempotent-Replayed: true) ' +
    'instead of a second write; while the first is still being applied, 409 with Retry-After (the seconds its ' +
    'claim has left). A first attempt that stopped without answering (a server that crashed) holds the key only ' +
    'until its claim runs out; a repeat after that is applied for real. A key used for another method or path ' +
    'answers 422. Keys are kept 7 days.',
  schema: { type: 'string' as const, pattern: keyPattern.source },
};
const inProgress = 0;
const retentionMs = 7 * 24 * 60 * 60 * 1000;

export interface IdempotencyOptions {
  /** How long a claim stays its attempt's without being renewed (IDEMPOTENCY_LEASE_SECONDS; ADR 004, addendum). */
  leaseSeconds: number;
}

export type IdempotencyClaim =
  | { claimed: true; token: string }
  | {
      claimed: false;
      /** The key's row; undefined only when its first attempt keeps releasing it as this one looks. */
      stored:
        | { method: string; path: string; status: number; body: unknown; retryAfterSeconds: number }
        | undefined;
    };

/** Remembers the answer to each keyed write so an offline queue replaying it gets the answer, not a second write. */
export class IdempotencyStore {
  /** A live attempt renews its claim three times a lease, so only a stopped one lets it run out. */
  readonly renewEveryMs: number;

  constructor(
    private readonly db: Database,
    private readonly options: IdempotencyOptions = { leaseSeconds: 30 },
  ) {
    this.renewEveryMs = (options.leaseSeconds * 1000) / 3;
  }

  /** The database's clock, not this process's: every API process measures a lease alike. */
  private leaseEnd() {
    return sql`now() + ${this.options.leaseSeconds}::int * interval '1 second'`;
  }

  private ownedBy(userId: string, key: string, token: string) {
    return and(
      eq(idempotentResponses.userId, userId),
      eq(idempotentResponses.key, key),
      eq(idempotentResponses.claimToken, token),
      eq(idempotentResponses.status, inProgress),
    );
  }

  /**
   * Claims the key for this attempt, or takes over a claim whose lease ran out (one statement: of several
   * replays at once only one gets it); otherwise returns the stored answer, or how long the claim has left.
   */
  async claim(userId: string, key: string, method: string, path: string): Promise<IdempotencyClaim> {
    let stored;
    // A key released between the two statements is claimed again, once, rather than read as missing.
    for (let attempt = 0; attempt < 2 && !stored; attempt += 1) {
      const token = randomUUID();
      const claimed = await this.db
        .insert(idempotentResponses)
        .values({
          userId,
          key,
          method,
          path,
          status: inProgress,
          body: {},
          claimToken: token,
          leaseExpiresAt: this.leaseEnd(),
        })
        .onConflictDoUpdate({
          target: [idempotentResponses.userId, idempotentResponses.key],
          set: { claimToken: token, leaseExpiresAt: this.leaseEnd() },
          setWhere: and(
            eq(idempotentResponses.status, inProgress),
            lte(idempotentResponses.leaseExpiresAt, sql`now()`),
            eq(idempotentResponses.method, method),
            eq(idempotentResponses.path, path),
          ),
        })
        .returning({ key: idempotentResponses.key });
      if (claimed.length > 0) return { claimed: true, token };
      [stored] = await this.db
        .select({
          method: idempotentResponses.method,
          path: idempotentResponses.path,
          status: idempotentResponses.status,
          body: idempotentResponses.body,
          retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from ${idempotentResponses.leaseExpiresAt} - now())))::int`,
        })
        .from(idempotentResponses)
        .where(and(eq(idempotentResponses.userId, userId), eq(idempotentResponses.key, key)));
    }
    return { claimed: false, stored };
  }

  /** Keeps a running attempt's claim; false when another attempt has taken it over. */
  async renew(userId: string, key: string, token: string): Promise<boolean> {
    const renewed = await this.db
      .update(idempotentResponses)
      .set({ leaseExpiresAt: this.leaseEnd() })
      .where(this.ownedBy(userId, key, token))
      .returning({ key: idempotentResponses.key });
    return renewed.length > 0;
  }

  /** Stores the answer; false (and nothing stored) when the claim was taken over: that attempt's answer stands. */
  async complete(userId: string, key: string, token: string, status: number, body: unknown) {
    const completed = await this.db
      .update(idempotentResponses)
      .set({ status, body, claimToken: null })
      .where(this.ownedBy(userId, key, token))
      .returning({ key: idempotentResponses.key });
    return completed.length > 0;
  }

  /** Gives the key back for a real retry, unless another attempt holds it now. */
  async release(userId: string, key: string, token: string) {
    await this.db.delete(idempotentResponses).where(this.ownedBy(userId, key, token));
  }

  async forgetOld(now = new Date()) {
    await this.db
      .delete(idempotentResponses)
      .where(lt(idempotentResponses.createdAt, new Date(now.getTime() - retentionMs)));
  }
}

/** Applies a write that carries an `Idempotency-Key` header once per user and key. */
export const idempotentWrites = createMiddleware<SignedInAppEnv>(async (c, next) => {
  const store = c.var.idempotency;
  const key = c.req.header('idempotency-key');
  if (key === undefined || c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  if (!keyPattern.test(key)) {
    throw new ApiError(400, errorCodes.validation, 'The Idempotency-Key header is not valid.', {
      'Idempotency-Key': 'Use 8 to 200 letters, digits or - _ . :',
    });
  }
  const userId = c.var.viewer.user.id;
  const claim = await store.claim(userId, key, c.req.method, c.req.path);
  if (!claim.claimed) {
    const stored = claim.stored;
    if (stored && (stored.method !== c.req.method || stored.path !== c.req.path)) {
      throw new ApiError(
        422,
        errorCodes.conflict,
        'This Idempotency-Key was already used for another request.',
      );
    }
    if (!stored || stored.status === inProgress) {
      throw new ApiError(409, errorCodes.conflict, 'This request is already being applied.', undefined, {
        'Retry-After': String(stored?.retryAfterSeconds ?? 1),
      });
    }
    c.header('Idempotent-Replayed', 'true');
    return c.json(stored.body, stored.status as 200);
  }
  const { token } = claim;
  // Renewed while this process lives, so only a crashed attempt's claim runs out and is taken over.
  const renewal = setInterval(() => {
    void store.renew(userId, key, token).catch(() => undefined);
  }, store.renewEveryMs);
  renewal.unref();
  try {
    await next();
  } catch (error) {
    clearInterval(renewal);
    await store.release(userId, key, token);
    throw error;
  }
  clearInterval(renewal);
  const response = c.res;
  // Only settled outcomes are remembered; a server failure may be retried for real.
  if (response.status >= 500 || !response.headers.get('content-type')?.includes('application/json')) {
    await store.release(userId, key, token);
    return;
  }
  const stored = await store.complete(userId, key, token, response.status, await response.clone().json());
  if (!stored) {
    console.error(
      `[idempotency] ${c.req.method} ${c.req.path} answered after its claim was taken over; the other attempt's answer stands.`,
    );
  }
});
