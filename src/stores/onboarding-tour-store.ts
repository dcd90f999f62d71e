import type { OnboardingData, OnboardingStep, OnboardingSteps, UpdateOwnUserRequest, User } from '@contract';
// Without zod: the schemas load with the first check of the session, not with the signed-in frame.
import { emptyOnboardingData, onboardingStepNames } from '@contract/user-fields';
import { useEffect } from 'react';
import { create } from 'zustand';
import type { OnboardingProgressChanges } from './onboarding-progress-on-device';
import {
  forgetAllOnboardingProgressOnDevice,
  forgetOnboardingProgressOnDevice,
  isOnboardingProgressSavedIn,
  keepOnboardingProgressOnDevice,
  readOnboardingProgressOnDevice,
  withOnboardingChange,
  withOnboardingProgressOnDevice,
} from './onboarding-progress-on-device';
import { registerStoreReset } from './store-reset';

/** The steps that keep what the user made on them (spec 4): create-user, create-workout, add-workout-to-schedule. */
export type DataCarryingStep = keyof OnboardingData;
export type OnboardingSlot = OnboardingData[DataCarryingStep];
export type TourSteps = Record<OnboardingStep, boolean>;

const lastStep = onboardingStepNames.at(-1) ?? onboardingStepNames[0];

/** The part of the tour kept on the user (spec 3) and read back with `/api/me`. */
export interface OnboardingTour {
  currentStep: OnboardingStep;
  steps: TourSteps;
  data: OnboardingData;
  isHidden: boolean;
  isComplete: boolean;
}

/**
 * What the next `POST /api/users/{userId}` sends: every change since the last save, merged. Its steps are only
 * those done since then: the server merges them per step, so a device with an old copy undoes nothing (ADR 044).
 */
export interface UnsavedOnboardingProgress {
  userId: string;
  /** The device copy's revision with these changes in it: the save's success clears the copy if it is still the latest. */
  revision: number;
  changes: OnboardingProgressChanges;
}

interface OnboardingTourState extends OnboardingTour {
  /** Whose tour this is; null until one is loaded. */
  userId: string | null;
  isActive: boolean;
  /** The last step was done in this session (not read from a record): the guide says "You're all set" once. */
  isCompletedHere: boolean;
  unsavedProgress: UnsavedOnboardingProgress | null;
  actions: {
    /**
     * Loads the tour of a user; a later answer for the same user joins what happened here (a step done on either
     * side is done, the record's hidden flag unless this device changed it and the server has not confirmed it).
     * Progress this device kept and the server has not confirmed yet goes over the record, and is saved again.
     */
    tourLoaded: (user: User) => void;
    tourStarted: () => void;
    /** Marks the step done and moves on to the next in order; the last one completes the tour. */
    stepCompleted: {
      (step: DataCarryingStep, data: OnboardingSlot): void;
      (step: Exclude<OnboardingStep, DataCarryingStep>): void;
    };
    guideHidden: () => void;
    guideShown: () => void;
    /** The unsaved progress has been handed to the save; later changes collect anew. */
    progressSaveStarted: () => void;
  };
}

export const isDataCarryingStep = (step: OnboardingStep): step is DataCarryingStep =>
  step in emptyOnboardingData;

/** Complete means every tracked step is true (spec 4). */
export const isTourComplete = (steps: TourSteps): boolean => onboardingStepNames.every((step) => steps[step]);

function tourSteps(done: OnboardingSteps): TourSteps {
  const steps = {} as TourSteps;
  for (const step of onboardingStepNames) steps[step] = done[step] === true;
  return steps;
}

type OnboardingTourFields = Pick<
  User,
  'onboardingSteps' | 'onboardingData' | 'onboardingHidden' | 'onboarding'
>;

/** The tour as the user's record has it (from `/api/me`): the current step is the first one not done. */
export function loadTourFromUser(user: OnboardingTourFields): OnboardingTour {
  const steps = tourSteps(user.onboardingSteps);
  return {
    currentStep: onboardingStepNames.find((step) => !steps[step]) ?? lastStep,
    steps,
    data: { ...emptyOnboardingData, ...user.onboardingData },
    isHidden: user.onboardingHidden,
    isComplete: user.onboarding || isTourComplete(steps),
  };
}

