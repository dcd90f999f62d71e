import type { NotificationItem } from '@contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { removeNotificationById } from '@/stores/notification-list';
import type { NotificationPages } from './notification-queries';
import { notificationQueries } from './notification-queries';

/*
 * Mark read, mark all read and remove change the list at once (the drawer answers the tap), then read it again
 * from the server, which also keeps the other tabs right through the 'notifications' live event.
 */

type PagesChange = (pages: NotificationPages) => NotificationPages;

function useChangeNotifications(userId: string) {
  const queryClient = useQueryClient();
  const queryKey = notificationQueries.list(userId).queryKey;
  return {
    change: async (change: PagesChange) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (pages) => (pages ? change(pages) : pages));
      return before;
    },
    restore: (before: NotificationPages | undefined) => queryClient.setQueryData(queryKey, before),
    readAgain: () => queryClient.invalidateQueries({ queryKey }),
  };
}

const withEachPage =
  (
    data: (list: NotificationItem[]) => NotificationItem[],
    unread: (unread: number) => number,
    total: (total: number) => number = (value) => value,
  ): PagesChange =>
  (pages) => ({
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      data: data(page.data),
      unread: Math.max(0, unread(page.unread)),
      total: Math.max(0, total(page.total)),
    })),
  });

function isUnreadIn(pages: NotificationPages | undefined, id: string): boolean {
  return pages?.pages.some((page) => page.data.some((item) => item.id === id && !item.read)) ?? false;
}

export function useMarkNotificationRead(userId: string) {
  const { change, restore, readAgain } = useChangeNotifications(userId);
  return useMutation({
    mutationFn: (id: string) =>
      api.patch(`api/notifications/${id}`, { json: { read: true } }).json<unknown>(),
    onMutate: async (id) => {
      let wasUnread = false;
      const before = await change((pages) => {
        wasUnread = isUnreadIn(pages, id);
        return withEachPage(
          (list) => list.map((item) => (item.id === id ? { ...item, read: true } : item)),
          (unread) => (wasUnread ? unread - 1 : unread),
        )(pages);
      });
      return { before };
    },
    onError: (_error, _id, context) => restore(context?.before),
    onSettled: readAgain,
  });
}

export function useMarkAllNotificationsRead(userId: string) {
  const { change, restore, readAgain } = useChangeNotifications(userId);
  return useMutation({
    mutationFn: () => api.post('api/notifications/read-all').json<unknown>(),
    onMutate: async () => ({
      before: await change(
        withEachPage(
          (list) => list.map((item) => (item.read ? item : { ...item, read: true })),
          () => 0,
        ),
      ),
    }),
    onError: (_error, _variables, context) => restore(context?.before),
    onSettled: readAgain,
  });
}

export function useRemoveNotification(userId: string) {
  const { change, restore, readAgain } = useChangeNotifications(userId);
  return useMutation({
    mutationFn: (id: string) => api.delete(`api/notifications/${id}`).json<unknown>(),
    onMutate: async (id) => {
      let wasUnread = false;
      const before = await change((pages) => {
        wasUnread = isUnreadIn(pages, id);
        return withEachPage(
          (list) => removeNotificationById(list, id),
          (unread) => (wasUnread ? unread - 1 : unread),
          (total) => total - 1,
        )(pages);
      });
      return { before };
    },
    onError: (_error, _id, context) => restore(context?.before),
    onSettled: readAgain,
  });
}
