import { isNetworkError, isTimeoutError } from 'ky';
import { isApiRequestError } from '@/lib/api/api-request-error';

const networkErrorMessage = 'Network error. Please check your connection.';

/** What a failed account request shows: the server's own message, else a network or generic one. */
export function requestErrorMessage(error: unknown, fallback: string): string {
  if (isApiRequestError(error)) return error.message;
  if (isNetworkError(error) || isTimeoutError(error)) return networkErrorMessage;
  return fallback;
}
