import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimitHits } from '../../db/schema';

/** A rule of a rate limit: at most `limit` hits per key within `windowMs`. */
export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

/** Hits per rule and subject (an address, an email) in a sliding window, kept in the database for every process. */
export class RateLimits {
  constructor(private readonly db: Database) {}

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
}
