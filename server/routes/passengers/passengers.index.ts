import { createRouter, type SignedInAppEnv } from '../../lib/context';
import * as handlers from './passengers.handlers';
import * as routes from './passengers.routes';

export const passengersRouter = createRouter<SignedInAppEnv>().openapi(
  routes.listPassengers,
  handlers.listPassengers,
);
