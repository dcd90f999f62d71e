import type { RouteHandler } from '@hono/zod-openapi';
import { asc } from 'drizzle-orm';
import { athleteGroupMembers, athleteGroups } from '../../db/schema';
import type { SignedInAppEnv } from '../../lib/context';
import type * as routes from './groups.routes';

export const listGroups: RouteHandler<typeof routes.listGroups, SignedInAppEnv> = async (c) => {
  const { tenant } = c.var;
  const [groups, memberships] = await Promise.all([
    tenant.select(athleteGroups, { orderBy: [asc(athleteGroups.name), asc(athleteGroups.id)] }),
    tenant.select(athleteGroupMembers),
  ]);
  const memberCount = new Map<string, number>();
  for (const { groupId } of memberships) memberCount.set(groupId, (memberCount.get(groupId) ?? 0) + 1);
  return c.json(
    {
      data: groups.map((group) => ({
        id: group.id,
        name: group.name,
        memberCount: memberCount.get(group.id) ?? 0,
      })),
    },
    200,
  );
};
