import type { Pitch } from '@contract/pitching';
import type { DeviceLog, DevicePitch } from './device-logs';
import {
  configureDeviceLogStorage,
  forgetDeviceLogsInMemory,
  getDeviceLog,
  saveNewDeviceLog,
} from './device-logs';
import { mergeServerPitches } from './log-actions';
import type { ServerPitchList } from './server-pitches';
import { pitchListAsked, pitchWriteAnswered } from './server-pitches';

/*
 * The server's list of a log's pitches against this device's own writes (issue 16, ADR 036): a list read while a
 * write of a pitch was on the wire cannot speak for that pitch, and an older list never undoes a newer one.
 */

const logId = '01900000-0000-7000-8000-0000000010a1';
const pitchId = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;

const devicePitch = (n: number, velocityMph: number): DevicePitch => ({
  id: pitchId(n),
  sequence: n,
  pitchType: 'fastball',
  velocityMph,
  spinRateRpm: null,
  spinAxisDegrees: null,
  inducedVerticalBreakIn: null,
  horizontalBreakIn: null,
  releaseHeightFt: null,
  releaseSideFt: null,
  extensionFt: null,
  result: null,
  strike: null,
  note: null,
  removed: false,
});

const serverPitch = (n: number, velocityMph: number): Pitch => {
  const { removed: _removed, ...values } = devicePitch(n, velocityMph);
  return {
    ...values,
    logId,
    athleteId: '01900000-0000-7000-8000-0000000a7111',
    date: '2026-11-24',
    source: 'manual',
    importId: null,
    updatedAt: '2026-11-24T18:00:00.000Z',
  };
};

function trackedLog(pitches: DevicePitch[]): void {
  saveNewDeviceLog({
    logId,
    entryId: '01900000-0000-7000-8000-0000000e0001',
    userId: '01900000-0000-7000-8000-0000000a7111',
    athlete: { id: '01900000-0000-7000-8000-0000000a7111', firstName: 'Jamie', lastName: 'Rivera' },
    date: '2026-11-24',
    assignmentId: null,
    workout: {} as DeviceLog['workout'],
    status: 'in_progress',
    startedAt: '2026-11-24T17:00:00.000Z',
    finishedAt: null,
    durationSeconds: null,
    sessionRpe: null,
    notes: null,
    sets: {},
    exercises: {},
    pitches: Object.fromEntries(pitches.map((pitch) => [pitch.id, pitch])),
    outbox: [],
    rejected: [],
    records: [],
    rest: null,
    revision: 1,
  });
}

const shown = () =>
  Object.values(getDeviceLog(logId)?.pitches ?? {})
    .filter((pitch) => !pitch.removed)
    .map((pitch) => [pitch.sequence, pitch.velocityMph]);

beforeEach(() => {
  configureDeviceLogStorage(null);
});
afterEach(() => {
  forgetDeviceLogsInMemory();
});

describe("the server's pitches of a log", () => {
  it('are not taken for a pitch whose write the server answered after the list was asked for', () => {
    // Pitch 2 was typed here and its write was on the wire while the list was read: the list lacks it.
    trackedLog([devicePitch(1, 88), devicePitch(2, 90)]);
    const asked = pitchListAsked();
    pitchWriteAnswered(pitchId(2));
    mergeServerPitches(logId, { pitches: [serverPitch(1, 88)], asked });
    expect(shown()).toEqual([
      [1, 88],
      [2, 90],
    ]);

    // Pitch 1 was changed here the same way: the list's older copy does not undo the change.
    const before = pitchListAsked();
    pitchWriteAnswered(pitchId(1));
    mergeServerPitches(logId, { pitches: [serverPitch(1, 85), serverPitch(2, 90)], asked: before });
    expect(shown()).toEqual([
      [1, 88],
      [2, 90],
    ]);

    // A list asked for after both answers speaks for both: pitch 2 was removed elsewhere since.
    mergeServerPitches(logId, { pitches: [serverPitch(1, 88.5)], asked: pitchListAsked() });
    expect(shown()).toEqual([[1, 88.5]]);
    expect(getDeviceLog(logId)?.pitches[pitchId(2)]?.removed).toBe(true);
  });

  it('never undoes a newer list with an older one read back from the cache', () => {
    trackedLog([]);
    const older = pitchListAsked();
    const newer: ServerPitchList = {
      pitches: [serverPitch(1, 88), serverPitch(2, 91)],
      asked: pitchListAsked(),
    };
    mergeServerPitches(logId, newer);
    mergeServerPitches(logId, { pitches: [serverPitch(1, 86)], asked: older });
    expect(shown()).toEqual([
      [1, 88],
      [2, 91],
    ]);
  });

  it('only adds what the device never had from a list an earlier page asked for', () => {
    trackedLog([devicePitch(1, 88), devicePitch(2, 90)]);
    const earlierPage = { page: 'an-earlier-page', at: 1 };
    mergeServerPitches(logId, { pitches: [serverPitch(1, 84), serverPitch(3, 79)], asked: earlierPage });
    expect(shown()).toEqual([
      [1, 88],
      [2, 90],
      [3, 79],
    ]);
    // The same list again changes nothing, and writes nothing to the device (the same copy stays).
    const joined = getDeviceLog(logId);
    mergeServerPitches(logId, { pitches: [serverPitch(1, 84), serverPitch(3, 79)], asked: earlierPage });
    expect(getDeviceLog(logId)).toBe(joined);
  });
});
