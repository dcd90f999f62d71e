import type { Input, KyInstance, Options, ResponsePromise, RetryOptions } from 'ky';
import ky, { isHTTPError } from 'ky';
import { authSession } from '@/lib/auth/auth-session';
import { yieldToMain } from '@/lib/yield-to-main';
import { networkStatusActions } from '@/lib/network/network-status';
import { liveEventsPositionHeader } from '@contract/live-events-position';
import { apiPathOf } from './api-path';
import { noteLiveEventsPosition } from './live-events-position';
import { ApiRequestError } from './api-request-error';
import { RequestActivity, showsLoadingIndicator } from './request-activity';

/** Spec 7: same origin unless a deployment names its API host. Ends in `/` so relative paths extend it. */
export function apiBaseUrl(): string {
  const base = import.meta.env.VITE_API_BASE_URL ?? window.location.origin;
  return base.endsWith('/') ? base : `${base}/`;
}

/** Spec 9: two retries, 2 s then 4 s apart. */
export const retryLimit = 2;
export const retryDelayMs = (attemptCount: number): number => 2000 * 2 ** (attemptCount - 1);

/** Spec 9: these are never retried, whatever the caller asks. */
const neverRetriedPaths: ReadonlySet<string> = new Set(['/api/me', '/api/login']);

/** Writes: each call carries an `Idempotency-Key`, so a retry of it is applied once (ADR 004, 008). */
const writeMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const idempotencyKeyHeader = 'Idempotency-Key';

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

const activityContextKey = 'requestActivity';

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

function isAbort(input: Input, init: RequestInit | undefined, error: unknown): boolean {
  if (init?.signal?.aborted || (input instanceof Request && input.signal.aborted)) return true;
  return error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** Each attempt reports the network status (spec 4): a failure to reach the server is offline, a success online. */
async function fetchReportingNetworkStatus(input: Input, init?: RequestInit): Promise<Response> {
  try {
    // Read at call time, not import time: test doubles (MSW) replace the global fetch after modules load.
    const response = await globalThis.fetch(input, init);
    noteLiveEventsPosition(response.headers.get(liveEventsPositionHeader));
    // An answer that arrives after the browser went offline was sent before: its `online` event will tell.
    if (response.ok && navigator.onLine) networkStatusActions.wentOnline();
    return response;
  } catch (error) {
    if (!isAbort(input, init, error)) networkStatusActions.wentOffline();
    throw error;
  }
}

type Send = <T>(url: Input, options?: Options) => ResponsePromise<T>;

/**
 * Counts each call for the global loading indicator from its start until it settles, retries and their waits
 * included; ky's hooks run per attempt and cannot see the end of a call, so the instance is wrapped.
 */
function withRequestActivity(instance: KyInstance): KyInstance {
  const track =
    (send: Send): Send =>
    (url, options) => {
      const activity = new RequestActivity();
      const pending = send(url, {
        ...options,
        context: { ...options?.context, [activityContextKey]: activity },
      });
      pending.then(activity.end, activity.end);
      return pending;
    };
  // `as const` keeps the unique-symbol type of `stop`.
  return Object.assign(track(instance), {
    get: track(instance.get),
    post: track(instance.post),
    put: track(instance.put),
    patch: track(instance.patch),
    delete: track(instance.delete),
    head: track(instance.head),
    query: track(instance.query),
    create: instance.create,
    extend: (defaults: Parameters<KyInstance['extend']>[0]) => withRequestActivity(instance.extend(defaults)),
    stop: instance.stop,
    retry: instance.retry,
  } as const);
}

/**
 * The one HTTP client of the web app. Call it with paths relative to the API root (`'api/me'`, `'passenger'`),
 * parse bodies with the contract's schemas (`.json(meResponseSchema)`), and catch `ApiRequestError`.
 */
export const api: KyInstance = withRequestActivity(
  ky.create({
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
  }),
);
