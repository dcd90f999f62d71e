import { createRouter, type PublicAppEnv, type SignedInAppEnv } from '../../lib/context';
import * as handlers from './auth.handlers';
import * as routes from './auth.routes';

export const authPublicRouter = createRouter<PublicAppEnv>().openapi(routes.login, handlers.login);

export const authRouter = createRouter<SignedInAppEnv>()
  .openapi(routes.logout, handlers.logout)
  .openapi(routes.me, handlers.me);
