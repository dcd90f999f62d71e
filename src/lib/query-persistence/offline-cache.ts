import type { QueryClient } from '@tanstack/react-query';
import type { AsyncStorage } from '@tanstack/react-query-persist-client';
import { authSession } from '@/lib/auth/auth-session';
import { getNetworkStatus } from '@/lib/network/network-status';
import { isOfflineWrite } from './offline-writes';
import type * as SessionCacheModule from './session-cache';
import type { SessionCache } from './session-cache';

/**
 * The signed-in user's query cache and queued writes, kept in IndexedDB for this session only (ADR 016).
 * Import it dynamically from code on the sign-in screen's path: it is for signed-in users; the persister
 * itself (`session-cache.ts`) loads only once a session starts.
 */

/** A broken or slow IndexedDB must not hold the first screen: past this, the app starts without the cache. */
export const offlineCacheRestoreTimeoutMs = 2000;

interface OfflineCacheSetup {
  /** Tests: jsdom has no IndexedDB, so they hand in a storage (null: no storage at all). */
  storage?: AsyncStorage<string> | null;
  /** Tests: stands in for the build id to show a new build drops the cache. */
  buildId?: string;
}

let setup: OfflineCacheSetup = {};

/** Tests only: the storage and build id the next sessions use; `{}` goes back to IndexedDB and the build. */
export function configureOfflineCache(next: OfflineCacheSetup): void {
  setup = next;
}

const buildId = (): string =>
  setup.buildId ?? (typeof __APP_BUILD_ID__ === 'string' ? __APP_BUILD_ID__ : 'development');

interface ClientState {
  /** Bumped by every start and discard: an older start that finishes late gives up. */
  generation: number;
  cache?: SessionCache;
}

const clients = new WeakMap<QueryClient, ClientState>();

function stateOf(queryClient: QueryClient): ClientState {
  let state = clients.get(queryClient);
  if (!state) {
    state = { generation: 0 };
    clients.set(queryClient, state);
  }
  return state;
}

async function storageFor(module: typeof SessionCacheModule): Promise<AsyncStorage<string> | null> {
  if (setup.storage !== undefined) return setup.storage;
  // Without SubtleCrypto (an insecure context) there is no fingerprint, and so no cache.
  if (typeof crypto === 'undefined' || crypto.subtle === undefined) return null;
  return Promise.resolve(module.indexedDbStorage());
}

/**
 * Restores what this session stored and saves from then on. A cache stored under another token or another
 * build does not match the buster and is deleted instead. Never throws: without a cache the app still works.
 */
async function startSessionCache(
  queryClient: QueryClient,
  start: { restore: true; isInTime: () => boolean } | { restore: false },
): Promise<void> {
  const state = stateOf(queryClient);
  const generation = ++state.generation;
  state.cache?.stop();
  state.cache = undefined;
  const token = authSession.getToken();
  if (token === null) return;
  const module = await import('./session-cache');
  const storage = await storageFor(module);
  if (storage === null) return;
  const buster = `${buildId()}:${await module.sessionFingerprint(token)}`;
  if (state.generation !== generation) return;
  const cache = module.createSessionCache({ queryClient, storage, buster });
  state.cache = cache;
  try {
    if (start.restore) await cache.restore(() => start.isInTime() && state.generation === generation);
    else await cache.forgetStored();
  } catch {
    // The persister has deleted what it could not read; start afresh.
  }
  if (state.generation !== generation) return;
  cache.startSaving();
}

/**
 * At start, with a stored token, before the router's first load: the `/app` guard then finds the cached
 * `/api/me`. Waits at most `timeoutMs`.
 */
export async function restoreOfflineCache(
  queryClient: QueryClient,
  timeoutMs: number = offlineCacheRestoreTimeoutMs,
): Promise<void> {
  let isInTime = true;
  const restoring = startSessionCache(queryClient, { restore: true, isInTime: () => isInTime }).then(
    () => {
      if (!getNetworkStatus().isOnline) return;
      // Online, the device's copy shows at once but is not taken as fresh: each screen reads its data again
      // when it shows, as a page load would (a save just before a reload may not have reached the copy).
      // Offline it is all there is, and reconnecting reads what is on screen again (ADR 016).
      void queryClient.invalidateQueries({ refetchType: 'none' });
      // Writes kept from an earlier visit go out now; offline, on reconnect.
      void queryClient.resumePausedMutations();
    },
    () => undefined,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([restoring, timeout]);
  clearTimeout(timer);
  isInTime = false;
}

/**
 * After a sign-in: whatever is stored belongs to an earlier session and is deleted unread; the new session's
 * cache is saved from now on.
 */
export async function startOfflineCacheForNewSession(queryClient: QueryClient): Promise<void> {
  dropQueuedWrites(queryClient);
  await startSessionCache(queryClient, { restore: false }).catch(() => undefined);
}

function dropQueuedWrites(queryClient: QueryClient): void {
  const mutationCache = queryClient.getMutationCache();
  for (const write of mutationCache.findAll({ predicate: isOfflineWrite })) mutationCache.remove(write);
}

/** Sign-out: stop saving, delete the stored cache, and drop the writes still queued. */
export async function discardOfflineCache(queryClient: QueryClient): Promise<void> {
  const state = stateOf(queryClient);
  state.generation += 1;
  dropQueuedWrites(queryClient);
  const cache = state.cache;
  state.cache = undefined;
  try {
    if (cache) {
      await cache.discard();
      return;
    }
    // Nothing running here (IndexedDB was slow at start, say): delete what an earlier page may have stored.
    const module = await import('./session-cache');
    const storage = await storageFor(module);
    await storage?.removeItem(module.offlineCacheStorageKey);
  } catch {
    // A storage that cannot be written to holds nothing to delete either.
  }
}
