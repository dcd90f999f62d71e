import type { NotificationItem } from '@contract/notifications';
import { demoUsers } from '@mocks/data';
import { createLiveEventsFake } from '@mocks/handlers/live-events';
import { createNotificationsFake } from '@mocks/handlers/notifications';
import { server } from '@mocks/server';
import { act, screen, within } from '@testing-library/react';
import { authQueries } from '@/lib/auth/auth-queries';
import type * as FirebaseConfigModule from '@/lib/firebase/firebase-config';
import type { PushMessaging } from '@/lib/firebase/load-push-messaging';
import type { PushMessage } from '@/lib/firebase/push-payload';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

// A build with Firebase configured; the tests' own build has none.
vi.mock('@/lib/firebase/firebase-config', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseConfigModule>()),
  firebaseConfig: {
    apiKey: 'key',
    projectId: 'connect',
    messagingSenderId: '123',
    appId: '1:123:web:abc',
    vapidKey: 'BPublicKey',
  },
}));

// Firebase Messaging, at the edge of the app: a token for this browser and a way to deliver a message.
const firebase = vi.hoisted(() => {
  let deliver: ((message: PushMessage) => void) | undefined;
  return {
    /** Firebase Messaging is loaded: the first step of a registration. */
    load: vi.fn<() => void>(),
    getToken: vi.fn<PushMessaging['getToken']>(),
    deliver: (message: PushMessage) => deliver?.(message),
    messaging: (): PushMessaging => ({
      getToken: (registration) => firebase.getToken(registration),
      deleteToken: () => Promise.resolve(),
      onForegroundMessage: (listener) => {
        deliver = listener;
        return () => {
          deliver = undefined;
        };
      },
    }),
  };
});
vi.mock('@/lib/firebase/load-push-messaging', () => ({
  loadPushMessaging: () => {
    firebase.load();
    return Promise.resolve(firebase.messaging());
  },
}));

/** A browser with push: a worker, the Notification API that answers `answer`, a push manager, HTTPS. */
function emulatePushBrowser(answer: NotificationPermission, permission: NotificationPermission = 'default') {
  const requestPermission = vi.fn(() => Promise.resolve(answer));
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('isSecureContext', true);
  const registration = { scope: 'http://localhost:3000/' } as ServiceWorkerRegistration;
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration) },
  });
  return { requestPermission, registration };
}

/** How many times a toast with this text appeared (each time one was put on screen, as a person sees it). */
function countToastsSaying(text: string): () => number {
  let seen = 0;
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        if (
          node instanceof HTMLElement &&
          node.getAttribute('role') === 'status' &&
          node.textContent?.includes(text)
        ) {
          seen += 1;
        }
      }
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  onTestFinished(() => observer.disconnect());
  return () => seen;
}

function recordTokenUpdates() {
  const bodies: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname.startsWith('/api/users/')) {
      void request
        .clone()
        .json()
        .then((body) => bodies.push(body));
    }
  });
  return bodies;
}

