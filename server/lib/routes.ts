import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { apiErrorSchema } from '../../contract/errors';
import { roles as allRoles, type Role } from '../../contract/users';
import { allowRoles, requireViewer } from './auth';
import { idempotentWrites } from './idempotency';

export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: apiErrorSchema } },
});

export const jsonContent = <T>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** What the Idempotency-Key middleware (ADR 004) may answer a keyed write, besides the route's own answers. */
export const keyedWriteErrors = {
  409: errorResponse('A write with this Idempotency-Key is still being applied (Retry-After: 1)'),
  422: errorResponse('This Idempotency-Key was already used for another request'),
};

const signedInErrors = {
  401: errorResponse('No valid bearer token of an approved user'),
};

/** A route anyone may call (sign-in, health, public branding). */
export function publicRoute<const R extends RouteConfig>(config: R) {
  return createRoute(config);
}

/** The OpenAPI operation extension that publishes who may call a signed-in route (read by authorization.test.ts). */
export const rolesExtension = 'x-roles';

/** At least one role: a route nobody may call is a mistake, not a rule. */
export type DeclaredRoles = readonly [Role, ...Role[]];

/**
 * A route that needs an approved user's bearer token and states which roles may call it (all three where
 * every signed-in user may). The middleware is part of the route, so a route made this way cannot forget it.
 */
export function signedInRoute<const R extends Omit<RouteConfig, 'middleware' | 'security'>>(
  config: R & { roles: DeclaredRoles },
) {
  const { roles, ...route } = config;
  const narrowed = allRoles.some((role) => !roles.includes(role));
  return createRoute({
    ...route,
    [rolesExtension]: [...roles],
    security: [{ bearerAuth: [] }],
    middleware: [requireViewer, allowRoles(...roles), idempotentWrites],
    responses: {
      ...signedInErrors,
      // A route's own 403 (which usually says more) wins over this generic one.
      ...(narrowed ? { 403: errorResponse(`Only ${roles.join(', ')} may call this`) } : {}),
      ...route.responses,
    },
  } as unknown as R & Pick<RouteConfig, 'middleware' | 'security'>);
}
