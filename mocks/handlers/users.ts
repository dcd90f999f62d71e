import type { Person, Role, User, UserListItem, UserListQuery } from '@contract';
import {
  changeRoleRequestSchema,
  changeUserStatusRequestSchema,
  changeUserStatusResponseSchema,
  createPersonRequestSchema,
  messageResponseSchema,
  ownContactFields,
  personResponseSchema,
  updatePersonRequestSchema,
  errorCodes,
  updateOwnUserRequestSchema,
  updateOwnUserResponseSchema,
  userListQuerySchema,
  userListResponseSchema,
  userStatusTransitions,
} from '@contract';
import { demoGroups, demoPeople } from '../data';
import { apiError, apiRoute, requestUser, unauthorized, validationFailure } from './respond';

const forbidden = (message = 'You do not have permission to do this.') =>
  apiError(403, { code: errorCodes.forbidden, message });

function fieldsOf(issues: readonly { path: PropertyKey[]; message: string }[]) {
  return Object.fromEntries(issues.map((issue) => [issue.path.map(String).join('.'), issue.message]));
}

function matches(user: UserListItem, { q, role, status, groupId }: Omit<UserListQuery, 'page' | 'size'>) {
  const needle = q?.trim().toLowerCase();
  const text = [user.firstName, user.lastName, user.email, `${user.firstName} ${user.lastName}`]
    .join('\u0000')
    .toLowerCase();
  return (
    (!needle || text.includes(needle)) &&
    (!role || user.role === role) &&
    (!status || user.status === status) &&
    (!groupId || user.groups.some((group) => group.id === groupId))
  );
}

/** The server's order: pending sign-ups first, then by last and first name. */
const byListOrder = (a: UserListItem, b: UserListItem) =>
  Number(b.status === 'pending') - Number(a.status === 'pending') ||
  a.lastName.localeCompare(b.lastName) ||
  a.firstName.localeCompare(b.firstName);

type PersonProfile = Omit<Person, keyof UserListItem>;
const emptyProfile: PersonProfile = {
  phone: null,
  position: null,
  bats: null,
  throws: null,
  dateOfBirth: null,
  heightInches: null,
  weightPounds: null,
  graduationYear: null,
  notes: null,
};

const validationFailed = (issues: readonly { path: PropertyKey[]; message: string }[]) => {
  const fields = fieldsOf(issues);
  return apiError(400, {
    code: errorCodes.validation,
    message: `Invalid request body: check ${Object.keys(fields).join(', ')}.`,
    fields,
  });
};

const isStaff = (role: Role) => role === 'admin' || role === 'coach';

/** Profile values as the server stores them: an empty text is no value. */
function storedProfile(fields: Record<string, unknown>): Partial<PersonProfile> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([key, value]) => key in emptyProfile && value !== undefined)
      .map(([key, value]) => [key, value === '' ? null : value]),
  );
}

/**
 * People's pages over the same copy as the list (`GET`/`PATCH /api/users/:userId`, `POST /api/users`, role and
 * invitation), with the server's rules of ADR 022; `profiles` holds what the list does not show.
 */
