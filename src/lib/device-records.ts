import { createStore, del, entries, set } from 'idb-keyval';
import { broadcastTabs, memoryTabs, type TabConnection } from './device-tabs';

/**
 * Records kept on this device until the server has them (chat messages ADR 062, questionnaire answers ADR 067):
 * one IndexedDB record each, stored BEFORE the screen shows it, so a reload, a closed tab or a dropped request
 * never loses one; the other tabs hear of each change through a BroadcastChannel.
 */
export interface DeviceRecordStorage<T extends { id: string }> {
  readAll: () => Promise<T[]>;
  put: (record: T) => Promise<void>;
  remove: (id: string) => Promise<void>;
  /** This tab's line to the other tabs: `announce` tells them records changed, `heard` hears theirs. */
  connect: (heard: () => void) => TabConnection;
}

export interface DeviceDatabase {
  name: string;
  store: string;
  channel: string;
}

function indexedDbStorage<T extends { id: string }>(database: DeviceDatabase): DeviceRecordStorage<T> | null {
  if (typeof indexedDB === 'undefined') return null;
  try {
    const store = createStore(database.name, database.store);
    return {
      readAll: async () => (await entries<string, T>(store)).map(([, record]) => record),
      put: (record) => set(record.id, record, store),
      remove: (id) => del(id, store),
      connect: (heard) => broadcastTabs(database.channel, heard),
    };
  } catch {
    return null;
  }
}

/** Tests (jsdom has no IndexedDB): structured copies, as IndexedDB keeps, told to the other "tabs" a task later. */
export function createMemoryDeviceStorage<T extends { id: string }>(): DeviceRecordStorage<T> & {
  records: Map<string, T>;
} {
  const records = new Map<string, T>();
  return {
    records,
    readAll: () => Promise.resolve([...records.values()].map((record) => structuredClone(record))),
    put: (record) => {
      records.set(record.id, structuredClone(record));
      return Promise.resolve();
    },
    remove: (id) => {
      records.delete(id);
      return Promise.resolve();
    },
    connect: memoryTabs(),
  };
}

/** This page's copy of the device's records of one kind, kept in step with the storage and the other tabs. */
export function createDeviceRecords<T extends { id: string }>(database: DeviceDatabase) {
  let storage: DeviceRecordStorage<T> | undefined;
  let connection: ReturnType<DeviceRecordStorage<T>['connect']> | null = null;
  const known = new Map<string, T>();
  const listeners = new Set<() => void>();
  let version = 0;
  let loading: Promise<void> | null = null;

  function notify(): void {
    version += 1;
    for (const listener of listeners) listener();
  }

  function storageOf(): DeviceRecordStorage<T> {
    // Without IndexedDB (a private window of an old browser) the records live in this page only.
    storage ??= indexedDbStorage<T>(database) ?? createMemoryDeviceStorage<T>();
    connection ??= storage.connect(() => void load());
    return storage;
  }

  /** Reads what the device holds (another tab's or an earlier page's records). */
  async function load(): Promise<void> {
    const stored = await storageOf()
      .readAll()
      .catch(() => null);
    if (!stored) return;
    known.clear();
    for (const record of stored) known.set(record.id, record);
    notify();
  }

  return {
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: (): number => version,
    all: (): T[] => [...known.values()],
    get: (id: string): T | undefined => known.get(id),
    load,
    loaded: (): Promise<void> => (loading ??= load()),
    /** Stores a record first, then shows it: what the screen shows is on the device. */
    put: async (record: T): Promise<void> => {
      await storageOf().put(record);
      known.set(record.id, record);
      notify();
      connection?.announce();
    },
    remove: async (id: string): Promise<void> => {
      await storageOf().remove(id);
      known.delete(id);
      notify();
      connection?.announce();
    },
    /** Tests: the storage a "page" uses (null: the browser's). */
    configure: (next: DeviceRecordStorage<T> | null): void => {
      connection?.close();
      connection = null;
      storage = next ?? undefined;
      loading = null;
    },
    /** Tests: a fresh page's memory. */
    forgetInMemory: (): void => {
      known.clear();
      loading = null;
      notify();
    },
  };
}
