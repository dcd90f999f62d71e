import {
  errorCodes,
  forgotPasswordMessage,
  forgotPasswordRequestSchema,
  passwordMessageResponseSchema,
  passwordPolicyProblem,
  resetLinkErrorCodes,
  resetPasswordRequestSchema,
} from '@contract';
import { demoSettings, demoUsers } from '../data';
import { apiError, apiRoute, validationFailure } from './respond';

/** Reset links the mock knows, all for the demo athlete: one that works, and one of each failure. */
export const demoResetLinks = {
  userId: demoUsers.athlete.id,
  valid: 'valid-reset-token',
  expired: 'expired-reset-token',
  used: 'used-reset-token',
} as const;

export const passwordHandlers = [
  apiRoute(
    { method: 'post', path: '/api/password/forgot', responses: { 200: passwordMessageResponseSchema } },
    async ({ request, reply }) => {
      const parsed = forgotPasswordRequestSchema.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return validationFailure(parsed.error);
      return reply(200, { message: forgotPasswordMessage });
    },
  ),

  apiRoute(
    { method: 'post', path: '/api/password/reset', responses: { 200: passwordMessageResponseSchema } },
    async ({ request, reply }) => {
      const parsed = resetPasswordRequestSchema.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return validationFailure(parsed.error);
      const { userId, resetToken, password } = parsed.data;
      if (userId === demoResetLinks.userId && resetToken === demoResetLinks.expired) {
        return apiError(400, {
          code: resetLinkErrorCodes.expired,
          message: 'This reset link has expired (links work for 1 hour). Ask for a new link.',
        });
      }
      if (userId === demoResetLinks.userId && resetToken === demoResetLinks.used) {
        return apiError(400, {
          code: resetLinkErrorCodes.used,
          message:
            'This reset link has already been used. Ask for a new link if you need to change your password again.',
        });
      }
      if (userId !== demoResetLinks.userId || resetToken !== demoResetLinks.valid) {
        return apiError(400, {
          code: resetLinkErrorCodes.invalid,
          message: 'This reset link is not valid. Ask for a new link to choose your password.',
        });
      }
      const problem = passwordPolicyProblem(demoSettings.passwordPolicy, password);
      if (problem) {
        return apiError(400, {
          code: errorCodes.validation,
          message: 'Choose a password that meets every rule.',
          fields: { password: problem },
        });
      }
      return reply(200, { message: 'Your password has been changed. Sign in with your new password.' });
    },
  ),
];
