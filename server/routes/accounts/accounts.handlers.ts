import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  activationLinkErrorCodes,
  registrationMessage,
  resendActivationMessage,
  signupMessage,
} from '../../../contract/account-fields';
import { errorCodes } from '../../../contract/errors';
import { defaultPasswordPolicy } from '../../../contract/organizations';
import { passwordPolicyProblem } from '../../../contract/password-policy';
import type { PublicAppEnv } from '../../lib/context';
import type { AccountTokenRow } from '../../lib/directory/account-tokens';
import type { RateLimitRule } from '../../lib/directory/rate-limits';
import { ApiError } from '../../lib/errors';
import { mailAccountLink, sendAfterResponse } from '../../lib/mail/account-mails';
import { organizationOrigin } from '../../lib/mail/organization-origin';
import { hashPassword, requirePolicyPassword } from '../../lib/passwords';
import { enforceRateLimit } from '../../lib/rate-limit';
import { isLoopbackHost, requestHost } from '../../lib/request-host';
import { toSettings, type OrganizationRow, type UserRow } from '../../lib/serializers';
import type * as routes from './accounts.routes';

const minutes = (count: number) => count * 60 * 1000;

export const accountRateLimits = {
  registrationPerAddress: { name: 'registration-address', limit: 10, windowMs: minutes(60) },
  registrationPerEmail: { name: 'registration-email', limit: 5, windowMs: minutes(60) },
  signupPerAddress: { name: 'signup-address', limit: 20, windowMs: minutes(15) },
  signupPerEmail: { name: 'signup-email', limit: 5, windowMs: minutes(60) },
  /** Opening a link (GET) and using it (POST) both count: 20 activations per 15 minutes. */
  activationPerAddress: { name: 'activation-address', limit: 40, windowMs: minutes(15) },
  resendPerAddress: { name: 'activation-resend-address', limit: 20, windowMs: minutes(15) },
  resendPerEmail: { name: 'activation-resend-email', limit: 5, windowMs: minutes(60) },
} satisfies Record<string, RateLimitRule>;

const fieldError = (field: string, message: string, summary = 'Check the highlighted fields.') =>
  new ApiError(400, errorCodes.validation, summary, { [field]: message });

/** Host names as a person means them: every loopback name is this machine. */
const sameHost = (one: string, other: string) =>
  one === other || (isLoopbackHost(one) && isLoopbackHost(other));

/**
 * Whether an organisation's account link may be used on this request's host: on the organisation's own hosts,
 * and on the host its mails link to (PUBLIC_URL or localhost for an organisation with no host yet). Another
 * organisation's host never opens it (ADR 021).
 */
async function isLinkHostOf(c: Context<PublicAppEnv>, organization: OrganizationRow): Promise<boolean> {
  const host = requestHost(c) || new URL(c.req.url).hostname;
  return sameHost(new URL(await organizationOrigin(c, organization)).hostname, host);
}

/** Someone who still needs a link: an invited person without a password, or an unconfirmed email. */
function linkPurposeFor(user: UserRow): 'activation' | 'invitation' | null {
  if (user.status !== 'approved' && user.status !== 'pending') return null;
  if (!user.passwordHash) return 'invitation';
  return user.emailVerifiedAt ? null : 'activation';
}

function mailFreshLink(c: Context<PublicAppEnv>, user: UserRow, organization: OrganizationRow) {
  const purpose = linkPurposeFor(user);
  if (!purpose) return;
  // After the answer: timing tells nothing and SMTP never delays it.
  sendAfterResponse(c, `The ${purpose} mail to user ${user.id}`, () =>
    mailAccountLink(c, user, organization, purpose),
  );
}

export const register: RouteHandler<typeof routes.register, PublicAppEnv> = async (c) => {
  const body = c.req.valid('json');
  const { organizations, accounts, clientAddress } = c.var;
  await enforceRateLimit(c, accountRateLimits.registrationPerAddress, clientAddress);
  await enforceRateLimit(c, accountRateLimits.registrationPerEmail, body.email);
  const fields: Record<string, string> = {};
  // A new organisation has the default policy until its admin changes it.
  const passwordProblem = passwordPolicyProblem(defaultPasswordPolicy, body.password);
  if (passwordProblem) fields.password = passwordProblem;
  const [slugOwner, emailOwner] = await Promise.all([
    organizations.organizationBySlug(body.organizationSlug),
    accounts.userByEmail(body.email),
  ]);
  const slugTaken = `The address "${body.organizationSlug}" is already taken. Choose another one.`;
  const emailTaken = 'This email already has an account. Sign in, or use another email.';
  if (slugOwner) fields.organizationSlug = slugTaken;
  if (emailOwner) fields.email = emailTaken;
  if (Object.keys(fields).length > 0) {
    throw new ApiError(400, errorCodes.validation, 'Check the highlighted fields.', fields);
  }
  const made = await organizations.registerOrganization(
    // The calendar starts in the registering admin's zone (the browser's); UTC when the browser gave none.
    { name: body.organizationName, slug: body.organizationSlug, timeZone: body.timeZone },
    {
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      passwordHash: await hashPassword(body.password),
    },
  );
  // Another registration took the slug or email between the check and the insert.
  if (made === 'slug-taken') throw fieldError('organizationSlug', slugTaken);
  if (made === 'email-taken') throw fieldError('email', emailTaken);
  sendAfterResponse(c, `The activation mail to user ${made.user.id}`, () =>
    mailAccountLink(c, made.user, made.organization, 'activation'),
  );
  return c.json({ message: registrationMessage }, 201);
};

