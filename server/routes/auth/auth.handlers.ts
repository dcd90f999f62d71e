import type { RouteHandler } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { errorCodes } from '../../../contract/errors';
import { users } from '../../db/schema';
import type { PublicAppEnv, SignedInAppEnv } from '../../lib/context';
import { ApiError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { toOrganization, toUser } from '../../lib/serializers';
import type * as routes from './auth.routes';

const invalidCredentials = () =>
  new ApiError(401, errorCodes.invalidCredentials, 'Email or password is incorrect.');

export const login: RouteHandler<typeof routes.login, PublicAppEnv> = async (c) => {
  const { email, password } = c.req.valid('json');
  const { signInThrottle, accounts, sessions, clientAddress } = c.var;
  const retryAfter = await signInThrottle.loginRetryAfterSeconds(email, clientAddress);
  if (retryAfter > 0) {
    throw new ApiError(
      429,
      errorCodes.tooManyRequests,
      `Too many failed sign-ins. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  }
  const user = await accounts.userByEmail(email);
  const passwordMatches = await verifyPassword(user?.passwordHash, password);
  if (!user || !passwordMatches) {
    await signInThrottle.recordLoginFailure(email, clientAddress);
    throw invalidCredentials();
  }
  // An account made by a sign-up or registration is used only once its owner opened the activation mail.
  if (!user.emailVerifiedAt && (user.status === 'approved' || user.status === 'pending')) {
    throw new ApiError(
      403,
      errorCodes.accountNotActivated,
      'Activate your account first: open the link in the email we sent you. No email? Send yourself a new activation link.',
    );
  }
  if (user.status !== 'approved') {
    throw new ApiError(
      403,
      errorCodes.accountNotApproved,
      user.status === 'pending'
        ? 'Your account is waiting for approval by your organisation.'
        : 'Your account is not approved. Contact your organisation.',
    );
  }
  const session = await sessions.startSession(user);
  return c.json(
    { token: session.token, expiresAt: session.expiresAt.toISOString(), user: toUser(user) },
    200,
  );
};

export const logout: RouteHandler<typeof routes.logout, SignedInAppEnv> = async (c) => {
  const { sessions, tenant, viewer } = c.var;
  await sessions.revokeSession(viewer.sessionId);
  // The device signing out stops getting this user's pushes (a shared phone); another device of the user
  // stores its token again on its next start.
  await tenant.update(
    users,
    { firebaseToken: null, firebaseTokenUpdatedAt: null },
    eq(users.id, viewer.user.id),
  );
  return c.json({ message: 'Signed out.' }, 200);
};

export const me: RouteHandler<typeof routes.me, SignedInAppEnv> = (c) => {
  const { user, organization } = c.var.viewer;
  return c.json({ user: toUser(user), organization: toOrganization(organization) }, 200);
};
