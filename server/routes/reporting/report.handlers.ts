import type { RouteHandler } from '@hono/zod-openapi';
import type { SignedInAppEnv } from '../../lib/context';
import { reportOf } from '../../lib/reports/report';
import type * as routes from './report.routes';

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], SignedInAppEnv>;

export const getReport: Handler<'getReport'> = async (c) =>
  c.json(await reportOf(c, c.req.valid('param').id, c.req.valid('query')), 200);
