import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginFailures } from '../../db/schema';

export const loginFailureWindowMs = 15 * 60 * 1000;
export const loginFailureLimit = 10;

/** Failed sign-ins per email and address: after too many, sign-in waits until the oldest leaves the window. */
export class SignInThrottle {
  constructor(private readonly db: Database) {}

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
