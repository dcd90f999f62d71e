import type { RouteHandler } from '@hono/zod-openapi';
import { forgotPasswordMessage, resetLinkErrorCodes } from '../../../contract/passwords';
import type { PublicAppEnv } from '../../lib/context';
import type { RateLimitRule } from '../../lib/directory/rate-limits';
import { enforceRateLimit } from '../../lib/rate-limit';
import { ApiError } from '../../lib/errors';
import { mailAccountLink, sendAfterResponse } from '../../lib/mail/account-mails';
import { hashPassword, requirePolicyPassword } from '../../lib/passwords';
import { requestHost } from '../../lib/request-host';
import { toSettings } from '../../lib/serializers';
import type * as routes from './password.routes';

export const passwordRateLimits = {
  forgotPerEmail: { name: 'password-forgot-email', limit: 5, windowMs: 60 * 60 * 1000 },
  forgotPerAddress: { name: 'password-forgot-address', limit: 20, windowMs: 15 * 60 * 1000 },
  resetPerAddress: { name: 'password-reset-address', limit: 20, windowMs: 15 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;

export const forgotPassword: RouteHandler<typeof routes.forgotPassword, PublicAppEnv> = async (c) => {
  const { email } = c.req.valid('json');
  const { organizations, accounts, clientAddress } = c.var;
  await enforceRateLimit(c, passwordRateLimits.forgotPerAddress, clientAddress);
  await enforceRateLimit(c, passwordRateLimits.forgotPerEmail, email);
  const [organization, user] = await Promise.all([
    organizations.organizationForHost(requestHost(c)),
    accounts.userByEmail(email),
  ]);
  // Only an approved user of the organisation whose host was used gets a link; everyone gets the same answer.
  if (organization && user && user.organizationId === organization.id && user.status === 'approved') {
    // Sent after the answer, so timing tells nothing and SMTP never delays it.
    sendAfterResponse(c, `The password reset mail to user ${user.id}`, () =>
      mailAccountLink(c, user, organization, 'password-reset'),
    );
  }
  return c.json({ message: forgotPasswordMessage }, 200);
};

const resetLinkError = (code: string, message: string) => new ApiError(400, code, message);
const invalidLink = () =>
  resetLinkError(
    resetLinkErrorCodes.invalid,
    'This reset link is not valid. Ask for a new link to choose your password.',
  );

export const resetPassword: RouteHandler<typeof routes.resetPassword, PublicAppEnv> = async (c) => {
  const { userId, resetToken, password } = c.req.valid('json');
  const { accountTokens, organizations, accounts, clientAddress } = c.var;
  await enforceRateLimit(c, passwordRateLimits.resetPerAddress, clientAddress);
  const [token, organization] = await Promise.all([
    accountTokens.accountToken(resetToken, 'password-reset'),
    organizations.organizationForHost(requestHost(c)),
  ]);
  // A link works only for its user, on a host of that user's organisation.
  if (!token || token.userId !== userId || token.organizationId !== organization?.id) throw invalidLink();
  if (token.usedAt) {
    throw resetLinkError(
      resetLinkErrorCodes.used,
      'This reset link has already been used. Ask for a new link if you need to change your password again.',
    );
  }
  if (token.expiresAt.getTime() <= Date.now()) {
    throw resetLinkError(
      resetLinkErrorCodes.expired,
      'This reset link has expired (links work for 1 hour). Ask for a new link.',
    );
  }
  const user = await accounts.userById(userId);
  if (!user || user.status !== 'approved') throw invalidLink();
  requirePolicyPassword(toSettings(organization).passwordPolicy, password);
  const changed = await accountTokens.completePasswordReset(token.id, user.id, await hashPassword(password));
  if (!changed) {
    throw resetLinkError(resetLinkErrorCodes.used, 'This reset link has already been used.');
  }
  return c.json({ message: 'Your password has been changed. Sign in with your new password.' }, 200);
};
