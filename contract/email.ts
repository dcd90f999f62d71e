import { z } from 'zod';

/** An email address as every form takes it (sign-in, sign-up, invitations, reset). */
export const emailAddressSchema = z
  .email({ error: 'Enter a valid email address' })
  .max(254, 'An email address has at most 254 characters');
