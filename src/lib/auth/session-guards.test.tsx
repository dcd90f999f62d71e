import type { MeResponse } from '@contract';
import { demoOrganization, demoPassword, demoUsers, tokenFor } from '@mocks/data';
import { apiError } from '@mocks/handlers/respond';
import { server } from '@mocks/server';
import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { authSession } from '@/lib/auth/auth-session';
import { authQueries } from '@/lib/auth/auth-queries';
import { endSessionWhenRefused, requireApprovedSession } from '@/lib/auth/session-guards';
import { readToken } from '@/lib/auth/token-storage';
import { getAppStatus, resetAppStatus } from '@/lib/network/app-status';
import { getNetworkStatus, networkStatusActions, resetNetworkStatus } from '@/lib/network/network-status';
import { configureOfflineCache, discardOfflineCache } from '@/lib/query-persistence/offline-cache';
import type { MemoryStorage } from '@/testing/offline-cache';
import {
  freshPageState,
  installMemoryOfflineCache,
  loseConnection,
  openAppFromDevice,
  regainConnection,
  storeEarlierVisit,
} from '@/testing/offline-cache';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

/** The router and React log the error the error screen shows; that is expected here. */
function silenceExpectedErrorLogs() {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
}

beforeEach(() => {
  resetAppStatus();
  resetNetworkStatus();
});

