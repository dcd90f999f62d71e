import type { RouteHandler } from '@hono/zod-openapi';
import type { PublicAppEnv } from '../../lib/context';
import type * as routes from './health.routes';

export const health: RouteHandler<typeof routes.health, PublicAppEnv> = (c) =>
  c.json({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }, 200);