function peopleHandlers(people: UserListItem[], profiles: Map<string, PersonProfile>) {
  const personOf = (user: UserListItem, viewerRole: Role): Person => {
    const { notes, ...profile } = profiles.get(user.id) ?? emptyProfile;
    return { ...user, ...profile, ...(isStaff(viewerRole) ? { notes } : {}) };
  };
  const notFound = () =>
    apiError(404, { code: errorCodes.notFound, message: 'No such user in your organisation.' });
  const groupRefs = (ids: readonly string[]) =>
    demoGroups.filter((group) => ids.includes(group.id)).map(({ id, name }) => ({ id, name }));

  return [
    apiRoute(
      { method: 'post', path: '/api/users', responses: { 201: personResponseSchema } },
      async ({ request, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        if (!isStaff(viewer.role)) return forbidden();
        const body = createPersonRequestSchema.safeParse(await request.json().catch(() => null));
        if (!body.success) return validationFailed(body.error.issues);
        const { firstName, lastName, email, role, groupIds = [], ...profile } = body.data;
        if (viewer.role !== 'admin' && role !== 'athlete') {
          return forbidden('Coaches can add athletes only; ask an administrator to add staff.');
        }
        const address = email.toLowerCase();
        if (people.some((user) => user.email === address)) {
          return apiError(400, {
            code: errorCodes.validation,
            message: 'This email is already in use.',
            fields: { email: 'This email is already in use' },
          });
        }
        const user: UserListItem = {
          id: crypto.randomUUID(),
          firstName,
          lastName,
          email: address,
          role,
          status: 'approved',
          invitationPending: true,
          groups: groupRefs(groupIds),
          createdAt: new Date().toISOString(),
        };
        people.push(user);
        profiles.set(user.id, { ...emptyProfile, ...storedProfile(profile) });
        return reply(201, { message: `Invitation sent to ${address}.`, user: personOf(user, viewer.role) });
      },
    ),
    apiRoute(
      { method: 'get', path: '/api/users/{userId}', responses: { 200: personResponseSchema } },
      ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        if (!isStaff(viewer.role) && params.userId !== viewer.id) {
          return forbidden('You can only see your own profile.');
        }
        const user = people.find((person) => person.id === params.userId);
        if (!user) return notFound();
        return reply(200, { message: 'OK', user: personOf(user, viewer.role) });
      },
    ),
    apiRoute(
      { method: 'patch', path: '/api/users/{userId}', responses: { 200: personResponseSchema } },
      async ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        if (!isStaff(viewer.role) && params.userId !== viewer.id) {
          return forbidden('You can only change your own profile.');
        }
        const body = updatePersonRequestSchema.safeParse(await request.json().catch(() => null));
        if (!body.success) return validationFailed(body.error.issues);
        const index = people.findIndex((person) => person.id === params.userId);
        const target = people[index];
        if (!target) return notFound();
        const keys = Object.keys(body.data);
        const onlyContact = keys.every((key) => (ownContactFields as readonly string[]).includes(key));
        const self = target.id === viewer.id;
        const allowed =
          viewer.role === 'admin' ||
          (self && onlyContact) ||
          (!self && viewer.role === 'coach' && target.role === 'athlete');
        if (!allowed) return forbidden('You cannot change this.');
        const { firstName, lastName, email, groupIds, ...profile } = body.data;
        const changed: UserListItem = {
          ...target,
          ...(firstName !== undefined ? { firstName } : {}),
          ...(lastName !== undefined ? { lastName } : {}),
          ...(email !== undefined ? { email: email.toLowerCase() } : {}),
          ...(groupIds !== undefined ? { groups: groupRefs(groupIds) } : {}),
        };
        people[index] = changed;
        profiles.set(target.id, { ...emptyProfile, ...profiles.get(target.id), ...storedProfile(profile) });
        return reply(200, {
          message: `${changed.firstName} ${changed.lastName} is saved.`,
          user: personOf(changed, viewer.role),
        });
      },
    ),
    apiRoute(
      { method: 'post', path: '/api/users/{userId}/role', responses: { 200: personResponseSchema } },
      async ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        if (viewer.role !== 'admin') return forbidden();
        if (params.userId === viewer.id) return forbidden('You cannot change your own role.');
        const body = changeRoleRequestSchema.safeParse(await request.json().catch(() => null));
        if (!body.success) return validationFailed(body.error.issues);
        const index = people.findIndex((person) => person.id === params.userId);
        const target = people[index];
        if (!target) return notFound();
        const { role } = body.data;
        const changed = { ...target, role, groups: role === 'athlete' ? target.groups : [] };
        people[index] = changed;
        return reply(200, {
          message: `${changed.firstName} ${changed.lastName} is now ${role === 'admin' ? 'an' : 'a'} ${role}.`,
          user: personOf(changed, viewer.role),
        });
      },
    ),
    apiRoute(
      { method: 'post', path: '/api/users/{userId}/invitation', responses: { 200: messageResponseSchema } },
      ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        if (!isStaff(viewer.role)) return forbidden();
        const target = people.find((person) => person.id === params.userId);
        if (!target) return notFound();
        if (viewer.role !== 'admin' && target.role !== 'athlete') return forbidden();
        if (!target.invitationPending) {
          return apiError(409, {
            code: errorCodes.conflict,
            message: 'They have chosen a password already.',
          });
        }
        return reply(200, { message: `A new invitation is on its way to ${target.email}.` });
      },
    ),
  ];
}

/**
 * The users list and status changes over a copy of the demo people that status changes update, so a list read
 * after an approval shows it. Tests that change someone install a fresh copy: `server.use(...userDirectoryHandlers())`.
 */
