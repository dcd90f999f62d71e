import { createRouter, type SignedInAppEnv } from '../../lib/context';
import * as handlers from './last-time.handlers';
import * as routes from './last-time.routes';

export const lastTimeRouter = createRouter<SignedInAppEnv>().openapi(
  routes.getLastTime,
  handlers.getLastTime,
);
