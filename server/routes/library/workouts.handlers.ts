import type { RouteHandler } from '@hono/zod-openapi';
import type { SignedInAppEnv } from '../../lib/context';
import { libraryOf } from './library.store';
import type * as routes from './workouts.routes';

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], SignedInAppEnv>;

export const listWorkouts: Handler<'listWorkouts'> = async (c) =>
  c.json(await libraryOf(c).listWorkouts(c.req.valid('query')), 200);

export const createWorkout: Handler<'createWorkout'> = async (c) => {
  const workout = await libraryOf(c).createWorkout(c.req.valid('json'), c.var.viewer.user.id);
  return c.json({ message: `${workout.name} is saved.`, data: workout }, 201);
};

export const getWorkout: Handler<'getWorkout'> = async (c) =>
  c.json({ message: 'OK', data: await libraryOf(c).workout(c.req.valid('param').workoutId) }, 200);

export const updateWorkout: Handler<'updateWorkout'> = async (c) => {
  const { workoutId } = c.req.valid('param');
  const workout = await libraryOf(c).updateWorkout(workoutId, c.req.valid('json'));
  return c.json({ message: `${workout.name} is saved.`, data: workout }, 200);
};

export const archiveWorkout: Handler<'archiveWorkout'> = async (c) => {
  const workout = await libraryOf(c).archiveWorkout(c.req.valid('param').workoutId);
  return c.json({ message: `${workout.name} is archived.`, data: workout }, 200);
};

export const restoreWorkout: Handler<'restoreWorkout'> = async (c) => {
  const workout = await libraryOf(c).restoreWorkout(c.req.valid('param').workoutId);
  return c.json({ message: `${workout.name} is back in the library.`, data: workout }, 200);
};

export const duplicateWorkout: Handler<'duplicateWorkout'> = async (c) => {
  const { workoutId } = c.req.valid('param');
  // The body is optional: without one (or without a name) the copy is named after the original.
  const { name } = c.req.valid('json') ?? {};
  const copy = await libraryOf(c).duplicateWorkout(workoutId, name, c.var.viewer.user.id);
  return c.json({ message: `${copy.name} is a copy to change as you like.`, data: copy }, 201);
};

export const deleteWorkout: Handler<'deleteWorkout'> = async (c) => {
  const { name } = await libraryOf(c).deleteWorkout(c.req.valid('param').workoutId);
  return c.json({ message: `${name} is deleted.` }, 200);
};
