import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { apiErrorSchema } from '../../contract/errors';
import type { Role } from '../../contract/users';
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

const signedInErrors = {
  401: errorResponse('No valid bearer token of an approved user'),
};

/** A route anyone may call (sign-in, health, public branding). */
export function publicRoute<const R extends RouteConfig>(config: R) {
  return createRoute(config);
}

/**
 * A route that needs an approved user's bearer token; `roles` narrows who may call it.
 * The middleware is part of the route, so a route made this way cannot forget it.
 */
export function signedInRoute<const R extends Omit<RouteConfig, 'middleware' | 'security'>>(
  config: R & { roles?: readonly Role[] },
) {
  const { roles, ...route } = config;
  const middleware = [requireViewer, ...(roles ? [allowRoles(...roles)] : []), idempotentWrites];
  return createRoute({
    ...route,
    security: [{ bearerAuth: [] }],
    middleware,
    responses: { ...signedInErrors, ...route.responses },
  } as unknown as R & Pick<RouteConfig, 'middleware' | 'security'>);
}
