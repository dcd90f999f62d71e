import type { PersonalRecord, ScheduledWorkout, UpsertLoggedSetRequest } from '@contract';
import type { PitchValues } from '@contract/pitching';
import { createStore, del, entries, set } from 'idb-keyval';

/**
 * The workout logs kept on this device (ADR 036): what the person entered and the ordered outbox of the API
 * writes still to send, in one IndexedDB record per log, so a change and its write are stored together. The
 * screen renders from here; the server's answers are merged in as they arrive.
 */

export interface PersonRef {
  id: string;
  firstName: string;
  lastName: string;
}

/** A logged set as the device has it now: the whole body of its upsert, with the id made on the device. */
export type DeviceSet = Required<Omit<UpsertLoggedSetRequest, 'removed'>> & { id: string; removed: boolean };

export interface DeviceExercise {
  exerciseId: string;
  exerciseName: string;
  notes: string | null;
  changedAt: string;
}

/** A pitch entered while tracking (issue 16): the whole body of its upsert, with the id made on the device. */
export type DevicePitch = PitchValues & { id: string; removed: boolean };

export type OutboxKind = 'start' | 'set' | 'exercise' | 'finish' | 'pitch' | 'pitch-delete';

/** One API write, made when the person acted; its key is sent on every attempt (ADR 004). */
export interface OutboxItem {
  key: string;
  kind: OutboxKind;
  method: 'PUT' | 'POST' | 'DELETE';
  /** Relative to the API root: `api/workout-logs/…`, `api/completed-workouts/…`. */
  path: string;
  /** The JSON body; null for a DELETE. */
  body: unknown;
  /** The set's, block exercise's or pitch's id it writes, for those writes. */
  targetId: string | null;
  madeAt: string;
}

/** A write the server refused for good (a 4xx that no retry can change): kept to show, never resent. */
export interface RejectedWrite {
  key: string;
  kind: OutboxKind;
  message: string;
  at: string;
  /** What it wrote (a set, a pitch…): a later write of the same one that the server accepts clears it. */
  targetId?: string | null;
}

export interface DeviceLog {
  logId: string;
  entryId: string;
  /** The signed-in user who tracked it on this device: only that user's session sends it (ADR 036). */
  userId: string;
  athlete: PersonRef;
  date: string;
  assignmentId: string | null;
  /** The entry's copy of the workout, so the screen draws with no network and no query cache. */
  workout: ScheduledWorkout;
  status: 'in_progress' | 'completed';
  startedAt: string;
  finishedAt: string | null;
  durationSeconds: number | null;
  sessionRpe: number | null;
  notes: string | null;
  sets: Record<string, DeviceSet>;
  exercises: Record<string, DeviceExercise>;
  /** Pitches by id, removed ones kept (their numbers are never given again). */
  pitches: Record<string, DevicePitch>;
  outbox: OutboxItem[];
  rejected: RejectedWrite[];
  /** The log's records as the server last answered them (the server's answer is the truth). */
  records: PersonalRecord[];
  /** The rest timer's end (epoch ms) and length: on the device, so a reload or a locked screen keeps it. */
  rest: { endsAt: number; seconds: number } | null;
  /** Bumped by every change: a copy read from IndexedDB replaces the one in memory only when it is newer. */
  revision: number;
}

/** Where the logs are kept: IndexedDB in the browser; tests hand in a memory one that outlives a "reload". */
export interface DeviceLogStorage {
  readAll: () => Promise<DeviceLog[]>;
  write: (log: DeviceLog) => Promise<void>;
  remove: (logId: string) => Promise<void>;
}

/** A log as an earlier version of the app stored it: logs kept before issue 16 have no pitches. */
export type StoredDeviceLog = Omit<DeviceLog, 'pitches'> & { pitches?: DeviceLog['pitches'] };

/** A stored log in today's shape, whichever version of the app wrote it. */
const upgraded = (log: StoredDeviceLog): DeviceLog => ({ ...log, pitches: log.pitches ?? {} });

export const trackingDatabase = { name: 'connect-tracking', store: 'workout-logs' } as const;

function indexedDbStorage(): DeviceLogStorage | null {
  if (typeof indexedDB === 'undefined') return null;
  try {
    const store = createStore(trackingDatabase.name, trackingDatabase.store);
    return {
      readAll: async () => (await entries<string, StoredDeviceLog>(store)).map(([, log]) => upgraded(log)),
      write: (log) => set(log.logId, log, store),
      remove: (logId) => del(logId, store),
    };
  } catch {
    return null;
  }
}

