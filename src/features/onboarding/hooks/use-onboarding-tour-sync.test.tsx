import type { MeResponse } from '@contract';
import { errorCodes, onboardingStepNames } from '@contract';
import { demoOrganization, demoUsers } from '@mocks/data';
import { apiError } from '@mocks/handlers/respond';
import { ownUserUpdateHandlers } from '@mocks/handlers/users';
import { server } from '@mocks/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { authQueries } from '@/lib/auth/auth-queries';
import {
  useIsOnboardingGuideHidden,
  useOnboardingCurrentStep,
  useOnboardingStepsDone,
  useOnboardingTourActions,
} from '@/stores/onboarding-tour-store';
import { readOnboardingProgressOnDevice } from '@/stores/onboarding-progress-on-device';
import { resetAllStores } from '@/stores/store-reset';
import { reloadPage } from '@/testing/reload-page';
import { createTestQueryClient } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import { useOnboardingTourSync } from './use-onboarding-tour-sync';

const coach = demoUsers.coach;

/** Records the body of every POST /api/users/{id}, then lets the mock API answer it. */
function recordUserUpdates() {
  const sent: { userId: string; body: unknown }[] = [];
  server.use(
    http.post('*/api/users/:userId', async ({ request, params }) => {
      sent.push({ userId: String(params.userId), body: await request.clone().json() });
    }),
  );
  return sent;
}

function renderSync(user = coach) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData<MeResponse>(authQueries.me().queryKey, { user, organization: demoOrganization });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result, unmount } = renderHook(
    () => {
      useOnboardingTourSync(user);
      return {
        currentStep: useOnboardingCurrentStep(),
        steps: useOnboardingStepsDone(),
        isHidden: useIsOnboardingGuideHidden(),
        actions: useOnboardingTourActions(),
      };
    },
    { wrapper },
  );
  return { result, queryClient, unmount };
}

/** Holds each POST /api/users/{id} until the test answers it; the mock API then answers with the user changed. */
function holdUserUpdates() {
  const answers: (() => void)[] = [];
  server.use(
    http.post(
      '*/api/users/:userId',
      () => new Promise<undefined>((resolve) => answers.push(() => resolve(undefined))),
    ),
  );
  return answers;
}

beforeEach(() => {
  resetAllStores();
  signInAs(coach);
});

describe('onboarding tour sync', () => {
  it("loads the tour from the signed-in user's record", () => {
    const { result } = renderSync({
      ...coach,
      onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true },
      onboardingHidden: true,
    });
    expect(result.current.currentStep).toBe('CREATE_NEW_USER');
    expect(result.current.isHidden).toBe(true);
  });

  it('saves a completed step with POST /api/users/{userId} and keeps the answer in the session', async () => {
    const sent = recordUserUpdates();
    const { result, queryClient } = renderSync();

    act(() => result.current.actions.stepCompleted('CREATE_NEW_USER', { userId: demoUsers.athlete.id }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.userId).toBe(coach.id);
    expect(sent[0]?.body).toEqual({
      onboardingSteps: { CREATE_NEW_USER: true },
      onboardingData: {
        CREATE_NEW_USER: { userId: demoUsers.athlete.id },
        CREATE_NEW_WORKOUT: null,
        ADD_WORKOUT_TO_SCHEDULE: null,
      },
    });
    await waitFor(() =>
      expect(
        queryClient.getQueryData<MeResponse>(authQueries.me().queryKey)?.user.onboardingSteps,
      ).toMatchObject({
        CREATE_NEW_USER: true,
      }),
    );
  });

  it('sends only the steps done here, so a device with an old copy undoes no step done elsewhere', async () => {
    // The tablet marked the users page and the library done; this phone still has the record from before.
    const serverRecord = new Map([
      [
        coach.id,
        { ...coach, onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true, NAVIGATE_TO_WORKOUT_LIBRARY: true } },
      ],
    ]);
    server.use(...ownUserUpdateHandlers(serverRecord));
    const sent = recordUserUpdates();
    const { result, queryClient } = renderSync({
      ...coach,
      onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true },
    });

    act(() => result.current.actions.stepCompleted('CREATE_NEW_USER', { userId: demoUsers.athlete.id }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0]?.body as { onboardingSteps: unknown }).onboardingSteps).toEqual({
      CREATE_NEW_USER: true,
    });
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    const doneNow = {
      NAVIGATE_TO_USERS_PAGE: true,
      NAVIGATE_TO_WORKOUT_LIBRARY: true,
      CREATE_NEW_USER: true,
    };
    expect(serverRecord.get(coach.id)?.onboardingSteps).toEqual(doneNow);
    expect(queryClient.getQueryData<MeResponse>(authQueries.me().queryKey)?.user.onboardingSteps).toEqual(
      doneNow,
    );
  });

  it('sends onboardingHidden when the guide is hidden, and onboarding when the tour completes', async () => {
    const sent = recordUserUpdates();
    // Every step but the last done: the last one, in its turn, completes the tour.
    const { result } = renderSync({
      ...coach,
      onboardingSteps: Object.fromEntries(onboardingStepNames.slice(0, -1).map((step) => [step, true])),
    });

    act(() => result.current.actions.guideHidden());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ onboardingHidden: true });
    expect(sent[0]?.body).not.toHaveProperty('onboarding');

    act(() => result.current.actions.stepCompleted('VISIT_COMPLETED_WORKOUT'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toMatchObject({ onboarding: true });
    expect(sent[1]?.body).not.toHaveProperty('onboardingHidden');
  });

  it('only logs a failed save, and the tour goes on', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post('*/api/users/:userId', () =>
        apiError(400, { code: errorCodes.validation, message: 'Check the highlighted fields.' }),
      ),
    );
    const { result } = renderSync();

    act(() => result.current.actions.stepCompleted('NAVIGATE_TO_USERS_PAGE'));
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith('Error saving onboarding progress:', expect.anything()),
    );
    expect(result.current.steps.NAVIGATE_TO_USERS_PAGE).toBe(true);
    expect(result.current.currentStep).toBe('CREATE_NEW_USER');
  });

  it('saves nothing when the tour is only loaded', () => {
    const { queryClient } = renderSync();
    expect(queryClient.isMutating()).toBe(0);
  });
});

