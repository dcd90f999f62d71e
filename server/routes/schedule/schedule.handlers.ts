import type { RouteHandler } from '@hono/zod-openapi';
import { readInOneSnapshot, type SignedInAppEnv } from '../../lib/context';
import type * as routes from './schedule.routes';
import { scheduleOf } from './schedule.store';

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], SignedInAppEnv>;

export const listSchedule: Handler<'listSchedule'> = async (c) =>
  c.json(await readInOneSnapshot(c, (s) => scheduleOf(s).calendar(c.req.valid('query'))), 200);

export const getToday: Handler<'getToday'> = async (c) =>
  c.json(await readInOneSnapshot(c, (s) => scheduleOf(s).todayItems()), 200);

export const createScheduleItem: Handler<'createScheduleItem'> = async (c) => {
  const { item, message } = await scheduleOf(c).create(c.req.valid('json'), c.var.viewer.user.id);
  return c.json({ message, data: item }, 201);
};

export const copySchedule: Handler<'copySchedule'> = async (c) =>
  c.json(await scheduleOf(c).copy(c.req.valid('json'), c.var.viewer.user.id), 200);

export const deleteScheduleRange: Handler<'deleteScheduleRange'> = async (c) =>
  c.json(await scheduleOf(c).deleteRange(c.req.valid('json')), 200);

export const undoScheduleBatch: Handler<'undoScheduleBatch'> = async (c) =>
  c.json(await scheduleOf(c).undo(c.req.valid('param').batchId), 200);
