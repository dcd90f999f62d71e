import { apiErrorSchema } from '@contract';

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
    fields?: Record<string, string>;
    requestId?: string;
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
    const parsed = apiErrorSchema.safeParse(body);
    if (parsed.success) {
      const { code, message, fields, requestId } = parsed.data.error;
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
