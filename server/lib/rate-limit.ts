import { errorCodes } from '../../contract/errors';
import type { RequestContext } from './context';
import type { RateLimitRule } from './directory/rate-limits';
import { ApiError } from './errors';

/** Counts one request under `rule` for `subject` (an address or an email); over the limit, a 429 with Retry-After. */
export async function enforceRateLimit(c: RequestContext, rule: RateLimitRule, subject: string) {
  const retryAfter = await c.var.rateLimits.takeRateLimit(rule, subject);
  if (retryAfter > 0) {
    throw new ApiError(
      429,
      errorCodes.tooManyRequests,
      `Too many requests. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  }
}
