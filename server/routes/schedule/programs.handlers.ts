import type { RouteHandler } from '@hono/zod-openapi';
import type { SignedInAppEnv } from '../../lib/context';
import type * as routes from './programs.routes';
import { programsOf } from './programs.store';

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], SignedInAppEnv>;

export const listPrograms: Handler<'listPrograms'> = async (c) =>
  c.json({ data: await programsOf(c).list() }, 200);

export const createProgram: Handler<'createProgram'> = async (c) => {
  const program = await programsOf(c).create(c.req.valid('json'), c.var.viewer.user.id);
  return c.json({ message: `${program.name} is saved.`, data: program }, 201);
};

export const createProgramFromSchedule: Handler<'createProgramFromSchedule'> = async (c) => {
  const program = await programsOf(c).fromSchedule(c.req.valid('json'), c.var.viewer.user.id);
  const workouts = program.workoutCount === 1 ? '1 workout' : `${program.workoutCount} workouts`;
  return c.json(
    { message: `${program.name} is saved with ${workouts} over ${program.dayCount} days.`, data: program },
    201,
  );
};

export const getProgram: Handler<'getProgram'> = async (c) =>
  c.json({ message: 'OK', data: await programsOf(c).program(c.req.valid('param').programId) }, 200);

export const updateProgram: Handler<'updateProgram'> = async (c) => {
  const program = await programsOf(c).update(c.req.valid('param').programId, c.req.valid('json'));
  return c.json({ message: `${program.name} is saved.`, data: program }, 200);
};

export const deleteProgram: Handler<'deleteProgram'> = async (c) => {
  const { name } = await programsOf(c).delete(c.req.valid('param').programId);
  return c.json({ message: `${name} is deleted. What it put on the schedule stays.` }, 200);
};

export const duplicateProgram: Handler<'duplicateProgram'> = async (c) => {
  const copy = await programsOf(c).duplicate(c.req.valid('param').programId, c.var.viewer.user.id);
  return c.json({ message: `${copy.name} is a copy to change as you like.`, data: copy }, 201);
};

export const previewProgramApplication: Handler<'previewProgramApplication'> = async (c) =>
  c.json({ data: await programsOf(c).preview(c.req.valid('param').programId, c.req.valid('json')) }, 200);

export const applyProgram: Handler<'applyProgram'> = async (c) => {
  const { application, message } = await programsOf(c).apply(
    c.req.valid('param').programId,
    c.req.valid('json'),
    c.var.viewer.user.id,
  );
  return c.json({ message, data: application }, 201);
};

export const listProgramApplications: Handler<'listProgramApplications'> = async (c) =>
  c.json({ data: await programsOf(c).applications(c.req.valid('param').programId) }, 200);

export const removeProgramApplication: Handler<'removeProgramApplication'> = async (c) =>
  c.json(await programsOf(c).removeApplication(c.req.valid('param').applicationId), 200);
