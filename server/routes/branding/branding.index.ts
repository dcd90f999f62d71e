import { createRouter, type PublicAppEnv } from '../../lib/context';
import * as handlers from './branding.handlers';
import * as routes from './branding.routes';

export const brandingPublicRouter = createRouter<PublicAppEnv>()
  .openapi(routes.manifest, handlers.manifest)
  .openapi(routes.icon, handlers.icon);
