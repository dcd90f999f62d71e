import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { authQueries } from '@/lib/auth/auth-queries';
import { firebaseConfig } from '@/lib/firebase/firebase-config';
import { loadPushMessaging } from '@/lib/firebase/load-push-messaging';
import type { PushMessage } from '@/lib/firebase/push-payload';
import { foregroundToast } from '@/lib/firebase/push-payload';
import type { ScreenOnShow } from '@/lib/notifications/announce-once';
import { announceOnce, announcementKey, opensScreenOnShow } from '@/lib/notifications/announce-once';
import { supportsPush } from '@/lib/pwa/device';
import { useNotificationActions } from '@/stores/notifications-store';
import { savePushToken } from '../api/save-push-token';
import { startPushRegistration } from '../push-registration';

/** Spec 8: a push shown in the page is a success toast (status 1). */
const successStatus = 1;

/**
 * Spec 8's foreground toast, once per notification: the live event of the same notification may have raised it
 * (ADR 059). Firebase hands a foreground message to every window of the app; only the one on screen says it,
 * and not when it opens the screen on show.
 */
function isFirstAnnouncement(message: PushMessage, here: ScreenOnShow): boolean {
  if (document.visibilityState !== 'visible') return false;
  const { notificationId, notificationAt, link } = message.data ?? {};
  if (opensScreenOnShow(link, here)) return false;
  return !notificationId || !notificationAt || announceOnce(announcementKey(notificationId, notificationAt));
}

/** `notificationQueries.all()` of the bell (another feature's): the list and its unread count. */
const notificationsKey = ['notifications'] as const;

/**
 * Push for the signed-in user (spec 4): mounted once by the signed-in frame, renders nothing. Firebase loads
 * only here, and only in a build with its configuration, on a browser that supports push.
 */
export function PushNotifications() {
  // The /app guard has loaded the session; this reads it without fetching again.
  const { data: me } = useQuery({ ...authQueries.me(), enabled: false });
  const queryClient = useQueryClient();
  const router = useRouter();
  const { setNewNotification } = useNotificationActions();
  const userId = me?.user.id;

  useEffect(() => {
    if (!userId) return;
    return startPushRegistration({
      config: firebaseConfig,
      isSupported: supportsPush,
      notifications: () => Notification,
      clickTarget: document,
      serviceWorkerReady: () => navigator.serviceWorker.ready,
      loadMessaging: loadPushMessaging,
      storedToken: () => queryClient.getQueryData(authQueries.me().queryKey)?.user.firebaseToken ?? null,
      saveToken: (token) => savePushToken(queryClient, userId, token),
      onForegroundMessage: (message) => {
        void queryClient.invalidateQueries({ queryKey: notificationsKey });
        const { pathname, searchStr } = router.state.location;
        if (isFirstAnnouncement(message, { pathname, search: searchStr }))
          setNewNotification({ ...foregroundToast(message), status: successStatus });
      },
      storage: localStorage,
      now: Date.now,
    });
  }, [userId, queryClient, router, setNewNotification]);

  return null;
}
