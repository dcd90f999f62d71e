import type { AthleteMax, ScheduledWorkout } from '@contract';
import { emptyPrescribedSet } from '@contract';
import { demoWorkouts } from '@mocks/library-data';
import type { DeviceLog } from '@/lib/tracking-sync/device-logs';
import { planExercises, prefill, sessionTotals } from './planned-sets';

const [lower] = demoWorkouts;
const trapBarId = lower!.blocks[0]!.exercises[0]!.exerciseId;
const max = (value: number, unit: 'lb' | 'kg'): AthleteMax => ({
  id: '3c1d7a10-0000-4000-8000-000000000001',
  exerciseId: trapBarId,
  exerciseName: 'Trap-bar deadlift',
  kind: 'one_rm',
  value,
  unit,
  source: 'tested',
  setId: null,
  recordedOn: '2026-10-01',
  recordedBy: null,
});

function logOf(workout: ScheduledWorkout, sets: DeviceLog['sets'] = {}): DeviceLog {
  return {
    logId: '01900000-0000-7000-8000-000000000001',
    entryId: '01900000-0000-7000-8000-000000000002',
    userId: 'u',
    athlete: { id: 'a', firstName: 'Jamie', lastName: 'Rivera' },
    date: '2026-11-24',
    assignmentId: null,
    workout,
    status: 'in_progress',
    startedAt: '2026-11-24T15:00:00.000Z',
    finishedAt: null,
    durationSeconds: null,
    sessionRpe: null,
    notes: null,
    sets,
    exercises: {},
    pitches: {},
    outbox: [],
    rejected: [],
    records: [],
    rest: null,
    revision: 1,
  };
}

const workout = { ...lower!, workoutId: lower!.id, libraryVersion: null } as ScheduledWorkout;

describe('the rows of the tracking screen', () => {
  it('turns %1RM into a load in the organisation’s unit, rounded to its plate step', () => {
    const set = { ...emptyPrescribedSet, reps: 5, percentOneRm: 80 };
    // 80% of 140 kg in pounds (246.9 lb) to 5 lb; of 315 lb in kilograms (114.3 kg) to 2.5 kg.
    expect(
      prefill(set, trapBarId, { weightUnit: 'lb', plateStep: 5, maxes: [max(140, 'kg')] }),
    ).toMatchObject({
      reps: 5,
      load: 245,
      loadUnit: 'lb',
    });
    expect(
      prefill(set, trapBarId, { weightUnit: 'kg', plateStep: 2.5, maxes: [max(315, 'lb')] }),
    ).toMatchObject({
      load: 115,
      loadUnit: 'kg',
    });
    // Without a max there is no load to suggest.
    expect(prefill(set, trapBarId, { weightUnit: 'lb', plateStep: 5, maxes: [] }).load).toBeNull();
  });

  it('repeats a superset’s sets once per round and keeps a removed set out', () => {
    const context = { weightUnit: 'lb' as const, plateStep: 5, maxes: [] };
    const plans = planExercises(logOf(workout), context);
    expect(plans.map((plan) => [plan.label, plan.rows.length])).toEqual([
      ['A', 4],
      ['B1', 3],
      ['B2', 3],
    ]);
    const splitSquat = plans[1]!;
    const removed = planExercises(
      logOf(workout, {
        s: {
          id: 's',
          blockExerciseId: splitSquat.blockExerciseId,
          exerciseId: splitSquat.exerciseId,
          setNumber: 2,
          ...prefill(splitSquat.rows[1]!.prescribed!, splitSquat.exerciseId, context),
          done: false,
          removed: true,
          changedAt: '2026-11-24T15:01:00.000Z',
        },
      }),
      context,
    );
    expect(removed[1]!.rows.map((row) => row.setNumber)).toEqual([1, 3]);
    expect(removed[1]!.nextSetNumber).toBe(4);
  });

  it('adds up the load lifted and names an estimated 1RM over the current max', () => {
    const context = { weightUnit: 'lb' as const, plateStep: 5, maxes: [max(315, 'lb')] };
    const [trapBar] = planExercises(logOf(workout), context);
    const done = { ...trapBar!, rows: trapBar!.rows.map((row, index) => ({ ...row, done: index < 2 })) };
    done.rows[0] = { ...done.rows[0]!, values: { ...done.rows[0]!.values, load: 300 } };
    const totals = sessionTotals([done], context);
    expect(totals).toMatchObject({ doneSets: 2, volume: 300 * 5 + 250 * 5, volumeUnit: 'lb' });
    expect(totals.bestEstimates).toEqual([
      { exerciseId: trapBarId, exerciseName: 'Trap-bar deadlift', value: 350, previous: 315 },
    ]);
  });

  it('names no estimated 1RM for an exercise a 1RM means nothing for, such as a med-ball throw', () => {
    const context = { weightUnit: 'lb' as const, plateStep: 5, maxes: [max(5, 'lb')] };
    const [trapBar] = planExercises(logOf(workout), context);
    const medBall = {
      ...trapBar!,
      category: 'med-ball' as const,
      rows: trapBar!.rows.map((row, index) => ({
        ...row,
        done: index < 1,
        values: { ...row.values, load: 10 },
      })),
    };
    const totals = sessionTotals([medBall], context);
    expect(totals.doneSets).toBe(1);
    expect(totals.bestEstimates).toEqual([]);
  });
});
