import type { RouteHandler } from '@hono/zod-openapi';
import type { SignedInAppEnv } from '../../lib/context';
import type * as routes from './last-time.routes';
import { lastTimeOf } from './last-time.store';

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], SignedInAppEnv>;

export const getLastTime: Handler<'getLastTime'> = async (c) =>
  c.json(
    await lastTimeOf(c).forExercises(c.req.valid('param').athleteId, c.req.valid('query').exerciseIds),
    200,
  );
