import { createRouter, type SignedInAppEnv } from '../../lib/context';
import * as handlers from './groups.handlers';
import * as routes from './groups.routes';

export const groupsRouter = createRouter<SignedInAppEnv>().openapi(routes.listGroups, handlers.listGroups);
