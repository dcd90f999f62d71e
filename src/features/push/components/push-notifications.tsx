import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authQueries } from '@/lib/auth/auth-queries';
import { firebaseConfig } from '@/lib/firebase/firebase-config';
import { loadPushMessaging } from '@/lib/firebase/load-push-messaging';
import { supportsPush } from '@/lib/pwa/device';
import { savePushToken } from '../api/save-push-token';
import { startPushRegistration } from '../push-registration';

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
      // The live event of the same notification raises the page's toast (ADR 059); a second one would repeat it.
      // The push still has the bell read again, in case the live stream is down.
      onForegroundMessage: () => void queryClient.invalidateQueries({ queryKey: notificationsKey }),
      storage: localStorage,
      now: Date.now,
    });
  }, [userId, queryClient]);

  return null;
}
