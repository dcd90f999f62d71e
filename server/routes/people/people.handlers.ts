import type { RouteHandler } from '@hono/zod-openapi';
import { recordPersonChange } from '../../lib/live-events/change-events';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { errorCodes } from '../../../contract/errors';
import {
  ownContactFields,
  type Person,
  type PersonProfileFields,
  type UpdatePersonRequest,
} from '../../../contract/people';
import type { Role, UserGroupRef } from '../../../contract/users';
import { athleteGroupMembers, athleteGroups, users } from '../../db/schema';
import { todayIn } from '../../lib/calendar-days';
import type { SignedInAppEnv } from '../../lib/context';
import { isUniqueViolation } from '../../lib/database-errors';
import { ApiError, forbidden, notFound } from '../../lib/errors';
import { fillMissingWorkloads } from '../../lib/pitching-rows';
import type { Viewer } from '../../lib/directory/sessions';
import { mailAccountLink, sendAfterResponse } from '../../lib/mail/account-mails';
import { joinGroupSchedules, leaveGroupSchedules } from '../../lib/schedule-placement';
import type { UserRow } from '../../lib/serializers';
import type { TenantScope } from '../../lib/tenancy';
import { groupsOf, toUserListItem } from '../users/users.handlers';
import type * as routes from './people.routes';

const isStaff = (role: Role) => role === 'admin' || role === 'coach';
const fullName = (row: Pick<UserRow, 'firstName' | 'lastName'>) => `${row.firstName} ${row.lastName}`.trim();

export function toPerson(row: UserRow, groups: UserGroupRef[], viewerRole: Role): Person {
  return {
    ...toUserListItem(row, groups),
    phone: row.phone,
    position: row.position,
    bats: row.bats === 'R' || row.bats === 'L' || row.bats === 'S' ? row.bats : null,
    throws: row.throws === 'R' || row.throws === 'L' ? row.throws : null,
    dateOfBirth: row.dateOfBirth,
    heightInches: row.heightInches,
    weightPounds: row.weightPounds,
    graduationYear: row.graduationYear,
    // Staff notes stay with staff (ADR 022).
    ...(isStaff(viewerRole) ? { notes: row.notes } : {}),
  };
}

async function personOf(tenant: TenantScope, row: UserRow, viewerRole: Role): Promise<Person> {
  const groups = await groupsOf(tenant, [row.id]);
  return toPerson(row, groups.get(row.id) ?? [], viewerRole);
}

const emailInUse = () =>
  new ApiError(400, errorCodes.validation, 'This email is already in use.', {
    email: 'This email is already in use',
  });

/** The profile fields as stored: an empty text is no value. */
function profileColumns(fields: PersonProfileFields): Partial<UserRow> {
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    columns[key] = value === '' ? null : value;
  }
  return columns;
}

/** The groups asked for, all of them ours; a missing or foreign id is a 400 naming groupIds. */
async function checkedGroupIds(tenant: TenantScope, groupIds: string[]): Promise<string[]> {
  const unique = [...new Set(groupIds)];
  if (unique.length === 0) return unique;
  const found = await tenant.select(athleteGroups, { where: inArray(athleteGroups.id, unique) });
  if (found.length !== unique.length) {
    throw new ApiError(400, errorCodes.validation, 'A chosen group does not exist.', {
      groupIds: 'Choose groups from the list',
    });
  }
  return unique;
}

const onlyAthletesInGroups = () =>
  new ApiError(400, errorCodes.validation, 'Only athletes belong to groups.', {
    groupIds: 'Only athletes belong to groups',
  });

/** Sets a person's groups; the schedule follows: joined groups' workouts from today on, left ones' go (ADR 033). */
async function replaceGroups(
  tenant: TenantScope,
  viewer: Viewer,
  userId: string,
  groupIds: string[],
): Promise<void> {
  await tenant.transaction(async (scope) => {
    const before = await scope.delete(athleteGroupMembers, eq(athleteGroupMembers.userId, userId));
    if (groupIds.length > 0) {
      await scope.insert(
        athleteGroupMembers,
        groupIds.map((groupId) => ({ groupId, userId })),
      );
    }
    const had = before.map((membership) => membership.groupId);
    const today = todayIn(viewer.organization.timeZone);
    await leaveGroupSchedules(
      scope,
      userId,
      had.filter((groupId) => !groupIds.includes(groupId)),
      today,
    );
    await joinGroupSchedules(
      scope,
      userId,
      groupIds.filter((groupId) => !had.includes(groupId)),
      today,
      viewer.user.id,
    );
    await recordPersonChange(scope, userId);
    // Joining or leaving a group adds or removes its workouts from today on.
    await scope.recordLiveEvents([
      {
        kind: 'schedule',
        toStaff: true,
        userIds: [userId],
        data: { athleteIds: [userId], groupIds: [...new Set([...had, ...groupIds])] },
      },
    ]);
  });
}

