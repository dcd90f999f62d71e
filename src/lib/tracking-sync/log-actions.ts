import type {
  FinishWorkoutLogRequest,
  ScheduleItemDetail,
  StartWorkoutLogRequest,
  UpsertLoggedExerciseRequest,
  UpsertLoggedSetRequest,
  WorkoutLog,
} from '@contract';
import type { PitchValues } from '@contract/pitching';
import { v7 as uuidv7 } from 'uuid';
import type {
  DeviceExercise,
  DeviceLog,
  DevicePitch,
  DeviceSet,
  OutboxItem,
  OutboxKind,
  PersonRef,
} from './device-logs';
import { getDeviceLog, saveNewDeviceLog, updateDeviceLog } from './device-logs';
import { requestSync } from './outbox-sync';
import { deviceSetOf, withServerPitches } from './server-answers';
import type { ServerPitchList } from './server-pitches';
import { takePitchList } from './server-pitches';

/**
 * What a person does on the tracking screen, as changes of the device's log plus the API write each needs
 * (ADR 036). Every write gets its idempotency key here, when the person acts, and keeps it for every attempt.
 */

const now = () => new Date().toISOString();

/** A write's key and time, made once when the person acts: the change may be applied to more than one copy. */
type OutboxStamp = Pick<OutboxItem, 'key' | 'madeAt'>;
const newStamp = (): OutboxStamp => ({ key: uuidv7(), madeAt: now() });

function outboxItem(
  stamp: OutboxStamp,
  kind: OutboxKind,
  method: OutboxItem['method'],
  path: string,
  body: unknown,
  targetId: string | null = null,
): OutboxItem {
  return { ...stamp, kind, method, path, body, targetId };
}

/** A pitch's upsert and its removal write the same thing: the later of them is what the server must end with. */
const subjectOf = (kind: OutboxKind): OutboxKind => (kind === 'pitch-delete' ? 'pitch' : kind);

/**
 * Adds a write behind the others of its log. A set's, an exercise's or a pitch's write that is still waiting is
 * replaced by the newer one (each carries the whole state, and the later change wins anyway). The head of the
 * outbox is never touched: it is the one a tab may be sending (this one or another, ADR 044), so a write can
 * never be lost between an attempt and its answer.
 */
function enqueue(log: DeviceLog, item: OutboxItem): OutboxItem[] {
  if (item.targetId === null) return [...log.outbox, item];
  const kept = log.outbox.filter(
    (queued, index) =>
      index === 0 || !(subjectOf(queued.kind) === subjectOf(item.kind) && queued.targetId === item.targetId),
  );
  return [...kept, item];
}

/**
 * A change of the log and the write it needs, as one change of the device. The write's key is made here, once:
 * the change is applied to this tab's copy and again to the stored one, and both must name the same write. The
 * write's path comes from the log it is applied to (a log taken over by the server's keeps its new id).
 */
function write(
  logId: string,
  change: (log: DeviceLog) => DeviceLog,
  item: (log: DeviceLog, stamp: OutboxStamp) => OutboxItem,
) {
  const stamp = newStamp();
  const next = updateDeviceLog(logId, (log) => {
    const changed = change(log);
    return { ...changed, outbox: enqueue(changed, item(changed, stamp)) };
  });
  if (next) requestSync();
  return next;
}

export interface StartTracking {
  entry: Pick<ScheduleItemDetail, 'id' | 'date' | 'workout' | 'assignmentId'> & { athlete: PersonRef };
  userId: string;
}

/** A log of the entry with nothing entered and nothing to send: the start's, or the screen's before a start. */
export function emptyDeviceLog(
  { entry, userId }: StartTracking,
  logId: string,
  startedAt: string,
  revision: number,
): DeviceLog {
  return {
    logId,
    entryId: entry.id,
    userId,
    athlete: entry.athlete,
    date: entry.date,
    assignmentId: entry.assignmentId,
    workout: entry.workout,
    status: 'in_progress',
    startedAt,
    finishedAt: null,
    durationSeconds: null,
    sessionRpe: null,
    notes: null,
    sets: {},
    exercises: {},
    pitches: {},
    outbox: [],
    rejected: [],
    records: [],
    rest: null,
    revision,
  };
}

