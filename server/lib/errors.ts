import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { errorCodes, type ApiError as ApiErrorBody } from '../../contract/errors';

/** A failure the client should see as `{error: {code, message, fields?}}` with this status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new ApiError(404, errorCodes.notFound, what);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new ApiError(403, errorCodes.forbidden, message);
export const unauthorized = (message = 'Sign in to continue.') =>
  new ApiError(401, errorCodes.unauthorized, message);

/** Turns zod issues into `{ "a.b": "message" }`, naming unknown keys as fields of their own. */
export function fieldsFromIssues(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] = 'This field is not allowed here';
      continue;
    }
    const name = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    fields[name] ??= issue.message;
  }
  return fields;
}

export function validationError(issues: readonly z.core.$ZodIssue[], target: string) {
  return invalidFields(fieldsFromIssues(issues), target);
}

/** A 400 naming each field at fault (by its path in the request) and what is wrong with it. */
export function invalidFields(fields: Record<string, string>, target = 'request body') {
  const names = Object.keys(fields).join(', ');
  return new ApiError(400, errorCodes.validation, `Invalid ${target}: check ${names}.`, fields);
}

function body(error: ApiErrorBody['error']): ApiErrorBody {
  return { error };
}

export function renderError(c: Context, err: unknown): Response {
  if (err instanceof ApiError) {
    return c.json(
      body({ code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) }),
      err.status,
      err.headers,
    );
  }
  if (err instanceof HTTPException) {
    if (err.status === 413) {
      return c.json(
        body({ code: errorCodes.payloadTooLarge, message: 'The request body is too large.' }),
        413,
      );
    }
    if (err.status === 400) {
      // Hono's validators throw this for a body that is not JSON at all.
      return c.json(
        body({
          code: errorCodes.badRequest,
          message: 'The request body is not valid JSON.',
          fields: { body: 'Malformed JSON' },
        }),
        400,
      );
    }
    return c.json(body({ code: errorCodes.badRequest, message: err.message || 'Bad request' }), err.status);
  }
  const requestId = c.get('requestId');
  console.error(`[${requestId}] Unexpected error on ${c.req.method} ${c.req.path}:`, err);
  return c.json(
    body({
      code: errorCodes.internal,
      message: `Something went wrong on our side (request ${requestId}).`,
      requestId,
    }),
    500,
  );
}
