import {
  deviceTimeHeader,
  loggedExerciseResponseSchema,
  loggedSetResponseSchema,
  workoutLogResponseSchema,
  type WorkoutLog,
} from '@contract';
import { pitchResponseSchema } from '@contract/pitching';
import { isApiErrorBody } from '@/lib/api/api-request-error';
import { api, idempotencyKeyHeader } from '@/lib/api/api-client';
import type { DeviceLog, OutboxItem } from './device-logs';
import {
  allDeviceLogs,
  getDeviceLog,
  loadDeviceLogs,
  moveDeviceLog,
  removeSentOldDeviceLogs,
  updateDeviceLog,
} from './device-logs';
import { withExerciseAnswer, withPitchAnswer, withServerLog, withSetAnswer } from './server-answers';
import { pitchWriteAnswered } from './server-pitches';

/**
 * The sync loop of the device's outbox (ADR 036). It sends each log's writes in order, one at a time, and takes
 * a write off the outbox only once the server has answered it: a 2xx, or a 4xx that can never succeed (kept to
 * show). Anything else (no network, a cut connection, a 5xx, a 409 while the first attempt is still applied)
 * leaves the write where it is, with its key, to be sent again after a wait that grows to 30 s; so does a round
 * that fails for any other reason. It runs at start, on `online`, when the page becomes visible again and after
 * each change; one tab sends at a time.
 */

interface SyncSetup {
  /** The signed-in user: only the writes that user made on this device are sent with its session. */
  currentUserId: () => string | null;
  /** Told after a log's write was answered (the screens read their queries again). */
  onAnswered: (log: DeviceLog, item: OutboxItem, serverLog: WorkoutLog | null) => void;
}

let setup: SyncSetup = { currentUserId: () => null, onAnswered: () => undefined };

export function configureOutboxSync(next: SyncSetup): void {
  setup = next;
}

/**
 * Another device store's writes (chat messages, ADR 062), sent by this loop after the workout logs: under the
 * same lock, with the same waits. It answers 'later' when something is to be tried again.
 */
export interface OutboxSender {
  sendWaiting: (userId: string) => Promise<'done' | 'later'>;
}

const senders = new Map<string, OutboxSender>();

/** Adds a store's sender to the loop; the returned function takes it off. */
export function registerOutboxSender(name: string, sender: OutboxSender): () => void {
  senders.set(name, sender);
  return () => {
    if (senders.get(name) === sender) senders.delete(name);
  };
}

let sendingKey: string | null = null;
const sendingListeners = new Set<() => void>();
/** The write on the wire now, if any: never replaced while it is sent. */
export const outboxSendingKey = (): string | null => sendingKey;
export const subscribeToSending = (listener: () => void) => {
  sendingListeners.add(listener);
  return () => sendingListeners.delete(listener);
};
function setSending(key: string | null) {
  sendingKey = key;
  for (const listener of sendingListeners) listener();
}

const retryDelaysMs = { first: 1000, max: 30_000 };
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | null = null;
let again = false;

const lockName = 'connect-tracking-outbox';

/** Only one tab sends at a time (Web Locks); where there are none, this tab does. */
async function withOutboxLock(send: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks && typeof locks.request === 'function') {
    await locks.request(lockName, send);
    return;
  }
  await send();
}

/** Asks for a round of sending: now, or right after the one that is running. */
export function requestSync(): void {
  if (running) {
    again = true;
    return;
  }
  clearTimeout(retryTimer);
  retryTimer = undefined;
  running = (async () => {
    do {
      again = false;
      // A round that fails (a lock refused, a storage error, a bug) is tried again later, as a network failure is.
      await withOutboxLock(sendEverything).catch(retryLater);
    } while (again);
    running = null;
  })();
}

function retryLater() {
  failures += 1;
  const delay = Math.min(retryDelaysMs.first * 2 ** (failures - 1), retryDelaysMs.max);
  clearTimeout(retryTimer);
  retryTimer = setTimeout(requestSync, delay);
}

async function sendEverything(): Promise<void> {
  // Another tab (or an earlier page) may have changed the device's logs while this one waited for the lock.
  await loadDeviceLogs();
  // Logs with nothing left to send and untouched for 30 days leave the device, so it does not fill up.
  await removeSentOldDeviceLogs();
  const userId = setup.currentUserId();
  if (userId === null) return;
  const waiting = allDeviceLogs()
    .filter((log) => log.userId === userId && log.outbox.length > 0)
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  let later = false;
  for (const log of waiting) {
    if ((await sendLog(log.logId)) === 'later') {
      later = true;
      break;
    }
  }
  // The other stores go after the logs, even when a log waits: a message does not wait for a workout's write.
  for (const sender of senders.values()) {
    if ((await sender.sendWaiting(userId)) === 'later') later = true;
  }
  if (later) retryLater();
  else failures = 0;
}

type Outcome = 'answered' | 'refused' | 'later';

async function sendLog(logId: string): Promise<'done' | 'later'> {
  for (;;) {
    const item = getDeviceLog(logId)?.outbox[0];
    if (!item) return 'done';
    setSending(item.key);
    const outcome = await send(logId, item).finally(() => setSending(null));
    if (outcome === 'later') return 'later';
  }
}

/** Statuses where asking again may succeed: a timeout, a write still being applied, too many requests. */
export const isTransient = (response: Response) =>
  response.status >= 500 ||
  response.status === 408 ||
  response.status === 429 ||
  // 401: the session ended; the write waits for the same user to sign in again (ADR 036).
  response.status === 401 ||
  (response.status === 409 && response.headers.has('Retry-After'));

