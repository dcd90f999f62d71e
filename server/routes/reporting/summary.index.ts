import { createRouter, type SignedInAppEnv } from '../../lib/context';
import * as handlers from './summary.handlers';
import * as routes from './summary.routes';

export const summaryRouter = createRouter<SignedInAppEnv>()
  .openapi(routes.createReportSummary, handlers.createReportSummary)
  .openapi(routes.listReportSummaries, handlers.listReportSummaries);
