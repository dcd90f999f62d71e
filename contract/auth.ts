import { z } from 'zod';
import { organizationSchema } from './organizations';
import { userSchema } from './users';
import { emailAddressSchema } from './email';

export const loginRequestSchema = z
  .object({
    email: emailAddressSchema,
    password: z
      .string({ error: 'Enter your password' })
      .min(1, 'Enter your password')
      .max(1024, 'A password has at most 1024 characters'),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z
  .object({
    token: z.string(),
    /** ISO 8601 instant after which the token no longer works. */
    expiresAt: z.iso.datetime(),
    user: userSchema,
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = z
  .object({ user: userSchema, organization: organizationSchema })
  .meta({ id: 'MeResponse' });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const logoutResponseSchema = z.object({ message: z.string() }).meta({ id: 'LogoutResponse' });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;
