import { createRouter, type SignedInAppEnv } from '../../lib/context';
import * as handlers from './questionnaire-trends.handlers';
import * as routes from './questionnaire-trends.routes';

export const questionnaireTrendsRouter = createRouter<SignedInAppEnv>()
  .openapi(routes.getQuestionnaireTrend, handlers.getQuestionnaireTrend)
  .openapi(routes.getSessionLoad, handlers.getSessionLoad)
  .openapi(routes.getReadiness, handlers.getReadiness)
  .openapi(routes.exportAnswers, handlers.exportAnswers);