describe("the tour's progress kept on the device until it is saved", () => {
  it('clears the copy once the save is answered', async () => {
    const sent = recordUserUpdates();
    const { result, queryClient } = renderSync();

    act(() => result.current.actions.stepCompleted('NAVIGATE_TO_USERS_PAGE'));
    expect(readOnboardingProgressOnDevice(coach.id)?.changes.onboardingSteps).toMatchObject({
      NAVIGATE_TO_USERS_PAGE: true,
    });

    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(readOnboardingProgressOnDevice(coach.id)).toBeNull();
  });

  it('keeps the copy while a newer change waits behind the save that was answered', async () => {
    server.use(...ownUserUpdateHandlers(new Map()));
    const answers = holdUserUpdates();
    const sent = recordUserUpdates();
    const { result, queryClient } = renderSync();

    act(() => result.current.actions.stepCompleted('NAVIGATE_TO_USERS_PAGE'));
    await waitFor(() => expect(answers).toHaveLength(1));
    act(() => result.current.actions.stepCompleted('CREATE_NEW_USER', { userId: demoUsers.athlete.id }));
    act(() => answers[0]?.());

    // The first save is answered; the second, with the newer step, is on its way and not answered yet.
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(readOnboardingProgressOnDevice(coach.id)?.changes.onboardingSteps).toMatchObject({
      CREATE_NEW_USER: true,
    });

    act(() => answers[1]?.());
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(sent).toHaveLength(2);
    expect(readOnboardingProgressOnDevice(coach.id)).toBeNull();
  });

  it('a step whose save was lost with the page is shown after the reload and saved then', async () => {
    const sent = recordUserUpdates();
    // The page before the reload: the steps are completed, and their save goes with the page before it reached
    // the server or the offline cache (which writes at most once a second).
    const { result: earlierPage } = renderHook(() => useOnboardingTourActions());
    act(() => {
      earlierPage.current.tourLoaded(coach);
      earlierPage.current.stepCompleted('NAVIGATE_TO_USERS_PAGE');
      earlierPage.current.stepCompleted('CREATE_NEW_USER', { userId: demoUsers.athlete.id });
    });

    act(() => reloadPage());
    // `/api/me` still has the tour as it was before those steps.
    const { result, queryClient } = renderSync(coach);

    expect(result.current.currentStep).toBe('NAVIGATE_TO_WORKOUT_LIBRARY');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true, CREATE_NEW_USER: true },
      onboardingData: {
        CREATE_NEW_USER: { userId: demoUsers.athlete.id },
        CREATE_NEW_WORKOUT: null,
        ADD_WORKOUT_TO_SCHEDULE: null,
      },
    });
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(readOnboardingProgressOnDevice(coach.id)).toBeNull();
  });
});
