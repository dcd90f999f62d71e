import { z } from 'zod';
import { emailAddressSchema } from './email';

/** Why a reset link no longer works; the screen offers to send a new one for each. */
export const resetLinkErrorCodes = {
  invalid: 'RESET_LINK_INVALID',
  expired: 'RESET_LINK_EXPIRED',
  used: 'RESET_LINK_USED',
} as const;

export const forgotPasswordRequestSchema = z
  .object({
    email: emailAddressSchema,
  })
  .meta({ id: 'ForgotPasswordRequest' });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** The one answer to a forgotten-password request, whether or not the email has an account. */
export const forgotPasswordMessage =
  'If an account uses this email, we have sent it a link to choose a new password. The link works for 1 hour.';

export const resetPasswordRequestSchema = z
  .object({
    userId: z.uuid({ error: 'This reset link is not valid' }),
    resetToken: z
      .string({ error: 'This reset link is not valid' })
      .min(1, 'This reset link is not valid')
      .max(200, 'This reset link is not valid'),
    password: z
      .string({ error: 'Enter a new password' })
      .min(1, 'Enter a new password')
      .max(1024, 'A password has at most 1024 characters'),
  })
  .meta({ id: 'ResetPasswordRequest' });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const passwordMessageResponseSchema = z
  .object({ message: z.string() })
  .meta({ id: 'PasswordMessageResponse' });
export type PasswordMessageResponse = z.infer<typeof passwordMessageResponseSchema>;
