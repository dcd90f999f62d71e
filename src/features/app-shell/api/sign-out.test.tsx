import { demoUsers } from '@mocks/data';
import { server } from '@mocks/server';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { authQueries } from '@/lib/auth/auth-queries';
import { readToken, tokenStorageKey } from '@/lib/auth/token-storage';
import { appStatusActions, getAppStatus, resetAppStatus } from '@/lib/network/app-status';
import { settingsQueries } from '@/lib/settings/settings-queries';
import { configureOfflineCache, startOfflineCacheForNewSession } from '@/lib/query-persistence/offline-cache';
import { installMemoryOfflineCache } from '@/testing/offline-cache';
import { offlineWriteKey } from '@/lib/query-persistence/offline-writes';
import { createTestQueryClient } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import { useSignOut } from './sign-out';

function SignOutButton() {
  const signOut = useSignOut();
  return (
    <button type="button" onClick={() => signOut.mutate()}>
      Sign out
    </button>
  );
}

/** A signed-in screen with a sign-out button, and the sign-in screen it leads to. */
async function renderSignedIn() {
  const queryClient = createTestQueryClient();
  await queryClient.fetchQuery(authQueries.me());
  await queryClient.fetchQuery(settingsQueries.full());
  await queryClient.fetchQuery(settingsQueries.public());
  const rootRoute = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({ getParentRoute: () => rootRoute, path: '/app', component: SignOutButton }),
      createRoute({ getParentRoute: () => rootRoute, path: '/login', component: () => <h1>Sign in</h1> }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/app'] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}

beforeEach(resetAppStatus);

describe('signing out (spec 4)', () => {
  it('revokes the token on the server, clears it from both storages and the cache, and goes to sign-in', async () => {
    signInAs(demoUsers.coach);
    localStorage.setItem('theme', 'dark');
    sessionStorage.setItem(tokenStorageKey, localStorage.getItem(tokenStorageKey) ?? '');
    let revoked: string | null = null;
    server.use(
      http.post('*/api/logout', ({ request }) => {
        revoked = request.headers.get('Authorization');
        return HttpResponse.json({ message: 'Signed out.' });
      }),
    );
    const { queryClient, router } = await renderSignedIn();
    appStatusActions.failed('Network error. Please check your connection.');

    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(revoked).toBe(`Bearer mock-token-${demoUsers.coach.id}`);
    expect(readToken()).toBeNull();
    expect(localStorage.getItem(tokenStorageKey)).toBeNull();
    expect(sessionStorage.getItem(tokenStorageKey)).toBeNull();
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([settingsQueries.public().queryKey]);
    expect(getAppStatus().error).toBeNull();
    // A device preference is not the user's session.
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('signs out even when the server cannot be reached', async () => {
    signInAs(demoUsers.coach);
    server.use(http.post('*/api/logout', () => HttpResponse.error()));
    await renderSignedIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(readToken()).toBeNull();
  });

  it('deletes what the device kept of the session, and the writes still waiting to be sent', async () => {
    const storage = installMemoryOfflineCache();
    // The cache's saves wait on timers: faked, so the test can run those still scheduled after the sign-out.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    try {
      signInAs(demoUsers.coach);
      const { queryClient } = await renderSignedIn();
      await startOfflineCacheForNewSession(queryClient);
      onlineManager.setOnline(false);
      const waiting = queryClient.getMutationCache().build(queryClient, {
        mutationKey: offlineWriteKey('hide-getting-started'),
        mutationFn: () => Promise.resolve(),
      });
      void waiting.execute({});
      await vi.waitFor(() => expect(storage.stored()?.clientState.mutations).toHaveLength(1), {
        timeout: 3000,
      });

      await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));

      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
      expect(storage.stored()).toBeUndefined();
      expect(queryClient.getMutationCache().getAll()).not.toContain(waiting);
      // A minute on, far past the saves' one-second throttle: nothing more is written to the device.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(storage.stored()).toBeUndefined();
    } finally {
      vi.useRealTimers();
      onlineManager.setOnline(true);
      configureOfflineCache({});
    }
  });
});
