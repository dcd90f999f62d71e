import type { MeResponse } from '@contract';
import { demoOrganization, demoUsers } from '@mocks/data';
import { server } from '@mocks/server';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { StrictMode } from 'react';
import { authQueries } from '@/lib/auth/auth-queries';
import { useOnboardingCurrentStep, useOnboardingTourActions } from '@/stores/onboarding-tour-store';
import { resetAllStores } from '@/stores/store-reset';
import { createTestQueryClient } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import { OnboardingTourSync } from './onboarding-tour-sync';

const coach = { ...demoUsers.coach, onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true } };

function countSaves() {
  const count = { saves: 0 };
  server.use(
    http.post('*/api/users/:userId', () => {
      count.saves += 1;
    }),
  );
  return count;
}

function renderSync(queryClient: QueryClient) {
  queryClient.setQueryData<MeResponse>(authQueries.me().queryKey, {
    user: coach,
    organization: demoOrganization,
  });
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <OnboardingTourSync />
      </QueryClientProvider>
    </StrictMode>,
  );
}

function renderTour() {
  return renderHook(() => ({ currentStep: useOnboardingCurrentStep(), actions: useOnboardingTourActions() }))
    .result;
}

beforeEach(() => {
  resetAllStores();
  signInAs(coach);
});

describe('<OnboardingTourSync />', () => {
  it('loads the tour of the user in the /api/me cache and saves a change', async () => {
    const count = countSaves();
    const queryClient = createTestQueryClient();
    renderSync(queryClient);
    const tour = renderTour();
    expect(tour.current.currentStep).toBe('CREATE_NEW_USER');

    act(() => tour.current.actions.stepCompleted('CREATE_NEW_USER', null));
    await waitFor(() => expect(count.saves).toBe(1));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(count.saves).toBe(1);
  });

  it('sends progress made before it mounted once, although StrictMode runs its effects twice', async () => {
    const count = countSaves();
    const tour = renderTour();
    act(() => {
      tour.current.actions.tourLoaded(coach);
      tour.current.actions.stepCompleted('CREATE_NEW_USER', null);
    });
    const queryClient = createTestQueryClient();
    renderSync(queryClient);

    await waitFor(() => expect(count.saves).toBe(1));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(count.saves).toBe(1);
  });
});