export const signup: RouteHandler<typeof routes.signup, PublicAppEnv> = async (c) => {
  const { organization: inviteSlug, ...athlete } = c.req.valid('json');
  const { organizations, accounts, clientAddress } = c.var;
  await enforceRateLimit(c, accountRateLimits.signupPerAddress, clientAddress);
  await enforceRateLimit(c, accountRateLimits.signupPerEmail, athlete.email);
  const organization = inviteSlug
    ? await organizations.organizationBySlug(inviteSlug)
    : await organizations.organizationForHost(requestHost(c));
  if (!organization) {
    throw fieldError(
      'organization',
      'This invite link is not valid: no organisation has this address. Ask your coach for a new link.',
    );
  }
  requirePolicyPassword(toSettings(organization).passwordPolicy, athlete.password);
  // Hashed whether or not the email is free, so the answer takes as long either way.
  const passwordHash = await hashPassword(athlete.password);
  const created = await accounts.createSignup(organization.id, { ...athlete, passwordHash });
  if (created) {
    sendAfterResponse(c, `The activation mail to user ${created.id}`, () =>
      mailAccountLink(c, created, organization, 'activation'),
    );
  } else {
    // The email has an account: the same answer, and a new link only if it is this organisation's and unconfirmed.
    const existing = await accounts.userByEmail(athlete.email);
    if (existing?.organizationId === organization.id && !existing.emailVerifiedAt) {
      mailFreshLink(c, existing, organization);
    }
  }
  return c.json({ message: signupMessage }, 201);
};

const linkError = (code: string, message: string) => new ApiError(400, code, message);
const invalidLink = () =>
  linkError(
    activationLinkErrorCodes.invalid,
    'This link is not valid. It may have been replaced by a newer one: send yourself a new link.',
  );

interface UsableLink {
  token: AccountTokenRow;
  purpose: 'activation' | 'invitation';
  user: UserRow;
  organization: OrganizationRow;
}

/** The link's token, user and organisation when the link may be used here and now; else the 400 that says why. */
async function usableLink(
  c: Context<PublicAppEnv>,
  userId: string,
  verificationCode: string,
): Promise<UsableLink> {
  const { accountTokens, accounts, organizations, clientAddress } = c.var;
  await enforceRateLimit(c, accountRateLimits.activationPerAddress, clientAddress);
  const token = await accountTokens.accountToken(verificationCode, 'activation', 'invitation');
  if (!token || token.userId !== userId) throw invalidLink();
  const purpose = token.purpose === 'invitation' ? 'invitation' : 'activation';
  const [user, organization] = await Promise.all([
    accounts.userById(userId),
    organizations.organizationById(token.organizationId),
  ]);
  if (!user || !organization || user.organizationId !== organization.id) throw invalidLink();
  if (!(await isLinkHostOf(c, organization))) throw invalidLink();
  if (token.usedAt) {
    throw linkError(
      activationLinkErrorCodes.used,
      purpose === 'invitation'
        ? 'This invitation has already been used. Sign in with the password you chose, or reset it if you forgot it.'
        : 'This activation link has already been used. Your email is confirmed: sign in.',
    );
  }
  if (token.expiresAt.getTime() <= Date.now()) {
    throw linkError(
      activationLinkErrorCodes.expired,
      purpose === 'invitation'
        ? 'This invitation has expired (invitations work for 7 days). Send yourself a new one.'
        : 'This activation link has expired (links work for 48 hours). Send yourself a new one.',
    );
  }
  if (user.status !== 'approved' && user.status !== 'pending') throw invalidLink();
  return { token, purpose, user, organization };
}

export const activationLink: RouteHandler<typeof routes.activationLink, PublicAppEnv> = async (c) => {
  const { userId, verificationCode } = c.req.valid('param');
  const { purpose, user, organization } = await usableLink(c, userId, verificationCode);
  return c.json(
    { purpose, firstName: user.firstName, email: user.email, organizationName: organization.name },
    200,
  );
};

export const activate: RouteHandler<typeof routes.activate, PublicAppEnv> = async (c) => {
  const { userId, verificationCode, password } = c.req.valid('json');
  const { token, purpose, user, organization } = await usableLink(c, userId, verificationCode);
  let passwordHash: string | null = null;
  if (purpose === 'invitation') {
    if (!password) throw fieldError('password', 'Choose a password');
    requirePolicyPassword(toSettings(organization).passwordPolicy, password);
    passwordHash = await hashPassword(password);
  }
  const activated = await c.var.accountTokens.completeActivation(token.id, user.id, passwordHash);
  if (!activated) {
    throw linkError(activationLinkErrorCodes.used, 'This link has already been used. Sign in.');
  }
  const message =
    activated.status === 'approved'
      ? purpose === 'invitation'
        ? 'Your password is set. You can sign in now.'
        : 'Your account is active. You can sign in now.'
      : `Your email is confirmed. Your coach will approve your account; we'll email you when they do.`;
  return c.json({ message, status: activated.status }, 200);
};

export const resendActivation: RouteHandler<typeof routes.resendActivation, PublicAppEnv> = async (c) => {
  const { email } = c.req.valid('json');
  const { accounts, organizations, clientAddress } = c.var;
  await enforceRateLimit(c, accountRateLimits.resendPerAddress, clientAddress);
  await enforceRateLimit(c, accountRateLimits.resendPerEmail, email);
  const user = await accounts.userByEmail(email);
  const organization = user ? await organizations.organizationById(user.organizationId) : undefined;
  // Only where the account's link would work: another organisation's host sends nothing.
  if (user && organization && (await isLinkHostOf(c, organization))) mailFreshLink(c, user, organization);
  return c.json({ message: resendActivationMessage }, 200);
};
