import { createRouter, type PublicAppEnv, type SignedInAppEnv } from '../../lib/context';
import * as handlers from './settings.handlers';
import * as routes from './settings.routes';

export const settingsPublicRouter = createRouter<PublicAppEnv>().openapi(
  routes.publicSettings,
  handlers.publicSettings,
);

export const settingsRouter = createRouter<SignedInAppEnv>()
  .openapi(routes.settings, handlers.settings)
  .openapi(routes.customSidebarItems, handlers.customSidebarItems);
