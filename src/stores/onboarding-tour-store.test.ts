import type { OnboardingStep, User } from '@contract';
import { onboardingStepNames } from '@contract';
import { demoUsers } from '@mocks/data';
import { act, renderHook } from '@testing-library/react';
import {
  isDataCarryingStep,
  isTourComplete,
  loadTourFromUser,
  useIsOnboardingComplete,
  useIsOnboardingGuideHidden,
  useIsOnboardingGuideVisible,
  useIsOnboardingTourActive,
  useOnboardingCurrentStep,
  useOnboardingData,
  useOnboardingStepsDone,
  useOnboardingTourActions,
  useUnsavedOnboardingProgress,
} from './onboarding-tour-store';
import { resetAllStores } from './store-reset';

const coach = demoUsers.coach;
const allSteps = (done: boolean) =>
  Object.fromEntries(onboardingStepNames.map((step) => [step, done])) as Record<OnboardingStep, boolean>;

function renderTour() {
  return renderHook(() => ({
    currentStep: useOnboardingCurrentStep(),
    steps: useOnboardingStepsDone(),
    data: useOnboardingData(),
    isActive: useIsOnboardingTourActive(),
    isHidden: useIsOnboardingGuideHidden(),
    isComplete: useIsOnboardingComplete(),
    isGuideVisible: useIsOnboardingGuideVisible(),
    unsaved: useUnsavedOnboardingProgress(),
    actions: useOnboardingTourActions(),
  })).result;
}

/** Completes the steps in order, giving the data-carrying ones something to keep. */
function completeSteps(result: ReturnType<typeof renderTour>, steps: readonly OnboardingStep[]) {
  for (const step of steps) {
    act(() => {
      if (isDataCarryingStep(step)) result.current.actions.stepCompleted(step, { madeOn: step });
      else result.current.actions.stepCompleted(step);
    });
  }
}

beforeEach(() => resetAllStores());

describe('onboarding tour store', () => {
  it('tracks the 13 steps in the order of spec 4', () => {
    expect(Object.keys(renderTour().current.steps)).toEqual([
      'NAVIGATE_TO_USERS_PAGE',
      'CREATE_NEW_USER',
      'NAVIGATE_TO_WORKOUT_LIBRARY',
      'FILL_WORKOUT_FORM',
      'CREATE_NEW_EXERCISE',
      'CREATE_NEW_WORKOUT',
      'NAVIGATE_TO_SCHEDULE',
      'ADD_WORKOUT_TO_SCHEDULE',
      'NAVIGATE_TO_SCHEDULE_TO_TRACK_WORKOUT',
      'OPEN_WORKOUT_MODAL',
      'TRACK_WORKOUT_FOR_ATHLETE',
      'NAVIGATE_TO_SCHEDULE_WITH_COMPLETED_WORKOUT',
      'VISIT_COMPLETED_WORKOUT',
    ]);
  });

  it('starts inactive on the users page step, with no step done, not hidden and not complete', () => {
    const result = renderTour();
    expect(result.current).toMatchObject({
      currentStep: 'NAVIGATE_TO_USERS_PAGE',
      steps: allSteps(false),
      data: { CREATE_NEW_USER: null, CREATE_NEW_WORKOUT: null, ADD_WORKOUT_TO_SCHEDULE: null },
      isActive: false,
      isHidden: false,
      isComplete: false,
      isGuideVisible: false,
      unsaved: null,
    });
  });

  it('marks a completed step and advances to the next in order', () => {
    const result = renderTour();
    act(() => result.current.actions.tourStarted());
    expect(result.current.isGuideVisible).toBe(true);

    act(() => result.current.actions.stepCompleted('NAVIGATE_TO_USERS_PAGE'));
    expect(result.current.steps.NAVIGATE_TO_USERS_PAGE).toBe(true);
    expect(result.current.currentStep).toBe('CREATE_NEW_USER');
    expect(result.current.isComplete).toBe(false);
  });

  it('keeps the data of the three data-carrying steps', () => {
    const result = renderTour();
    completeSteps(result, onboardingStepNames.slice(0, 8));
    expect(result.current.data).toEqual({
      CREATE_NEW_USER: { madeOn: 'CREATE_NEW_USER' },
      CREATE_NEW_WORKOUT: { madeOn: 'CREATE_NEW_WORKOUT' },
      ADD_WORKOUT_TO_SCHEDULE: { madeOn: 'ADD_WORKOUT_TO_SCHEDULE' },
    });
    expect(result.current.currentStep).toBe('NAVIGATE_TO_SCHEDULE_TO_TRACK_WORKOUT');
  });

  it('completes the tour with the last step, and ends it', () => {
    const result = renderTour();
    act(() => result.current.actions.tourStarted());
    completeSteps(result, onboardingStepNames);
    expect(result.current.steps).toEqual(allSteps(true));
    expect(result.current).toMatchObject({ isComplete: true, isActive: false, isGuideVisible: false });
    expect(result.current.currentStep).toBe('VISIT_COMPLETED_WORKOUT');
  });

  it('completing the last step marks onboarding complete even when an earlier one was skipped', () => {
    const result = renderTour();
    act(() => result.current.actions.stepCompleted('VISIT_COMPLETED_WORKOUT'));
    expect(result.current.isComplete).toBe(true);
  });

  it('skips over a step done ahead of its turn (an exercise made while the workout form is filled)', () => {
    const result = renderTour();
    completeSteps(result, onboardingStepNames.slice(0, 3));
    act(() => result.current.actions.stepCompleted('CREATE_NEW_EXERCISE'));
    expect(result.current.currentStep).toBe('FILL_WORKOUT_FORM');
    act(() => result.current.actions.stepCompleted('FILL_WORKOUT_FORM'));
    expect(result.current.currentStep).toBe('CREATE_NEW_WORKOUT');
  });

  it('ignores a step completed twice, so the current step does not move back', () => {
    const result = renderTour();
    completeSteps(result, onboardingStepNames.slice(0, 3));
    const before = result.current.steps;
    act(() => result.current.actions.stepCompleted('NAVIGATE_TO_USERS_PAGE'));
    expect(result.current.currentStep).toBe('FILL_WORKOUT_FORM');
    expect(result.current.steps).toBe(before);
  });

  it('can hide and show the guide', () => {
    const result = renderTour();
    act(() => result.current.actions.tourStarted());
    act(() => result.current.actions.guideHidden());
    expect(result.current).toMatchObject({ isHidden: true, isActive: true, isGuideVisible: false });
    act(() => result.current.actions.guideShown());
    expect(result.current).toMatchObject({ isHidden: false, isGuideVisible: true });
  });

  it('does not start a tour that is complete', () => {
    const result = renderTour();
    act(() => result.current.actions.tourLoaded({ ...coach, onboarding: true }));
    act(() => result.current.actions.tourStarted());
    expect(result.current.isActive).toBe(false);
  });
});

