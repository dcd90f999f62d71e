import type { KyInstance, RetryOptions } from 'ky';
import ky, { isHTTPError } from 'ky';
import { authSession } from '@/lib/auth/auth-session';
import { yieldToMain } from '@/lib/yield-to-main';
import { activityContextKey, apiBaseUrl, idempotencyKeyHeader, retryDelayMs, retryLimit } from './api-client';
import { apiPathOf } from './api-path';
import { fetchReportingNetworkStatus } from './fetch-reporting-network-status';
import { ApiRequestError } from './api-request-error';
import { RequestActivity, showsLoadingIndicator } from './request-activity';

/** Spec 9: these are never retried, whatever the caller asks. */
const neverRetriedPaths: ReadonlySet<string> = new Set(['/api/me', '/api/login']);

/** Writes: each call carries an `Idempotency-Key`, so a retry of it is applied once (ADR 004, 008). */
const writeMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every method ky can send; a write may be retried because it carries an idempotency key (ADR 008). */
const retriedMethods: NonNullable<RetryOptions['methods']> = [
  'get',
  'head',
  'options',
  'trace',
  'query',
  'post',
  'put',
  'patch',
  'delete',
];

function requestOf(error: Error): Request | undefined {
  return 'request' in error && error.request instanceof Request ? error.request : undefined;
}

function isNeverRetried(request: Request | undefined): boolean {
  return request !== undefined && neverRetriedPaths.has(apiPathOf(request.url, apiBaseUrl()));
}

/**
 * A write may be replayed only where the server applies its key once: on signed-in routes (ADR 004). A
 * visitor's write (a sign-up, a password reset) has no such guard, and is sent once.
 */
function isReplayable(request: Request | undefined): boolean {
  if (request === undefined || !writeMethods.has(request.method)) return true;
  return request.headers.has(idempotencyKeyHeader) && request.headers.has('Authorization');
}

/**
 * Spec 9: a network error or a status of 500 and above is retried; `/api/me` and `/api/login` never are. A 409
 * with Retry-After to a keyed write means its first attempt is still being applied: waiting and asking again
 * gets the stored answer. `undefined` leaves ky's default, which retries network errors and nothing else.
 */
function shouldRetry(error: Error): boolean | undefined {
  const request = requestOf(error);
  if (isNeverRetried(request) || !isReplayable(request)) return false;
  // With no network at all, waiting 2 s and 4 s only delays the offline screen; reconnecting refetches.
  if (!isHTTPError(error)) return navigator.onLine ? undefined : false;
  const { status, headers } = error.response;
  if (status >= 500) return true;
  return status === 409 && headers.has('Retry-After') && error.request.headers.has(idempotencyKeyHeader);
}

/** The ky instance behind `api` (api-client.ts), with spec 9's retry policy and the app's headers. */
export function createKyClient(): KyInstance {
  return ky.create({
    baseUrl: apiBaseUrl(),
    fetch: fetchReportingNetworkStatus,
    retry: {
      limit: retryLimit,
      methods: retriedMethods,
      shouldRetry: ({ error }) => shouldRetry(error),
      delay: retryDelayMs,
    },
    hooks: {
      beforeRequest: [
        // Runs once per call; ky's retries resend this same request, so the key is the same on every attempt.
        ({ request, options }) => {
          const token = authSession.getToken();
          if (token !== null) request.headers.set('Authorization', `Bearer ${token}`);
          if (writeMethods.has(request.method) && !request.headers.has(idempotencyKeyHeader)) {
            request.headers.set(idempotencyKeyHeader, crypto.randomUUID());
          }
          const activity = options.context[activityContextKey];
          if (activity instanceof RequestActivity && showsLoadingIndicator(request.url, apiBaseUrl())) {
            activity.start();
          }
        },
        // A screen's queries start in one render's effects; each send then runs in a task of its own (issue 29).
        yieldToMain,
      ],
      // A call's own `retry` option replaces the policy above; hooks are kept, so this one still refuses.
      beforeRetry: [
        ({ request, error }) => {
          if (isNeverRetried(request) || !isReplayable(request)) throw error;
        },
      ],
      beforeError: [
        ({ error }) =>
          isHTTPError(error) ? ApiRequestError.fromResponse(error.response.status, error.data, error) : error,
      ],
    },
  });
}
