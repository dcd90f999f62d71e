import type { ApiError } from '@contract';
import { errorCodes } from '@contract';
import { HttpResponse } from 'msw';
import { userForToken } from '../data';

/** Every mocked failure answers in the API's one error shape. */
export function apiError(status: number, error: ApiError['error'], init?: ResponseInit) {
  return HttpResponse.json<ApiError>({ error }, { ...init, status });
}

export const unauthorized = () =>
  apiError(401, { code: errorCodes.unauthorized, message: 'Sign in to continue.' });

/** The signed-in user of a request, from its `Authorization: Bearer` header. */
export function requestUser(request: Request) {
  const header = request.headers.get('Authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
  return userForToken(token);
}
