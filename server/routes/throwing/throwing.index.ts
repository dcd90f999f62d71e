import { createRouter, type SignedInAppEnv } from '../../lib/context';
import * as handlers from './throwing.handlers';
import * as routes from './throwing.routes';

export const throwingRouter = createRouter<SignedInAppEnv>()
  .openapi(routes.getAthleteThrowing, handlers.getAthleteThrowing)
  .openapi(routes.listSeasonPitches, handlers.listSeasonPitches)
  .openapi(routes.listThrowingAlerts, handlers.listThrowingAlerts);
