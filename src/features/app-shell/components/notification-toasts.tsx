import type { LiveEvent } from '@contract/live-events';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { defaultToastMessage } from '@/lib/firebase/push-payload';
import { subscribeToLiveEvents } from '@/lib/live-events/live-event-listeners';
import { announceOnce, announcementKey, opensScreenOnShow } from '@/lib/notifications/announce-once';
import { useNotificationActions } from '@/stores/notifications-store';
import { notificationQueries, notificationsOf } from '../api/notification-queries';
import { useSignedInUserId } from '../api/use-signed-in-user-id';

/** A notification made (or folded into, for a day's batch) this close to its event is new, not one marked unread again. */
const newWithinMs = 60_000;

/**
 * Spec 8's foreground toast for a notification that arrives while the app is on screen: the live event has made
 * the list read again; the new one is announced once, by the tab that is shown. Renders nothing.
 */
export function NotificationToasts() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const userId = useSignedInUserId();
  const { setNewNotification } = useNotificationActions();

  useEffect(() => {
    if (!userId) return;
    return subscribeToLiveEvents((event: LiveEvent) => {
      const { notificationId } = event.data;
      if (event.kind !== 'notifications' || !notificationId) return;
      if (document.visibilityState !== 'visible') return;
      const pages = queryClient.getQueryData(notificationQueries.list(userId).queryKey);
      const notification = notificationsOf(pages).find((item) => item.id === notificationId);
      if (!notification || notification.read) return;
      if (Math.abs(Date.parse(notification.createdAt) - Date.parse(event.at)) > newWithinMs) return;
      const { pathname, searchStr } = router.state.location;
      if (opensScreenOnShow(notification.link, { pathname, search: searchStr })) return;
      // The foreground push of the same notification may have announced it already.
      if (!announceOnce(announcementKey(notification.id, notification.createdAt))) return;
      setNewNotification({
        title: notification.title,
        message: notification.body.trim() || defaultToastMessage,
        status: 1,
      });
    });
  }, [queryClient, router, userId, setNewNotification]);

  return null;
}
