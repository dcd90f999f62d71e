import { errorCodes } from '@contract/error-codes';
import { isUnreachableError } from '@/lib/api/unreachable';
import type { ApiRequestError } from '@/lib/api/api-request-error';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { networkErrorMessage } from '@/lib/api/network-error';

/** What a failed account request shows: the server's own message, else a network or generic one. */
export function requestErrorMessage(error: unknown, fallback: string): string {
  if (isApiRequestError(error)) return error.message;
  if (isUnreachableError(error)) return networkErrorMessage;
  return fallback;
}

/** A 400 naming the wrong fields: the form shows it under them, not in an alert. */
export function isValidationError(error: unknown): error is ApiRequestError {
  return isApiRequestError(error) && error.code === errorCodes.validation;
}
