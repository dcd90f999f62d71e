import { getApps, initializeApp } from 'firebase/app';
import { deleteToken, getMessaging, getToken, onMessage } from 'firebase/messaging';
import type { FirebaseWebConfig } from './firebase-config';
import type { PushMessage } from './push-payload';

/** What the page needs of Firebase Messaging; loaded only by `loadPushMessaging`, never with the first screen. */
export interface PushMessaging {
  /** This browser's FCM registration token, made with the app's own worker (not Firebase's default one). */
  getToken: (registration: ServiceWorkerRegistration) => Promise<string>;
  /** Drops the token at FCM and the browser's push subscription, so the next `getToken` makes a fresh one. */
  deleteToken: () => Promise<void>;
  /** Messages that arrive while a page of the app is visible; returns the unsubscribe. */
  onForegroundMessage: (listener: (message: PushMessage) => void) => () => void;
}

export function createPushMessaging(config: FirebaseWebConfig): PushMessaging {
  const { apiKey, projectId, messagingSenderId, appId, vapidKey } = config;
  const app = getApps()[0] ?? initializeApp({ apiKey, projectId, messagingSenderId, appId });
  const messaging = getMessaging(app);
  return {
    // Token-based although Firebase 12 marks it deprecated: the server sends to registration tokens (ADR 014).
    getToken: (registration) => getToken(messaging, { vapidKey, serviceWorkerRegistration: registration }),
    deleteToken: async () => {
      await deleteToken(messaging);
    },
    onForegroundMessage: (listener) => onMessage(messaging, listener),
  };
}