async function send(logId: string, item: OutboxItem): Promise<Outcome> {
  let response: Response;
  try {
    response = await api(item.path, {
      method: item.method,
      ...(item.method === 'DELETE' ? {} : { json: item.body }),
      // The clock at this attempt, not when the write was made: the server compares it with its own now.
      headers: { [idempotencyKeyHeader]: item.key, [deviceTimeHeader]: new Date().toISOString() },
      retry: 0,
      throwHttpErrors: false,
    });
  } catch {
    return 'later';
  }
  if (isTransient(response)) return 'later';
  const body: unknown = await response.json().catch(() => undefined);
  // A list of the log's pitches asked for before now may predate this write (server-pitches.ts).
  if ((item.kind === 'pitch' || item.kind === 'pitch-delete') && item.targetId) {
    pitchWriteAnswered(item.targetId);
  }
  const existingLogId = otherLogOfEntry(item, response, body);
  if (existingLogId) {
    adoptExistingLog(logId, existingLogId);
    return 'answered';
  }
  if (!response.ok) {
    const message = `${whatIsRefused(logId, item)}${refusalOf(response, body)}`;
    updateDeviceLog(logId, (log) => ({
      ...log,
      outbox: log.outbox.filter((queued) => queued.key !== item.key),
      rejected: [
        ...log.rejected,
        { key: item.key, kind: item.kind, message, at: new Date().toISOString(), targetId: item.targetId },
      ],
    }));
    const log = getDeviceLog(logId);
    if (log) setup.onAnswered(log, item, null);
    return 'refused';
  }
  let serverLog: WorkoutLog | null = null;
  const answered = updateDeviceLog(logId, (current) => {
    const log = {
      ...current,
      outbox: current.outbox.filter((queued) => queued.key !== item.key),
      // A later write of what was refused went through: the refusal no longer says what the server has.
      rejected:
        item.targetId === null
          ? current.rejected
          : current.rejected.filter((rejected) => rejected.targetId !== item.targetId),
    };
    if (item.kind === 'pitch-delete') return log;
    if (item.kind === 'pitch') {
      const answer = pitchResponseSchema.safeParse(body);
      return answer.success ? withPitchAnswer(log, answer.data.pitch) : log;
    }
    if (item.kind === 'set') {
      const answer = loggedSetResponseSchema.safeParse(body);
      return answer.success ? withSetAnswer(log, answer.data.data, answer.data.records) : log;
    }
    if (item.kind === 'exercise') {
      const answer = loggedExerciseResponseSchema.safeParse(body);
      return answer.success ? withExerciseAnswer(log, answer.data.data) : log;
    }
    const answer = workoutLogResponseSchema.safeParse(body);
    if (!answer.success) return log;
    serverLog = answer.data.data;
    return withServerLog(log, answer.data.data);
  });
  if (answered) setup.onAnswered(answered, item, serverLog);
  return 'answered';
}

/** The server's reason in words: the fields it names say what, else its message. */
export function refusalOf(response: Response, body: unknown): string {
  if (!isApiErrorBody(body)) return `The server refused this change (${response.status}).`;
  const fields = Object.values(body.error.fields ?? {});
  return fields.length > 0 ? fields.join('; ') : body.error.message;
}

/** Which pitch a refusal is about: a workout has many, and a refusal may come long after it was entered. */
function whatIsRefused(logId: string, item: OutboxItem): string {
  if (item.kind !== 'pitch' && item.kind !== 'pitch-delete') return '';
  const pitch = item.targetId ? getDeviceLog(logId)?.pitches[item.targetId] : undefined;
  const number = pitch ? ` ${pitch.sequence}` : '';
  return item.kind === 'pitch' ? `Pitch${number}: ` : `Removing pitch${number}: `;
}

/** A start refused because the entry already has a log (begun on another device): that log's id. */
function otherLogOfEntry(item: OutboxItem, response: Response, body: unknown): string | null {
  if (item.kind !== 'start' || response.status !== 409 || !isApiErrorBody(body)) return null;
  const logId = body.error.fields?.logId;
  return logId && item.path !== `api/workout-logs/${logId}` ? logId : null;
}

/**
 * Two devices started the same entry apart (a coach's tablet and the athlete's phone, both offline): the one
 * that reaches the server second takes the first one's log, and sends its own sets to it (ADR 036). Sets have
 * their own ids, so both devices' sets are kept; a set changed on both keeps the later change.
 */
function adoptExistingLog(logId: string, existingLogId: string): void {
  const moved = (path: string) =>
    path
      .replace(`api/workout-logs/${logId}`, `api/workout-logs/${existingLogId}`)
      .replace(`api/completed-workouts/${logId}/`, `api/completed-workouts/${existingLogId}/`);
  // A copy of that log this device already has (read from the server, or begun in another tab): its sets join
  // this log's (which win, being waiting), and its own waiting writes go first.
  moveDeviceLog(logId, existingLogId, (log, known) => ({
    ...log,
    logId: existingLogId,
    sets: { ...known?.sets, ...log.sets },
    exercises: { ...known?.exercises, ...log.exercises },
    pitches: { ...known?.pitches, ...log.pitches },
    outbox: [
      ...(known?.outbox ?? []),
      ...log.outbox
        .filter((queued) => queued.kind !== 'start')
        .map((queued) => ({ ...queued, path: moved(queued.path) })),
    ],
    rejected: [...(known?.rejected ?? []), ...log.rejected],
  }));
  // The moved log is sent in the next round.
  again = true;
}

/** Tests only: a fresh page's loop. */
export function resetOutboxSync(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  failures = 0;
  again = false;
  running = null;
  setSending(null);
}