describe('isTourComplete', () => {
  it('is true only when every tracked step is true', () => {
    expect(isTourComplete(allSteps(true))).toBe(true);
    expect(isTourComplete({ ...allSteps(true), OPEN_WORKOUT_MODAL: false })).toBe(false);
    expect(isTourComplete(allSteps(false))).toBe(false);
  });
});

describe('loading the tour from the user', () => {
  const user = (fields: Partial<User>): User => ({ ...coach, ...fields });

  it('reads steps, data, hidden and complete, and resumes at the first step not done', () => {
    const tour = loadTourFromUser(
      user({
        onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true, CREATE_NEW_USER: true },
        onboardingData: {
          CREATE_NEW_USER: { userId: 'u-9' },
          CREATE_NEW_WORKOUT: null,
          ADD_WORKOUT_TO_SCHEDULE: null,
        },
        onboardingHidden: true,
      }),
    );
    expect(tour).toMatchObject({
      currentStep: 'NAVIGATE_TO_WORKOUT_LIBRARY',
      data: { CREATE_NEW_USER: { userId: 'u-9' }, CREATE_NEW_WORKOUT: null, ADD_WORKOUT_TO_SCHEDULE: null },
      isHidden: true,
      isComplete: false,
    });
    expect(tour.steps).toEqual({ ...allSteps(false), NAVIGATE_TO_USERS_PAGE: true, CREATE_NEW_USER: true });
  });

  it('is complete when the user says so or when every step is done', () => {
    expect(loadTourFromUser(user({ onboarding: true })).isComplete).toBe(true);
    expect(loadTourFromUser(user({ onboardingSteps: allSteps(true) })).isComplete).toBe(true);
  });

  it('loads a user once, so a later answer for the same user does not undo progress made here', () => {
    const result = renderTour();
    act(() => result.current.actions.tourLoaded(coach));
    act(() => result.current.actions.stepCompleted('NAVIGATE_TO_USERS_PAGE'));
    act(() => result.current.actions.tourLoaded(coach));
    expect(result.current.steps.NAVIGATE_TO_USERS_PAGE).toBe(true);

    act(() => result.current.actions.tourLoaded(demoUsers.admin));
    expect(result.current.steps.NAVIGATE_TO_USERS_PAGE).toBe(false);
    expect(result.current.unsaved).toBeNull();
  });
});

describe('unsaved progress', () => {
  it('collects nothing to save before a user is loaded', () => {
    const result = renderTour();
    act(() => result.current.actions.stepCompleted('NAVIGATE_TO_USERS_PAGE'));
    expect(result.current.unsaved).toBeNull();
  });

  it('collects steps and data, merging the hidden and complete flags of every change since the last save', () => {
    const result = renderTour();
    act(() => result.current.actions.tourLoaded(coach));
    act(() => result.current.actions.guideHidden());
    act(() => result.current.actions.stepCompleted('NAVIGATE_TO_USERS_PAGE'));
    expect(result.current.unsaved).toEqual({
      userId: coach.id,
      changes: {
        onboardingSteps: { ...allSteps(false), NAVIGATE_TO_USERS_PAGE: true },
        onboardingData: { CREATE_NEW_USER: null, CREATE_NEW_WORKOUT: null, ADD_WORKOUT_TO_SCHEDULE: null },
        onboardingHidden: true,
      },
    });

    act(() => result.current.actions.progressSaveStarted());
    expect(result.current.unsaved).toBeNull();
    act(() => result.current.actions.stepCompleted('VISIT_COMPLETED_WORKOUT'));
    expect(result.current.unsaved?.changes).not.toHaveProperty('onboardingHidden');
    expect(result.current.unsaved?.changes.onboarding).toBe(true);
  });
});
