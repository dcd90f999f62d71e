import { errorCodes } from '@contract/error-codes';
import {
  notificationCountResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationParamSchema,
  notificationPreferencesSchema,
  notificationResponseSchema,
  patchNotificationRequestSchema,
  type NotificationItem,
  type NotificationPreferences,
} from '@contract/notifications';
import { demoUsers } from '../data';
import { apiError, apiRoute, requestUser, unauthorized, validationFailure } from './respond';

/** The demo athlete's notifications, newest first: a day's batch unread, a coach's comment read. */
export const demoNotifications: NotificationItem[] = [
  {
    id: '0d7e0052-0000-4000-8000-000000000001',
    kind: 'workout_scheduled',
    title: 'New in your schedule',
    body: '2 workouts on Tuesday, March 3',
    status: 1,
    link: '/app/schedule?view=day&date=2026-03-03',
    read: false,
    createdAt: '2026-03-01T18:10:00.000Z',
  },
  {
    id: '0d7e0052-0000-4000-8000-000000000002',
    kind: 'workout_comment',
    title: 'Casey Brooks commented on your workout',
    body: 'Good session. Keep the hips down on the first pull.',
    status: 1,
    link: '/app/completed/0d7e0050-0000-4000-8000-000000000001',
    read: true,
    createdAt: '2026-03-01T18:05:00.000Z',
  },
];

const noSuchNotification = () =>
  apiError(404, { code: errorCodes.notFound, message: 'No such notification.' });

/**
 * `/api/notifications…` (issue 24): each user's list kept in memory, the demo athlete's seeded. Tests add
 * notifications to `byUser` (newest first) and install a fresh copy per test.
 */
export function createNotificationsFake() {
  const byUser = new Map<string, NotificationItem[]>([
    [demoUsers.athlete.id, demoNotifications.map((notification) => ({ ...notification }))],
  ]);
  const preferences = new Map<string, NotificationPreferences>();
  const listOf = (userId: string) => byUser.get(userId) ?? [];
  const unreadOf = (userId: string) => listOf(userId).filter((notification) => !notification.read).length;

  const handlers = [
    apiRoute(
      { method: 'get', path: '/api/notifications', responses: { 200: notificationListResponseSchema } },
      ({ request, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const query = notificationListQuerySchema.safeParse(
          Object.fromEntries(new URL(request.url).searchParams),
        );
        if (!query.success) return validationFailure(query.error);
        const { user, page, size } = query.data;
        if (user !== viewer.id) {
          return apiError(403, {
            code: errorCodes.forbidden,
            message: 'You can read only your own notifications.',
          });
        }
        const all = listOf(user);
        return reply(200, {
          data: all.slice(page * size, (page + 1) * size),
          page,
          size,
          total: all.length,
          unread: unreadOf(user),
        });
      },
    ),
    apiRoute(
      {
        method: 'get',
        path: '/api/notifications/preferences',
        responses: { 200: notificationPreferencesSchema },
      },
      ({ request, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        return reply(
          200,
          preferences.get(viewer.id) ?? { mutedKinds: [], quietFrom: null, quietUntil: null },
        );
      },
    ),
    apiRoute(
      {
        method: 'put',
        path: '/api/notifications/preferences',
        responses: { 200: notificationPreferencesSchema },
      },
      async ({ request, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const body = notificationPreferencesSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        const saved = { ...body.data, mutedKinds: [...new Set(body.data.mutedKinds)] };
        preferences.set(viewer.id, saved);
        return reply(200, saved);
      },
    ),
    apiRoute(
      {
        method: 'post',
        path: '/api/notifications/read-all',
        responses: { 200: notificationCountResponseSchema },
      },
      ({ request, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        for (const notification of listOf(viewer.id)) notification.read = true;
        return reply(200, { data: { unread: 0 } });
      },
    ),
    apiRoute(
      { method: 'patch', path: '/api/notifications/{id}', responses: { 200: notificationResponseSchema } },
      async ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const param = notificationParamSchema.safeParse(params);
        if (!param.success) return validationFailure(param.error);
        const body = patchNotificationRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        const notification = listOf(viewer.id).find((item) => item.id === param.data.id);
        if (!notification) return noSuchNotification();
        notification.read = body.data.read;
        return reply(200, { data: notification });
      },
    ),
    apiRoute(
      {
        method: 'delete',
        path: '/api/notifications/{id}',
        responses: { 200: notificationCountResponseSchema },
      },
      ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const param = notificationParamSchema.safeParse(params);
        if (!param.success) return validationFailure(param.error);
        const all = listOf(viewer.id);
        if (!all.some((item) => item.id === param.data.id)) return noSuchNotification();
        byUser.set(
          viewer.id,
          all.filter((item) => item.id !== param.data.id),
        );
        return reply(200, { data: { unread: unreadOf(viewer.id) } });
      },
    ),
  ];
  return { handlers, byUser, preferences };
}

export const notificationHandlersOfDemo = createNotificationsFake().handlers;
