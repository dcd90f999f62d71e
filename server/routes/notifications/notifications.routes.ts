import type { z } from 'zod';
import {
  notificationCountResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationParamSchema,
  notificationPreferencesSchema,
  notificationResponseSchema,
  patchNotificationRequestSchema,
} from '../../../contract/notifications';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

const everyone = ['admin', 'coach', 'athlete'] as const;
const tags = ['Notifications'];
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});
const noSuchNotification = errorResponse('No such notification of yours (another person’s is not found)');

export const listNotifications = signedInRoute({
  operationId: 'listNotifications',
  method: 'get',
  path: '/api/notifications',
  tags,
  summary:
    'Your notifications, newest first (by when made or last folded into), paged, with the unread count',
  roles: everyone,
  request: { query: notificationListQuerySchema },
  responses: {
    200: jsonContent(notificationListResponseSchema, 'A page of notifications'),
    403: errorResponse('`user` is not the signed-in user: a user reads only its own notifications'),
  },
});

export const getNotificationPreferences = signedInRoute({
  operationId: 'getNotificationPreferences',
  method: 'get',
  path: '/api/notifications/preferences',
  tags,
  summary: 'Which kinds of your notifications do not push, and your quiet hours (organisation time)',
  roles: everyone,
  responses: { 200: jsonContent(notificationPreferencesSchema, 'Your push preferences') },
});

export const putNotificationPreferences = signedInRoute({
  operationId: 'putNotificationPreferences',
  method: 'put',
  path: '/api/notifications/preferences',
  tags,
  summary: 'Sets which kinds do not push and the quiet hours (both times, or neither)',
  roles: everyone,
  request: { body: jsonBody(notificationPreferencesSchema) },
  responses: {
    200: jsonContent(notificationPreferencesSchema, 'Your push preferences as saved'),
    400: errorResponse('A kind is unknown, a time is not HH:mm, or only one of the quiet times is given'),
  },
});

export const readAllNotifications = signedInRoute({
  operationId: 'readAllNotifications',
  method: 'post',
  path: '/api/notifications/read-all',
  tags,
  summary: 'Marks all your notifications read',
  roles: everyone,
  responses: { 200: jsonContent(notificationCountResponseSchema, 'What is unread afterwards (0)') },
});

export const patchNotification = signedInRoute({
  operationId: 'patchNotification',
  method: 'patch',
  path: '/api/notifications/{id}',
  tags,
  summary: 'Marks one of your notifications read or unread',
  roles: everyone,
  request: { params: notificationParamSchema, body: jsonBody(patchNotificationRequestSchema) },
  responses: {
    200: jsonContent(notificationResponseSchema, 'The notification as it stands'),
    404: noSuchNotification,
  },
});

export const deleteNotification = signedInRoute({
  operationId: 'deleteNotification',
  method: 'delete',
  path: '/api/notifications/{id}',
  tags,
  summary: 'Removes one of your notifications',
  roles: everyone,
  request: { params: notificationParamSchema },
  responses: {
    200: jsonContent(notificationCountResponseSchema, 'What is unread afterwards'),
    404: noSuchNotification,
  },
});
