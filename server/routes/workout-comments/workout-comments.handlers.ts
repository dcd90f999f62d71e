import type { RouteHandler } from '@hono/zod-openapi';
import type { SignedInAppEnv } from '../../lib/context';
import type * as routes from './workout-comments.routes';
import { workoutCommentsOf } from './workout-comments.store';

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], SignedInAppEnv>;

export const listWorkoutComments: Handler<'listWorkoutComments'> = async (c) =>
  c.json({ data: await workoutCommentsOf(c).list(c.req.valid('param').logId) }, 200);

export const putWorkoutComment: Handler<'putWorkoutComment'> = async (c) => {
  const { logId, commentId } = c.req.valid('param');
  const { comment, created } = await workoutCommentsOf(c).put(logId, commentId, c.req.valid('json'));
  return created ? c.json({ data: comment }, 201) : c.json({ data: comment }, 200);
};
