import { createRouter, type PublicAppEnv } from '../../lib/context';
import * as handlers from './health.handlers';
import * as routes from './health.routes';

export const healthRouter = createRouter<PublicAppEnv>().openapi(routes.health, handlers.health);
