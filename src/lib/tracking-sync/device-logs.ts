import type { PersonalRecord, ScheduledWorkout, UpsertLoggedSetRequest } from '@contract';
import type { PitchValues } from '@contract/pitching';
import { createStore, entries, promisifyRequest } from 'idb-keyval';
import { broadcastTabs, memoryTabs, type TabConnection } from '../device-tabs';

/**
 * The workout logs kept on this device (ADR 036): what the person entered and the ordered outbox of the API
 * writes still to send, in one IndexedDB record per log, so a change and its write are stored together. The
 * screen renders from here; the server's answers are merged in as they arrive.
 *
 * Every change is a function of the log (ADR 044): it is applied to the copy in memory at once (the screen
 * shows it in the same frame) and again to the stored record inside one IndexedDB transaction, so the changes
 * of two tabs on one log compose instead of one tab's whole record replacing the other's. The stored result
 * then becomes the memory copy, and the other tabs are told to read it.
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
  /** Bumped by every stored change of the record: a copy read from the device is newer when it is higher. */
  revision: number;
  /** When the device last stored a change of it (ISO 8601); older logs have none. */
  savedAt?: string;
}

/** What one atomic change of the device writes: the logs to put and the ids to delete. */
export interface StoredChange {
  put: DeviceLog[];
  remove: string[];
}

/**
 * Where the logs are kept: IndexedDB in the browser; tests hand in a memory one that outlives a "reload" and is
 * shared by the "tabs" of a test, as one IndexedDB is shared by the tabs of a browser.
 */
export interface DeviceLogStorage {
  readAll: () => Promise<DeviceLog[]>;
  /**
   * Reads the logs named (those stored) and writes what `change` makes of them, in one readwrite transaction:
   * no other tab's change can land between the read and the write.
   */
  change: (
    logIds: readonly string[],
    change: (stored: ReadonlyMap<string, DeviceLog>) => StoredChange,
  ) => Promise<void>;
  /** This tab's line to the device's other tabs: `announce` tells them logs changed, `heard` hears theirs. */
  connect: (heard: () => void) => TabConnection;
}

/** A log as an earlier version of the app stored it: logs kept before issue 16 have no pitches. */
export type StoredDeviceLog = Omit<DeviceLog, 'pitches'> & { pitches?: DeviceLog['pitches'] };

/** A stored log in today's shape, whichever version of the app wrote it. */
const upgraded = (log: StoredDeviceLog): DeviceLog => ({ ...log, pitches: log.pitches ?? {} });

export const trackingDatabase = {
  name: 'connect-tracking',
  store: 'workout-logs',
  channel: 'connect-tracking-logs',
} as const;

function indexedDbStorage(): DeviceLogStorage | null {
  if (typeof indexedDB === 'undefined') return null;
  try {
    const store = createStore(trackingDatabase.name, trackingDatabase.store);
    return {
      readAll: async () => (await entries<string, StoredDeviceLog>(store)).map(([, log]) => upgraded(log)),
      // idb-keyval's `update` for several keys: its gets, then the puts, in the same transaction.
      change: (logIds, change) =>
        store('readwrite', (records) => {
          const done = promisifyRequest(records.transaction);
          return Promise.all(
            logIds.map((logId) =>
              promisifyRequest(records.get(logId) as IDBRequest<StoredDeviceLog | undefined>),
            ),
          ).then((found) => {
            const stored = new Map<string, DeviceLog>();
            found.forEach((log, index) => {
              if (log) stored.set(logIds[index]!, upgraded(log));
            });
            let written: StoredChange;
            try {
              written = change(stored);
            } catch (error) {
              records.transaction.abort();
              done.catch(() => undefined);
              throw error;
            }
            for (const logId of written.remove) records.delete(logId);
            for (const log of written.put) records.put(log, log.logId);
            return done;
          });
        }),
      connect: (heard) => broadcastTabs(trackingDatabase.channel, heard),
    };
  } catch {
    return null;
  }
}

/**
 * Tests (jsdom has no IndexedDB): a storage that keeps structured copies, as IndexedDB does, changes them
 * atomically, and tells the other tabs connected to it (after the current task, as a BroadcastChannel does).
 */
