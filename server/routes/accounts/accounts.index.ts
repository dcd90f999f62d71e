import { createRouter, type PublicAppEnv } from '../../lib/context';
import * as handlers from './accounts.handlers';
import * as routes from './accounts.routes';

/** Registration, athlete sign-up and account activation: public, rate-limited (ADR 021). */
export const accountsPublicRouter = createRouter<PublicAppEnv>()
  .openapi(routes.register, handlers.register)
  .openapi(routes.signup, handlers.signup)
  .openapi(routes.activationLink, handlers.activationLink)
  .openapi(routes.activate, handlers.activate)
  .openapi(routes.resendActivation, handlers.resendActivation);
