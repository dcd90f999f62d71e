import ky, { isHTTPError } from 'ky';
import { authSession } from '@/lib/auth/auth-session';
import { ApiRequestError } from './api-request-error';

/** Spec 7: same origin unless a deployment names its API host. Ends in `/` so relative paths extend it. */
export function apiBaseUrl(): string {
  const base = import.meta.env.VITE_API_BASE_URL ?? window.location.origin;
  return base.endsWith('/') ? base : `${base}/`;
}

/** Spec 9: two retries, 2 s then 4 s apart. */
export const retryDelayMs = (attemptCount: number): number => 2000 * 2 ** (attemptCount - 1);

/**
 * The one HTTP client of the web app. Call it with paths relative to the API root (`'api/me'`, `'passenger'`),
 * parse bodies with the contract's schemas (`.json(meResponseSchema)`), and catch `ApiRequestError`.
 */
export const api = ky.create({
  baseUrl: apiBaseUrl(),
  retry: {
    limit: 2,
    // Spec 9: network errors and 5xx only. POST stays out of ky's default methods, so writes are not replayed.
    shouldRetry: ({ error }) => (isHTTPError(error) ? error.response.status >= 500 : undefined),
    delay: retryDelayMs,
  },
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = authSession.getToken();
        if (token !== null) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    beforeError: [
      ({ error }) =>
        isHTTPError(error) ? ApiRequestError.fromResponse(error.response.status, error.data, error) : error,
    ],
  },
});
