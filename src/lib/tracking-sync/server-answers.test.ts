import type { LoggedSet, WorkoutLog } from '@contract';
import type { DeviceLog, DeviceSet } from './device-logs';
import { withServerLog, withSetAnswer } from './server-answers';

/*
 * A phone whose clock runs a year ahead (issue 22, ADR 042): the server reads its stamps through the clock's
 * offset and answers with server times. Once its own write is answered, a coach's later change must show on the
 * phone, though the phone's own stamp of that set is a year "later".
 */

const setId = '01900000-0000-7000-8000-0000000005e1';
const yearAhead = '2027-11-26T15:00:00.000Z';
const serverNow = '2026-11-26T15:00:00.000Z';
const coachLater = '2026-11-26T15:01:00.000Z';

const deviceSet = (reps: number, changedAt: string): DeviceSet => ({
  id: setId,
  blockExerciseId: '01900000-0000-7000-8000-0000000b10c1',
  exerciseId: '01900000-0000-7000-8000-0000000e7e01',
  setNumber: 1,
  reps,
  load: 100,
  loadUnit: 'kg',
  rpe: null,
  timeSeconds: null,
  distance: null,
  distanceUnit: null,
  velocityMph: null,
  done: true,
  removed: false,
  changedAt,
});

const person = { id: '01900000-0000-7000-8000-0000000a7111', firstName: 'Jamie', lastName: 'Rivera' };
const serverSet = (reps: number, changedAt: string): LoggedSet => ({
  ...deviceSet(reps, changedAt),
  exerciseName: 'Back Squat',
  estimatedOneRm: null,
  changedBy: person,
});

const phoneLog = (sets: DeviceSet[]): DeviceLog => ({
  logId: '01900000-0000-7000-8000-0000000010a1',
  entryId: '01900000-0000-7000-8000-0000000e0001',
  userId: person.id,
  athlete: person,
  date: '2026-11-26',
  assignmentId: null,
  workout: {} as DeviceLog['workout'],
  status: 'in_progress',
  startedAt: yearAhead,
  finishedAt: null,
  durationSeconds: null,
  sessionRpe: null,
  notes: null,
  sets: Object.fromEntries(sets.map((set) => [set.id, set])),
  exercises: {},
  pitches: {},
  outbox: [],
  rejected: [],
  records: [],
  rest: null,
  revision: 1,
});

describe('a device whose clock is wrong', () => {
  it("takes the server's answer to its own write, then shows a coach's later change", () => {
    // The phone's write of 5 reps was just answered, stamped in the server's time.
    const answered = withSetAnswer(phoneLog([deviceSet(5, yearAhead)]), serverSet(5, serverNow), []);
    expect(answered.sets[setId]?.changedAt).toBe(serverNow);

    const coachChanged = withServerLog(answered, {
      sets: [serverSet(8, coachLater)],
      exercises: [],
      records: [],
      status: 'in_progress',
    } as unknown as WorkoutLog);
    expect(coachChanged.sets[setId]?.reps).toBe(8);
  });

  it('keeps a change of its own that is still waiting to be sent', () => {
    const waiting = phoneLog([deviceSet(6, yearAhead)]);
    waiting.outbox = [
      {
        key: 'k-0000000001',
        kind: 'set',
        method: 'PUT',
        path: `api/workout-logs/x/sets/${setId}`,
        body: {},
        targetId: setId,
        madeAt: yearAhead,
      },
    ];
    expect(withSetAnswer(waiting, serverSet(5, serverNow), []).sets[setId]?.reps).toBe(6);
  });
});
