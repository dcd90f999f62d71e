import type { OnboardingStep, User } from '@contract';
import { onboardingStepNames } from '@contract';
import { demoUsers } from '@mocks/data';
import { act, renderHook } from '@testing-library/react';
import { reloadPage } from '@/testing/reload-page';
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
import {
  onboardingProgressSaved,
  onboardingProgressStorageKey,
  readOnboardingProgressOnDevice,
} from './onboarding-progress-on-device';
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

  it('does not finish the tour when the last step’s screen is opened before the others are done', () => {
    const result = renderTour();
    act(() => result.current.actions.tourLoaded(coach));
    act(() => result.current.actions.stepCompleted('VISIT_COMPLETED_WORKOUT'));
    expect(result.current.isComplete).toBe(false);
    expect(result.current.currentStep).toBe('NAVIGATE_TO_USERS_PAGE');
    expect(result.current.unsaved?.changes.onboarding).toBeUndefined();
    // Done in turn later, the other steps finish it.
    completeSteps(result, onboardingStepNames.slice(0, -1));
    expect(result.current.isComplete).toBe(true);
    expect(result.current.unsaved?.changes.onboarding).toBe(true);
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

  it('a later answer for the same user does not undo progress made here', () => {
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

describe('a later record of the same user (a session opened from an older copy, then a fresh /api/me)', () => {
  it('keeps the guide hidden when the fresh record says it was hidden, and does not say the tour is done', () => {
    const result = renderTour();
    // The older copy: the guide shown, at step 2.
    act(() =>
      result.current.actions.tourLoaded({ ...coach, onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true } }),
    );
    act(() => result.current.actions.tourStarted());
    expect(result.current.isGuideVisible).toBe(true);
    // The server's: hidden on another tab (or a save confirmed before the copy was written), one more step done.
    act(() =>
      result.current.actions.tourLoaded({
        ...coach,
        onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true, CREATE_NEW_USER: true },
        onboardingHidden: true,
      }),
    );
    expect(result.current).toMatchObject({ isHidden: true, isGuideVisible: false, isComplete: false });
    expect(result.current.currentStep).toBe('NAVIGATE_TO_WORKOUT_LIBRARY');
    expect(result.current.unsaved).toBeNull();
  });

  it('keeps a hide made here that the server has not confirmed over a record that still shows the guide', () => {
    const result = renderTour();
    act(() => result.current.actions.tourLoaded(coach));
    act(() => result.current.actions.guideHidden());
    act(() => result.current.actions.progressSaveStarted());
    act(() => result.current.actions.tourLoaded({ ...coach, onboardingHidden: false }));
    expect(result.current.isHidden).toBe(true);
  });
});

describe('unsaved progress', () => {
  it('collects nothing to save before a user is loaded', () => {
    const result = renderTour();
    act(() => result.current.actions.stepCompleted('NAVIGATE_TO_USERS_PAGE'));
    expect(result.current.unsaved).toBeNull();
  });

  it('collects the steps done and the data, merging the hidden and complete flags of every change since the last save', () => {
    const result = renderTour();
    act(() => result.current.actions.tourLoaded(coach));
    act(() => result.current.actions.guideHidden());
    act(() => result.current.actions.stepCompleted('NAVIGATE_TO_USERS_PAGE'));
    expect(result.current.unsaved).toEqual({
      userId: coach.id,
      revision: expect.any(Number) as number,
      changes: {
        // Only the step done here: the server merges steps one by one (ADR 044).
        onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true },
        onboardingData: { CREATE_NEW_USER: null, CREATE_NEW_WORKOUT: null, ADD_WORKOUT_TO_SCHEDULE: null },
        onboardingHidden: true,
      },
    });

    act(() => result.current.actions.progressSaveStarted());
    expect(result.current.unsaved).toBeNull();
    completeSteps(result, onboardingStepNames.slice(1));
    expect(result.current.unsaved?.changes).not.toHaveProperty('onboardingHidden');
    expect(result.current.unsaved?.changes.onboarding).toBe(true);
  });
});

describe('progress kept on the device until the server has it', () => {
  const user = (fields: Partial<User>): User => ({ ...coach, ...fields });
  const noData = { CREATE_NEW_USER: null, CREATE_NEW_WORKOUT: null, ADD_WORKOUT_TO_SCHEDULE: null };

  it('keeps a step completed just before a reload, over the older record, and queues its save again', () => {
    const result = renderTour();
    act(() => result.current.actions.tourLoaded(coach));
    completeSteps(result, ['NAVIGATE_TO_USERS_PAGE', 'CREATE_NEW_USER']);
    // The save was handed over, then lost with the page before it reached the offline cache.
    act(() => result.current.actions.progressSaveStarted());

    act(() => reloadPage());
    expect(result.current.steps.NAVIGATE_TO_USERS_PAGE).toBe(false);
    act(() => result.current.actions.tourLoaded(coach));

    expect(result.current.currentStep).toBe('NAVIGATE_TO_WORKOUT_LIBRARY');
    expect(result.current.data.CREATE_NEW_USER).toEqual({ madeOn: 'CREATE_NEW_USER' });
    expect(result.current.unsaved).toEqual({
      userId: coach.id,
      revision: expect.any(Number) as number,
      changes: {
        onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true, CREATE_NEW_USER: true },
        onboardingData: { ...noData, CREATE_NEW_USER: { madeOn: 'CREATE_NEW_USER' } },
      },
    });
  });

  it("takes the device's hidden and complete flags over the record's", () => {
    const result = renderTour();
    act(() => result.current.actions.tourLoaded(coach));
    act(() => result.current.actions.guideHidden());
    completeSteps(result, onboardingStepNames);

    act(() => reloadPage());
    act(() => result.current.actions.tourLoaded(coach));

    expect(result.current).toMatchObject({ isHidden: true, isComplete: true });
    expect(result.current.unsaved?.changes).toMatchObject({ onboardingHidden: true, onboarding: true });
  });

  it('sends the guide shown again when it was shown here after the record hid it', () => {
    const result = renderTour();
    act(() => result.current.actions.tourLoaded(user({ onboardingHidden: true })));
    act(() => result.current.actions.guideShown());

    act(() => reloadPage());
    act(() => result.current.actions.tourLoaded(user({ onboardingHidden: true })));

    expect(result.current.isHidden).toBe(false);
    expect(result.current.unsaved?.changes.onboardingHidden).toBe(false);
  });

  it('merges with a record that moved on elsewhere: a step done on either side is done, its slot is kept', () => {
    const result = renderTour();
    act(() => result.current.actions.tourLoaded(coach));
    act(() => result.current.actions.stepCompleted('NAVIGATE_TO_USERS_PAGE'));
    act(() => result.current.actions.stepCompleted('CREATE_NEW_USER', { userId: 'made-here' }));

    act(() => reloadPage());
    act(() =>
      result.current.actions.tourLoaded(
        user({
          onboardingSteps: { CREATE_NEW_USER: true, NAVIGATE_TO_WORKOUT_LIBRARY: true },
          onboardingData: { ...noData, CREATE_NEW_USER: { userId: 'made-elsewhere' } },
        }),
      ),
    );

    expect(result.current.steps).toMatchObject({
      NAVIGATE_TO_USERS_PAGE: true,
      CREATE_NEW_USER: true,
      NAVIGATE_TO_WORKOUT_LIBRARY: true,
    });
    expect(result.current.currentStep).toBe('FILL_WORKOUT_FORM');
    expect(result.current.data.CREATE_NEW_USER).toEqual({ userId: 'made-elsewhere' });
    expect(result.current.unsaved?.changes.onboardingSteps).toMatchObject({ NAVIGATE_TO_USERS_PAGE: true });
  });

  it('forgets the copy on load when the record already has everything in it', () => {
    const result = renderTour();
    act(() => result.current.actions.tourLoaded(coach));
    act(() => result.current.actions.stepCompleted('NAVIGATE_TO_USERS_PAGE'));
    act(() => result.current.actions.guideHidden());

    act(() => reloadPage());
    act(() =>
      result.current.actions.tourLoaded(
        user({ onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true }, onboardingHidden: true }),
      ),
    );

    expect(result.current.unsaved).toBeNull();
    expect(result.current.currentStep).toBe('CREATE_NEW_USER');
    expect(readOnboardingProgressOnDevice(coach.id)).toBeNull();
  });

  it('forgets the copy when the save of its latest change is answered, not when an older one is', () => {
    const result = renderTour();
    act(() => result.current.actions.tourLoaded(coach));
    act(() => result.current.actions.stepCompleted('NAVIGATE_TO_USERS_PAGE'));
    const firstSave = result.current.unsaved;
    act(() => result.current.actions.stepCompleted('CREATE_NEW_USER', { userId: 'u-9' }));
    const secondSave = result.current.unsaved;
    if (!firstSave || !secondSave) throw new Error('Both changes should be waiting to be saved');

    onboardingProgressSaved(user({ onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true } }), firstSave.revision);
    expect(readOnboardingProgressOnDevice(coach.id)?.changes.onboardingSteps).toMatchObject({
      CREATE_NEW_USER: true,
    });

    const recordWithBoth = user({
      onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true, CREATE_NEW_USER: true },
      onboardingData: { ...noData, CREATE_NEW_USER: { userId: 'u-9' } },
    });
    // An older save answered late (a replay): the record may have it all, but the newer save is still to come.
    onboardingProgressSaved(recordWithBoth, firstSave.revision);
    expect(readOnboardingProgressOnDevice(coach.id)).not.toBeNull();

    onboardingProgressSaved(recordWithBoth, secondSave.revision);
    expect(readOnboardingProgressOnDevice(coach.id)).toBeNull();
  });

  it('keeps the copy when the answer lacks part of it (an earlier save was refused)', () => {
    const result = renderTour();
    act(() => result.current.actions.tourLoaded(coach));
    act(() => result.current.actions.guideHidden());
    act(() => result.current.actions.progressSaveStarted());
    act(() => result.current.actions.stepCompleted('NAVIGATE_TO_USERS_PAGE'));
    const revision = result.current.unsaved?.revision ?? 0;

    onboardingProgressSaved(user({ onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true } }), revision);

    expect(readOnboardingProgressOnDevice(coach.id)?.changes.onboardingHidden).toBe(true);
  });

  it.each([
    ['not JSON', '{"userId":'],
    ['not an object', '[1, 2]'],
    [
      'no revision',
      JSON.stringify({ userId: coach.id, changes: { onboardingSteps: {}, onboardingData: noData } }),
    ],
    [
      'an unknown step',
      JSON.stringify({
        userId: coach.id,
        revision: 1,
        changes: { onboardingSteps: { MAKE_COFFEE: true }, onboardingData: noData },
      }),
    ],
    [
      'a step that is not true or false',
      JSON.stringify({
        userId: coach.id,
        revision: 1,
        changes: { onboardingSteps: { NAVIGATE_TO_USERS_PAGE: 'yes' }, onboardingData: noData },
      }),
    ],
    [
      'a slot too many',
      JSON.stringify({
        userId: coach.id,
        revision: 1,
        changes: {
          onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true },
          onboardingData: { ...noData, EXTRA: null },
        },
      }),
    ],
    [
      'a slot that is not an object',
      JSON.stringify({
        userId: coach.id,
        revision: 1,
        changes: { onboardingSteps: {}, onboardingData: { ...noData, CREATE_NEW_USER: 'u-9' } },
      }),
    ],
    [
      'a hidden flag that is not true or false',
      JSON.stringify({
        userId: coach.id,
        revision: 1,
        changes: { onboardingSteps: {}, onboardingData: noData, onboardingHidden: 'yes' },
      }),
    ],
    [
      "another user's progress under this user's key",
      JSON.stringify({
        userId: demoUsers.admin.id,
        revision: 1,
        changes: { onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true }, onboardingData: noData },
      }),
    ],
  ])('ignores and drops a stored copy with %s', (_what, stored) => {
    localStorage.setItem(onboardingProgressStorageKey(coach.id), stored);
    const result = renderTour();

    act(() => result.current.actions.tourLoaded(coach));

    expect(result.current.steps).toEqual(allSteps(false));
    expect(result.current.unsaved).toBeNull();
    expect(localStorage.getItem(onboardingProgressStorageKey(coach.id))).toBeNull();
  });

  it('goes on without a copy when storage throws', () => {
    const refused = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(refused);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(refused);
    const result = renderTour();

    act(() => result.current.actions.tourLoaded(coach));
    act(() => result.current.actions.stepCompleted('NAVIGATE_TO_USERS_PAGE'));

    expect(result.current.currentStep).toBe('CREATE_NEW_USER');
    expect(result.current.unsaved?.changes.onboardingSteps).toMatchObject({ NAVIGATE_TO_USERS_PAGE: true });
  });

  it("does not apply one user's progress to another user on the same device", () => {
    const result = renderTour();
    act(() => result.current.actions.tourLoaded(coach));
    act(() => result.current.actions.stepCompleted('NAVIGATE_TO_USERS_PAGE'));

    act(() => reloadPage());
    act(() => result.current.actions.tourLoaded(demoUsers.admin));
    expect(result.current.steps.NAVIGATE_TO_USERS_PAGE).toBe(false);
    expect(result.current.unsaved).toBeNull();

    act(() => reloadPage());
    act(() => result.current.actions.tourLoaded(coach));
    expect(result.current.steps.NAVIGATE_TO_USERS_PAGE).toBe(true);
  });

  it('is cleared by sign-out, which resets the stores', () => {
    const result = renderTour();
    act(() => result.current.actions.tourLoaded(coach));
    act(() => result.current.actions.stepCompleted('NAVIGATE_TO_USERS_PAGE'));

    act(() => resetAllStores());
    act(() => result.current.actions.tourLoaded(coach));

    expect(result.current.steps.NAVIGATE_TO_USERS_PAGE).toBe(false);
    expect(result.current.unsaved).toBeNull();
    expect(readOnboardingProgressOnDevice(coach.id)).toBeNull();
  });
});
