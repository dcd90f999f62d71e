import type { RouteHandler } from '@hono/zod-openapi';
import { asc, eq } from 'drizzle-orm';
import { passengers } from '../../db/schema';
import type { SignedInAppEnv } from '../../lib/context';
import type * as routes from './passengers.routes';

export const listPassengers: RouteHandler<typeof routes.listPassengers, SignedInAppEnv> = async (c) => {
  const { page, size } = c.req.valid('query');
  const { viewer, tenant } = c.var;
  const rows = await tenant.select(passengers, {
    where: viewer.user.role === 'athlete' ? eq(passengers.userId, viewer.user.id) : undefined,
    orderBy: [
      asc(passengers.departureDate),
      asc(passengers.trip),
      asc(passengers.lastName),
      asc(passengers.id),
    ],
    limit: size,
    offset: page * size,
  });
  return c.json({ data: rows.map(({ organizationId: _organizationId, ...passenger }) => passenger) }, 200);
};
