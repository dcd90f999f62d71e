import type { ApiError, LoginResponse, MeResponse } from '@contract';
import type { logoutResponseSchema } from '@contract';
import { errorCodes, loginRequestSchema } from '@contract';
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import { demoOrganization, demoPassword, demoUsers, tokenFor } from '../data';
import { apiError, requestUser, unauthorized } from './respond';

// contract/auth.ts exports the schema but no type for it.
type LogoutResponse = z.infer<typeof logoutResponseSchema>;

const tokenLifetimeMs = 30 * 24 * 60 * 60 * 1000;

export const authHandlers = [
  http.post<never, never, LoginResponse | ApiError>('*/api/login', async ({ request }) => {
    const parsed = loginRequestSchema.safeParse(await request.json().catch(() => null));
    if (!parsed.success) {
      const fields = Object.fromEntries(
        parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
      );
      return apiError(400, { code: errorCodes.validation, message: 'Check the highlighted fields.', fields });
    }
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
    return HttpResponse.json<LoginResponse>({
      token: tokenFor(user),
      expiresAt: new Date(Date.now() + tokenLifetimeMs).toISOString(),
      user,
    });
  }),

  http.post<never, never, LogoutResponse | ApiError>('*/api/logout', ({ request }) => {
    if (!requestUser(request)) return unauthorized();
    return HttpResponse.json<LogoutResponse>({ message: 'Signed out.' });
  }),

  http.get<never, never, MeResponse | ApiError>('*/api/me', ({ request }) => {
    const user = requestUser(request);
    if (!user) return unauthorized();
    return HttpResponse.json<MeResponse>({ user, organization: demoOrganization });
  }),
];
