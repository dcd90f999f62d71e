import { createRouter, type SignedInAppEnv } from '../../lib/context';
import * as handlers from './notifications.handlers';
import * as routes from './notifications.routes';

// The fixed paths come before /{id}, so "preferences" and "read-all" are never taken for an id.
export const notificationsRouter = createRouter<SignedInAppEnv>()
  .openapi(routes.listNotifications, handlers.listNotifications)
  .openapi(routes.getNotificationPreferences, handlers.getNotificationPreferences)
  .openapi(routes.putNotificationPreferences, handlers.putNotificationPreferences)
  .openapi(routes.readAllNotifications, handlers.readAllNotifications)
  .openapi(routes.patchNotification, handlers.patchNotification)
  .openapi(routes.deleteNotification, handlers.deleteNotification);
