import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import { hashKey } from '@tanstack/react-query';
import type {
  AsyncStorage,
  PersistedClient,
  PersistedQueryClientSaveOptions,
  Persister,
} from '@tanstack/react-query-persist-client';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { settingsQueries } from '@/lib/settings/settings-queries';
import { queryCacheMaxAgeMs } from '@/lib/query-client';
import { isOfflineWrite } from './offline-writes';

/**
 * The persister of the signed-in user's query cache (ADR 016). Loaded with a dynamic import, and only when a
 * token exists: the sign-in screen never carries it.
 */

export const offlineCacheStorageKey = 'signed-in-cache.v1';
export const offlineCacheDatabase = { name: 'connect-offline', store: 'query-cache' } as const;

/** IndexedDB through idb-keyval; null where the browser has none (or refuses it, as private modes may). */
export function indexedDbStorage(): AsyncStorage<string> | null {
  if (typeof indexedDB === 'undefined') return null;
  try {
    const store = createStore(offlineCacheDatabase.name, offlineCacheDatabase.store);
    return {
      getItem: (key) => get<string>(key, store),
      setItem: (key, value) => set(key, value, store),
      removeItem: (key) => del(key, store),
    };
  } catch {
    return null;
  }
}

/** A fingerprint of the token, never the token: the stored cache belongs to this session and no other. */
export async function sessionFingerprint(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`connect-offline:${token}`));
  const bytes = Array.from(new Uint8Array(digest).slice(0, 12));
  return bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

const publicSettingsHash = hashKey(settingsQueries.public().queryKey);

type DehydrateOptions = NonNullable<PersistedQueryClientSaveOptions['dehydrateOptions']>;

/** Data the user has seen, whatever its last refetch did; the public settings belong to no user. */
const shouldPersistQuery: DehydrateOptions['shouldDehydrateQuery'] = (query) =>
  query.state.data !== undefined && query.queryHash !== publicSettingsHash;

/** Writes not yet answered, paused or in flight: a write in flight at a reload is replayed with its key. */
const shouldPersistMutation: DehydrateOptions['shouldDehydrateMutation'] = (mutation) =>
  isOfflineWrite(mutation) && mutation.state.status === 'pending';

/** No errors and nothing half-done on disk: queries as plain successes, writes as paused, to resume. */
function withoutTransientState(client: PersistedClient): PersistedClient {
  const { queries, mutations } = client.clientState;
  return {
    ...client,
    clientState: {
      queries: queries.map(({ promise: _promise, ...query }) => ({
        ...query,
        state: {
          ...query.state,
          status: 'success',
          fetchStatus: 'idle',
          error: null,
          fetchFailureReason: null,
        },
      })),
      mutations: mutations.map((mutation) => ({
        ...mutation,
        state: { ...mutation.state, isPaused: true, error: null, failureReason: null },
      })),
    },
  };
}

export interface SessionCacheOptions {
  queryClient: QueryClient;
  storage: AsyncStorage<string>;
  /** The build and the session: a stored cache made under another one is dropped at restore. */
  buster: string;
}

export interface SessionCache {
  /** Restores what this session stored (unless it is too old, or of another build or session). */
  restore: (shouldApply: () => boolean) => Promise<void>;
  /** Deletes the stored cache and keeps saving (a new session starts from what it has in memory). */
  forgetStored: () => Promise<void>;
  /** Saves now, then on every change of the cache (throttled to one write a second). */
  startSaving: () => void;
  /** Stops saving; any save already scheduled is dropped. */
  stop: () => void;
  /** Stops saving and deletes the stored cache. */
  discard: () => Promise<void>;
}

export function createSessionCache({ queryClient, storage, buster }: SessionCacheOptions): SessionCache {
  let isSaving = true;
  // A save the throttle scheduled before stop() must not write the cache back after a discard.
  const guardedStorage: AsyncStorage<string> = {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => (isSaving ? storage.setItem(key, value) : undefined),
    removeItem: (key) => storage.removeItem(key),
  };
  const inner = createAsyncStoragePersister({ storage: guardedStorage, key: offlineCacheStorageKey });
  let shouldApplyRestore: () => boolean = () => true;
  const persister: Persister = {
    persistClient: (client) => inner.persistClient(withoutTransientState(client)),
    // A restore that took longer than the start-up allows is dropped rather than applied under a running app.
    restoreClient: async () => {
      const client = await inner.restoreClient();
      return shouldApplyRestore() ? client : undefined;
    },
    removeClient: () => inner.removeClient(),
  };
  const options: PersistedQueryClientSaveOptions = {
    queryClient,
    persister,
    buster,
    dehydrateOptions: {
      shouldDehydrateQuery: shouldPersistQuery,
      shouldDehydrateMutation: shouldPersistMutation,
    },
  };
  let unsubscribe: (() => void) | undefined;

  const stop = () => {
    isSaving = false;
    unsubscribe?.();
    unsubscribe = undefined;
  };

  return {
    restore: async (shouldApply) => {
      shouldApplyRestore = shouldApply;
      await persistQueryClientRestore({ ...options, maxAge: queryCacheMaxAgeMs });
    },
    forgetStored: async () => {
      await storage.removeItem(offlineCacheStorageKey);
    },
    startSaving: () => {
      if (!isSaving || unsubscribe) return;
      unsubscribe = persistQueryClientSubscribe(options);
      void persistQueryClientSave(options).catch(() => undefined);
    },
    stop,
    discard: async () => {
      stop();
      await storage.removeItem(offlineCacheStorageKey);
    },
  };
}
