import type { RouteHandler } from '@hono/zod-openapi';
import { and, eq, ne } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { SignedInAppEnv } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import { toUser } from '../../lib/serializers';
import type * as routes from './users.routes';

export const updateOwnUser: RouteHandler<typeof routes.updateOwnUser, SignedInAppEnv> = async (c) => {
  const { userId } = c.req.valid('param');
  const { viewer, tenant } = c.var;
  if (userId !== viewer.user.id)
    throw forbidden('You can only change your own onboarding and push settings.');
  const { firebaseToken, ...onboarding } = c.req.valid('json');
  const pushToken =
    firebaseToken === undefined
      ? {}
      : { firebaseToken, firebaseTokenUpdatedAt: firebaseToken ? new Date() : null };
  if (firebaseToken) {
    // A push token belongs to one browser: whoever signed in there before no longer gets this device's pushes.
    await tenant.update(
      users,
      { firebaseToken: null, firebaseTokenUpdatedAt: null },
      and(eq(users.firebaseToken, firebaseToken), ne(users.id, viewer.user.id))!,
    );
  }
  const [updated] = await tenant.update(
    users,
    { ...onboarding, ...pushToken, updatedAt: new Date() },
    eq(users.id, viewer.user.id),
  );
  if (!updated) throw notFound('User not found');
  return c.json({ message: 'User updated successfully', user: toUser(updated) }, 200);
};
