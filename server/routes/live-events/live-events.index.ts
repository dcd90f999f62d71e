import { createRouter, type SignedInAppEnv } from '../../lib/context';
import type { LiveEventsHub } from '../../lib/live-events/live-events-hub';
import * as handlers from './live-events.handlers';
import * as routes from './live-events.routes';

/** The live-events stream of this process's hub (ADR 054). */
export const createLiveEventsRouter = (hub: LiveEventsHub) =>
  createRouter<SignedInAppEnv>().openapi(routes.streamLiveEvents, handlers.streamLiveEvents(hub));
