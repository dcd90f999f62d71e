import type { RouteHandler } from '@hono/zod-openapi';
import type { SignedInAppEnv } from '../../lib/context';
import type * as routes from './pitching.routes';
import { pitchingOf } from './pitching.store';

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], SignedInAppEnv>;

export const listPitches: Handler<'listPitches'> = async (c) =>
  c.json(await pitchingOf(c).listPitches(c.req.valid('param').logId), 200);

export const addPitch: Handler<'addPitch'> = async (c) =>
  c.json({ pitch: await pitchingOf(c).addPitch(c.req.valid('param').logId, c.req.valid('json')) }, 201);

export const replacePitches: Handler<'replacePitches'> = async (c) =>
  c.json(await pitchingOf(c).replacePitches(c.req.valid('param').logId, c.req.valid('json').pitches), 200);

export const upsertPitch: Handler<'upsertPitch'> = async (c) => {
  const { logId, pitchId } = c.req.valid('param');
  const { pitch, created } = await pitchingOf(c).upsertPitch(logId, pitchId, c.req.valid('json'));
  return created ? c.json({ pitch }, 201) : c.json({ pitch }, 200);
};

export const deletePitch: Handler<'deletePitch'> = async (c) => {
  const { logId, pitchId } = c.req.valid('param');
  await pitchingOf(c).deletePitch(logId, pitchId);
  return c.body(null, 204);
};

export const listSensorThrows: Handler<'listSensorThrows'> = async (c) =>
  c.json(await pitchingOf(c).listSensorThrows(c.req.valid('param').logId), 200);

export const addSensorThrow: Handler<'addSensorThrow'> = async (c) =>
  c.json({ throw: await pitchingOf(c).addSensorThrow(c.req.valid('param').logId, c.req.valid('json')) }, 201);

export const replaceSensorThrows: Handler<'replaceSensorThrows'> = async (c) =>
  c.json(
    await pitchingOf(c).replaceSensorThrows(c.req.valid('param').logId, c.req.valid('json').throws),
    200,
  );

export const upsertSensorThrow: Handler<'upsertSensorThrow'> = async (c) => {
  const { logId, throwId } = c.req.valid('param');
  const written = await pitchingOf(c).upsertSensorThrow(logId, throwId, c.req.valid('json'));
  return written.created ? c.json({ throw: written.throw }, 201) : c.json({ throw: written.throw }, 200);
};

export const deleteSensorThrow: Handler<'deleteSensorThrow'> = async (c) => {
  const { logId, throwId } = c.req.valid('param');
  await pitchingOf(c).deleteSensorThrow(logId, throwId);
  return c.body(null, 204);
};
