import type { RouteHandler } from '@hono/zod-openapi';
import type { ScheduleItemDetail } from '../../../contract/schedule';
import type { SignedInAppEnv } from '../../lib/context';
import type * as routes from './schedule-items.routes';
import { scheduleOf } from './schedule.store';

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], SignedInAppEnv>;

const fromLibraryMessage = ({ item, updated }: { item: ScheduleItemDetail; updated: boolean }) =>
  updated
    ? `${item.name} now has the library's version ${item.workout.version}.`
    : `${item.name} already has the library's latest version.`;

export const getScheduleEntry: Handler<'getScheduleEntry'> = async (c) =>
  c.json({ message: 'OK', data: await scheduleOf(c).entry(c.req.valid('param').entryId) }, 200);

export const updateScheduleEntry: Handler<'updateScheduleEntry'> = async (c) => {
  const item = await scheduleOf(c).updateEntry(c.req.valid('param').entryId, c.req.valid('json'));
  return c.json({ message: `${item.name} is saved.`, data: item }, 200);
};

export const deleteScheduleEntry: Handler<'deleteScheduleEntry'> = async (c) =>
  c.json(await scheduleOf(c).deleteEntry(c.req.valid('param').entryId), 200);

export const updateEntryFromLibrary: Handler<'updateEntryFromLibrary'> = async (c) => {
  const result = await scheduleOf(c).entryFromLibrary(c.req.valid('param').entryId);
  return c.json({ message: fromLibraryMessage(result), data: result.item }, 200);
};

export const getGroupAssignment: Handler<'getGroupAssignment'> = async (c) =>
  c.json({ message: 'OK', data: await scheduleOf(c).assignment(c.req.valid('param').assignmentId) }, 200);

export const updateGroupAssignment: Handler<'updateGroupAssignment'> = async (c) => {
  const item = await scheduleOf(c).updateAssignment(c.req.valid('param').assignmentId, c.req.valid('json'));
  return c.json(
    { message: `${item.name} is saved for ${item.group?.name ?? 'the group'}.`, data: item },
    200,
  );
};

export const deleteGroupAssignment: Handler<'deleteGroupAssignment'> = async (c) =>
  c.json(await scheduleOf(c).deleteAssignment(c.req.valid('param').assignmentId), 200);

export const updateAssignmentFromLibrary: Handler<'updateAssignmentFromLibrary'> = async (c) => {
  const result = await scheduleOf(c).assignmentFromLibrary(c.req.valid('param').assignmentId);
  return c.json({ message: fromLibraryMessage(result), data: result.item }, 200);
};
