import type {
  ApiError,
  ChangeUserStatusResponse,
  UpdateOwnUserResponse,
  UserListItem,
  UserListQuery,
  UserListResponse,
} from '@contract';
import {
  changeUserStatusRequestSchema,
  errorCodes,
  updateOwnUserRequestSchema,
  userListQuerySchema,
  userStatusTransitions,
} from '@contract';
import { http, HttpResponse } from 'msw';
import { demoPeople } from '../data';
import { apiError, requestUser, unauthorized } from './respond';

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

/**
 * The users list and status changes over a copy of the demo people that status changes update, so a list read
 * after an approval shows it. Tests that change someone install a fresh copy: `server.use(...userDirectoryHandlers())`.
 */
export function userDirectoryHandlers(people: UserListItem[] = structuredClone(demoPeople)) {
  return [
    http.get<never, never, UserListResponse | ApiError>('*/api/users', ({ request }) => {
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
      return HttpResponse.json<UserListResponse>({
        data: matching.slice(page * size, (page + 1) * size),
        page,
        size,
        total: matching.length,
      });
    }),
    http.post<{ userId: string }, never, ChangeUserStatusResponse | ApiError>(
      '*/api/users/:userId/status',
      async ({ request, params }) => {
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
        return HttpResponse.json<ChangeUserStatusResponse>({ message, user: changed });
      },
    ),
  ];
}

export const userHandlers = [
  ...userDirectoryHandlers(),
  // Answers with the user as changed; the demo users themselves stay as they are, so tests do not leak state.
  http.post<{ userId: string }, never, UpdateOwnUserResponse | ApiError>(
    '*/api/users/:userId',
    async ({ request, params }) => {
      const user = requestUser(request);
      if (!user) return unauthorized();
      if (params.userId !== user.id) {
        return apiError(403, {
          code: errorCodes.forbidden,
          message: 'You can only change your own onboarding and push settings.',
        });
      }
      const parsed = updateOwnUserRequestSchema.safeParse(await request.json().catch(() => null));
      if (!parsed.success) {
        const fields = Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
        );
        return apiError(400, {
          code: errorCodes.validation,
          message: 'Check the highlighted fields.',
          fields,
        });
      }
      return HttpResponse.json<UpdateOwnUserResponse>({
        message: 'User updated successfully',
        user: { ...user, ...parsed.data },
      });
    },
  ),
];
