import { createRouter, type SignedInAppEnv } from '../../lib/context';
import * as handlers from './pitching.handlers';
import * as routes from './pitching.routes';

export const pitchingRouter = createRouter<SignedInAppEnv>()
  .openapi(routes.listPitches, handlers.listPitches)
  .openapi(routes.addPitch, handlers.addPitch)
  .openapi(routes.replacePitches, handlers.replacePitches)
  .openapi(routes.upsertPitch, handlers.upsertPitch)
  .openapi(routes.deletePitch, handlers.deletePitch)
  .openapi(routes.listSensorThrows, handlers.listSensorThrows)
  .openapi(routes.addSensorThrow, handlers.addSensorThrow)
  .openapi(routes.replaceSensorThrows, handlers.replaceSensorThrows)
  .openapi(routes.upsertSensorThrow, handlers.upsertSensorThrow)
  .openapi(routes.deleteSensorThrow, handlers.deleteSensorThrow);
