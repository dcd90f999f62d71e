import type { NotificationItem, NotificationListResponse } from '@contract/notifications';
import type { InfiniteData } from '@tanstack/react-query';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** Spec 3's `/api/notifications?user={id}`, newest first, a page at a time ("Show more"). */
export const notificationPageSize = 20;

export type NotificationPages = InfiniteData<NotificationListResponse>;

export const notificationQueries = {
  all: () => ['notifications'] as const,
  list: (userId: string) =>
    infiniteQueryOptions({
      queryKey: [...notificationQueries.all(), 'list', userId] as const,
      queryFn: async ({ signal, pageParam }) => {
        // The schema comes with the answer, not with the first screen (ADR 028): the bell is on every screen.
        const [{ notificationListResponseSchema }, body] = await Promise.all([
          import('@contract/notifications'),
          api
            .get('api/notifications', {
              signal,
              searchParams: { user: userId, page: pageParam, size: notificationPageSize },
            })
            .json<unknown>(),
        ]);
        return notificationListResponseSchema.parse(body);
      },
      initialPageParam: 0,
      getNextPageParam: (last) => ((last.page + 1) * last.size < last.total ? last.page + 1 : undefined),
    }),
};

/**
 * The pages as one list, newest first. A notification that arrived meanwhile shifts the later pages by one, so an
 * id already listed is skipped (spec 4's merge rule, from the other end).
 */
export function notificationsOf(pages: NotificationPages | undefined): NotificationItem[] {
  const seen = new Set<string>();
  const list: NotificationItem[] = [];
  for (const page of pages?.pages ?? []) {
    for (const notification of page.data) {
      if (seen.has(notification.id)) continue;
      seen.add(notification.id);
      list.push(notification);
    }
  }
  return list;
}

/** The bell's count: the server counts all unread, not only those on the loaded pages. */
export const unreadOf = (pages: NotificationPages | undefined): number => pages?.pages[0]?.unread ?? 0;
