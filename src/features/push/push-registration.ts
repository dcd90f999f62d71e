import type { FirebaseWebConfig } from '@/lib/firebase/firebase-config';
import type { PushMessaging } from '@/lib/firebase/load-push-messaging';
import type { PushMessage } from '@/lib/firebase/push-payload';

/** Spec 9: the push token is fetched afresh once it is this old. */
export const pushTokenRefreshIntervalMs = 7 * 24 * 60 * 60 * 1000;
/** When this browser last fetched a fresh push token (epoch ms): the token belongs to the device, not the user. */
export const pushTokenFetchedAtKey = 'push-token-fetched-at';

type NotificationPermissionApi = {
  readonly permission: NotificationPermission;
  requestPermission: () => Promise<NotificationPermission>;
};

/** Everything push registration touches, passed in so tests can stand in for the browser and Firebase. */
export interface PushRegistrationDependencies {
  /** Null when the build has no Firebase configuration: push is off. */
  config: FirebaseWebConfig | null;
  /** Spec 5: service worker, Notification API, push manager and a secure context. */
  isSupported: () => boolean;
  /** The Notification API, read only once support is known (it does not exist everywhere). */
  notifications: () => NotificationPermissionApi;
  /** Where the first click is awaited (the document). */
  clickTarget: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** The app's own worker registration, once it is active. */
  serviceWorkerReady: () => Promise<ServiceWorkerRegistration>;
  loadMessaging: (config: FirebaseWebConfig) => Promise<PushMessaging>;
  /** The token on the user's profile (`/api/me`), read when it is compared. */
  storedToken: () => string | null;
  /** Sends a new token to the profile. */
  saveToken: (token: string) => Promise<void>;
  onForegroundMessage: (message: PushMessage) => void;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
}

function readFetchedAt(storage: PushRegistrationDependencies['storage']): number | null {
  try {
    const value = Number(storage.getItem(pushTokenFetchedAtKey) ?? Number.NaN);
    return Number.isFinite(value) ? value : null;
  } catch {
    // Blocked storage: no record, so the token counts as fresh from now.
    return null;
  }
}

function writeFetchedAt(storage: PushRegistrationDependencies['storage'], time: number): void {
  try {
    storage.setItem(pushTokenFetchedAtKey, String(time));
  } catch {
    // Nothing to keep it in: the token is simply refreshed on a later start.
  }
}

/**
 * Push for a signed-in user (spec 4, 6, 8). With no configuration or no browser support nothing happens. A
 * granted permission registers at once; an undecided one waits for the user's first click anywhere, asks then
 * and stops listening; a denied one is left alone. Registering loads Firebase, listens for foreground
 * messages, fetches the token (afresh after 7 days) and sends it to the profile only when it differs from the
 * stored one. Every failure is logged to the console and nothing else. Returns the cleanup.
 */
export function startPushRegistration(dependencies: PushRegistrationDependencies): () => void {
  const { config, clickTarget, storage, now } = dependencies;
  if (!config || !dependencies.isSupported()) return () => undefined;
  const notifications = dependencies.notifications();

  let stopped = false;
  let stopListening: (() => void) | undefined;

  async function fetchToken(messaging: PushMessaging, registration: ServiceWorkerRegistration) {
    const fetchedAt = readFetchedAt(storage);
    const isDue = fetchedAt !== null && now() - fetchedAt >= pushTokenRefreshIntervalMs;
    if (isDue) await messaging.deleteToken();
    const token = await messaging.getToken(registration);
    if (fetchedAt === null || isDue) writeFetchedAt(storage, now());
    return token;
  }

  async function register(activeConfig: FirebaseWebConfig) {
    const messaging = await dependencies.loadMessaging(activeConfig);
    if (stopped) return;
    stopListening = messaging.onForegroundMessage(dependencies.onForegroundMessage);
    const registration = await dependencies.serviceWorkerReady();
    if (stopped) return;
    const token = await fetchToken(messaging, registration);
    if (stopped || token === dependencies.storedToken()) return;
    await dependencies.saveToken(token);
  }

  const registerLoggingFailures = () => {
    register(config).catch((error: unknown) => {
      // Spec 8: push setup failures are for developers; the user sees nothing.
      console.error('Push notification setup failed:', error);
    });
  };

  const askOnFirstClick = () => {
    clickTarget.removeEventListener('click', askOnFirstClick, { capture: true });
    // Called inside the click, which is what lets the browser show its prompt.
    notifications
      .requestPermission()
      .then((permission) => {
        if (permission === 'granted' && !stopped) registerLoggingFailures();
      })
      .catch((error: unknown) => console.error('Push notification setup failed:', error));
  };

  if (notifications.permission === 'granted') registerLoggingFailures();
  else if (notifications.permission === 'default') {
    clickTarget.addEventListener('click', askOnFirstClick, { capture: true });
  }

  return () => {
    stopped = true;
    clickTarget.removeEventListener('click', askOnFirstClick, { capture: true });
    stopListening?.();
  };
}
