import { createRouter, type SignedInAppEnv } from '../../lib/context';
import * as handlers from './chat.handlers';
import * as routes from './chat.routes';

export const chatRouter = createRouter<SignedInAppEnv>()
  .openapi(routes.listConversations, handlers.listConversations)
  .openapi(routes.openConversation, handlers.openConversation)
  .openapi(routes.showConversation, handlers.showConversation)
  .openapi(routes.readConversation, handlers.readConversation)
  .openapi(routes.listMessages, handlers.listMessages)
  .openapi(routes.sendMessage, handlers.sendMessage);
