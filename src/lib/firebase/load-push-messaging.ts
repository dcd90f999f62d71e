import type { FirebaseWebConfig } from './firebase-config';
import type { PushMessaging } from './firebase-messaging';

export type { PushMessaging };

let loading: Promise<PushMessaging> | undefined;

/**
 * Loads Firebase Messaging (a separate chunk) and starts it, once per page. A failed load is forgotten, so the
 * next signed-in start tries again.
 */
export function loadPushMessaging(config: FirebaseWebConfig): Promise<PushMessaging> {
  // Spelled out here, next to the import, so a build without Firebase folds it to `true` and emits no Firebase
  // chunk at all (the service worker would otherwise precache one). A constant from another module is not folded.
  if (!(
    import.meta.env.VITE_FIREBASE_API_KEY &&
    import.meta.env.VITE_FIREBASE_PROJECT_ID &&
    import.meta.env.VITE_FIREBASE_MESSAGING_SENDER_ID &&
    import.meta.env.VITE_FIREBASE_APP_ID &&
    import.meta.env.VITE_FIREBASE_VAPID_KEY
  )) {
    return Promise.reject(new Error('This build has no Firebase configuration.'));
  }
  loading ??= import('./firebase-messaging').then(
    ({ createPushMessaging }) => createPushMessaging(config),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
