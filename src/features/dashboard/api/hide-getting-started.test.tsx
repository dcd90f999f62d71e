import { demoOrganization, demoUsers } from '@mocks/data';
import { server } from '@mocks/server';
import type { QueryClient } from '@tanstack/react-query';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { configureOfflineCache, discardOfflineCache } from '@/lib/query-persistence/offline-cache';
import type { MemoryStorage } from '@/testing/offline-cache';
import {
  freshPageState,
  installMemoryOfflineCache,
  loseConnection,
  openAppFromDevice,
  regainConnection,
} from '@/testing/offline-cache';
import { signInAs } from '@/testing/sign-in-as';
import { registerHideGettingStartedWrite } from './hide-getting-started';

interface SentUpdate {
  body: unknown;
  idempotencyKey: string | null;
}

/**
 * Records every POST /api/users/{id} (body and Idempotency-Key), then lets the mock API answer it; from then
 * on /api/me answers with the change, as the real server keeps it (the mock's demo users never change).
 */
function recordUserUpdates(): SentUpdate[] {
  const sent: SentUpdate[] = [];
  server.use(
    http.get('*/api/me', () =>
      sent.length === 0
        ? undefined
        : HttpResponse.json({
            user: { ...demoUsers.athlete, onboardingHidden: true },
            organization: demoOrganization,
          }),
    ),
    http.post('*/api/users/:userId', async ({ request }) => {
      sent.push({
        body: await request.clone().json(),
        idempotencyKey: request.headers.get('Idempotency-Key'),
      });
    }),
  );
  return sent;
}

const gettingStartedHeading = () => screen.queryByRole('heading', { level: 2, name: 'Getting started' });
const waitingNotice = /Saved on this device — will sync when you’re back online/;

let storage: MemoryStorage;
const pages: QueryClient[] = [];

async function openDashboard() {
  const app = await openAppFromDevice('/app/dashboard', registerHideGettingStartedWrite);
  pages.push(app.queryClient);
  await screen.findByRole('heading', { level: 1, name: 'Welcome, Jamie' });
  return app;
}

beforeEach(() => {
  storage = installMemoryOfflineCache();
  signInAs(demoUsers.athlete);
});

afterEach(async () => {
  for (const queryClient of pages.splice(0)) await discardOfflineCache(queryClient);
  configureOfflineCache({});
  onlineManager.setOnline(true);
});

describe("hiding 'Getting started' for good", () => {
  it('hides the widget at once, then saves onboardingHidden on the server with an Idempotency-Key', async () => {
    let answer: () => void = () => undefined;
    server.use(
      http.post(
        '*/api/users/:userId',
        () => new Promise<undefined>((resolve) => (answer = () => resolve(undefined))),
      ),
    );
    const sent = recordUserUpdates();
    const { user } = await openDashboard();

    await user.click(await screen.findByRole('button', { name: 'I’ve got it' }));

    expect(gettingStartedHeading()).not.toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ onboardingHidden: true });
    expect(sent[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    act(() => answer());
    await waitFor(() => expect(screen.queryByRole('button', { name: /Customize/ })).toHaveFocus());
    expect(gettingStartedHeading()).not.toBeInTheDocument();
    expect(screen.queryByText(waitingNotice)).not.toBeInTheDocument();
  });

  it('offline: keeps the write on the device through a reload, then sends it once with the same key', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // Spec 8: offline, settings fetches log.
    const sent = recordUserUpdates();
    const firstPage = await openDashboard();
    loseConnection();

    await firstPage.user.click(await screen.findByRole('button', { name: 'I’ve got it' }));

    expect(gettingStartedHeading()).not.toBeInTheDocument();
    expect(await screen.findByText(waitingNotice)).toBeInTheDocument();
    await vi.waitFor(() => expect(storage.stored()?.clientState.mutations).toHaveLength(1), {
      timeout: 3000,
    });
    const queued = storage.stored()?.clientState.mutations[0]?.state.variables as { idempotencyKey: string };

    // A reload while still offline: the app opens from the device, the widget still hidden, the write waiting.
    firstPage.unmount();
    freshPageState();
    await openDashboard();
    expect(gettingStartedHeading()).not.toBeInTheDocument();
    expect(screen.getByText(waitingNotice)).toBeInTheDocument();
    expect(sent).toEqual([]);

    regainConnection();

    await waitFor(() => expect(screen.queryByText(waitingNotice)).not.toBeInTheDocument());
    expect(sent).toEqual([{ body: { onboardingHidden: true }, idempotencyKey: queued.idempotencyKey }]);
    expect(gettingStartedHeading()).not.toBeInTheDocument();
    await vi.waitFor(() => expect(storage.stored()?.clientState.mutations).toEqual([]), { timeout: 3000 });
  });

  it('tries again with the same key when the connection drops while sending', async () => {
    let reachable = false;
    server.use(http.post('*/api/users/:userId', () => (reachable ? undefined : HttpResponse.error())));
    const sent = recordUserUpdates();
    const { user } = await openDashboard();
    // The browser still says online, but the request fails: the write waits on the device and is retried.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    await user.click(await screen.findByRole('button', { name: 'I’ve got it' }));
    expect(await screen.findByText(waitingNotice)).toBeInTheDocument();

    reachable = true;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await waitFor(() => expect(screen.queryByText(waitingNotice)).not.toBeInTheDocument(), { timeout: 4000 });
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent.map((update) => update.idempotencyKey)).size).toBe(1);
    expect(gettingStartedHeading()).not.toBeInTheDocument();
  });

  it('brings the widget back when the server refuses the change', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post('*/api/users/:userId', () =>
        HttpResponse.json({ error: { code: 'FORBIDDEN', message: 'No.' } }, { status: 403 }),
      ),
    );
    const { user } = await openDashboard();

    await user.click(await screen.findByRole('button', { name: 'I’ve got it' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Getting started' })).toBeInTheDocument();
    expect(screen.queryByText(waitingNotice)).not.toBeInTheDocument();
  });
});