export const createPerson: RouteHandler<typeof routes.createPerson, SignedInAppEnv> = async (c) => {
  const { firstName, lastName, email, role, groupIds, ...profile } = c.req.valid('json');
  const { viewer, tenant, accounts } = c.var;
  if (viewer.user.role !== 'admin' && role !== 'athlete') {
    throw forbidden('Coaches can add athletes only; ask an administrator to add staff.');
  }
  if (groupIds?.length && role !== 'athlete') throw onlyAthletesInGroups();
  const address = email.toLowerCase();
  // Unique across the deployment: an address signs in to one account, in one organisation.
  if (await accounts.userByEmail(address)) throw emailInUse();
  const groups = await checkedGroupIds(tenant, groupIds ?? []);

  let created: UserRow | undefined;
  try {
    [created] = await tenant.transaction(async (scope) => {
      const rows = await scope.insert(users, {
        ...profileColumns(profile),
        email: address,
        firstName,
        lastName,
        role,
        status: 'approved',
        passwordHash: null,
        emailVerifiedAt: null,
      });
      if (rows[0]) await recordPersonChange(scope, rows[0].id);
      return rows;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
  if (!created) throw new Error('The new user was not returned');
  const person = created;
  await replaceGroups(tenant, viewer, person.id, groups);

  const organization = viewer.organization;
  sendAfterResponse(c, `The invitation of user ${person.id}`, () =>
    mailAccountLink(c, person, organization, 'invitation'),
  );
  return c.json(
    {
      message: `Invitation sent to ${person.email}.`,
      user: await personOf(tenant, person, viewer.user.role),
    },
    201,
  );
};

export const getPerson: RouteHandler<typeof routes.getPerson, SignedInAppEnv> = async (c) => {
  const { userId } = c.req.valid('param');
  const { viewer, tenant } = c.var;
  if (!isStaff(viewer.user.role) && userId !== viewer.user.id) {
    throw forbidden('You can only see your own profile.');
  }
  const row = await tenant.first(users, eq(users.id, userId));
  if (!row) throw notFound('No such user in your organisation.');
  return c.json({ message: 'OK', user: await personOf(tenant, row, viewer.user.role) }, 200);
};

/** Refuses what the caller may not change of this person (ADR 022); answers nothing when all is allowed. */
function checkMayUpdate(viewerRow: UserRow, target: UserRow, changes: UpdatePersonRequest): void {
  const fields = Object.keys(changes).filter(
    (key) => changes[key as keyof UpdatePersonRequest] !== undefined,
  );
  const onlyContact = fields.every((field) => (ownContactFields as readonly string[]).includes(field));
  const self = viewerRow.id === target.id;
  if (viewerRow.role === 'admin') return;
  if (self) {
    if (!onlyContact) {
      throw forbidden(
        'On your own profile you can change your name and phone; ask an administrator to change the rest.',
      );
    }
    return;
  }
  if (viewerRow.role === 'coach' && target.role === 'athlete') return;
  throw forbidden(
    viewerRow.role === 'coach'
      ? 'Coaches can change athletes only.'
      : 'You can only change your own profile.',
  );
}

export const updatePerson: RouteHandler<typeof routes.updatePerson, SignedInAppEnv> = async (c) => {
  const { userId } = c.req.valid('param');
  const changes = c.req.valid('json');
  const { viewer, tenant, accounts } = c.var;
  // An athlete learns nothing about other ids: refused before the lookup.
  if (!isStaff(viewer.user.role) && userId !== viewer.user.id) {
    throw forbidden('You can only change your own profile.');
  }
  const target = await tenant.first(users, eq(users.id, userId));
  if (!target) throw notFound('No such user in your organisation.');
  checkMayUpdate(viewer.user, target, changes);

  const { email, groupIds, firstName, lastName, ...profile } = changes;
  if (groupIds !== undefined && target.role !== 'athlete' && groupIds.length > 0) {
    throw onlyAthletesInGroups();
  }
  const address = email?.toLowerCase();
  if (address !== undefined && address !== target.email) {
    const owner = await accounts.userByEmail(address);
    if (owner && owner.id !== target.id) throw emailInUse();
  }
  const groups = groupIds === undefined ? undefined : await checkedGroupIds(tenant, groupIds);

  const measuresChanged = profile.heightInches !== undefined || profile.weightPounds !== undefined;
  let updated: UserRow | undefined;
  try {
    updated = await tenant.transaction(async (scope) => {
      const [row] = await scope.update(
        users,
        {
          ...profileColumns(profile),
          ...(firstName !== undefined ? { firstName } : {}),
          ...(lastName !== undefined ? { lastName } : {}),
          ...(address !== undefined ? { email: address } : {}),
          updatedAt: new Date(),
        },
        eq(users.id, target.id),
      );
      // Throws logged before the height and weight were known get their workload with them (issue 22).
      if (row && measuresChanged) await fillMissingWorkloads(scope, row.id, row);
      if (row) await recordPersonChange(scope, row.id);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
  if (!updated) throw notFound('No such user in your organisation.');
  if (groups !== undefined) await replaceGroups(tenant, viewer, updated.id, groups);
  return c.json(
    {
      message: `${fullName(updated)} is saved.`,
      user: await personOf(tenant, updated, viewer.user.role),
    },
    200,
  );
};

export const changeRole: RouteHandler<typeof routes.changeRole, SignedInAppEnv> = async (c) => {
  const { userId } = c.req.valid('param');
  const { role } = c.req.valid('json');
  const { viewer, tenant } = c.var;
  if (userId === viewer.user.id) {
    throw forbidden('You cannot change your own role; ask another administrator.');
  }
  const target = await tenant.first(users, eq(users.id, userId));
  if (!target) throw notFound('No such user in your organisation.');
  if (target.role === role) {
    return c.json(
      {
        message: `${fullName(target)} is already ${role === 'admin' ? 'an' : 'a'} ${role}.`,
        user: await personOf(tenant, target, viewer.user.role),
      },
      200,
    );
  }
  if (target.role === 'admin') {
    const otherAdmins = await tenant.count(
      users,
      and(eq(users.role, 'admin'), eq(users.status, 'approved'), ne(users.id, target.id)),
    );
    if (otherAdmins === 0) {
      throw new ApiError(
        409,
        errorCodes.conflict,
        `${fullName(target)} is the organisation's last administrator; make someone else an administrator first.`,
      );
    }
  }
  // Only from the role just read: two admins changing one person at once do not both win.
  const [updated] = await tenant.transaction(async (scope) => {
    const rows = await scope.update(
      users,
      { role, updatedAt: new Date() },
      and(eq(users.id, target.id), eq(users.role, target.role))!,
    );
    if (rows[0]) await recordPersonChange(scope, rows[0].id);
    return rows;
  });
  if (!updated) {
    throw new ApiError(
      409,
      errorCodes.conflict,
      `${fullName(target)} was changed meanwhile; reload and try again.`,
    );
  }
  // Groups are athlete groups: someone who is no longer an athlete leaves them.
  if (role !== 'athlete') await replaceGroups(tenant, viewer, target.id, []);
  return c.json(
    {
      message: `${fullName(updated)} is now ${role === 'admin' ? 'an' : 'a'} ${role}.`,
      user: await personOf(tenant, updated, viewer.user.role),
    },
    200,
  );
};

export const resendInvitation: RouteHandler<typeof routes.resendInvitation, SignedInAppEnv> = async (c) => {
  const { userId } = c.req.valid('param');
  const { viewer, tenant } = c.var;
  const target = await tenant.first(users, eq(users.id, userId));
  if (!target) throw notFound('No such user in your organisation.');
  if (viewer.user.role !== 'admin' && target.role !== 'athlete') {
    throw forbidden('Coaches can invite athletes only.');
  }
  if (target.passwordHash !== null) {
    throw new ApiError(
      409,
      errorCodes.conflict,
      `${fullName(target)} has already chosen a password; they can use “Forgot password” on the sign-in screen.`,
    );
  }
  if (target.status !== 'approved') {
    throw new ApiError(
      409,
      errorCodes.conflict,
      `${fullName(target)} is ${target.status}; enable the account before inviting them again.`,
    );
  }
  const organization = viewer.organization;
  sendAfterResponse(c, `The invitation of user ${target.id}`, () =>
    mailAccountLink(c, target, organization, 'invitation'),
  );
  return c.json({ message: `A new invitation is on its way to ${target.email}.` }, 200);
};
