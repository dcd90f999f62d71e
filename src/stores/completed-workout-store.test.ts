import { act, renderHook } from '@testing-library/react';
import type {
  ArmSensorThrow,
  CompletedWorkoutPitch,
  CompletedWorkoutSummary,
} from './completed-workout-store';
import {
  useCompletedWorkoutActions,
  useCongratsModal,
  useNextilesDataForCompletedWorkout,
  usePitchesForCompletedWorkout,
} from './completed-workout-store';
import { resetAllStores } from './store-reset';

const summary: CompletedWorkoutSummary = {
  workoutLogId: 'log-1',
  workoutName: 'Bullpen: fastball command',
  completedAt: '2027-03-01T10:30:00.000Z',
};
const pitch: CompletedWorkoutPitch = {
  id: 'p1',
  pitchType: 'fastball',
  velocity: 84,
  spinRate: 2200,
  result: 'strike',
  count: 1,
};
const armSensorThrow: ArmSensorThrow = { throwNumber: 1, elbowTorque: 52, armSpeed: 980, armSlot: 47 };

function renderCompletedWorkout() {
  return renderHook(() => ({
    pitches: usePitchesForCompletedWorkout(),
    sensorData: useNextilesDataForCompletedWorkout(),
    congratsModal: useCongratsModal(),
    actions: useCompletedWorkoutActions(),
  })).result;
}

beforeEach(() => resetAllStores());

describe('completed workout store', () => {
  it('starts with the congratulations modal closed and nothing recorded', () => {
    const result = renderCompletedWorkout();
    expect(result.current.congratsModal).toEqual({ isOpen: false, summary: null });
    expect(result.current.pitches).toEqual([]);
    expect(result.current.sensorData).toEqual([]);
  });

  it('opens the congratulations modal with the summary, pitches and sensor data of the completed workout', () => {
    const result = renderCompletedWorkout();
    act(() =>
      result.current.actions.workoutCompleted({
        summary,
        pitches: [pitch],
        armSensorThrows: [armSensorThrow],
      }),
    );
    expect(result.current.congratsModal).toEqual({ isOpen: true, summary });
    expect(result.current.pitches).toEqual([pitch]);
    expect(result.current.sensorData).toEqual([armSensorThrow]);
  });

  it('takes sensor data that arrives after completion', () => {
    const result = renderCompletedWorkout();
    act(() => result.current.actions.workoutCompleted({ summary }));
    expect(result.current.sensorData).toEqual([]);
    act(() => result.current.actions.armSensorDataReceived([armSensorThrow]));
    expect(result.current.sensorData).toEqual([armSensorThrow]);
  });

  it('forgets everything when the modal closes', () => {
    const result = renderCompletedWorkout();
    act(() =>
      result.current.actions.workoutCompleted({
        summary,
        pitches: [pitch],
        armSensorThrows: [armSensorThrow],
      }),
    );
    act(() => result.current.actions.congratsModalClosed());
    expect(result.current.congratsModal).toEqual({ isOpen: false, summary: null });
    expect(result.current.pitches).toEqual([]);
    expect(result.current.sensorData).toEqual([]);
  });
});