/** Start: a log with an id made here, and its start as the first write of its outbox. */
export function startWorkoutLog(start: StartTracking): DeviceLog {
  const logId = uuidv7();
  const startedAt = now();
  const body: StartWorkoutLogRequest = { entryId: start.entry.id, startedAt };
  const log: DeviceLog = {
    ...emptyDeviceLog(start, logId, startedAt, 1),
    outbox: [outboxItem(newStamp(), 'start', 'PUT', `api/workout-logs/${logId}`, body)],
  };
  saveNewDeviceLog(log);
  requestSync();
  return log;
}

/** A log begun elsewhere (another device, the coach): kept here as the server has it, nothing to send. */
export function adoptServerLog(
  serverLog: WorkoutLog,
  entry: StartTracking['entry'],
  userId: string,
): DeviceLog {
  const existing = getDeviceLog(serverLog.id);
  if (existing) return existing;
  const log: DeviceLog = {
    logId: serverLog.id,
    entryId: serverLog.entryId,
    userId,
    athlete: serverLog.athlete,
    date: serverLog.date,
    assignmentId: entry.assignmentId,
    workout: entry.workout,
    status: serverLog.status,
    startedAt: serverLog.startedAt,
    finishedAt: serverLog.finishedAt,
    durationSeconds: serverLog.durationSeconds,
    sessionRpe: serverLog.sessionRpe,
    notes: serverLog.notes,
    sets: Object.fromEntries(serverLog.sets.map((loggedSet) => [loggedSet.id, deviceSetOf(loggedSet)])),
    exercises: Object.fromEntries(
      serverLog.exercises.map(({ blockExerciseId, ...exercise }) => [blockExerciseId, exercise]),
    ),
    pitches: {},
    outbox: [],
    rejected: [],
    records: serverLog.records,
    rest: null,
    revision: 1,
  };
  saveNewDeviceLog(log);
  return log;
}

/**
 * The server's pitches of a log, those entered on other devices included (issue 16), joined to the device's copy
 * as its sets are (`withServerPitches`); a list older than one already joined is not joined again.
 */
export function mergeServerPitches(logId: string, list: ServerPitchList): void {
  const log = getDeviceLog(logId);
  if (!log) return;
  const speaksFor = takePitchList(logId, list.asked);
  if (!speaksFor) return;
  // Nothing new: the same log back, so no write to the device and no render.
  updateDeviceLog(logId, (current) => withServerPitches(current, list.pitches, speaksFor));
}

export type SetFields = Omit<UpsertLoggedSetRequest, 'changedAt' | 'removed'>;

/** A new or changed set: the whole set as it is now, stamped with the time the person changed it. */
export function saveSet(
  logId: string,
  setId: string | null,
  fields: SetFields,
  removed = false,
  rest: DeviceLog['rest'] = null,
): string {
  const id = setId ?? uuidv7();
  const loggedSet: DeviceSet = { ...fields, removed, changedAt: now(), id };
  const { id: _id, ...body } = loggedSet;
  write(
    logId,
    (log) => ({ ...log, sets: { ...log.sets, [id]: loggedSet }, ...(rest ? { rest } : {}) }),
    (log, stamp) => outboxItem(stamp, 'set', 'PUT', `api/workout-logs/${log.logId}/sets/${id}`, body, id),
  );
  return id;
}

/**
 * Several sets at once ("log as prescribed", issue 23): one change of the device's log, with a write per set in
 * the outbox, so the screen renders once and each set is sent (and retried) on its own like a tap's.
 */
export function saveSets(logId: string, changes: { setId: string | null; fields: SetFields }[]): void {
  if (changes.length === 0) return;
  const stamped = changes.map(({ setId, fields }) => {
    const id = setId ?? uuidv7();
    const loggedSet: DeviceSet = { ...fields, removed: false, changedAt: now(), id };
    return { id, loggedSet, stamp: newStamp() };
  });
  const next = updateDeviceLog(logId, (log) =>
    stamped.reduce<DeviceLog>((changed, { id, loggedSet, stamp }) => {
      const { id: _id, ...body } = loggedSet;
      const withSet = { ...changed, sets: { ...changed.sets, [id]: loggedSet } };
      const item = outboxItem(stamp, 'set', 'PUT', `api/workout-logs/${changed.logId}/sets/${id}`, body, id);
      return { ...withSet, outbox: enqueue(withSet, item) };
    }, log),
  );
  if (next) requestSync();
}

