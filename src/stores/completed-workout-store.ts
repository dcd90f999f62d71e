import { create } from 'zustand';
import { registerStoreReset } from './store-reset';

// What the tracking screen hands to the congratulations modal when a workout log is completed. The completed-
// workout views read the same records from the API as query state; these types follow the workout-log contract
// when the training-loop issue brings it.

/** One throw of the completed workout (product.md: pitch type, velocity, spin, result, count). */
export interface CompletedWorkoutPitch {
  id: string;
  pitchType: string | null;
  /** mph */
  velocity: number | null;
  /** rpm */
  spinRate: number | null;
  /** e.g. 'strike', 'ball' */
  result: string | null;
  /** The pitch count at this throw, from 1. */
  count: number;
}

/** The arm sensor's readings for one throw (spec 3 `nextilesDataForCompletedWorkout`). */
export interface ArmSensorThrow {
  throwNumber: number;
  /** N·m */
  elbowTorque: number | null;
  /** deg/s */
  armSpeed: number | null;
  /** degrees */
  armSlot: number | null;
}

/** A personal record as the congratulations name it ("Trap-bar deadlift · Best estimated 1RM · 270 lb"). */
export interface CompletedWorkoutRecord {
  exerciseName: string;
  label: string;
  value: string;
}

export interface CompletedWorkoutSummary {
  workoutLogId: string;
  workoutName: string;
  /** ISO 8601 instant. */
  completedAt: string;
  /** What was done (issue 15): load lifted in `volumeUnit`, done sets, records and the time it took. */
  volume?: number;
  volumeUnit?: 'lb' | 'kg';
  doneSetCount?: number;
  records?: CompletedWorkoutRecord[];
  durationSeconds?: number | null;
  /** The athlete, when staff tracked it for one. */
  athleteName?: string | null;
}

export interface CongratsModal {
  isOpen: boolean;
  summary: CompletedWorkoutSummary | null;
}

interface CompletedWorkoutState {
  pitchesForCompletedWorkout: CompletedWorkoutPitch[];
  nextilesDataForCompletedWorkout: ArmSensorThrow[];
  congratsModal: CongratsModal;
  actions: {
    /** Opens the congratulations modal with the workout's summary and what was recorded during it. */
    workoutCompleted: (completed: {
      summary: CompletedWorkoutSummary;
      pitches?: CompletedWorkoutPitch[];
      armSensorThrows?: ArmSensorThrow[];
    }) => void;
    /** Sensor readings may be imported after the workout is completed. */
    armSensorDataReceived: (armSensorThrows: ArmSensorThrow[]) => void;
    /** The modal was their only reader, so closing it forgets the summary, pitches and sensor data. */
    congratsModalClosed: () => void;
  };
}

const initialState = {
  pitchesForCompletedWorkout: [],
  nextilesDataForCompletedWorkout: [],
  congratsModal: { isOpen: false, summary: null },
} satisfies Omit<CompletedWorkoutState, 'actions'>;

const useCompletedWorkoutStore = create<CompletedWorkoutState>()((set) => ({
  ...initialState,
  actions: {
    workoutCompleted: ({ summary, pitches = [], armSensorThrows = [] }) =>
      set({
        pitchesForCompletedWorkout: pitches,
        nextilesDataForCompletedWorkout: armSensorThrows,
        congratsModal: { isOpen: true, summary },
      }),
    armSensorDataReceived: (armSensorThrows) => set({ nextilesDataForCompletedWorkout: armSensorThrows }),
    congratsModalClosed: () => set(initialState),
  },
}));

registerStoreReset(() => useCompletedWorkoutStore.setState(initialState));

export const usePitchesForCompletedWorkout = () =>
  useCompletedWorkoutStore((state) => state.pitchesForCompletedWorkout);
export const useNextilesDataForCompletedWorkout = () =>
  useCompletedWorkoutStore((state) => state.nextilesDataForCompletedWorkout);
export const useCongratsModal = () => useCompletedWorkoutStore((state) => state.congratsModal);
export const useCompletedWorkoutActions = () => useCompletedWorkoutStore((state) => state.actions);
