import type { RouteHandler } from '@hono/zod-openapi';
import { recordPersonChange } from '../../lib/live-events/change-events';
import { and, asc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { errorCodes } from '../../../contract/errors';
import {
  userStatusTransitions,
  type OnboardingData,
  type OnboardingSteps,
  type SettableUserStatus,
  type UserGroupRef,
  type UserListItem,
  type UserListQuery,
  type UserStatus,
} from '../../../contract/users';
import { athleteGroupMembers, athleteGroups, sessions, users } from '../../db/schema';
import { readInOneSnapshot, type SignedInAppEnv } from '../../lib/context';
import { ApiError, forbidden, notFound } from '../../lib/errors';
import { mailApprovalDecision, sendAfterResponse } from '../../lib/mail/account-mails';
import { toUser, type UserRow } from '../../lib/serializers';
import { likePattern } from '../../lib/sql-text';
import { accountApproved } from '../../lib/notifications/makers';
import { notify } from '../../lib/notifications/notify';
import type { TenantScope } from '../../lib/tenancy';
import type * as routes from './users.routes';

/**
 * The tour's progress merges per step (ADR 044): the stored map with the sent keys put over it, inside the UPDATE,
 * so two devices saving at once (or one with an old copy) never undo each other's steps.
 */
function mergedInto<T extends OnboardingSteps | OnboardingData>(column: AnyPgColumn, keys: Partial<T>): T {
  // The scope's update takes column values; drizzle writes an SQL expression given in a value's place.
  return sql`${column} || ${JSON.stringify(keys)}::jsonb` as unknown as T;
}

/** Steps only go from not done to done: a step done on any device stays done, whatever an older copy says. */
const doneSteps = (steps: OnboardingSteps): OnboardingSteps =>
  Object.fromEntries(Object.entries(steps).filter(([, done]) => done));

/** A slot a save leaves empty keeps what another save put there. */
const filledSlots = (data: OnboardingData): Partial<OnboardingData> =>
  Object.fromEntries(Object.entries(data).filter(([, slot]) => slot !== null));

export const updateOwnUser: RouteHandler<typeof routes.updateOwnUser, SignedInAppEnv> = async (c) => {
  const { userId } = c.req.valid('param');
  const { viewer, tenant } = c.var;
  if (userId !== viewer.user.id)
    throw forbidden('You can only change your own onboarding and push settings.');
  const { firebaseToken, onboardingSteps, onboardingData, ...flags } = c.req.valid('json');
  const pushToken =
    firebaseToken === undefined
      ? {}
      : { firebaseToken, firebaseTokenUpdatedAt: firebaseToken ? new Date() : null };
  if (firebaseToken) {
    // A push token belongs to one browser: whoever signed in there before no longer gets this device's pushes.
    await tenant.update(
      users,
      { firebaseToken: null, firebaseTokenUpdatedAt: null },
      and(eq(users.firebaseToken, firebaseToken), ne(users.id, viewer.user.id))!,
    );
  }
  const [updated] = await tenant.update(
    users,
    {
      ...flags,
      ...(onboardingSteps
        ? { onboardingSteps: mergedInto(users.onboardingSteps, doneSteps(onboardingSteps)) }
        : {}),
      ...(onboardingData
        ? { onboardingData: mergedInto(users.onboardingData, filledSlots(onboardingData)) }
        : {}),
      ...pushToken,
      updatedAt: new Date(),
    },
    eq(users.id, viewer.user.id),
  );
  if (!updated) throw notFound('User not found');
  return c.json({ message: 'User updated successfully', user: toUser(updated) }, 200);
};

function listFilters({ q, role, status, groupId }: Omit<UserListQuery, 'page' | 'size'>): SQL | undefined {
  const filters: SQL[] = [];
  if (q) {
    const pattern = likePattern(q);
    filters.push(
      or(
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.email, pattern),
        // "jamie riv" finds Jamie Rivera.
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
      )!,
    );
  }
  if (role) filters.push(eq(users.role, role));
  if (status) filters.push(eq(users.status, status));
  if (groupId) {
    filters.push(
      sql`exists (select 1 from ${athleteGroupMembers} where ${athleteGroupMembers.userId} = ${users.id} and ${athleteGroupMembers.groupId} = ${groupId})`,
    );
  }
  return filters.length > 0 ? and(...filters) : undefined;
}

/** Each user's groups, by name; one query for the members and one for the groups, whatever the page size. */
export async function groupsOf(tenant: TenantScope, userIds: string[]): Promise<Map<string, UserGroupRef[]>> {
  const byUser = new Map<string, UserGroupRef[]>();
  if (userIds.length === 0) return byUser;
  const memberships = await tenant.select(athleteGroupMembers, {
    where: inArray(athleteGroupMembers.userId, userIds),
  });
  const groupIds = [...new Set(memberships.map((membership) => membership.groupId))];
  if (groupIds.length === 0) return byUser;
  const groups = await tenant.select(athleteGroups, { where: inArray(athleteGroups.id, groupIds) });
  const nameById = new Map(groups.map((group) => [group.id, group.name]));
  for (const { userId, groupId } of memberships) {
    const name = nameById.get(groupId);
    if (name === undefined) continue;
    byUser.set(userId, [...(byUser.get(userId) ?? []), { id: groupId, name }]);
  }
  for (const list of byUser.values()) list.sort((a, b) => a.name.localeCompare(b.name));
  return byUser;
}

