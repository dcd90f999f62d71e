import { createRouter, type PublicAppEnv } from '../../lib/context';
import * as handlers from './password.handlers';
import * as routes from './password.routes';

export const passwordPublicRouter = createRouter<PublicAppEnv>()
  .openapi(routes.forgotPassword, handlers.forgotPassword)
  .openapi(routes.resetPassword, handlers.resetPassword);