/** Tests (jsdom has no IndexedDB): a storage that keeps structured copies, as IndexedDB does. */
export function createMemoryDeviceLogStorage(): DeviceLogStorage & { logs: Map<string, StoredDeviceLog> } {
  const logs = new Map<string, StoredDeviceLog>();
  return {
    logs,
    readAll: () => Promise.resolve([...logs.values()].map((log) => upgraded(structuredClone(log)))),
    write: (log) => {
      logs.set(log.logId, structuredClone(log));
      return Promise.resolve();
    },
    remove: (logId) => {
      logs.delete(logId);
      return Promise.resolve();
    },
  };
}

let storage: DeviceLogStorage | null | undefined;
const storageOf = (): DeviceLogStorage | null => {
  if (storage === undefined) storage = indexedDbStorage();
  return storage;
};

const logs = new Map<string, DeviceLog>();
const listeners = new Set<() => void>();
let version = 0;
let loading: Promise<void> | null = null;
/** Writes to the device go one after another, so an older copy never lands after a newer one. */
let writes: Promise<void> = Promise.resolve();
let writeFailed = false;

function notify(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export const subscribeToDeviceLogs = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Changes with every change of any log: for `useSyncExternalStore` snapshots. */
export const deviceLogsVersion = (): number => version;

export const getDeviceLog = (logId: string): DeviceLog | undefined => logs.get(logId);

export const allDeviceLogs = (): DeviceLog[] => [...logs.values()];

/** The log of an entry tracked by `userId` on this device. */
export const deviceLogOfEntry = (entryId: string, userId: string): DeviceLog | undefined =>
  allDeviceLogs().find((log) => log.entryId === entryId && log.userId === userId);

/** True when the last write to the device failed (private mode, a full disk): the screen says so. */
export const deviceWriteFailed = (): boolean => writeFailed;

function persist(log: DeviceLog): void {
  const target = storageOf();
  if (!target) return;
  writes = writes
    .then(() => target.write(log))
    .then(
      () => {
        if (writeFailed) {
          writeFailed = false;
          notify();
        }
      },
      () => {
        writeFailed = true;
        notify();
      },
    );
}

/**
 * Reads what the device holds; a copy newer than the one in memory (written by another tab, or by an earlier
 * page) replaces it. Safe to call any number of times.
 */
export async function loadDeviceLogs(): Promise<void> {
  const target = storageOf();
  if (!target) return;
  await writes;
  const stored = await target.readAll().catch(() => [] as DeviceLog[]);
  let changed = false;
  for (const log of stored) {
    const current = logs.get(log.logId);
    if (!current || log.revision > current.revision) {
      logs.set(log.logId, log);
      changed = true;
    }
  }
  if (changed) notify();
}

/** The first read of the device, shared by every caller. */
export function deviceLogsLoaded(): Promise<void> {
  loading ??= loadDeviceLogs();
  return loading;
}

/** A new log: in memory at once (the screen shows it in the same frame), on the device right after. */
export function saveNewDeviceLog(log: DeviceLog): void {
  logs.set(log.logId, log);
  notify();
  persist(log);
}

/** Changes a log in memory at once and writes it to the device; returns the new copy. */
export function updateDeviceLog(logId: string, change: (log: DeviceLog) => DeviceLog): DeviceLog | undefined {
  const current = logs.get(logId);
  if (!current) return undefined;
  const next = { ...change(current), revision: current.revision + 1 };
  logs.set(logId, next);
  notify();
  persist(next);
  return next;
}

/** The same log under another id (the server already had one for the entry): one change of the device. */
export function renameDeviceLog(logId: string, renamed: DeviceLog): void {
  if (!logs.has(logId)) return;
  logs.delete(logId);
  logs.set(renamed.logId, renamed);
  notify();
  persist(renamed);
  const target = storageOf();
  if (target) writes = writes.then(() => target.remove(logId)).catch(() => undefined);
}

/** Tests only: the storage the next page uses (`null`: none). */
export function configureDeviceLogStorage(next: DeviceLogStorage | null): void {
  storage = next;
}

/** Tests only: a new page: nothing in memory, the device's storage as it is. */
export function forgetDeviceLogsInMemory(): void {
  logs.clear();
  loading = null;
  writes = Promise.resolve();
  writeFailed = false;
  notify();
}
