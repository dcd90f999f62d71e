/** The `code` of an API error; a module of its own so the sign-in screen can use it without loading zod. */
export const errorCodes = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  accountNotApproved: 'ACCOUNT_NOT_APPROVED',
  accountNotActivated: 'ACCOUNT_NOT_ACTIVATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  conflict: 'CONFLICT',
  internal: 'INTERNAL_ERROR',
  /** The server sheds load it cannot answer in time; try again after Retry-After (issue 30). */
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
