import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { errorCodes } from '../../contract/errors';
import type { PublicAppEnv, PublicVariables, RequestContext } from './context';
import { ApiError, unauthorized } from './errors';
import type { PlatformDirectory, PlatformViewer } from './platform';
import { requestHost } from './request-host';
import { errorResponse, invalidInput, requestParts, type NamedOperation } from './routes';

/** What a management request sees: the platform directory instead of any organisation's scope. */
export interface ManagementVariables extends PublicVariables {
  platform: PlatformDirectory;
}
/** What a signed-in platform admin's request also sees. */
export interface PlatformAdminVariables extends ManagementVariables {
  platformViewer: PlatformViewer;
}
export type ManagementAppEnv = { Variables: ManagementVariables };
export type PlatformAdminAppEnv = { Variables: PlatformAdminVariables };

/** The OpenAPI operation extension that marks a route of the management host (read by authorization.test.ts). */
export const managementExtension = 'x-management-host';
export const managementPathPrefix = '/api/manage/';

/** Paths the management host answers besides its own: health and the API's description. */
const sharedPaths = ['/api/health', '/api/openapi.json', '/api/docs'];

const noSuchRoute = (method: string, path: string) =>
  new ApiError(404, errorCodes.notFound, `No API route ${method} ${path}.`);

const onManagementHost = (c: RequestContext) => requestHost(c) === c.var.env.MANAGEMENT_HOST.toLowerCase();

/**
 * The host split (ADR 024): management routes exist only on MANAGEMENT_HOST, and there the organisation routes
 * (sign-in, /api/me, settings, people) do not: both answer 404, as for a path that does not exist.
 */
export const managementHostGate = createMiddleware<PublicAppEnv>(async (c, next) => {
  const path = c.req.path;
  const isManagementPath = path.startsWith(managementPathPrefix);
  const managementHost = onManagementHost(c);
  if (isManagementPath !== managementHost) {
    const shared = sharedPaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
    if (isManagementPath || !shared) throw noSuchRoute(c.req.method, path);
  }
  await next();
});

/** The same gate on each management route itself, so a route is safe even where the app-wide gate is missing. */
const requireManagementHost = createMiddleware<ManagementAppEnv>(async (c, next) => {
  if (!onManagementHost(c)) throw noSuchRoute(c.req.method, c.req.path);
  await next();
});

const bearerPattern = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

/** Lets a request through only with the bearer token of a platform admin's live session (never an organisation's). */
const requirePlatformAdmin = createMiddleware<PlatformAdminAppEnv>(async (c, next) => {
  const token = bearerPattern.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token) throw unauthorized('Sign in to the management area to continue.');
  const viewer = await c.var.platform.viewerForToken(token);
  if (!viewer) throw unauthorized('Your management session has ended. Sign in again.');
  c.set('platformViewer', viewer);
  await next();
});

/** Management sign-in: on the management host only, no token. */
export function managementPublicRoute<
  const R extends Omit<RouteConfig, 'middleware' | 'security'> & NamedOperation,
>(config: R) {
  return createRoute({
    ...config,
    [managementExtension]: true,
    security: [],
    middleware: [requireManagementHost],
    responses: {
      ...invalidInput(requestParts(config.request)),
      404: errorResponse('Not the management host'),
      ...config.responses,
    },
  });
}

/**
 * A route of the management host for a signed-in platform admin (the parallel of signedInRoute, ADR 024): 404 on
 * any other host, 401 without a platform session's token. An organisation's token is never one.
 */
export function managementRoute<
  const R extends Omit<RouteConfig, 'middleware' | 'security'> & NamedOperation,
>(config: R) {
  return createRoute({
    ...config,
    [managementExtension]: true,
    security: [{ bearerAuth: [] }],
    middleware: [requireManagementHost, requirePlatformAdmin],
    responses: {
      ...invalidInput(requestParts(config.request)),
      401: errorResponse('No valid bearer token of a platform admin'),
      404: errorResponse('Not the management host, or no such organisation'),
      ...config.responses,
    },
  });
}
