import { createRoute, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import { apiErrorSchema } from '../../contract/errors';
import { roles as allRoles, type Role } from '../../contract/users';
import { allowRoles, requireViewer } from './auth';
import { deviceTimeParameter } from './device-clock';
import { idempotencyKeyParameter, idempotentWrites } from './idempotency';

export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: apiErrorSchema } },
});

export const jsonContent = <T>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/**
 * Every operation names itself: generated clients call it by this name (`listUsers`, `getMe`), so it is readable,
 * unique in the document (api-document.test.ts) and never changed once published.
 */
export interface NamedOperation {
  operationId: string;
}

const bearerAuth = 'bearerAuth';
const idempotencyKey = 'IdempotencyKey';
/** The device's clock, on the writes that carry times a device stamped (tracking; ADR 042). */
export const deviceTimeRef = { $ref: '#/components/parameters/DeviceTime' };

/** The components the route helpers refer to; app.ts puts them in the document. */
export function registerRouteComponents(app: Pick<OpenAPIHono, 'openAPIRegistry'>) {
  app.openAPIRegistry.registerComponent('securitySchemes', bearerAuth, { type: 'http', scheme: 'bearer' });
  app.openAPIRegistry.registerComponent('parameters', idempotencyKey, idempotencyKeyParameter);
  app.openAPIRegistry.registerComponent('parameters', 'DeviceTime', deviceTimeParameter);
}

/** The 400 of the validation hook, for a route that takes any of these parts (the route's own 400 says more). */
export function invalidInput(parts: readonly (string | false | undefined)[]): {
  400?: ReturnType<typeof errorResponse>;
} {
  const named = parts.filter((part) => typeof part === 'string');
  if (named.length === 0) return {};
  return { 400: errorResponse(`VALIDATION_FAILED: ${named.join(', ')} is not valid (fields names it)`) };
}

/** What the validation hook checks of a route's request. */
export const requestParts = (request: RouteConfig['request']) => [
  request?.params && 'a path parameter',
  request?.query && 'a query parameter',
  request?.body && 'the body',
];

/** A route anyone may call (sign-in, health, public branding): it says so with an empty security list. */
export function publicRoute<const R extends Omit<RouteConfig, 'security'> & NamedOperation>(config: R) {
  return createRoute({
    ...config,
    security: [],
    responses: { ...invalidInput(requestParts(config.request)), ...config.responses },
  });
}

/** The OpenAPI operation extension that publishes who may call a signed-in route (read by authorization.test.ts). */
export const rolesExtension = 'x-roles';

/** At least one role: a route nobody may call is a mistake, not a rule. */
export type DeclaredRoles = readonly [Role, ...Role[]];

const signedInErrors = {
  401: errorResponse('No valid bearer token of an approved user'),
};

/** What the idempotentWrites middleware answers a write that carries an Idempotency-Key (ADR 004). */
const idempotencyErrors = {
  409: errorResponse('A request with this Idempotency-Key is still being applied; see Retry-After'),
  422: errorResponse('This Idempotency-Key was already used for another request'),
};

/**
 * A route that needs an approved user's bearer token and states which roles may call it (all three where
 * every signed-in user may). The middleware is part of the route, so a route made this way cannot forget it.
 */
export function signedInRoute<const R extends Omit<RouteConfig, 'middleware' | 'security'> & NamedOperation>(
  config: R & { roles: DeclaredRoles; refusal?: string },
) {
  const { roles, refusal, ...route } = config;
  const narrowed = allRoles.some((role) => !roles.includes(role));
  const isWrite = route.method !== 'get' && route.method !== 'head';
  return createRoute({
    ...route,
    [rolesExtension]: [...roles],
    security: [{ [bearerAuth]: [] }],
    middleware: [requireViewer, allowRoles(roles, refusal), idempotentWrites],
    ...(isWrite
      ? { parameters: [...(route.parameters ?? []), { $ref: `#/components/parameters/${idempotencyKey}` }] }
      : {}),
    responses: {
      ...invalidInput([...requestParts(route.request), isWrite && 'the Idempotency-Key header']),
      ...signedInErrors,
      // A route's own 403 (which usually says more) wins over this generic one.
      ...(narrowed ? { 403: errorResponse(refusal ?? `Only ${roles.join(', ')} may call this`) } : {}),
      ...(isWrite ? idempotencyErrors : {}),
      ...route.responses,
    },
    // Typed as the route declared it: the handlers answer its own responses, the added ones come from middleware.
  } as unknown as R & Pick<RouteConfig, 'middleware' | 'security'>);
}
