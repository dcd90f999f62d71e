import type { MeResponse } from '@contract';
import { dehydrate, onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AsyncStorage } from '@tanstack/react-query-persist-client';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@mocks/server';
import userEvent from '@testing-library/user-event';
import { authQueries } from '@/lib/auth/auth-queries';
import { authSession } from '@/lib/auth/auth-session';
import { resetNetworkStatus } from '@/lib/network/network-status';
import { configureOfflineCache, restoreOfflineCache } from '@/lib/query-persistence/offline-cache';
import { offlineCacheStorageKey, sessionFingerprint } from '@/lib/query-persistence/session-cache';
import { createAppRouter } from '@/router';
import { createTestQueryClient } from './render-app';

/** Tests only (jsdom has no IndexedDB): a storage the tests can read, standing in for it. */
export interface MemoryStorage extends AsyncStorage<string> {
  items: Map<string, string>;
  /** What the device holds for the signed-in user, parsed; undefined when nothing is stored. */
  stored: () => StoredCache | undefined;
}

export interface StoredCache {
  buster: string;
  timestamp: number;
  clientState: {
    queries: { queryKey: unknown[]; state: { data: unknown; status: string; error: unknown } }[];
    mutations: {
      mutationKey?: unknown[];
      state: { variables: unknown; isPaused: boolean; status: string };
    }[];
  };
}

export function createMemoryStorage(): MemoryStorage {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => Promise.resolve(items.get(key) ?? null),
    setItem: (key, value) => {
      items.set(key, value);
      return Promise.resolve();
    },
    removeItem: (key) => {
      items.delete(key);
      return Promise.resolve();
    },
    stored: () => {
      const raw = items.get(offlineCacheStorageKey);
      return raw === undefined ? undefined : (JSON.parse(raw) as StoredCache);
    },
  };
}

/** Uses a fresh memory storage (and the given build id) for the offline cache; returns the storage. */
export function installMemoryOfflineCache(buildId = 'test-build'): MemoryStorage {
  const storage = createMemoryStorage();
  configureOfflineCache({ storage, buildId });
  return storage;
}

/** What an earlier visit of `token`'s session left on the device: `me`, fetched a day ago. */
export async function storeEarlierVisit(
  storage: MemoryStorage,
  { token, me, buildId = 'test-build' }: { token: string; me: MeResponse; buildId?: string },
): Promise<void> {
  const earlier = new QueryClient();
  earlier.setQueryData(authQueries.me().queryKey, me, { updatedAt: Date.now() - 24 * 60 * 60 * 1000 });
  const stored = {
    buster: `${buildId}:${await sessionFingerprint(token)}`,
    timestamp: Date.now() - 60_000,
    clientState: dehydrate(earlier),
  };
  await storage.setItem(offlineCacheStorageKey, JSON.stringify(stored));
}

/**
 * A page load as main.tsx does it: `prepare` (the offline writes' defaults), the restore from the device,
 * then the real route tree at `path`.
 */
export async function openAppFromDevice(
  path: string,
  prepare: (queryClient: QueryClient) => void = () => undefined,
) {
  const queryClient = createTestQueryClient();
  prepare(queryClient);
  await restoreOfflineCache(queryClient);
  const router = createAppRouter(
    { queryClient, auth: authSession },
    createMemoryHistory({ initialEntries: [path] }),
  );
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, user, router, queryClient };
}

let isConnected = true;

/** The browser loses its connection: it says so (navigator.onLine, `offline`) and requests fail. */
export function loseConnection(): void {
  isConnected = false;
  // Added after the test's own handlers, so it answers first; once connected it lets them answer.
  server.use(http.all('*', () => (isConnected ? undefined : HttpResponse.error())));
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

export function regainConnection(): void {
  isConnected = true;
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

/** Before a reload: a new page's state, read from the browser as it is now (online or not). */
export function freshPageState(): void {
  onlineManager.setOnline(true);
  resetNetworkStatus();
}
