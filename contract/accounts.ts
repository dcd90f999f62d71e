import { isTimeZone } from './calendar-dates';
import { z } from 'zod';
import { accountLinkPurposes, organizationSlugProblem, signupOrganizationParam } from './account-fields';
import { userStatusSchema } from './users';
import { emailAddressSchema } from './email';

export * from './account-fields';

/** Checked against the organisation's policy by the server (fields.password) once the organisation is known. */
const newPasswordSchema = z
  .string({ error: 'Choose a password' })
  .min(1, 'Choose a password')
  .max(1024, 'A password has at most 1024 characters');

const personName = (what: 'first' | 'last') =>
  z
    .string({ error: `Enter your ${what} name` })
    .trim()
    .min(1, `Enter your ${what} name`)
    .max(60, `Your ${what} name has at most 60 characters`);

export const organizationSlugSchema = z
  .string({ error: 'Choose the address of your organisation' })
  .trim()
  .toLowerCase()
  .superRefine((slug, context) => {
    const problem = organizationSlugProblem(slug);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const registrationRequestSchema = z
  .object({
    organizationName: z
      .string({ error: 'Enter the name of your organisation' })
      .trim()
      .min(2, 'The name needs at least 2 characters')
      .max(80, 'The name has at most 80 characters'),
    organizationSlug: organizationSlugSchema,
    firstName: personName('first'),
    lastName: personName('last'),
    email: emailAddressSchema,
    password: newPasswordSchema,
    /** The registering admin's browser zone: the organisation's calendar starts in it (issue 14). */
    timeZone: z.string().trim().refine(isTimeZone, 'Choose a time zone such as America/Chicago').optional(),
  })
  .meta({ id: 'RegistrationRequest' });
export type RegistrationRequest = z.input<typeof registrationRequestSchema>;

export const signupRequestSchema = z
  .object({
    firstName: personName('first'),
    lastName: personName('last'),
    email: emailAddressSchema,
    password: newPasswordSchema,
    /** The slug of an invite link (`/signup?organization=<slug>`); without it, the organisation of the page's host. */
    [signupOrganizationParam]: z
      .string()
      .trim()
      .toLowerCase()
      .max(40, 'This invite link is not valid')
      .optional(),
  })
  .meta({ id: 'SignupRequest' });
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const accountMessageResponseSchema = z
  .object({ message: z.string() })
  .meta({ id: 'AccountMessageResponse' });
export type AccountMessageResponse = z.infer<typeof accountMessageResponseSchema>;

export const accountLinkPurposeSchema = z.enum(accountLinkPurposes);

/** What an activation or invitation link is, so the screen can greet the person and ask what it needs. */
export const activationLinkResponseSchema = z
  .object({
    purpose: accountLinkPurposeSchema,
    firstName: z.string(),
    email: z.string(),
    organizationName: z.string(),
  })
  .meta({ id: 'ActivationLinkResponse' });
export type ActivationLinkResponse = z.infer<typeof activationLinkResponseSchema>;

const linkPart = z
  .string({ error: 'This activation link is not valid' })
  .min(1, 'This activation link is not valid')
  .max(200, 'This activation link is not valid');

export const activationLinkParamsSchema = z.object({
  userId: z.uuid({ error: 'This activation link is not valid' }),
  verificationCode: linkPart,
});

export const activationRequestSchema = z
  .object({
    userId: z.uuid({ error: 'This activation link is not valid' }),
    verificationCode: linkPart,
    /** Required for an invitation (the person chooses a password); ignored for an activation. */
    password: z.string().max(1024, 'A password has at most 1024 characters').optional(),
  })
  .meta({ id: 'ActivationRequest' });
export type ActivationRequest = z.infer<typeof activationRequestSchema>;

export const activationResponseSchema = z
  .object({
    message: z.string(),
    /** approved: the person may sign in now; pending: staff still have to approve the sign-up. */
    status: userStatusSchema,
  })
  .meta({ id: 'ActivationResponse' });
export type ActivationResponse = z.infer<typeof activationResponseSchema>;

export const resendActivationRequestSchema = z
  .object({ email: emailAddressSchema })
  .meta({ id: 'ResendActivationRequest' });
export type ResendActivationRequest = z.infer<typeof resendActivationRequestSchema>;
