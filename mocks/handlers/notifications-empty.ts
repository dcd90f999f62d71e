import type { NotificationListResponse } from '@contract/notifications';
import { notificationListQuerySchema } from '@contract/notifications';
import { http, HttpResponse } from 'msw';
import { requestUser, unauthorized, validationFailure } from './respond';

/**
 * Until the notifications area's own fake lands (issue 24): every user has none, so the header's bell on every
 * signed-in screen has its answer. Plain `http`, not `apiRoute`: the server's route is not on this branch yet.
 * Tests of the drawer install a fuller fake with `server.use`.
 */
export const emptyNotificationHandlers = [
  http.get('*/api/notifications', ({ request }): Response => {
    if (!requestUser(request)) return unauthorized();
    const query = notificationListQuerySchema.safeParse(
      Object.fromEntries(new URL(request.url).searchParams),
    );
    if (!query.success) return validationFailure(query.error);
    return HttpResponse.json<NotificationListResponse>({
      data: [],
      page: query.data.page,
      size: query.data.size,
      total: 0,
      unread: 0,
    });
  }),
];
