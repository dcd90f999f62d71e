import {
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
  meResponseSchema,
} from '../../../contract/auth';
import { errorResponse, jsonContent, publicRoute, signedInRoute } from '../../lib/routes';

export const login = publicRoute({
  method: 'post',
  path: '/api/login',
  operationId: 'login',
  tags: ['Sign-in'],
  summary: 'Sign in with email and password; returns a bearer token valid for 30 days',
  request: { body: { content: { 'application/json': { schema: loginRequestSchema } }, required: true } },
  responses: {
    200: jsonContent(loginResponseSchema, 'Signed in'),
    400: errorResponse('The body is not valid'),
    401: errorResponse('Unknown email or wrong password (the same answer for both)'),
    403: errorResponse(
      'ACCOUNT_NOT_ACTIVATED: the email is not confirmed yet (POST /api/activation/resend sends a new link); ACCOUNT_NOT_APPROVED: the account is not approved',
    ),
    429: errorResponse('Too many failed sign-ins for this email from this address; see Retry-After'),
  },
});

export const logout = signedInRoute({
  method: 'post',
  path: '/api/logout',
  operationId: 'logout',
  tags: ['Sign-in'],
  summary: 'Revoke the bearer token of this request',
  roles: ['admin', 'coach', 'athlete'],
  responses: { 200: jsonContent(logoutResponseSchema, 'Signed out') },
});

export const me = signedInRoute({
  method: 'get',
  path: '/api/me',
  operationId: 'getMe',
  tags: ['Sign-in'],
  summary: 'The signed-in user and its organisation',
  roles: ['admin', 'coach', 'athlete'],
  responses: { 200: jsonContent(meResponseSchema, 'The signed-in user and organisation') },
});
