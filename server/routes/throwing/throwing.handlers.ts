import type { RouteHandler } from '@hono/zod-openapi';
import type { SignedInAppEnv } from '../../lib/context';
import type * as routes from './throwing.routes';
import { throwingOf } from './throwing.store';

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], SignedInAppEnv>;

export const getAthleteThrowing: Handler<'getAthleteThrowing'> = async (c) =>
  c.json(
    { throwing: await throwingOf(c).summary(c.req.valid('param').athleteId, c.req.valid('query').days) },
    200,
  );

export const listThrowingAlerts: Handler<'listThrowingAlerts'> = async (c) =>
  c.json(await throwingOf(c).alerts(c.req.valid('query').groupId), 200);

export const listSeasonPitches: Handler<'listSeasonPitches'> = async (c) =>
  c.json(await throwingOf(c).seasonPitches(c.req.valid('param').athleteId, c.req.valid('query').days), 200);
