import type { BrowserContext, CDPSession, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, demoPassword, signInToDashboard, waitUntilUsableOffline } from './support/browser';
import { useAppContexts } from './support/contexts';
import { firebaseTestConfig } from './support/firebase-test-config';

const projectId = firebaseTestConfig.VITE_FIREBASE_PROJECT_ID;
const senderId = firebaseTestConfig.VITE_FIREBASE_MESSAGING_SENDER_ID;
const installationsUrl = `https://firebaseinstallations.googleapis.com/v1/projects/${projectId}/installations`;
const registrationsUrl = `https://fcmregistrations.googleapis.com/v1/projects/${projectId}/registrations`;
const fcmToken = 'e2e-fcm-token-1';

interface PushProbe {
  permissionRequests: number;
  subscriptionLookups: number;
}

/**
 * Runs in every page before the app: counts permission requests, and stands in for the browser's push service
 * (headless Chromium has none) with a subscription of fixed keys, so Firebase sees the same one on every load.
 */
function stubPushService() {
  const probe: PushProbe = { permissionRequests: 0, subscriptionLookups: 0 };
  (window as unknown as { pushProbe: PushProbe }).pushProbe = probe;

  const askBrowser = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = () => {
    probe.permissionRequests += 1;
    return askBrowser();
  };

  const bytes = (length: number, seed: number) =>
    Uint8Array.from({ length }, (_, index) => (seed + index * 7) % 256).buffer;
  const keys: Record<string, ArrayBuffer> = { p256dh: bytes(65, 4), auth: bytes(16, 9) };
  let subscribed = false;
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-subscription',
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: null },
    getKey: (name: string) => keys[name] ?? null,
    toJSON: () => ({ endpoint: subscription.endpoint }),
    unsubscribe: () => {
      subscribed = false;
      return Promise.resolve(true);
    },
  };
  PushManager.prototype.getSubscription = function getSubscription() {
    probe.subscriptionLookups += 1;
    return Promise.resolve((subscribed ? subscription : null) as PushSubscription | null);
  };
  PushManager.prototype.subscribe = function subscribe() {
    subscribed = true;
    return Promise.resolve(subscription as unknown as PushSubscription);
  };
}

const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    'Content-Type, Accept, x-goog-api-key, x-goog-firebase-installations-auth, x-firebase-client, Authorization',
};

/** Firebase's two registration hosts, answered with the shapes of their real responses. */
async function answerFirebase(route: Route): Promise<void> {
  const request = route.request();
  if (request.method() === 'OPTIONS') {
    await route.fulfill({ status: 204, headers: corsHeaders });
    return;
  }
  const url = request.url();
  if (url === installationsUrl && request.method() === 'POST') {
    const { fid } = request.postDataJSON() as { fid: string };
    await route.fulfill({
      headers: corsHeaders,
      json: {
        name: `projects/${projectId}/installations/${fid}`,
        fid,
        refreshToken: 'e2e-refresh-token',
        authToken: { token: 'e2e-installation-auth-token', expiresIn: '604800s' },
      },
    });
    return;
  }
  if (url === registrationsUrl && request.method() === 'POST') {
    await route.fulfill({ headers: corsHeaders, json: { token: fcmToken } });
    return;
  }
  await route.fulfill({ status: 404, headers: corsHeaders, json: { error: { code: 404, message: url } } });
}

/** An FCM push as it reaches the service worker: the server sends data-only messages (ADR 014). */
function fcmPush(data: Record<string, string>, messageId: string): string {
  return JSON.stringify({ data, from: senderId, priority: 'normal', fcmMessageId: messageId });
}

