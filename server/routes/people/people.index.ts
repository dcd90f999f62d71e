import { createRouter, type SignedInAppEnv } from '../../lib/context';
import * as handlers from './people.handlers';
import * as routes from './people.routes';

export const peopleRouter = createRouter<SignedInAppEnv>()
  .openapi(routes.createPerson, handlers.createPerson)
  .openapi(routes.getPerson, handlers.getPerson)
  .openapi(routes.updatePerson, handlers.updatePerson)
  .openapi(routes.changeRole, handlers.changeRole)
  .openapi(routes.resendInvitation, handlers.resendInvitation);
