import type { RouteHandler } from '@hono/zod-openapi';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contract/errors';
import type { GroupDetail } from '../../../contract/groups';
import { athleteGroupMembers, athleteGroups, users } from '../../db/schema';
import { todayIn } from '../../lib/calendar-days';
import type { SignedInAppEnv } from '../../lib/context';
import { ApiError, notFound } from '../../lib/errors';
import { joinGroupSchedules, leaveGroupSchedules, releaseGroupSchedule } from '../../lib/schedule-placement';
import type { TenantScope } from '../../lib/tenancy';
import type * as routes from './groups.routes';

type GroupRow = typeof athleteGroups.$inferSelect;

const groupNotFound = () => notFound('This group does not exist (it may have been deleted).');

export const listGroups: RouteHandler<typeof routes.listGroups, SignedInAppEnv> = async (c) => {
  const { tenant, viewer } = c.var;
  const [groups, memberships] = await Promise.all([
    tenant.select(athleteGroups, { orderBy: [asc(athleteGroups.name), asc(athleteGroups.id)] }),
    tenant.select(athleteGroupMembers),
  ]);
  const memberCount = new Map<string, number>();
  for (const { groupId } of memberships) memberCount.set(groupId, (memberCount.get(groupId) ?? 0) + 1);
  // An athlete sees the groups it is in and no others (its profile shows them).
  const ownGroupIds =
    viewer.user.role === 'athlete'
      ? new Set(memberships.filter(({ userId }) => userId === viewer.user.id).map(({ groupId }) => groupId))
      : null;
  const visible = ownGroupIds ? groups.filter((group) => ownGroupIds.has(group.id)) : groups;
  return c.json(
    {
      data: visible.map((group) => ({
        id: group.id,
        name: group.name,
        description: group.description,
        memberCount: memberCount.get(group.id) ?? 0,
      })),
    },
    200,
  );
};

async function findGroup(tenant: TenantScope, groupId: string): Promise<GroupRow> {
  const group = await tenant.first(athleteGroups, eq(athleteGroups.id, groupId));
  if (!group) throw groupNotFound();
  return group;
}

async function groupDetail(tenant: TenantScope, group: GroupRow): Promise<GroupDetail> {
  const memberships = await tenant.select(athleteGroupMembers, {
    where: eq(athleteGroupMembers.groupId, group.id),
  });
  const members =
    memberships.length === 0
      ? []
      : await tenant.select(users, {
          where: inArray(
            users.id,
            memberships.map((membership) => membership.userId),
          ),
          orderBy: [asc(users.lastName), asc(users.firstName), asc(users.id)],
        });
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    members: members.map(({ id, firstName, lastName, email, status }) => ({
      id,
      firstName,
      lastName,
      email,
      status,
    })),
  };
}

/** Names are unique in an organisation whatever their case: two "Pitchers" groups would be told apart by nobody. */
async function ensureNameFree(tenant: TenantScope, name: string, exceptGroupId?: string): Promise<void> {
  const sameName = sql`lower(${athleteGroups.name}) = lower(${name})`;
  const clash = await tenant.first(
    athleteGroups,
    exceptGroupId ? and(sameName, ne(athleteGroups.id, exceptGroupId))! : sameName,
  );
  if (clash) {
    throw new ApiError(400, errorCodes.validation, 'Choose another name.', {
      name: `There is already a group called ${clash.name}`,
    });
  }
}

export const createGroup: RouteHandler<typeof routes.createGroup, SignedInAppEnv> = async (c) => {
  const { tenant } = c.var;
  const { name, description } = c.req.valid('json');
  await ensureNameFree(tenant, name);
  const [group] = await tenant.insert(athleteGroups, { name, description: description ?? null });
  return c.json(
    { message: `${name} is ready. Add athletes to it.`, group: await groupDetail(tenant, group!) },
    201,
  );
};

export const getGroup: RouteHandler<typeof routes.getGroup, SignedInAppEnv> = async (c) => {
  const { tenant } = c.var;
  const group = await findGroup(tenant, c.req.valid('param').groupId);
  return c.json({ message: 'OK', group: await groupDetail(tenant, group) }, 200);
};

export const updateGroup: RouteHandler<typeof routes.updateGroup, SignedInAppEnv> = async (c) => {
  const { tenant } = c.var;
  const { groupId } = c.req.valid('param');
  const changes = c.req.valid('json');
  const group = await findGroup(tenant, groupId);
  if (changes.name !== undefined) await ensureNameFree(tenant, changes.name, group.id);
  // An empty change is a no-op, not an UPDATE with nothing to set.
  const [updated] =
    Object.keys(changes).length === 0
      ? [group]
      : await tenant.update(athleteGroups, changes, eq(athleteGroups.id, group.id));
  if (!updated) throw groupNotFound();
  return c.json({ message: 'Group saved.', group: await groupDetail(tenant, updated) }, 200);
};

export const deleteGroup: RouteHandler<typeof routes.deleteGroup, SignedInAppEnv> = async (c) => {
  const { tenant, viewer } = c.var;
  const { groupId } = c.req.valid('param');
  const deleted = await tenant.transaction(async (scope) => {
    const group = await findGroup(scope, groupId);
    // Its assignments go with it: members keep what is done or started, as their own entries.
    await releaseGroupSchedule(scope, group.id, todayIn(viewer.organization.timeZone));
    const [row] = await scope.delete(athleteGroups, eq(athleteGroups.id, group.id));
    return row;
  });
  if (!deleted) throw groupNotFound();
  return c.json({ message: `${deleted.name} is deleted. Its athletes stay in the organisation.` }, 200);
};

export const addGroupMember: RouteHandler<typeof routes.addGroupMember, SignedInAppEnv> = async (c) => {
  const { tenant } = c.var;
  const { groupId, userId } = c.req.valid('param');
  const group = await findGroup(tenant, groupId);
  const person = await tenant.first(users, eq(users.id, userId));
  if (!person) throw notFound('This person is not in the organisation.');
  if (person.role !== 'athlete') {
    throw new ApiError(409, errorCodes.conflict, 'Only athletes can be in a group.');
  }
  const [joined] = await tenant.insertMissing(athleteGroupMembers, { groupId: group.id, userId: person.id });
  // A new member gets the group's workouts from today on (ADR 033).
  if (joined) {
    const today = todayIn(c.var.viewer.organization.timeZone);
    await joinGroupSchedules(tenant, person.id, [group.id], today, c.var.viewer.user.id);
  }
  return c.json(
    {
      message: `${person.firstName} ${person.lastName} is in ${group.name}.`,
      group: await groupDetail(tenant, group),
    },
    200,
  );
};

export const removeGroupMember: RouteHandler<typeof routes.removeGroupMember, SignedInAppEnv> = async (c) => {
  const { tenant } = c.var;
  const { groupId, userId } = c.req.valid('param');
  const group = await findGroup(tenant, groupId);
  const [left] = await tenant.delete(
    athleteGroupMembers,
    and(eq(athleteGroupMembers.groupId, group.id), eq(athleteGroupMembers.userId, userId))!,
  );
  // One who leaves loses the group's workouts still to come, and keeps the rest (ADR 033).
  if (left)
    await leaveGroupSchedules(tenant, left.userId, [group.id], todayIn(c.var.viewer.organization.timeZone));
  return c.json({ message: 'Removed from the group.', group: await groupDetail(tenant, group) }, 200);
};
