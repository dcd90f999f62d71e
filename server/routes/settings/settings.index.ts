import { createRouter, type PublicAppEnv, type SignedInAppEnv } from '../../lib/context';
import * as logoHandlers from './logo.handlers';
import * as logoRoutes from './logo.routes';
import * as handlers from './settings.handlers';
import * as routes from './settings.routes';
import * as sidebarHandlers from './sidebar-items.handlers';
import * as sidebarRoutes from './sidebar-items.routes';

export const settingsPublicRouter = createRouter<PublicAppEnv>()
  .openapi(routes.publicSettings, handlers.publicSettings)
  .openapi(logoRoutes.organizationLogo, logoHandlers.organizationLogo);

const signedInSettingsRouter = createRouter<SignedInAppEnv>();
signedInSettingsRouter.use(logoHandlers.logoUploadPath, logoHandlers.logoBodyLimit);

export const settingsRouter = signedInSettingsRouter
  .openapi(routes.settings, handlers.settings)
  .openapi(routes.updateSettings, handlers.updateSettings)
  .openapi(routes.customSidebarItems, handlers.customSidebarItems)
  .openapi(sidebarRoutes.createSidebarItem, sidebarHandlers.createSidebarItem)
  .openapi(sidebarRoutes.reorderSidebarItems, sidebarHandlers.reorderSidebarItems)
  .openapi(sidebarRoutes.updateSidebarItem, sidebarHandlers.updateSidebarItem)
  .openapi(sidebarRoutes.deleteSidebarItem, sidebarHandlers.deleteSidebarItem)
  .openapi(logoRoutes.uploadLogo, logoHandlers.uploadLogo)
  .openapi(logoRoutes.removeLogo, logoHandlers.removeLogo);
