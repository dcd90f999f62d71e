import { createRouter, type SignedInAppEnv } from '../../lib/context';
import * as handlers from './users.handlers';
import * as routes from './users.routes';

export const usersRouter = createRouter<SignedInAppEnv>()
  .openapi(routes.updateOwnUser, handlers.updateOwnUser)
  .openapi(routes.listUsers, handlers.listUsers)
  .openapi(routes.changeUserStatus, handlers.changeUserStatus);
