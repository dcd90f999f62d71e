import type { RouteHandler } from '@hono/zod-openapi';
import type { SignedInAppEnv } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import type * as routes from './notifications.routes';
import { notificationsOf } from './notifications.store';

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], SignedInAppEnv>;

export const listNotifications: Handler<'listNotifications'> = async (c) => {
  const { user, page, size } = c.req.valid('query');
  if (user !== c.var.viewer.user.id) throw forbidden('You can read only your own notifications.');
  return c.json(await notificationsOf(c).list(page, size), 200);
};

export const getNotificationPreferences: Handler<'getNotificationPreferences'> = async (c) =>
  c.json(await notificationsOf(c).preferences(), 200);

export const putNotificationPreferences: Handler<'putNotificationPreferences'> = async (c) =>
  c.json(await notificationsOf(c).savePreferences(c.req.valid('json')), 200);

export const readAllNotifications: Handler<'readAllNotifications'> = async (c) =>
  c.json({ data: await notificationsOf(c).readAll() }, 200);

export const patchNotification: Handler<'patchNotification'> = async (c) =>
  c.json({ data: await notificationsOf(c).markRead(c.req.valid('param').id, c.req.valid('json').read) }, 200);

export const deleteNotification: Handler<'deleteNotification'> = async (c) =>
  c.json({ data: await notificationsOf(c).remove(c.req.valid('param').id) }, 200);
