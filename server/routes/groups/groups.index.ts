import { createRouter, type SignedInAppEnv } from '../../lib/context';
import * as handlers from './groups.handlers';
import * as routes from './groups.routes';

export const groupsRouter = createRouter<SignedInAppEnv>()
  .openapi(routes.listGroups, handlers.listGroups)
  .openapi(routes.createGroup, handlers.createGroup)
  .openapi(routes.getGroup, handlers.getGroup)
  .openapi(routes.updateGroup, handlers.updateGroup)
  .openapi(routes.deleteGroup, handlers.deleteGroup)
  .openapi(routes.addGroupMember, handlers.addGroupMember)
  .openapi(routes.removeGroupMember, handlers.removeGroupMember);
