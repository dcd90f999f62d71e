import { fireEvent } from '@testing-library/react';
import type { FirebaseWebConfig } from '@/lib/firebase/firebase-config';
import type { PushMessaging } from '@/lib/firebase/load-push-messaging';
import type { PushMessage } from '@/lib/firebase/push-payload';
import type { PushRegistrationDependencies } from './push-registration';
import {
  pushTokenFetchedAtKey,
  pushTokenRefreshIntervalMs,
  startPushRegistration,
} from './push-registration';

const config: FirebaseWebConfig = {
  apiKey: 'key',
  projectId: 'connect',
  messagingSenderId: '123',
  appId: '1:123:web:abc',
  vapidKey: 'BPublicKey',
};
const now = Date.parse('2027-03-10T09:00:00Z');
const day = 24 * 60 * 60 * 1000;

/** A browser, Firebase and profile stand-in: the user answers the prompt with `answer`. */
interface PushWorldOptions extends Partial<PushRegistrationDependencies> {
  /** What the browser says before anything is asked. */
  permission?: NotificationPermission;
  /** What the user answers at the prompt. */
  answer?: NotificationPermission;
  /** The token Firebase hands out. */
  token?: string;
  /** The token on the user's profile. */
  profileToken?: string | null;
}

function pushWorld({
  permission = 'default',
  answer = 'granted',
  token = 'fcm-token-1',
  profileToken = null,
  ...overrides
}: PushWorldOptions = {}) {
  let currentPermission = permission;
  let foregroundListener: ((message: PushMessage) => void) | undefined;
  const registration = { scope: 'https://demo.connect.test/' } as ServiceWorkerRegistration;
  const stopListening = vi.fn();
  const messaging = {
    getToken: vi.fn<PushMessaging['getToken']>().mockResolvedValue(token),
    deleteToken: vi.fn<PushMessaging['deleteToken']>().mockResolvedValue(undefined),
    stopListening,
    onForegroundMessage: vi.fn<PushMessaging['onForegroundMessage']>((listener) => {
      foregroundListener = listener;
      return stopListening;
    }),
  };
  const requestPermission = vi.fn(() => {
    currentPermission = answer;
    return Promise.resolve(answer);
  });
  const dependencies: PushRegistrationDependencies = {
    config,
    isSupported: () => true,
    notifications: () => ({
      get permission() {
        return currentPermission;
      },
      requestPermission,
    }),
    clickTarget: document,
    serviceWorkerReady: () => Promise.resolve(registration),
    loadMessaging: vi.fn(() => Promise.resolve(messaging)),
    storedToken: () => profileToken,
    saveToken: vi.fn(() => Promise.resolve()),
    onForegroundMessage: vi.fn(),
    storage: localStorage,
    now: () => now,
    ...overrides,
  };
  return {
    dependencies,
    messaging,
    registration,
    requestPermission,
    deliverForegroundMessage: (message: PushMessage) => foregroundListener?.(message),
  };
}