const initialState = {
  userId: null,
  isActive: false,
  isCompletedHere: false,
  unsavedProgress: null,
  ...loadTourFromUser({
    onboardingSteps: {},
    onboardingData: emptyOnboardingData,
    onboardingHidden: false,
    onboarding: false,
  }),
} satisfies Omit<OnboardingTourState, 'actions'>;

/**
 * Adds a change to what the next save sends: the step done now (if any) beside the others since the last save,
 * and the data, as the API expects. The change is kept on the device at once, before any save: a reload now still
 * has it (issue 17).
 */
function withUnsaved(
  state: OnboardingTourState,
  { stepsDone, data }: { stepsDone: OnboardingSteps; data: OnboardingData },
  extra: Pick<UpdateOwnUserRequest, 'onboardingHidden' | 'onboarding'> = {},
): UnsavedOnboardingProgress | null {
  if (state.userId === null) return null;
  const change: OnboardingProgressChanges = { onboardingSteps: stepsDone, onboardingData: data, ...extra };
  return {
    userId: state.userId,
    revision: keepOnboardingProgressOnDevice(state.userId, change),
    changes: withOnboardingChange(state.unsavedProgress?.changes, change),
  };
}

/** The steps a map marks done (a copy kept by an older app holds every step, done or not). */
const stepsDoneIn = (steps: OnboardingSteps): OnboardingSteps =>
  Object.fromEntries(Object.entries(steps).filter(([, done]) => done));

/** A user's tour as loaded: the record, with what this device did and the server does not have yet over it. */
function loadedTour(user: User): Omit<OnboardingTourState, 'actions'> {
  const fromRecord = { ...initialState, ...loadTourFromUser(user), userId: user.id };
  const onDevice = readOnboardingProgressOnDevice(user.id);
  if (onDevice === null) return fromRecord;
  if (isOnboardingProgressSavedIn(user, onDevice)) {
    forgetOnboardingProgressOnDevice(user.id);
    return fromRecord;
  }
  const tour = loadTourFromUser(withOnboardingProgressOnDevice(user, onDevice));
  const { onboardingHidden, onboarding } = onDevice.changes;
  return {
    ...fromRecord,
    ...tour,
    // Sent again: the steps done here (merged per step, so a save that also replays from the offline cache does
    // no harm), the data and flags as they are now.
    unsavedProgress: {
      userId: user.id,
      revision: onDevice.revision,
      changes: {
        onboardingSteps: stepsDoneIn(onDevice.changes.onboardingSteps),
        onboardingData: tour.data,
        ...(onboardingHidden === undefined ? {} : { onboardingHidden: tour.isHidden }),
        ...(onboarding === true ? { onboarding } : {}),
      },
    },
  };
}

/**
 * A later record of the loaded user (a fresh `/api/me` after a session opened from an older copy, a save's answer)
 * joined with the tour here: nothing done here is undone, and nothing the record has is lost.
 */
function withLaterRecord(
  state: OnboardingTourState,
  user: User,
): Partial<OnboardingTourState> | OnboardingTourState {
  const record = loadTourFromUser(user);
  const steps = { ...state.steps };
  for (const step of onboardingStepNames) steps[step] = state.steps[step] || record.steps[step];
  const data = { ...state.data };
  for (const step of Object.keys(emptyOnboardingData) as DataCarryingStep[]) {
    if (data[step] === null && record.data[step] !== null) data[step] = record.data[step];
  }
  // A hide or show made here and not yet confirmed by the server wins; otherwise the record knows best.
  const changedHere =
    state.unsavedProgress?.changes.onboardingHidden !== undefined ||
    readOnboardingProgressOnDevice(user.id)?.changes.onboardingHidden !== undefined;
  const isHidden = changedHere ? state.isHidden : record.isHidden;
  const isComplete = state.isComplete || record.isComplete || isTourComplete(steps);
  const same =
    isHidden === state.isHidden &&
    isComplete === state.isComplete &&
    onboardingStepNames.every((step) => steps[step] === state.steps[step]) &&
    Object.keys(data).every(
      (step) => data[step as DataCarryingStep] === state.data[step as DataCarryingStep],
    );
  if (same) return state;
  return {
    steps,
    data,
    isHidden,
    isComplete,
    currentStep: onboardingStepNames.find((next) => !steps[next]) ?? lastStep,
    isActive: state.isActive && !isComplete,
  };
}

