import type { LoggedExercise, LoggedSet, PersonalRecord, WorkoutLog } from '@contract';
import type { Pitch } from '@contract/pitching';
import { shallow } from 'zustand/vanilla/shallow';
import type { DeviceLog, DevicePitch, DeviceSet, OutboxItem } from './device-logs';

/**
 * How the server's answers join the device's copy (ADR 036): a set or an exercise takes the server's version
 * unless the device has a change of it still waiting, or a later one. That is "the later change wins", applied
 * silently: a coach's newer change replaces the athlete's older one on screen, with no error on either device.
 * The answer to the device's own write is taken whole, its `changedAt` included: the server reads a device's
 * stamps through its clock's offset (ADR 042), so from then on the device compares server times with server
 * times, and a clock a year ahead cannot keep a coach's later change off the screen.
 */

/** A logged set of the server's, as the device keeps it. */
export function deviceSetOf(loggedSet: LoggedSet): DeviceSet {
  const { exerciseName: _name, estimatedOneRm: _estimate, changedBy: _changedBy, ...fields } = loggedSet;
  return fields;
}

const isWaiting = (outbox: readonly OutboxItem[], kind: OutboxItem['kind'], targetId: string) =>
  outbox.some((item) => item.kind === kind && item.targetId === targetId);

const isLater = (server: string, device: string | undefined) =>
  device === undefined || Date.parse(server) >= Date.parse(device);

/** `answered`: the server's answer to this device's write of it, which is the truth whatever the clocks say. */
function mergeSet(log: DeviceLog, loggedSet: LoggedSet, answered = false): DeviceLog {
  const local = log.sets[loggedSet.id];
  if (
    isWaiting(log.outbox, 'set', loggedSet.id) ||
    (!answered && !isLater(loggedSet.changedAt, local?.changedAt))
  ) {
    return log;
  }
  return { ...log, sets: { ...log.sets, [loggedSet.id]: deviceSetOf(loggedSet) } };
}

function mergeExercise(log: DeviceLog, exercise: LoggedExercise, answered = false): DeviceLog {
  const local = log.exercises[exercise.blockExerciseId];
  if (
    isWaiting(log.outbox, 'exercise', exercise.blockExerciseId) ||
    (!answered && !isLater(exercise.changedAt, local?.changedAt))
  ) {
    return log;
  }
  const { blockExerciseId, ...fields } = exercise;
  return { ...log, exercises: { ...log.exercises, [blockExerciseId]: fields } };
}

export const withSetAnswer = (
  log: DeviceLog,
  loggedSet: LoggedSet,
  records: PersonalRecord[],
): DeviceLog => ({
  ...mergeSet(log, loggedSet, true),
  records,
});

/** A pitch of the server's, as the device keeps it: the fields of its upsert. */
export function devicePitchOf(pitch: Pitch): DevicePitch {
  const {
    logId: _logId,
    athleteId: _athleteId,
    date: _date,
    source: _source,
    importId: _importId,
    updatedAt: _updatedAt,
    ...fields
  } = pitch;
  return { ...fields, removed: false };
}

/**
 * A pitch's answer, taken as a set's is: unless the device has a write of that pitch still waiting (a change or
 * its removal), which will be sent and answered in turn. Pitches carry no change time of their own, so the
 * waiting write alone decides. The pitch's number is the server's either way (issue 22): a pitch another device
 * numbered first was numbered after the others, and the waiting writes of it carry that number from now on.
 */
export function withPitchAnswer(log: DeviceLog, pitch: Pitch): DeviceLog {
  const isOfPitch = (item: OutboxItem) =>
    (item.kind === 'pitch' || item.kind === 'pitch-delete') && item.targetId === pitch.id;
  if (!log.outbox.some(isOfPitch)) {
    return { ...log, pitches: { ...log.pitches, [pitch.id]: devicePitchOf(pitch) } };
  }
  const local = log.pitches[pitch.id];
  if (!local || local.sequence === pitch.sequence) return log;
  return {
    ...log,
    pitches: { ...log.pitches, [pitch.id]: { ...local, sequence: pitch.sequence } },
    outbox: log.outbox.map((item) =>
      item.kind === 'pitch' && isOfPitch(item)
        ? { ...item, body: { ...(item.body as object), sequence: pitch.sequence } }
        : item,
    ),
  };
}

/**
 * The server's list of a log's pitches (issue 16): those entered on other devices join the device's copy as sets
 * do. A pitch the device lacks is added. A pitch this device still holds as its own keeps the device's copy: a
 * write of it is waiting (a change or its removal, sent and answered in turn), or was refused and waits to be
 * corrected. Any other takes the server's values, and goes (kept as removed, so its number is never given again)
 * when the list lacks it: it was removed elsewhere. `speaksFor` says whether the list can tell about a pitch at
 * all: a list asked for before the server answered this device's last write of a pitch may predate that write.
 */
export function withServerPitches(
  log: DeviceLog,
  serverPitches: readonly Pitch[],
  speaksFor: (pitchId: string) => boolean,
): DeviceLog {
  const heldHere = new Set(
    [...log.outbox, ...log.rejected]
      .filter((write) => write.kind === 'pitch' || write.kind === 'pitch-delete')
      .map((write) => write.targetId),
  );
  const mayTake = (pitchId: string) => !heldHere.has(pitchId) && speaksFor(pitchId);
  const pitches = { ...log.pitches };
  let changed = false;
  for (const pitch of serverPitches) {
    const local = log.pitches[pitch.id];
    const server = devicePitchOf(pitch);
    if (!local || (mayTake(pitch.id) && !shallow(local, server))) {
      pitches[pitch.id] = server;
      changed = true;
    }
  }
  const onServer = new Set(serverPitches.map((pitch) => pitch.id));
  for (const local of Object.values(log.pitches)) {
    if (!local.removed && !onServer.has(local.id) && mayTake(local.id)) {
      pitches[local.id] = { ...local, removed: true };
      changed = true;
    }
  }
  return changed ? { ...log, pitches } : log;
}

export const withExerciseAnswer = (log: DeviceLog, exercise: LoggedExercise): DeviceLog =>
  mergeExercise(log, exercise, true);

/** The whole log as the server has it: its sets and exercises by the rule above, its status and records. */
export function withServerLog(log: DeviceLog, serverLog: WorkoutLog): DeviceLog {
  let merged = serverLog.sets.reduce((current, loggedSet) => mergeSet(current, loggedSet), log);
  merged = serverLog.exercises.reduce((current, exercise) => mergeExercise(current, exercise), merged);
  const finishWaiting = log.outbox.some((item) => item.kind === 'finish');
  const completedThere = serverLog.status === 'completed';
  return {
    ...merged,
    records: serverLog.records,
    ...(completedThere && !finishWaiting
      ? {
          status: 'completed',
          finishedAt: serverLog.finishedAt,
          durationSeconds: serverLog.durationSeconds,
          sessionRpe: serverLog.sessionRpe,
          notes: serverLog.notes,
        }
      : {}),
  };
}