const clickAnywhere = () => fireEvent.click(document.body);
/** Lets the registration's chain of promises run out. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

describe('asking for permission (spec 4)', () => {
  it('asks only on the first click, once, and then registers the token', async () => {
    const world = pushWorld();
    stop = startPushRegistration(world.dependencies);
    await settle();
    expect(world.requestPermission).not.toHaveBeenCalled();

    clickAnywhere();
    expect(world.requestPermission).toHaveBeenCalledTimes(1);
    clickAnywhere();
    expect(world.requestPermission).toHaveBeenCalledTimes(1);

    await vi.waitFor(() => expect(world.dependencies.saveToken).toHaveBeenCalledWith('fcm-token-1'));
    expect(world.messaging.getToken).toHaveBeenCalledWith(world.registration);
  });

  it('does nothing more when the user declines at the prompt', async () => {
    const world = pushWorld({ answer: 'denied' });
    stop = startPushRegistration(world.dependencies);
    clickAnywhere();
    await settle();
    expect(world.requestPermission).toHaveBeenCalledTimes(1);
    expect(world.dependencies.loadMessaging).not.toHaveBeenCalled();
  });

  it('never asks, nor loads Firebase, when permission was denied before', async () => {
    const world = pushWorld({ permission: 'denied' });
    stop = startPushRegistration(world.dependencies);
    clickAnywhere();
    await settle();
    expect(world.requestPermission).not.toHaveBeenCalled();
    expect(world.dependencies.loadMessaging).not.toHaveBeenCalled();
  });

  it('registers at once, without asking, when permission was granted before', async () => {
    const world = pushWorld({ permission: 'granted' });
    stop = startPushRegistration(world.dependencies);
    await vi.waitFor(() => expect(world.dependencies.saveToken).toHaveBeenCalledWith('fcm-token-1'));
    clickAnywhere();
    expect(world.requestPermission).not.toHaveBeenCalled();
  });

  it('stops waiting for the click when the signed-in area is left', async () => {
    const world = pushWorld();
    startPushRegistration(world.dependencies)();
    clickAnywhere();
    await settle();
    expect(world.requestPermission).not.toHaveBeenCalled();
  });
});

describe('push switched off', () => {
  it('does nothing in a build without the Firebase configuration', async () => {
    const notifications = vi.fn();
    const world = pushWorld({ config: null, notifications });
    stop = startPushRegistration(world.dependencies);
    clickAnywhere();
    await settle();
    expect(notifications).not.toHaveBeenCalled();
    expect(world.dependencies.loadMessaging).not.toHaveBeenCalled();
  });

  it('does nothing on a browser without push support', async () => {
    const notifications = vi.fn();
    const world = pushWorld({ isSupported: () => false, notifications });
    stop = startPushRegistration(world.dependencies);
    clickAnywhere();
    await settle();
    expect(notifications).not.toHaveBeenCalled();
    expect(world.dependencies.loadMessaging).not.toHaveBeenCalled();
  });
});

describe('the token on the profile (spec 4, 7)', () => {
  it('is sent when it differs from the stored one', async () => {
    const world = pushWorld({ permission: 'granted', profileToken: 'an-old-token' });
    stop = startPushRegistration(world.dependencies);
    await vi.waitFor(() => expect(world.dependencies.saveToken).toHaveBeenCalledTimes(1));
    expect(world.dependencies.saveToken).toHaveBeenCalledWith('fcm-token-1');
  });

  it('is not sent again when it is the stored one', async () => {
    const world = pushWorld({ permission: 'granted', profileToken: 'fcm-token-1' });
    stop = startPushRegistration(world.dependencies);
    await vi.waitFor(() => expect(world.messaging.getToken).toHaveBeenCalled());
    await settle();
    expect(world.dependencies.saveToken).not.toHaveBeenCalled();
  });
});

describe('the 7-day refresh (spec 9)', () => {
  it('records when the first token was fetched', async () => {
    const world = pushWorld({ permission: 'granted' });
    stop = startPushRegistration(world.dependencies);
    await vi.waitFor(() => expect(localStorage.getItem(pushTokenFetchedAtKey)).toBe(String(now)));
    expect(world.messaging.deleteToken).not.toHaveBeenCalled();
  });

  it('keeps a token younger than 7 days', async () => {
    localStorage.setItem(pushTokenFetchedAtKey, String(now - 6 * day));
    const world = pushWorld({ permission: 'granted', profileToken: 'fcm-token-1' });
    stop = startPushRegistration(world.dependencies);
    await vi.waitFor(() => expect(world.messaging.getToken).toHaveBeenCalled());
    await settle();
    expect(world.messaging.deleteToken).not.toHaveBeenCalled();
    expect(localStorage.getItem(pushTokenFetchedAtKey)).toBe(String(now - 6 * day));
  });

  it('deletes a 7-day-old token and fetches a fresh one, which goes to the profile', async () => {
    localStorage.setItem(pushTokenFetchedAtKey, String(now - pushTokenRefreshIntervalMs));
    const world = pushWorld({ permission: 'granted', profileToken: 'fcm-token-1', token: 'fcm-token-2' });
    stop = startPushRegistration(world.dependencies);
    await vi.waitFor(() => expect(world.dependencies.saveToken).toHaveBeenCalledWith('fcm-token-2'));
    expect(world.messaging.deleteToken.mock.invocationCallOrder[0]).toBeLessThan(
      world.messaging.getToken.mock.invocationCallOrder[0] ?? 0,
    );
    expect(localStorage.getItem(pushTokenFetchedAtKey)).toBe(String(now));
  });
});

describe('messages while the app is open', () => {
  it('are handed on to become a toast, until the signed-in area is left', async () => {
    const world = pushWorld({ permission: 'granted' });
    stop = startPushRegistration(world.dependencies);
    await vi.waitFor(() => expect(world.messaging.onForegroundMessage).toHaveBeenCalled());

    world.deliverForegroundMessage({ data: { body: 'Practice moved' } });
    expect(world.dependencies.onForegroundMessage).toHaveBeenCalledWith({ data: { body: 'Practice moved' } });

    stop();
    stop = undefined;
    expect(world.messaging.stopListening).toHaveBeenCalled();
  });
});

describe('failures (spec 8)', () => {
  it('go to the console only when Firebase cannot give a token', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const world = pushWorld({ permission: 'granted' });
    const failure = new Error('messaging/token-subscribe-failed');
    world.messaging.getToken.mockRejectedValue(failure);
    stop = startPushRegistration(world.dependencies);
    await vi.waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith('Push notification setup failed:', failure),
    );
    expect(world.dependencies.saveToken).not.toHaveBeenCalled();
    expect(localStorage.getItem(pushTokenFetchedAtKey)).toBeNull();
  });

  it('go to the console only when Firebase does not load or the profile is not updated', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offline = new TypeError('Failed to fetch');
    const world = pushWorld({ permission: 'granted', loadMessaging: () => Promise.reject(offline) });
    stop = startPushRegistration(world.dependencies);
    await vi.waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith('Push notification setup failed:', offline),
    );

    const rejected = new Error('HTTP 500');
    const second = pushWorld({ permission: 'granted', saveToken: () => Promise.reject(rejected) });
    const stopSecond = startPushRegistration(second.dependencies);
    await vi.waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith('Push notification setup failed:', rejected),
    );
    stopSecond();
  });
});
