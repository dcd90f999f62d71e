import type { ApiError } from '@contract';

/**
 * The API's one error shape, `{ error: { code, message, fields?, requestId? } }` (contract/errors.ts), checked
 * by hand: this runs on the sign-in screen, whose JavaScript should not carry zod (ADR 008).
 */
export function isApiErrorBody(body: unknown): body is ApiError {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const { error } = body;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, fields, requestId } = error as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    (requestId === undefined || typeof requestId === 'string') &&
    (fields === undefined ||
      (typeof fields === 'object' &&
        fields !== null &&
        Object.values(fields).every((value) => typeof value === 'string')))
  );
}

/** A failed API call, carrying the server's `{ error: { code, message, fields } }` and the HTTP status. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly requestId: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string> | undefined;
    requestId?: string | undefined;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.requestId = init.requestId;
  }

  /** Builds the error from a response body, falling back to a generic message when the body is not the API's shape. */
  static fromResponse(status: number, body: unknown, cause?: unknown): ApiRequestError {
    if (isApiErrorBody(body)) {
      const { code, message, fields, requestId } = body.error;
      return new ApiRequestError({ status, code, message, fields, requestId, cause });
    }
    return new ApiRequestError({
      status,
      code: status >= 500 ? 'INTERNAL_ERROR' : 'HTTP_ERROR',
      message: `The server answered with an unexpected error (${status}). Please try again.`,
      cause,
    });
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}
