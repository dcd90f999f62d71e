import { createMiddleware } from 'hono/factory';
import { createRouter } from '../../lib/context';
import { managementPathPrefix, type ManagementAppEnv, type PlatformAdminAppEnv } from '../../lib/management';
import type { PlatformDirectory } from '../../lib/platform';
import * as handlers from './management.handlers';
import * as routes from './management.routes';

const managementPublicRouter = createRouter<ManagementAppEnv>().openapi(routes.login, handlers.login);

const platformAdminRouter = createRouter<PlatformAdminAppEnv>()
  .openapi(routes.logout, handlers.logout)
  .openapi(routes.me, handlers.me)
  .openapi(routes.listOrganizations, handlers.listOrganizations)
  .openapi(routes.createOrganization, handlers.createOrganization)
  .openapi(routes.getOrganization, handlers.getOrganization)
  .openapi(routes.updateOrganization, handlers.updateOrganization)
  .openapi(routes.inviteFirstAdmin, handlers.inviteFirstAdmin);

/** The management host's API (ADR 024); it reaches the database only through its PlatformDirectory. */
export function createManagementRouter(platform: PlatformDirectory) {
  const router = createRouter<ManagementAppEnv>();
  router.use(
    `${managementPathPrefix}*`,
    createMiddleware<ManagementAppEnv>(async (c, next) => {
      c.set('platform', platform);
      await next();
    }),
  );
  return router.route('/', managementPublicRouter).route('/', platformAdminRouter);
}
