import { createMiddleware } from 'hono/factory';
import type { Role } from '../../contract/users';
import type { SignedInAppEnv } from './context';
import { forbidden, unauthorized } from './errors';

const bearerPattern = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

/** Lets a request through only with the bearer token of an approved user's live session. */
export const requireViewer = createMiddleware<SignedInAppEnv>(async (c, next) => {
  const token = bearerPattern.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token) throw unauthorized();
  const viewer = await c.var.sessions.viewerForToken(token);
  if (!viewer) throw unauthorized('Your session has ended. Sign in again.');
  c.set('viewer', viewer);
  c.set('tenant', c.var.sessions.scopeFor(viewer));
  await next();
});

/** Refuses the request unless the signed-in user has one of these roles; `refusal` says why, where a generic no would puzzle. */
export function allowRoles(roles: readonly Role[], refusal?: string) {
  return createMiddleware<SignedInAppEnv>(async (c, next) => {
    if (!roles.includes(c.var.viewer.user.role)) throw forbidden(refusal);
    await next();
  });
}
