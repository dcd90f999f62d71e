import { isApiRequestError } from '@/lib/api/api-request-error';

/** The server's own sentence when it sent one, else a plain one (offline, timeouts). */
export function failureMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (isApiRequestError(error) && error.status < 500) return error.message;
  if (error instanceof TypeError) return 'The server cannot be reached. Check your connection and try again.';
  return fallback;
}

/** The field errors of a refused request (`fields.<name>`), or none. */
export function fieldErrorsOf(error: unknown): Readonly<Record<string, string>> {
  return isApiRequestError(error) ? error.fields : {};
}

/** A 401 from a management route: the platform session ended. */
export const isSessionEnded = (error: unknown): boolean => isApiRequestError(error) && error.status === 401;