/** Marking a set done (or not) also starts the rest that follows it, when the workout gives one. */
export function markSetDone(
  logId: string,
  setId: string | null,
  fields: SetFields,
  restSeconds: number | null,
): string {
  // One change of the log (one write to the device, one render) for the set and its rest.
  const rest =
    fields.done && restSeconds ? { endsAt: Date.now() + restSeconds * 1000, seconds: restSeconds } : null;
  return saveSet(logId, setId, fields, false, rest);
}

export function endRest(logId: string): void {
  updateDeviceLog(logId, (log) => (log.rest ? { ...log, rest: null } : log));
}

/** A swap for another exercise, or notes: the exercise's whole state, the later change winning. */
export function saveExercise(
  logId: string,
  blockExerciseId: string,
  exercise: Omit<DeviceExercise, 'changedAt'>,
): void {
  const changedAt = now();
  const body: UpsertLoggedExerciseRequest = {
    exerciseId: exercise.exerciseId,
    notes: exercise.notes,
    changedAt,
  };
  write(
    logId,
    (log) => ({ ...log, exercises: { ...log.exercises, [blockExerciseId]: { ...exercise, changedAt } } }),
    (log, stamp) =>
      outboxItem(
        stamp,
        'exercise',
        'PUT',
        `api/workout-logs/${log.logId}/exercises/${blockExerciseId}`,
        body,
        blockExerciseId,
      ),
  );
}

/** What the person enters of a pitch; its number is the device's (`nextPitchSequence`). */
export type PitchFields = Omit<PitchValues, 'sequence'>;

const pitchPath = (logId: string, pitchId: string) => `api/completed-workouts/${logId}/pitches/${pitchId}`;

/**
 * The number the next pitch gets: after every pitch this log has had, removed ones included, so a removal never
 * renumbers the others (a number already sent must keep naming the same pitch on every device and report).
 */
export const nextPitchSequence = (log: Pick<DeviceLog, 'pitches'>): number =>
  Math.max(0, ...Object.values(log.pitches).map((pitch) => pitch.sequence)) + 1;

/**
 * A pitch entered while tracking (issue 16), or a change of one: the whole pitch, upserted under an id made on
 * the device, so an offline retry can never add it twice. A new pitch is numbered on the device, in order.
 */
export function savePitch(logId: string, pitchId: string | null, fields: PitchFields): string {
  const id = pitchId ?? uuidv7();
  write(
    logId,
    (log) => {
      const sequence = log.pitches[id]?.sequence ?? nextPitchSequence(log);
      const pitch: DevicePitch = { ...fields, sequence, id, removed: false };
      return { ...log, pitches: { ...log.pitches, [id]: pitch } };
    },
    (log, stamp) => {
      const { id: _id, removed: _removed, ...body } = log.pitches[id]!;
      return outboxItem(stamp, 'pitch', 'PUT', pitchPath(log.logId, id), body, id);
    },
  );
  return id;
}

/** A pitch removed: kept on the device as removed (its number stays taken), deleted on the server. */
export function removePitch(logId: string, pitchId: string): void {
  write(
    logId,
    (log) => {
      const pitch = log.pitches[pitchId];
      return pitch ? { ...log, pitches: { ...log.pitches, [pitchId]: { ...pitch, removed: true } } } : log;
    },
    (log, stamp) => outboxItem(stamp, 'pitch-delete', 'DELETE', pitchPath(log.logId, pitchId), null, pitchId),
  );
}

export interface FinishFields {
  durationSeconds: number;
  sessionRpe: number | null;
  notes: string | null;
}

/** Finish: completed on the device at once (and so on the calendar), sent after every write before it. */
export function finishWorkoutLog(logId: string, fields: FinishFields): DeviceLog | undefined {
  const finishedAt = now();
  const body: FinishWorkoutLogRequest = { finishedAt, ...fields };
  return write(
    logId,
    (log) => ({ ...log, status: 'completed', finishedAt, ...fields, rest: null }),
    (log, stamp) => outboxItem(stamp, 'finish', 'POST', `api/workout-logs/${log.logId}/finish`, body),
  );
}
