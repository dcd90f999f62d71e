/// <reference lib="webworker" />
import { initializeApp } from 'firebase/app';
import { getMessaging, onBackgroundMessage } from 'firebase/messaging/sw';
import type { FirebaseWebConfig } from './firebase-config';
import { backgroundNotification } from './push-payload';

declare const self: ServiceWorkerGlobalScope;

/**
 * Service worker side of push. Firebase's own `push` listener (added by `getMessaging`) forwards a message to
 * visible pages of ours, where `onMessage` shows a toast; with none visible it calls the handler below.
 */
export function startBackgroundMessages(config: FirebaseWebConfig): void {
  const { apiKey, projectId, messagingSenderId, appId } = config;
  const messaging = getMessaging(initializeApp({ apiKey, projectId, messagingSenderId, appId }));
  // Firebase awaits what the handler returns inside the push event: the notification is up before it ends.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the promise is wanted, see above
  onBackgroundMessage(messaging, (message) => {
    const { title, options } = backgroundNotification(message, self.location.origin);
    return self.registration.showNotification(title, options);
  });
}