export function createMemoryDeviceLogStorage(): DeviceLogStorage & { logs: Map<string, StoredDeviceLog> } {
  const logs = new Map<string, StoredDeviceLog>();
  return {
    logs,
    readAll: () => Promise.resolve([...logs.values()].map((log) => upgraded(structuredClone(log)))),
    change: (logIds, change) => {
      const stored = new Map<string, DeviceLog>();
      for (const logId of logIds) {
        const log = logs.get(logId);
        if (log) stored.set(logId, upgraded(structuredClone(log)));
      }
      try {
        const { put, remove } = change(stored);
        for (const logId of remove) logs.delete(logId);
        for (const log of put) logs.set(log.logId, structuredClone(log));
        return Promise.resolve();
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    connect: memoryTabs(),
  };
}

/** A change of one log as a function of the log (undefined: not on the device), so any copy can take it. */
type LogChange = (log: DeviceLog | undefined) => DeviceLog | undefined;

interface HeldLog {
  /** The copy last read from or written to the device; undefined until its first write lands. */
  stored: DeviceLog | undefined;
  /** Changes made in this tab and not stored yet, in order: the screen shows them over `stored`. */
  waiting: LogChange[];
}

let storage: DeviceLogStorage | null | undefined;
let connection: ReturnType<DeviceLogStorage['connect']> | null = null;

const storageOf = (): DeviceLogStorage | null => {
  if (storage === undefined) storage = indexedDbStorage();
  // Another tab changed logs: read them again, so its change shows here within a moment.
  if (storage && !connection) connection = storage.connect(() => void loadDeviceLogs());
  return storage;
};

/** What the screen shows: each held log's stored copy with this tab's waiting changes over it. */
const logs = new Map<string, DeviceLog>();
const held = new Map<string, HeldLog>();
/** A log that took another's place (the server's log of the entry, ADR 036): changes of the old id go there. */
const movedTo = new Map<string, string>();
const listeners = new Set<() => void>();
let version = 0;
let loading: Promise<void> | null = null;
/** Reads and writes of the device go one after another, in the order they were asked for. */
let writes: Promise<void> = Promise.resolve();
let writeFailed = false;

function notify(): void {
  version += 1;
  for (const listener of listeners) listener();
}

const applied = (log: DeviceLog | undefined, change: LogChange) => change(log);
const shownOf = (entry: HeldLog): DeviceLog | undefined => entry.waiting.reduce(applied, entry.stored);

function show(logId: string, entry: HeldLog): void {
  const shown = shownOf(entry);
  if (shown) logs.set(logId, shown);
  else logs.delete(logId);
}

const heldOf = (logId: string): HeldLog => {
  let entry = held.get(logId);
  if (!entry) {
    entry = { stored: undefined, waiting: [] };
    held.set(logId, entry);
  }
  return entry;
};

/** The log a change of `logId` goes to: itself, or the log that took its place. */
function liveLogId(logId: string): string {
  let id = logId;
  for (let hops = 0; hops < 8 && movedTo.has(id); hops += 1) id = movedTo.get(id)!;
  return id;
}

const stamped = (log: DeviceLog, revision: number): DeviceLog => ({
  ...log,
  revision,
  savedAt: new Date().toISOString(),
});

/** The log of the same entry and user that replaced `gone` on the device (an adopted start), if any. */
const successorOf = (gone: DeviceLog, stored: readonly DeviceLog[]): DeviceLog | undefined =>
  stored.find(
    (log) => log.logId !== gone.logId && log.entryId === gone.entryId && log.userId === gone.userId,
  );

function failedToWrite(): void {
  writeFailed = true;
  notify();
}

function wrote(): void {
  connection?.announce();
  if (writeFailed) {
    writeFailed = false;
    notify();
  }
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

/** Runs `work` after every read and write asked for before it; a failure of one never stops the next. */
function afterWrites(work: () => Promise<void>): Promise<void> {
  const next = writes.then(work).catch(failedToWrite);
  writes = next;
  return next;
}

/**
 * Stores this tab's waiting changes of a log: applied to the stored record inside one transaction, so whatever
 * another tab stored meanwhile is kept. A record stored once and gone since was moved to the server's log of
 * its entry (the changes follow it there) or cleaned away (then it is written again: nothing typed is lost).
 */
async function storeWaiting(target: DeviceLogStorage, logId: string, recreate = false): Promise<void> {
  const entry = held.get(logId);
  if (!entry || entry.waiting.length === 0) return;
  const batch = entry.waiting.slice();
  const expected = entry.stored;
  let before: DeviceLog | undefined;
  let result: DeviceLog | undefined;
  let gone = false;
  await target.change([logId], (stored) => {
    before = stored.get(logId);
    gone = before === undefined && expected !== undefined && !recreate;
    if (gone) return { put: [], remove: [] };
    const changed = batch.reduce(applied, before ?? (recreate ? expected : undefined));
    result = changed && changed !== before ? stamped(changed, (before?.revision ?? 0) + 1) : before;
    return { put: result && result !== before ? [result] : [], remove: [] };
  });
  if (gone && expected) {
    await followMovedLog(target, logId, expected);
    return;
  }
  entry.waiting.splice(0, batch.length);
  entry.stored = result;
  if (result !== before) wrote();
  // Stored over what another tab wrote: the screen shows the composed record (else it shows it already).
  if (before?.revision !== expected?.revision || result === undefined) {
    show(logId, entry);
    notify();
  }
}

async function followMovedLog(target: DeviceLogStorage, logId: string, gone: DeviceLog): Promise<void> {
  const successor = successorOf(gone, await target.readAll());
  const entry = held.get(logId);
  if (!entry) return;
  if (!successor) {
    await storeWaiting(target, logId, true);
    return;
  }
  held.delete(logId);
  logs.delete(logId);
  movedTo.set(logId, successor.logId);
  const next = heldOf(successor.logId);
  if (!next.stored || successor.revision > next.stored.revision) next.stored = successor;
  next.waiting.push(...entry.waiting);
  show(successor.logId, next);
  notify();
  await storeWaiting(target, successor.logId);
}

function queueChange(logId: string, change: LogChange): void {
  const target = storageOf();
  if (!target) return;
  heldOf(logId).waiting.push(change);
  void afterWrites(() => storeWaiting(target, logId));
}

async function readStored(target: DeviceLogStorage): Promise<void> {
  const stored = await target.readAll();
  let changed = false;
  for (const log of stored) {
    const entry = held.get(log.logId);
    if (entry?.stored && log.revision <= entry.stored.revision) continue;
    const next = entry ?? heldOf(log.logId);
    next.stored = log;
    show(log.logId, next);
    changed = true;
  }
  const found = new Set(stored.map((log) => log.logId));
  for (const [logId, entry] of held) {
    if (found.has(logId) || entry.stored === undefined || entry.waiting.length > 0) continue;
    // Gone from the device: moved to the server's log of its entry, or cleaned away, by another tab.
    const successor = successorOf(entry.stored, stored);
    if (successor) movedTo.set(logId, successor.logId);
    held.delete(logId);
    logs.delete(logId);
    changed = true;
  }
  if (changed) notify();
}

/**
 * Reads what the device holds: a copy stored since by another tab (or an earlier page) replaces the one in
 * memory, with this tab's waiting changes over it. Safe to call any number of times.
 */
export function loadDeviceLogs(): Promise<void> {
  const target = storageOf();
  if (!target) return Promise.resolve();
  return afterWrites(async () => {
    // A read that fails leaves the memory copies as they are.
    await readStored(target).catch(() => undefined);
    // Changes a failed write left waiting (a full disk, a broken database) are tried again.
    for (const [logId, entry] of [...held]) {
      if (entry.waiting.length > 0) await storeWaiting(target, logId);
    }
  });
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
  // Another tab may have stored it first (the same server log taken over): its copy is kept.
  queueChange(log.logId, (stored) => stored ?? log);
}

/**
 * Changes a log in memory at once and on the device right after; returns the new copy. `change` must be a
 * function of the log alone (ids and times made before the call): it is applied again to the stored record.
 */
export function updateDeviceLog(logId: string, change: (log: DeviceLog) => DeviceLog): DeviceLog | undefined {
  const id = liveLogId(logId);
  const current = logs.get(id);
  if (!current) return undefined;
  const next = change(current);
  // Nothing new: no write to the device, no render.
  if (next === current) return current;
  logs.set(id, next);
  notify();
  queueChange(id, (log) => (log ? change(log) : log));
  return next;
}

/**
 * The same log under another id (the server already had one for the entry): one change of the device, which
 * reads and writes both records in one transaction. `merge` makes the log from the two (the second may be
 * missing); changes of the old id made later, in any tab, go to the new one.
 */
export function moveDeviceLog(
  logId: string,
  toLogId: string,
  merge: (log: DeviceLog, existing: DeviceLog | undefined) => DeviceLog,
): void {
  const current = logs.get(logId);
  if (!current) return;
  logs.delete(logId);
  logs.set(toLogId, merge(current, logs.get(toLogId)));
  movedTo.set(logId, toLogId);
  notify();
  const target = storageOf();
  if (target) void afterWrites(() => storeMove(target, logId, toLogId, merge));
}

async function storeMove(
  target: DeviceLogStorage,
  logId: string,
  toLogId: string,
  merge: (log: DeviceLog, existing: DeviceLog | undefined) => DeviceLog,
): Promise<void> {
  const from = heldOf(logId);
  const to = heldOf(toLogId);
  const fromBatch = from.waiting.slice();
  const toBatch = to.waiting.slice();
  let result: DeviceLog | undefined;
  await target.change([logId, toLogId], (stored) => {
    const log = fromBatch.reduce(applied, stored.get(logId));
    if (!log) return { put: [], remove: [] };
    const existing = toBatch.reduce(applied, stored.get(toLogId));
    const revision = Math.max(stored.get(logId)?.revision ?? 0, stored.get(toLogId)?.revision ?? 0) + 1;
    result = stamped(merge(log, existing), revision);
    return { put: [result], remove: [logId] };
  });
  held.delete(logId);
  to.waiting.splice(0, toBatch.length);
  to.waiting.push(...from.waiting.slice(fromBatch.length));
  if (result) to.stored = result;
  show(toLogId, to);
  notify();
  if (result) wrote();
}

/** How long a log with nothing left to send stays on the device after its last change there. */
export const sentLogKeptDays = 30;

/**
 * A log that may leave the device (ADR 044): nothing waits to be sent, nothing refused waits to be read, and
 * its last change here is older than 30 days. The server has all of it; opening the workout again reads it.
 */
export function isSentAndOld(log: DeviceLog, now: number): boolean {
  const lastChange = Date.parse(log.savedAt ?? log.finishedAt ?? log.startedAt);
  return (
    log.outbox.length === 0 &&
    log.rejected.length === 0 &&
    now - lastChange > sentLogKeptDays * 24 * 60 * 60 * 1000
  );
}

/** Removes the logs that may leave the device, checked again inside the transaction that deletes them. */
export function removeSentOldDeviceLogs(now = Date.now()): Promise<void> {
  const target = storageOf();
  if (!target) return Promise.resolve();
  return afterWrites(async () => {
    const candidates = [...held]
      .filter(([, entry]) => entry.waiting.length === 0 && entry.stored && isSentAndOld(entry.stored, now))
      .map(([logId]) => logId);
    if (candidates.length === 0) return;
    let removed: string[] = [];
    await target.change(candidates, (stored) => {
      removed = candidates.filter((logId) => {
        const log = stored.get(logId);
        return log !== undefined && isSentAndOld(log, now);
      });
      return { put: [], remove: removed };
    });
    for (const logId of removed) {
      // A change made here meanwhile writes the log again when it is stored: nothing typed is lost.
      if (held.get(logId)?.waiting.length) continue;
      held.delete(logId);
      logs.delete(logId);
    }
    if (removed.length > 0) {
      notify();
      wrote();
    }
  });
}

/** Tests only: the storage the next page uses (`null`: none). */
export function configureDeviceLogStorage(next: DeviceLogStorage | null): void {
  connection?.close();
  connection = null;
  storage = next;
}

/** Tests only: a new page: nothing in memory, the device's storage as it is. */
export function forgetDeviceLogsInMemory(): void {
  connection?.close();
  connection = null;
  logs.clear();
  held.clear();
  movedTo.clear();
  loading = null;
  writes = Promise.resolve();
  writeFailed = false;
  notify();
}