const useOnboardingTourStore = create<OnboardingTourState>()((set) => ({
  ...initialState,
  actions: {
    tourLoaded: (user) =>
      set((state) => (state.userId === user.id ? withLaterRecord(state, user) : loadedTour(user))),
    tourStarted: () => set((state) => ({ isActive: !state.isComplete })),
    stepCompleted: (step: OnboardingStep, slot?: OnboardingSlot) =>
      set((state) => {
        if (state.steps[step]) return state;
        const steps = { ...state.steps, [step]: true };
        const data =
          isDataCarryingStep(step) && slot !== undefined ? { ...state.data, [step]: slot } : state.data;
        // Complete means every step is done (spec 4): the last step's screen opened out of turn (a coach reading a
        // completed workout before adding an athlete) does not finish the tour.
        const isComplete = state.isComplete || isTourComplete(steps);
        const completesNow = isComplete && !state.isComplete;
        return {
          isCompletedHere: state.isCompletedHere || completesNow,
          steps,
          data,
          // The first step not done: a step done ahead of its turn (an exercise made while filling the workout
          // form) is skipped over instead of becoming current again.
          currentStep: onboardingStepNames.find((next) => !steps[next]) ?? lastStep,
          isComplete,
          isActive: state.isActive && !isComplete,
          unsavedProgress: withUnsaved(
            state,
            { stepsDone: { [step]: true }, data },
            completesNow ? { onboarding: true } : {},
          ),
        };
      }),
    guideHidden: () =>
      set((state) => ({
        isHidden: true,
        unsavedProgress: withUnsaved(state, { stepsDone: {}, data: state.data }, { onboardingHidden: true }),
      })),
    guideShown: () =>
      set((state) => ({
        isHidden: false,
        unsavedProgress: withUnsaved(state, { stepsDone: {}, data: state.data }, { onboardingHidden: false }),
      })),
    progressSaveStarted: () => set({ unsavedProgress: null }),
  },
}));

registerStoreReset(() => {
  useOnboardingTourStore.setState(initialState);
  // Sign-out resets the stores: the device's unsaved tour goes with the session.
  forgetAllOnboardingProgressOnDevice();
});

/** Whose tour the store holds: null until `/api/me` has been loaded into it. */
export const useOnboardingTourUserId = () => useOnboardingTourStore((state) => state.userId);
export const useOnboardingCurrentStep = () => useOnboardingTourStore((state) => state.currentStep);
export const useOnboardingStepsDone = () => useOnboardingTourStore((state) => state.steps);
export const useOnboardingData = () => useOnboardingTourStore((state) => state.data);
export const useIsOnboardingTourActive = () => useOnboardingTourStore((state) => state.isActive);
export const useIsOnboardingGuideHidden = () => useOnboardingTourStore((state) => state.isHidden);
export const useIsOnboardingComplete = () => useOnboardingTourStore((state) => state.isComplete);
export const useIsOnboardingCompletedHere = () => useOnboardingTourStore((state) => state.isCompletedHere);
/** The guide shows on a screen while the tour runs, is not hidden and is not finished. */
export const useIsOnboardingGuideVisible = () =>
  useOnboardingTourStore((state) => state.isActive && !state.isHidden && !state.isComplete);
export const useUnsavedOnboardingProgress = () => useOnboardingTourStore((state) => state.unsavedProgress);
export const useOnboardingTourActions = () => useOnboardingTourStore((state) => state.actions);

/**
 * Completes a step of the tour (spec 4) that carries no data once `done` is true (the screen is open, the form
 * is filled), for a user whose tour is loaded and not finished: before the load a completion would be lost.
 */
export function useTourStepCompletedWhen(
  step: Exclude<OnboardingStep, DataCarryingStep>,
  done: boolean,
): void {
  const isDue = useOnboardingTourStore(
    (state) => state.userId !== null && !state.isComplete && !state.steps[step],
  );
  const { stepCompleted } = useOnboardingTourActions();
  useEffect(() => {
    if (isDue && done) stepCompleted(step);
  }, [isDue, done, step, stepCompleted]);
}
