import { createRouter, type SignedInAppEnv } from '../../lib/context';
import * as handlers from './report.handlers';
import * as routes from './report.routes';

export const reportRouter = createRouter<SignedInAppEnv>().openapi(routes.getReport, handlers.getReport);
