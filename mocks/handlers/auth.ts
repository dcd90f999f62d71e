import {
  errorCodes,
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
  meResponseSchema,
} from '@contract';
import { demoOrganization, demoPassword, demoUsers, tokenFor } from '../data';
import { apiError, apiRoute, requestUser, unauthorized, validationFailure } from './respond';

const tokenLifetimeMs = 30 * 24 * 60 * 60 * 1000;

export const authHandlers = [
  apiRoute(
    { method: 'post', path: '/api/login', responses: { 200: loginResponseSchema } },
    async ({ request, reply }) => {
      const parsed = loginRequestSchema.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return validationFailure(parsed.error);
      const { email, password } = parsed.data;
      const user = Object.values(demoUsers).find((candidate) => candidate.email === email.toLowerCase());
      if (!user || password !== demoPassword) {
        return apiError(401, {
          code: errorCodes.invalidCredentials,
          message: 'Email or password is incorrect.',
        });
      }
      if (user.status !== 'approved') {
        return apiError(403, {
          code: errorCodes.accountNotApproved,
          message: 'Your account is waiting for approval by your organisation.',
        });
      }
      return reply(200, {
        token: tokenFor(user),
        expiresAt: new Date(Date.now() + tokenLifetimeMs).toISOString(),
        user,
      });
    },
  ),

  apiRoute(
    { method: 'post', path: '/api/logout', responses: { 200: logoutResponseSchema } },
    ({ request, reply }) => {
      if (!requestUser(request)) return unauthorized();
      return reply(200, { message: 'Signed out.' });
    },
  ),

  apiRoute({ method: 'get', path: '/api/me', responses: { 200: meResponseSchema } }, ({ request, reply }) => {
    const user = requestUser(request);
    if (!user) return unauthorized();
    return reply(200, { user, organization: demoOrganization });
  }),
];