/** A person as the users screen lists them; `toPerson` (people) adds the profile to it. */
export function toUserListItem(row: UserRow, groups: UserGroupRef[]): UserListItem {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    status: row.status,
    invitationPending: row.passwordHash === null,
    groups,
    createdAt: row.createdAt.toISOString(),
  };
}

export const listUsers: RouteHandler<typeof routes.listUsers, SignedInAppEnv> = async (c) => {
  const { page, size, ...filters } = c.req.valid('query');
  const where = listFilters(filters);
  const { rows, total, groups } = await readInOneSnapshot(c, async ({ var: { tenant } }) => {
    const [rows, total] = await Promise.all([
      tenant.select(users, {
        where,
        orderBy: [
          sql`case when ${users.status} = 'pending' then 0 else 1 end`,
          asc(sql`lower(${users.lastName})`),
          asc(sql`lower(${users.firstName})`),
          asc(users.id),
        ],
        limit: size,
        offset: page * size,
      }),
      tenant.count(users, where),
    ]);
    const groups = await groupsOf(
      tenant,
      rows.map((row) => row.id),
    );
    return { rows, total, groups };
  });
  return c.json(
    {
      data: rows.map((row) => toUserListItem(row, groups.get(row.id) ?? [])),
      page,
      size,
      total,
    },
    200,
  );
};

function fullName(row: UserRow): string {
  return `${row.firstName} ${row.lastName}`.trim();
}

function refusedTransition(row: UserRow, next: SettableUserStatus): ApiError {
  const name = fullName(row);
  const message =
    row.status === next
      ? `${name} is already ${next}.`
      : next === 'rejected'
        ? `Only a pending sign-up can be rejected; ${name} is ${row.status}.`
        : next === 'disabled'
          ? `Only an approved user can be disabled; ${name} is ${row.status}.`
          : `${name} cannot be approved while ${row.status}.`;
  return new ApiError(409, errorCodes.conflict, message);
}

function changedMessage(row: UserRow, from: UserStatus, next: SettableUserStatus): string {
  const name = fullName(row);
  if (next === 'disabled') return `${name} is disabled and signed out everywhere.`;
  if (next === 'rejected') return `${name}'s sign-up is rejected.`;
  return from === 'disabled' ? `${name} is enabled again.` : `${name} is approved and can sign in.`;
}

export const changeUserStatus: RouteHandler<typeof routes.changeUserStatus, SignedInAppEnv> = async (c) => {
  const { userId } = c.req.valid('param');
  const { status: next } = c.req.valid('json');
  const { viewer, tenant } = c.var;
  // Another organisation's id is simply not found: the scope never sees it.
  const target = await tenant.first(users, eq(users.id, userId));
  if (!target) throw notFound('No such user in your organisation.');
  if (target.id === viewer.user.id) throw forbidden('You cannot change the status of your own account.');
  if (viewer.user.role !== 'admin' && target.role !== 'athlete') {
    throw forbidden('Coaches can approve, reject, disable and enable athletes only.');
  }
  if (!userStatusTransitions[target.status].includes(next)) throw refusedTransition(target, next);

  // The person hears of a decision on their sign-up; disabling and enabling are not mailed.
  const decision =
    next === 'approved' && (target.status === 'pending' || target.status === 'rejected')
      ? 'approved'
      : next === 'rejected'
        ? 'rejected'
        : null;

  // Only from the status just checked: a change made meanwhile by someone else wins, and this one is refused.
  const updated = await tenant.transaction(async (scope) => {
    const [changed] = await scope.update(
      users,
      { status: next, updatedAt: new Date() },
      and(eq(users.id, target.id), eq(users.status, target.status))!,
    );
    if (!changed) {
      throw new ApiError(
        409,
        errorCodes.conflict,
        `${fullName(target)} was changed meanwhile; reload and try again.`,
      );
    }
    if (next !== 'approved') {
      // Every token at once; enabling later does not bring old sessions back.
      await scope.update(
        sessions,
        { revokedAt: new Date() },
        and(eq(sessions.userId, target.id), isNull(sessions.revokedAt))!,
      );
    }
    // With the change it is about: an approval is never without its notification, nor a notification without it.
    // Before the change's live event (ADR 054 addendum: notification rows lock before the events' lock).
    if (decision === 'approved') {
      await notify(scope, accountApproved(changed.id, viewer.organization.name), { actorId: viewer.user.id });
    }
    await recordPersonChange(scope, changed.id);
    return changed;
  });
  if (decision) {
    const organization = c.var.viewer.organization;
    sendAfterResponse(c, `The ${decision} mail of user ${updated.id}`, () =>
      mailApprovalDecision(c, updated, organization, decision),
    );
  }
  const groups = await groupsOf(tenant, [updated.id]);
  return c.json(
    {
      message: changedMessage(updated, target.status, next),
      user: toUserListItem(updated, groups.get(updated.id) ?? []),
    },
    200,
  );
};
