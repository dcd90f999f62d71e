import type { RouteHandler } from '@hono/zod-openapi';
import type { SignedInAppEnv } from '../../lib/context';
import type * as routes from './exercises.routes';
import { libraryOf } from './library.store';

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], SignedInAppEnv>;

export const listExercises: Handler<'listExercises'> = async (c) =>
  c.json(await libraryOf(c).listExercises(c.req.valid('query')), 200);

export const createExercise: Handler<'createExercise'> = async (c) => {
  const exercise = await libraryOf(c).createExercise(c.req.valid('json'));
  return c.json({ message: `${exercise.name} is in the library.`, data: exercise }, 201);
};

export const getExercise: Handler<'getExercise'> = async (c) =>
  c.json({ message: 'OK', data: await libraryOf(c).exerciseDetail(c.req.valid('param').exerciseId) }, 200);

export const updateExercise: Handler<'updateExercise'> = async (c) => {
  const { exerciseId } = c.req.valid('param');
  const exercise = await libraryOf(c).updateExercise(exerciseId, c.req.valid('json'));
  return c.json({ message: 'Exercise saved.', data: exercise }, 200);
};

export const archiveExercise: Handler<'archiveExercise'> = async (c) => {
  const exercise = await libraryOf(c).archiveExercise(c.req.valid('param').exerciseId);
  return c.json(
    {
      message: `${exercise.name} is archived: it is hidden from the pickers and stays in the workouts that use it.`,
      data: exercise,
    },
    200,
  );
};

export const restoreExercise: Handler<'restoreExercise'> = async (c) => {
  const exercise = await libraryOf(c).restoreExercise(c.req.valid('param').exerciseId);
  return c.json({ message: `${exercise.name} is back in the library.`, data: exercise }, 200);
};

export const deleteExercise: Handler<'deleteExercise'> = async (c) => {
  const result = await libraryOf(c).deleteExercise(c.req.valid('param').exerciseId);
  if (result.outcome === 'deleted') {
    return c.json({ message: `${result.name} is deleted.`, outcome: 'deleted' as const, data: null }, 200);
  }
  const { exercise } = result;
  const workouts = exercise.workoutCount === 1 ? '1 workout' : `${exercise.workoutCount} workouts`;
  const usedBy = result.onSchedule ? 'on the schedule' : `used by ${workouts}`;
  return c.json(
    {
      message: `${exercise.name} is ${usedBy}, so it is archived instead of deleted.`,
      outcome: 'archived' as const,
      data: exercise,
    },
    200,
  );
};
