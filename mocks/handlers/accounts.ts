import {
  accountMessageResponseSchema,
  activationLinkErrorCodes,
  activationLinkResponseSchema,
  activationRequestSchema,
  activationResponseSchema,
  defaultPasswordPolicy,
  errorCodes,
  passwordPolicyProblem,
  registrationMessage,
  registrationRequestSchema,
  resendActivationMessage,
  resendActivationRequestSchema,
  signupMessage,
  signupRequestSchema,
} from '@contract';
import { demoOrganization, demoSettings, demoUsers } from '../data';
import { apiError, apiRoute, validationFailure } from './respond';

/** Links the mock knows: an activation of the pending athlete, an invitation of the coach, and each failure. */
export const demoActivationLinks = {
  activationUserId: demoUsers.pendingAthlete.id,
  invitationUserId: demoUsers.coach.id,
  activation: 'valid-activation-code',
  invitation: 'valid-invitation-code',
  expired: 'expired-activation-code',
  used: 'used-activation-code',
} as const;

/** Slugs of organisations the mock already has. */
const takenSlugs = new Set([demoOrganization.slug, 'rivals']);
const knownEmails = new Set(Object.values(demoUsers).map((user) => user.email));

const fieldFailure = (fields: Record<string, string>) =>
  apiError(400, { code: errorCodes.validation, message: 'Check the highlighted fields.', fields });

type LinkLookup =
  | { ok: true; purpose: 'activation' | 'invitation'; user: (typeof demoUsers)[keyof typeof demoUsers] }
  | { ok: false; response: Response };

function lookUpLink(userId: string, code: string): LinkLookup {
  if (code === demoActivationLinks.expired) {
    return {
      ok: false,
      response: apiError(400, {
        code: activationLinkErrorCodes.expired,
        message: 'This activation link has expired (links work for 48 hours). Send yourself a new one.',
      }),
    };
  }
  if (code === demoActivationLinks.used) {
    return {
      ok: false,
      response: apiError(400, {
        code: activationLinkErrorCodes.used,
        message: 'This activation link has already been used. Your email is confirmed: sign in.',
      }),
    };
  }
  if (userId === demoActivationLinks.activationUserId && code === demoActivationLinks.activation) {
    return { ok: true, purpose: 'activation', user: demoUsers.pendingAthlete };
  }
  if (userId === demoActivationLinks.invitationUserId && code === demoActivationLinks.invitation) {
    return { ok: true, purpose: 'invitation', user: demoUsers.coach };
  }
  return {
    ok: false,
    response: apiError(400, {
      code: activationLinkErrorCodes.invalid,
      message: 'This link is not valid. It may have been replaced by a newer one: send yourself a new link.',
    }),
  };
}

export const accountHandlers = [
  apiRoute(
    { method: 'post', path: '/api/registration', responses: { 201: accountMessageResponseSchema } },
    async ({ request, reply }) => {
      const parsed = registrationRequestSchema.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return validationFailure(parsed.error);
      const { organizationSlug, email, password } = parsed.data;
      const fields: Record<string, string> = {};
      const passwordProblem = passwordPolicyProblem(defaultPasswordPolicy, password);
      if (passwordProblem) fields.password = passwordProblem;
      if (takenSlugs.has(organizationSlug)) {
        fields.organizationSlug = `The address "${organizationSlug}" is already taken. Choose another one.`;
      }
      if (knownEmails.has(email.toLowerCase())) {
        fields.email = 'This email already has an account. Sign in, or use another email.';
      }
      if (Object.keys(fields).length > 0) return fieldFailure(fields);
      return reply(201, { message: registrationMessage });
    },
  ),

  apiRoute(
    { method: 'post', path: '/api/signup', responses: { 201: accountMessageResponseSchema } },
    async ({ request, reply }) => {
      const parsed = signupRequestSchema.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return validationFailure(parsed.error);
      const { organization, password } = parsed.data;
      if (organization !== undefined && !takenSlugs.has(organization)) {
        return fieldFailure({
          organization:
            'This invite link is not valid: no organisation has this address. Ask your coach for a new link.',
        });
      }
      const problem = passwordPolicyProblem(demoSettings.passwordPolicy, password);
      if (problem) return fieldFailure({ password: problem });
      // Whether or not the email has an account: the same answer (no enumeration).
      return reply(201, { message: signupMessage });
    },
  ),

  apiRoute(
    {
      method: 'get',
      path: '/api/activation/{userId}/{verificationCode}',
      responses: { 200: activationLinkResponseSchema },
    },
    ({ params, reply }) => {
      const link = lookUpLink(params.userId, params.verificationCode);
      if (!link.ok) return link.response;
      return reply(200, {
        purpose: link.purpose,
        firstName: link.user.firstName,
        email: link.user.email,
        organizationName: demoOrganization.name,
      });
    },
  ),

  apiRoute(
    { method: 'post', path: '/api/activation', responses: { 200: activationResponseSchema } },
    async ({ request, reply }) => {
      const parsed = activationRequestSchema.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return validationFailure(parsed.error);
      const { userId, verificationCode, password } = parsed.data;
      const link = lookUpLink(userId, verificationCode);
      if (!link.ok) return link.response;
      if (link.purpose === 'activation') {
        return reply(200, {
          message:
            "Your email is confirmed. Your coach will approve your account; we'll email you when they do.",
          status: 'pending',
        });
      }
      if (!password) return fieldFailure({ password: 'Choose a password' });
      const problem = passwordPolicyProblem(demoSettings.passwordPolicy, password);
      if (problem) return fieldFailure({ password: problem });
      return reply(200, { message: 'Your password is set. You can sign in now.', status: 'approved' });
    },
  ),

  apiRoute(
    { method: 'post', path: '/api/activation/resend', responses: { 200: accountMessageResponseSchema } },
    async ({ request, reply }) => {
      const parsed = resendActivationRequestSchema.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return validationFailure(parsed.error);
      return reply(200, { message: resendActivationMessage });
    },
  ),
];
