import { and, eq, lt } from 'drizzle-orm';
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
    'instead of a second write; while the first is still being applied, 409 (see Retry-After). A key used for ' +
    'another method or path answers 422. Keys are kept 7 days.',
  schema: { type: 'string' as const, pattern: keyPattern.source },
};
const inProgress = 0;
const retentionMs = 7 * 24 * 60 * 60 * 1000;

/** Remembers the answer to each keyed write so an offline queue replaying it gets the answer, not a second write. */
export class IdempotencyStore {
  constructor(private readonly db: Database) {}

  /** Claims the key; returns the stored answer when the write was already applied. */
  async claim(userId: string, key: string, method: string, path: string) {
    const claimed = await this.db
      .insert(idempotentResponses)
      .values({ userId, key, method, path, status: inProgress, body: {} })
      .onConflictDoNothing()
      .returning({ key: idempotentResponses.key });
    if (claimed.length > 0) return { claimed: true as const };
    const [stored] = await this.db
      .select()
      .from(idempotentResponses)
      .where(and(eq(idempotentResponses.userId, userId), eq(idempotentResponses.key, key)));
    return { claimed: false as const, stored };
  }

  async complete(userId: string, key: string, status: number, body: unknown) {
    await this.db
      .update(idempotentResponses)
      .set({ status, body: body })
      .where(and(eq(idempotentResponses.userId, userId), eq(idempotentResponses.key, key)));
  }

  async release(userId: string, key: string) {
    await this.db
      .delete(idempotentResponses)
      .where(and(eq(idempotentResponses.userId, userId), eq(idempotentResponses.key, key)));
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
    if (!stored || stored.method !== c.req.method || stored.path !== c.req.path) {
      throw new ApiError(
        422,
        errorCodes.conflict,
        'This Idempotency-Key was already used for another request.',
      );
    }
    if (stored.status === inProgress) {
      throw new ApiError(409, errorCodes.conflict, 'This request is already being applied.', undefined, {
        'Retry-After': '1',
      });
    }
    c.header('Idempotent-Replayed', 'true');
    return c.json(stored.body, stored.status as 200);
  }
  try {
    await next();
  } catch (error) {
    await store.release(userId, key);
    throw error;
  }
  const response = c.res;
  // Only settled outcomes are remembered; a server failure may be retried for real.
  if (response.status >= 500 || !response.headers.get('content-type')?.includes('application/json')) {
    await store.release(userId, key);
    return;
  }
  await store.complete(userId, key, response.status, await response.clone().json());
});
