import type { MeResponse } from '@contract';
import { errorCodes, onboardingStepNames } from '@contract';
import { demoOrganization, demoUsers } from '@mocks/data';
import { apiError } from '@mocks/handlers/respond';
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
import { resetAllStores } from '@/stores/store-reset';
import { createTestQueryClient } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import { useOnboardingTourSync } from './use-onboarding-tour-sync';

const coach = demoUsers.coach;
const noStepDone = Object.fromEntries(onboardingStepNames.map((step) => [step, false]));

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
  const { result } = renderHook(
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
  return { result, queryClient };
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
      onboardingSteps: { ...noStepDone, CREATE_NEW_USER: true },
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

  it('sends onboardingHidden when the guide is hidden, and onboarding when the tour completes', async () => {
    const sent = recordUserUpdates();
    const { result } = renderSync({
      ...coach,
      onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true },
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