export function userDirectoryHandlers(
  people: UserListItem[] = structuredClone(demoPeople),
  profiles = new Map<string, PersonProfile>(),
) {
  return [
    ...peopleHandlers(people, profiles),
    apiRoute(
      { method: 'get', path: '/api/users', responses: { 200: userListResponseSchema } },
      ({ request, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        if (viewer.role === 'athlete') return forbidden();
        const query = userListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
        if (!query.success) {
          const fields = fieldsOf(query.error.issues);
          return apiError(400, {
            code: errorCodes.validation,
            message: `Invalid query: check ${Object.keys(fields).join(', ')}.`,
            fields,
          });
        }
        const { page, size, ...filters } = query.data;
        const matching = people.filter((user) => matches(user, filters)).sort(byListOrder);
        return reply(200, {
          data: matching.slice(page * size, (page + 1) * size),
          page,
          size,
          total: matching.length,
        });
      },
    ),
    apiRoute(
      {
        method: 'post',
        path: '/api/users/{userId}/status',
        responses: { 200: changeUserStatusResponseSchema },
      },
      async ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        if (viewer.role === 'athlete') return forbidden();
        const body = changeUserStatusRequestSchema.safeParse(await request.json().catch(() => null));
        if (!body.success) {
          const fields = fieldsOf(body.error.issues);
          return apiError(400, { code: errorCodes.validation, message: 'Check the status.', fields });
        }
        const index = people.findIndex((user) => user.id === params.userId);
        const target = people[index];
        if (!target)
          return apiError(404, { code: errorCodes.notFound, message: 'No such user in your organisation.' });
        if (target.id === viewer.id) return forbidden('You cannot change the status of your own account.');
        if (viewer.role !== 'admin' && target.role !== 'athlete') {
          return forbidden('Coaches can approve, reject, disable and enable athletes only.');
        }
        const next = body.data.status;
        const name = `${target.firstName} ${target.lastName}`;
        if (!userStatusTransitions[target.status].includes(next)) {
          return apiError(409, {
            code: errorCodes.conflict,
            message: `${name} cannot be ${next} while ${target.status}.`,
          });
        }
        const changed = { ...target, status: next };
        people[index] = changed;
        const message =
          next === 'disabled'
            ? `${name} is disabled and signed out everywhere.`
            : next === 'rejected'
              ? `${name}'s sign-up is rejected.`
              : target.status === 'disabled'
                ? `${name} is enabled again.`
                : `${name} is approved and can sign in.`;
        return reply(200, { message, user: changed });
      },
    ),
  ];
}

/**
 * `POST /api/users/{userId}`: the user's own onboarding and push token, answered with the user as changed; steps
 * and slots merge one by one, as the server merges them (ADR 044): what a save leaves out or empty stays. It
 * answers over the demo record, so tests do not leak state; a test that needs a server that remembers its saves
 * installs a copy with its own record: `server.use(...ownUserUpdateHandlers(new Map()))`.
 */
export function ownUserUpdateHandlers(saved: Map<string, User> | null = null) {
  return [
    apiRoute(
      { method: 'post', path: '/api/users/{userId}', responses: { 200: updateOwnUserResponseSchema } },
      async ({ request, params, reply }) => {
        const user = requestUser(request);
        if (!user) return unauthorized();
        if (params.userId !== user.id) {
          return apiError(403, {
            code: errorCodes.forbidden,
            message: 'You can only change your own onboarding and push settings.',
          });
        }
        const parsed = updateOwnUserRequestSchema.safeParse(await request.json().catch(() => null));
        if (!parsed.success) return validationFailure(parsed.error);
        const record = saved?.get(user.id) ?? user;
        const { onboardingSteps = {}, onboardingData, ...flags } = parsed.data;
        const stepsDone = Object.fromEntries(Object.entries(onboardingSteps).filter(([, done]) => done));
        const slotsFilled = Object.fromEntries(
          Object.entries(onboardingData ?? {}).filter(([, slot]) => slot !== null),
        );
        const changed: User = {
          ...record,
          ...flags,
          onboardingSteps: { ...record.onboardingSteps, ...stepsDone },
          onboardingData: { ...record.onboardingData, ...slotsFilled },
        };
        saved?.set(user.id, changed);
        return reply(200, { message: 'User updated successfully', user: changed });
      },
    ),
  ];
}

export const userHandlers = [...userDirectoryHandlers(), ...ownUserUpdateHandlers()];
