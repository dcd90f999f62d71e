import { createRouter, type SignedInAppEnv } from '../../lib/context';
import * as handlers from './questionnaires.handlers';
import * as routes from './questionnaires.routes';

// The due list before `{id}`: "due" is not a questionnaire's id.
export const questionnairesRouter = createRouter<SignedInAppEnv>()
  .openapi(routes.dueQuestionnaires, handlers.dueQuestionnaires)
  .openapi(routes.listQuestionnaires, handlers.listQuestionnaires)
  .openapi(routes.createQuestionnaire, handlers.createQuestionnaire)
  .openapi(routes.readQuestionnaire, handlers.readQuestionnaire)
  .openapi(routes.saveQuestionnaire, handlers.saveQuestionnaire)
  .openapi(routes.archiveQuestionnaire, handlers.archiveQuestionnaire)
  .openapi(routes.listAssignments, handlers.listAssignments)
  .openapi(routes.createAssignment, handlers.createAssignment)
  .openapi(routes.stopAssignment, handlers.stopAssignment)
  .openapi(routes.saveAnswer, handlers.saveAnswer);