describe('push notifications in Chromium against the real server', () => {
  const openContext = useAppContexts();

  async function open(): Promise<{
    context: BrowserContext;
    page: Page;
    tokenUpdates: string[];
    pushErrors: string[];
  }> {
    const opened = await openContext({
      serviceWorkers: 'allow',
      answerExternal: async (route) => {
        const host = new URL(route.request().url()).host;
        if (host !== 'firebaseinstallations.googleapis.com' && host !== 'fcmregistrations.googleapis.com') {
          return false;
        }
        await answerFirebase(route);
        return true;
      },
    });
    await opened.addInitScript(stubPushService);
    const page = await opened.newPage();
    const tokenUpdates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/users/')) {
        tokenUpdates.push(request.postData() ?? '');
      }
    });
    // Spec 8: push failures go to the console; this test expects none.
    const pushErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /push/i.test(message.text())) pushErrors.push(message.text());
    });
    page.on('pageerror', (error) => pushErrors.push(error.message));
    return { context: opened, page, tokenUpdates, pushErrors };
  }

  async function signIn(page: Page) {
    await signInToDashboard(page, 'athlete@demo.test');
    await page.getByRole('main').waitFor();
  }

  /** The athlete starts with no token on the profile, whatever an earlier run against this server left. */
  async function clearServerFirebaseToken(page: Page) {
    const login = await page.request.post('/api/login', {
      data: { email: 'athlete@demo.test', password: demoPassword },
    });
    const { token, user } = (await login.json()) as { token: string; user: { id: string } };
    const cleared = await page.request.post(`/api/users/${user.id}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { firebaseToken: null },
    });
    expect(cleared.ok()).toBe(true);
  }

  const probe = (page: Page) =>
    page.evaluate(() => (window as unknown as { pushProbe: PushProbe }).pushProbe);

  /** The signed-in user as the server has it, read with the page's own session. */
  async function serverFirebaseToken(page: Page): Promise<string | null> {
    return page.evaluate(async () => {
      const stored = localStorage.getItem('connect.auth.v1') ?? sessionStorage.getItem('connect.auth.v1');
      const { token } = JSON.parse(stored ?? '{}') as { token?: string };
      const response = await fetch('/api/me', { headers: { Authorization: `Bearer ${token ?? ''}` } });
      const me = (await response.json()) as { user: { firebaseToken: string | null } };
      return me.user.firebaseToken;
    });
  }

  /** Delivers a push to the app's worker through DevTools, as the browser's push service would. */
  async function deliverPush(session: CDPSession, registrationId: string, data: string) {
    await session.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseUrl()).origin,
      registrationId,
      data,
    });
  }

  async function workerRegistrationId(session: CDPSession): Promise<string> {
    const scope = `${new URL(baseUrl()).origin}/`;
    const found = new Promise<string>((resolve) => {
      session.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find(
          (registration) => registration.scopeURL === scope && !registration.isDeleted,
        );
        if (ours) resolve(ours.registrationId);
      });
    });
    await session.send('ServiceWorker.enable');
    return found;
  }

  it('asks only after a click, registers the token once, and shows pushes as a toast or a notification', async () => {
    const { context: opened, page, tokenUpdates, pushErrors } = await open();
    await clearServerFirebaseToken(page);
    await signIn(page);
    await waitUntilUsableOffline(page);
    expect(await page.evaluate(() => Notification.permission)).toBe('default');

    // Spec 4: nothing is asked before the user does anything.
    await page.waitForTimeout(1_500);
    expect((await probe(page)).permissionRequests).toBe(0);

    // The user's answer, given ahead so the prompt resolves at once in headless Chromium.
    await opened.grantPermissions(['notifications']);
    const main = page.getByRole('main');
    await main.click({ position: { x: 4, y: 4 } });
    expect((await probe(page)).permissionRequests).toBe(1);
    await main.click({ position: { x: 4, y: 4 } });
    expect((await probe(page)).permissionRequests).toBe(1);

    await expect.poll(() => serverFirebaseToken(page), { timeout: 15_000 }).toBe(fcmToken);
    expect(tokenUpdates).toEqual([JSON.stringify({ firebaseToken: fcmToken })]);

    // The next start finds the same token on the profile and sends nothing; nor does it ask again.
    await page.reload();
    await page.getByRole('main').waitFor();
    await expect
      .poll(async () => (await probe(page)).subscriptionLookups, { timeout: 15_000 })
      .toBeGreaterThan(0);
    await page.waitForTimeout(1_000);
    expect(tokenUpdates).toHaveLength(1);
    expect((await probe(page)).permissionRequests).toBe(0);

    // A push while the app is visible: Firebase hands it to the page, which shows the toast.
    const session = await opened.newCDPSession(page);
    const registrationId = await workerRegistrationId(session);
    await deliverPush(
      session,
      registrationId,
      fcmPush({ title: 'Schedule', body: 'Practice moves to 6 pm', link: '/app/dashboard' }, '1'),
    );
    const toast = page.getByRole('status').filter({ hasText: 'Practice moves to 6 pm' });
    await toast.waitFor();
    await deliverPush(session, registrationId, fcmPush({}, '2'));
    await page.getByRole('status').filter({ hasText: 'New notification received' }).waitFor();
    await session.detach();
    expect(pushErrors).toEqual([]);

    // A push with no page of the app open: the worker shows a system notification with the defaults.
    const [worker] = opened.serviceWorkers();
    if (!worker) throw new Error('The app has no service worker running.');
    // Firebase forwards a push to any visible page of the app; with none left the worker shows it itself.
    const blank = await opened.newPage();
    await page.close();
    // A closed page stays among the worker's clients for a moment; a push then would go to it, and show nothing.
    const appWindows = () =>
      worker.evaluate(async () => {
        const { clients } = self as unknown as {
          clients: { matchAll: (options: object) => Promise<{ url: string }[]> };
        };
        const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
        return windows.filter((client) => client.url.startsWith(self.location.origin)).length;
      });
    await expect.poll(appWindows, { timeout: 10_000 }).toBe(0);
    const blankSession = await opened.newCDPSession(blank);
    const blankRegistrationId = await workerRegistrationId(blankSession);
    await deliverPush(
      blankSession,
      blankRegistrationId,
      fcmPush({ body: 'Sam logged a workout', link: '/app/workouts' }, '3'),
    );
    /** The notifications the worker has up, read inside the worker. */
    const shown = () =>
      worker.evaluate(async () => {
        const { registration } = self as unknown as { registration: ServiceWorkerRegistration };
        const notifications = await registration.getNotifications();
        return notifications.map((notification) => ({
          title: notification.title,
          body: notification.body,
          icon: notification.icon,
          data: notification.data as unknown,
        }));
      });
    await expect.poll(shown, { timeout: 10_000 }).toHaveLength(1);
    const origin = new URL(baseUrl()).origin;
    expect(await shown()).toEqual([
      {
        title: 'New Message',
        body: 'Sam logged a workout',
        icon: `${origin}/api/branding/icons/192.png`,
        data: { link: `${origin}/app/workouts` },
      },
    ]);
  });
});