describe('the /app guard', () => {
  it('sends an unauthenticated visit to sign-in and back to the guarded address afterwards', async () => {
    const { user, router } = renderApp('/app/dashboard?view=week');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/app/dashboard?view=week' });

    await user.type(screen.getByLabelText('Email'), demoUsers.athlete.email);
    await user.type(screen.getByLabelText('Password'), demoPassword);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Jamie' })).toBeInTheDocument();
    expect(router.state.location.href).toBe('/app/dashboard?view=week');
  });

  it('lets an approved user with a stored token straight in', async () => {
    signInAs(demoUsers.admin);
    const { router } = renderApp('/app/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Morgan' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('sends /app to the dashboard', async () => {
    signInAs(demoUsers.admin);
    const { router } = renderApp('/app');
    expect(await screen.findByRole('heading', { name: 'Welcome, Morgan' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('signs out a user who is not approved and says the account is locked', async () => {
    signInAs(demoUsers.coach);
    server.use(
      http.get('*/api/me', () =>
        HttpResponse.json({
          user: { ...demoUsers.coach, status: 'pending' },
          organization: demoOrganization,
        }),
      ),
    );
    const { router } = renderApp('/app/dashboard');

    expect(await screen.findByText(/has not been approved yet/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ account: 'locked' });
    expect(readToken()).toBeNull();
    expect(getAppStatus().isLoading).toBe(false);
  });

  it.each([401, 403])('signs out on a %i from /api/me and says authentication failed', async (status) => {
    signInAs(demoUsers.coach);
    server.use(
      http.get('*/api/me', () => apiError(status, { code: 'UNAUTHORIZED', message: 'Token revoked.' })),
    );
    const { router } = renderApp('/app/dashboard');

    expect(await screen.findByText('Authentication failed. Please sign in again.')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ status: 'authfailed' });
    expect(readToken()).toBeNull();
    // Spec 8's message, kept as the app's error until a session check succeeds.
    expect(getAppStatus()).toMatchObject({ isLoading: false, error: 'Authentication failed.' });
  });

  it('treats an expired token as no token', async () => {
    localStorage.setItem(
      'connect.auth.v1',
      JSON.stringify({ token: 'mock-token-old', expiresAt: new Date(Date.now() - 1000).toISOString() }),
    );
    const { router } = renderApp('/app/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ redirect: '/app/dashboard' });
    expect(localStorage.getItem('connect.auth.v1')).toBeNull();
  });

  it('offers to try again when the server cannot be reached, keeping the token', async () => {
    silenceExpectedErrorLogs();
    signInAs(demoUsers.coach);
    let reachable = false;
    server.use(http.get('*/api/me', () => (reachable ? undefined : HttpResponse.error())));
    const { user } = renderApp('/app/dashboard');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your connection.',
    );
    expect(readToken()).not.toBeNull();

    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
  });

  it('says it could not verify the session on a server error', async () => {
    silenceExpectedErrorLogs();
    signInAs(demoUsers.coach);
    server.use(http.get('*/api/me', () => apiError(500, { code: 'INTERNAL_ERROR', message: 'Boom.' })));
    renderApp('/app/dashboard');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Unable to verify authentication. Please try again.',
      ),
    );
    expect(getAppStatus()).toMatchObject({
      isLoading: false,
      error: 'Unable to verify authentication. Please try again.',
    });
    expect(getNetworkStatus().isOnline).toBe(true);
    expect(readToken()).not.toBeNull();
  });

  it('keeps loading on while /api/me is checked, with the spinner showing', async () => {
    signInAs(demoUsers.coach);
    server.use(
      http.get('*/api/me', async () => {
        await delay(100);
        return undefined;
      }),
    );
    renderApp('/app/dashboard');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(getAppStatus().isLoading).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    expect(getAppStatus()).toMatchObject({ isLoading: false, error: null });
  });

  it('ends loading at once when there is no token to check', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(getAppStatus().isLoading).toBe(false);
  });

  it('on a network error: says so, ends loading, marks the app offline, and checks again once back online', async () => {
    silenceExpectedErrorLogs();
    signInAs(demoUsers.coach);
    let reachable = false;
    server.use(http.get('*/api/me', () => (reachable ? undefined : HttpResponse.error())));
    renderApp('/app/dashboard');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your connection.',
    );
    expect(getAppStatus()).toMatchObject({
      isLoading: false,
      error: 'Network error. Please check your connection.',
    });
    expect(getNetworkStatus().isOnline).toBe(false);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline.');

    reachable = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });

    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    expect(getAppStatus().error).toBeNull();
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
  });
});

describe('the /app guard with a session kept on this device (ADR 016)', () => {
  let storage: MemoryStorage;
  const keptSession: MeResponse = {
    user: { ...demoUsers.coach, firstName: 'Casey (kept)' },
    organization: demoOrganization,
  };
  let pages: Awaited<ReturnType<typeof openAppFromDevice>>[] = [];

  async function openApp(path: string) {
    const page = await openAppFromDevice(path);
    pages.push(page);
    return page;
  }

  beforeEach(async () => {
    storage = installMemoryOfflineCache();
    signInAs(demoUsers.coach);
    await storeEarlierVisit(storage, { token: tokenFor(demoUsers.coach), me: keptSession });
  });

  afterEach(async () => {
    for (const page of pages) await discardOfflineCache(page.queryClient);
    pages = [];
    configureOfflineCache({});
    onlineManager.setOnline(true);
  });

  it("opens the app with the kept session when the server cannot be reached, with spec 8's message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // Spec 8: failed settings fetches log.
    server.use(http.all('*', () => HttpResponse.error()));
    await openApp('/app/dashboard');

    expect(await screen.findByRole('heading', { name: 'Welcome, Casey (kept)' })).toBeInTheDocument();
    // Spec 8's message, in the offline notice rather than in place of the app.
    expect(
      screen.getByText('Network error. Please check your connection. Showing what was saved on this device.'),
    ).toBeInTheDocument();
    expect(readToken()).not.toBeNull();
  });

  it('opens from the kept session on a cold start offline, then checks it with the server once back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // Spec 8: failed settings fetches log.
    loseConnection();
    freshPageState();
    await openApp('/app/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey (kept)' })).toBeInTheDocument();
    // Spec 8: the session check at start could not reach the server.
    expect(
      screen.getByText('Network error. Please check your connection. Showing what was saved on this device.'),
    ).toBeInTheDocument();

    regainConnection();

    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    expect(screen.queryByText(/Network error/)).not.toBeInTheDocument();
  });

  it('gives the plain offline notice for a connection lost after the session was checked', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // Spec 8: failed settings fetches log.
    const { router } = await openApp('/app/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();

    loseConnection();
    await act(() => router.navigate({ to: '/app/travel-roster' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Travel roster' })).toBeInTheDocument();
    expect(
      screen.getByText('You are offline. The app will refresh when the connection is back.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Network error/)).not.toBeInTheDocument();
    regainConnection();
  });

  it('ends a session opened offline when the server refuses its token once back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // Spec 8: failed settings fetches log.
    server.use(
      http.get('*/api/me', () => apiError(401, { code: 'UNAUTHORIZED', message: 'Token revoked.' })),
    );
    loseConnection();
    freshPageState();
    const { queryClient, router } = await openApp('/app/dashboard');
    // As main.tsx wires it.
    endSessionWhenRefused({ queryClient, auth: authSession }, () =>
      router.navigate({ to: '/login', search: { status: 'authfailed' }, replace: true }),
    );
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey (kept)' })).toBeInTheDocument();

    regainConnection();

    expect(await screen.findByText('Authentication failed. Please sign in again.')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ status: 'authfailed' });
    expect(readToken()).toBeNull();
    await waitFor(() => expect(storage.stored()).toBeUndefined());
  });

  it('checks a kept session with the server even when a request failed just before the check', async () => {
    // A queued write replayed at start met a reset connection: the app says offline, the browser does not.
    act(() => networkStatusActions.wentOffline());
    await openApp('/app/dashboard');
    // The first dashboard shown is the server's session, not the device's older copy of it.
    expect(await screen.findByRole('heading', { name: /^Welcome/ })).toHaveTextContent('Welcome, Casey');
    expect(screen.queryByRole('heading', { name: 'Welcome, Casey (kept)' })).not.toBeInTheDocument();
  });

  it('checks a kept session with the server when it can, and shows what the server says', async () => {
    await openApp('/app/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
  });

  it.each([401, 403])('still signs out on a %i, and deletes the kept session', async (status) => {
    server.use(
      http.get('*/api/me', () => apiError(status, { code: 'UNAUTHORIZED', message: 'Token revoked.' })),
    );
    const { router } = await openApp('/app/dashboard');

    expect(await screen.findByText('Authentication failed. Please sign in again.')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ status: 'authfailed' });
    expect(readToken()).toBeNull();
    await waitFor(() => expect(storage.stored()).toBeUndefined());
  });

  it("shows spec 8's message when the device kept nothing for this session", async () => {
    silenceExpectedErrorLogs();
    signInAs(demoUsers.athlete);
    server.use(http.get('*/api/me', () => HttpResponse.error()));
    await openApp('/app/dashboard');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your connection.',
    );
  });
});

describe('the /app guard while a screen watches /api/me', () => {
  it('keeps checking when the screen mounts and unmounts during the check (React StrictMode in development)', async () => {
    signInAs(demoUsers.admin);
    server.use(
      http.get('*/api/me', async () => {
        await delay(30);
        return HttpResponse.json({ user: demoUsers.admin, organization: demoOrganization });
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const checking = requireApprovedSession({ queryClient, auth: authSession }, '/app/dashboard');
    // A screen subscribes to the session and goes away again while the request is on its way.
    const unsubscribe = new QueryObserver(queryClient, authQueries.me()).subscribe(() => undefined);
    await delay(5);
    unsubscribe();

    await expect(checking).resolves.toMatchObject({ user: { id: demoUsers.admin.id } });
  });
});