describe('push in the signed-in area', () => {
  beforeEach(() => {
    firebase.load.mockReset();
    firebase.getToken.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(navigator, 'permissions');
  });

  it('asks on the first click and sends the token to the profile', async () => {
    const browser = emulatePushBrowser('granted');
    firebase.getToken.mockResolvedValue('fcm-token-1');
    const updates = recordTokenUpdates();
    signInAs(demoUsers.athlete);
    const { user, queryClient } = renderApp('/app/dashboard');
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await user.click(screen.getByRole('main'));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(updates).toEqual([{ firebaseToken: 'fcm-token-1' }]));
    expect(firebase.getToken).toHaveBeenCalledWith(browser.registration);
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(authQueries.me().queryKey)?.user.firebaseToken).toBe('fcm-token-1'),
    );
  });

  it('shows one toast for a notification that arrives both as a push and on the live stream', async () => {
    emulatePushBrowser('granted', 'granted');
    firebase.getToken.mockResolvedValue('fcm-token-1');
    const notifications = createNotificationsFake();
    const stream = createLiveEventsFake();
    server.use(...notifications.handlers, stream.handler);
    signInAs(demoUsers.athlete);
    const { user } = renderApp('/app/dashboard');
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await vi.waitFor(() => expect(stream.latest()).toBeDefined());
    await vi.waitFor(() => expect(firebase.getToken).toHaveBeenCalled());
    const toastsSeen = countToastsSaying('Casey Brooks corrected what was logged.');

    const arrived: NotificationItem = {
      id: '0d7e0052-0000-4000-8000-000000000009',
      kind: 'log_corrected',
      title: 'A workout of yours was corrected',
      body: 'Casey Brooks corrected what was logged.',
      status: 1,
      link: null,
      read: false,
      createdAt: new Date().toISOString(),
    };
    notifications.byUser.get(demoUsers.athlete.id)?.unshift(arrived);
    // The server pushes and writes the live event after the same commit; here the push comes first, and the person
    // dismisses whatever toast it raised before the live event lands.
    act(() =>
      firebase.deliver({
        data: {
          title: arrived.title,
          body: arrived.body,
          notificationId: arrived.id,
          notificationAt: arrived.createdAt,
        },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const dismiss of screen.queryAllByRole('button', { name: 'Dismiss notification' })) {
      await user.click(dismiss);
    }
    stream.latest()?.send({
      id: '101',
      kind: 'notifications',
      data: { notificationId: arrived.id, userId: demoUsers.athlete.id },
      at: arrived.createdAt,
    });

    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    await vi.waitFor(() => expect(toastsSeen()).toBeGreaterThan(0));
    // Long enough for a second toast to have shown.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toastsSeen()).toBe(1);
  });

  it('shows the spec’s success toast for a push in the foreground, and the bell reads again', async () => {
    emulatePushBrowser('granted', 'granted');
    firebase.getToken.mockResolvedValue('fcm-token-1');
    const notifications = createNotificationsFake();
    server.use(...notifications.handlers);
    signInAs(demoUsers.athlete);
    renderApp('/app/dashboard');
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await vi.waitFor(() => expect(firebase.getToken).toHaveBeenCalled());

    // What the push is about: the coach's comment, unread again on the server.
    const comment = notifications.byUser.get(demoUsers.athlete.id)?.find((item) => item.read);
    if (comment) comment.read = false;
    act(() => firebase.deliver({ data: { title: 'Schedule', body: 'Practice moves to 6 pm' } }));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(await screen.findByText('Practice moves to 6 pm')).toBeInTheDocument();
  });

  it('leaves the profile alone when the user declines', async () => {
    const browser = emulatePushBrowser('denied');
    const updates = recordTokenUpdates();
    signInAs(demoUsers.athlete);
    const { user } = renderApp('/app/dashboard');
    await user.click(await screen.findByRole('main'));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    // Resumes after the app's own handler of the answer, which starts a registration by loading Firebase.
    await browser.requestPermission.mock.results[0]?.value;
    expect(firebase.load).not.toHaveBeenCalled();
    expect(firebase.getToken).not.toHaveBeenCalled();
    expect(updates).toEqual([]);
  });

  it('says on the profile that this browser blocks notifications, and the settings still save', async () => {
    emulatePushBrowser('denied', 'denied');
    const fake = createNotificationsFake();
    server.use(...fake.handlers);
    signInAs(demoUsers.athlete);
    const { user } = renderApp('/app/profile');
    const form = await screen.findByRole('form', { name: 'Notification settings' });
    expect(within(form).getByRole('status')).toHaveTextContent(
      'Notifications are blocked for this app in this browser.',
    );
    await user.click(within(form).getByRole('switch', { name: 'New workouts in my schedule' }));
    await user.click(within(form).getByRole('button', { name: 'Save notification settings' }));
    await vi.waitFor(() =>
      expect(fake.preferences.get(demoUsers.athlete.id)?.mutedKinds).toEqual(['workout_scheduled']),
    );
  });

  it('says nothing about push on the profile when this browser allows it', async () => {
    emulatePushBrowser('granted', 'granted');
    firebase.getToken.mockResolvedValue('fcm-token-1');
    signInAs(demoUsers.athlete);
    renderApp('/app/profile');
    const form = await screen.findByRole('form', { name: 'Notification settings' });
    expect(within(form).queryByRole('status')).toBeNull();
  });

  it('says so on the profile as soon as the browser blocks notifications', async () => {
    const browser = emulatePushBrowser('granted', 'granted');
    firebase.getToken.mockResolvedValue('fcm-token-1');
    const permission = new EventTarget();
    Object.defineProperty(navigator, 'permissions', {
      configurable: true,
      value: { query: () => Promise.resolve(permission) },
    });
    signInAs(demoUsers.athlete);
    renderApp('/app/profile');
    const form = await screen.findByRole('form', { name: 'Notification settings' });
    expect(within(form).queryByRole('status')).toBeNull();

    vi.stubGlobal('Notification', { permission: 'denied', requestPermission: browser.requestPermission });
    act(() => {
      permission.dispatchEvent(new Event('change'));
    });
    expect(within(form).getByRole('status')).toHaveTextContent(
      'Notifications are blocked for this app in this browser.',
    );
  });
});
