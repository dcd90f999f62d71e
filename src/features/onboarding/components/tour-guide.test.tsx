import type { OnboardingStep, User } from '@contract';
import { onboardingStepNames } from '@contract/user-fields';
import { demoOrganization, demoUsers } from '@mocks/data';
import { libraryHandlers } from '@mocks/handlers/library';
import { demoToday, scheduleHandlers } from '@mocks/handlers/schedule';
import { server } from '@mocks/server';
import { act, screen, waitFor, within } from '@testing-library/react';
import { addDays, format, parseISO } from 'date-fns';
import { http, HttpResponse } from 'msw';
import { tourStepCopy, tourStepNumber } from '@/lib/onboarding/tour-step-copy';
import { useOnboardingTourActions } from '@/stores/onboarding-tour-store';
import { resetAllStores } from '@/stores/store-reset';
import { recordBodies } from '@/testing/record-bodies';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import { renderHook } from '@testing-library/react';

const emptyData = { CREATE_NEW_USER: null, CREATE_NEW_WORKOUT: null, ADD_WORKOUT_TO_SCHEDULE: null };

/** A user whose steps before `step` are done: the tour's state as `/api/me` brings it. */
function atStep(user: User, step: OnboardingStep, extra: Partial<User> = {}): User {
  const steps: Record<string, boolean> = {};
  for (const name of onboardingStepNames.slice(0, onboardingStepNames.indexOf(step))) steps[name] = true;
  return {
    ...user,
    onboardingSteps: steps,
    onboardingData: emptyData,
    onboardingHidden: false,
    onboarding: false,
    ...extra,
  };
}

function signedInWithTour(user: User) {
  signInAs(user);
  server.use(
    http.get('*/api/me', () => HttpResponse.json({ user, organization: demoOrganization })),
    http.post('*/api/users/:userId', () => HttpResponse.json({ message: 'Saved', user })),
  );
}

// The guide's code is a lazy chunk: the first test waits for it to load.
const guide = () => screen.findByRole('region', { name: 'Guide' }, { timeout: 5000 });

beforeEach(() => {
  resetAllStores();
  // jsdom lays nothing out: every element counts as on screen, so the guide finds its targets.
  vi.spyOn(Element.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
});

describe('the steps in words', () => {
  it('names each of the 13 steps as a coach reads them, with the data the tour kept', () => {
    const data = {
      CREATE_NEW_USER: { firstName: 'Jordan' },
      CREATE_NEW_WORKOUT: { workoutId: 'w', name: 'Lower body A' },
      ADD_WORKOUT_TO_SCHEDULE: { entryId: 'e', date: '2026-11-24', athlete: { firstName: 'Jordan' } },
    };
    const titles = onboardingStepNames.map(
      (step) => `${tourStepNumber(step)}. ${tourStepCopy(step, data).title}`,
    );
    expect(titles).toEqual([
      '1. Open the Users page',
      '2. Add your first athlete',
      '3. Open the workout library',
      '4. Start your first workout',
      '5. Create an exercise of your own',
      '6. Create your first workout',
      '7. Open the schedule',
      '8. Put “Lower body A” on the schedule',
      '9. Find the workout you scheduled for Jordan',
      '10. Track the workout you scheduled for Jordan',
      '11. Log Jordan’s workout and finish it',
      '12. See it completed on the schedule',
      '13. Open the completed workout',
    ]);
  });
});

describe('<TourGuide />', () => {
  it('shows a new coach the first step lit, and moves on when the Users page is opened', async () => {
    const coach = atStep(demoUsers.coach, 'NAVIGATE_TO_USERS_PAGE');
    signedInWithTour(coach);
    const saves = recordBodies('POST', `/api/users/${coach.id}`);
    const { user } = renderApp('/app/dashboard');

    const panel = await guide();
    expect(within(panel).getByText('Guide · 1 of 13')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Open the Users page' })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: '' })).toBeDefined();
    // The stand-in band shows first; the announcement comes with the guide's lazy chunk.
    await waitFor(
      () => expect(screen.getByText('Guide, step 1 of 13: Open the Users page.')).toBeInTheDocument(),
      { timeout: 5000 },
    );
    const usersLink = screen.getAllByRole('link', { name: 'Users' })[0]!;
    await waitFor(() => expect(usersLink).toHaveAttribute('data-tour-spotlight'));
    // The card never takes focus from the page.
    expect(panel).not.toContainElement(document.activeElement as HTMLElement);

    await user.click(usersLink);
    expect(
      await within(await guide()).findByRole('heading', { name: 'Add your first athlete' }),
    ).toBeInTheDocument();
    expect(within(await guide()).getByText('Guide · 2 of 13')).toBeInTheDocument();
    await waitFor(() =>
      expect(saves.at(-1)).toMatchObject({ onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true } }),
    );
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Add person' })).toHaveAttribute('data-tour-spotlight'),
    );
  });

  it('moves from the library step to the first workout when the library is opened', async () => {
    server.use(...libraryHandlers());
    signedInWithTour(atStep(demoUsers.coach, 'NAVIGATE_TO_WORKOUT_LIBRARY'));
    const { user } = renderApp('/app/dashboard');
    await screen.findByText('Guide · 3 of 13');
    const libraryLink = screen.getAllByRole('link', { name: 'Workout library' })[0]!;
    await waitFor(() => expect(libraryLink).toHaveAttribute('data-tour-spotlight'));
    await user.click(libraryLink);
    await screen.findByRole('heading', { name: 'Start your first workout' });
    await screen.findByText('Guide · 4 of 13');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'New workout' })).toHaveAttribute('data-tour-spotlight'),
    );
  });

  it('moves on from the exercise step when an exercise is created from the workout form', async () => {
    server.use(...libraryHandlers());
    const coach = atStep(demoUsers.coach, 'CREATE_NEW_EXERCISE');
    signedInWithTour(coach);
    const saves = recordBodies('POST', `/api/users/${coach.id}`);
    const { user } = renderApp('/app/library/workouts/new');
    expect(await within(await guide()).findByText('Guide · 5 of 13')).toBeInTheDocument();

    const picker = await screen.findByRole('combobox', { name: 'Add the first exercise' });
    await user.click(picker);
    await user.type(picker, 'Band pull-apart');
    await user.click(
      await screen.findByRole('option', { name: /Create “Band pull-apart” as a new exercise/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'New exercise' });
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Mobility');
    await user.click(within(dialog).getByRole('button', { name: 'Create and add' }));

    expect(
      await within(await guide()).findByRole('heading', { name: 'Create your first workout' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(saves.at(-1)).toMatchObject({ onboardingSteps: { CREATE_NEW_EXERCISE: true } }),
    );
  });

  it('moves on from the schedule steps when the schedule shows the workout to track, then the completed one', async () => {
    server.use(...scheduleHandlers(), ...libraryHandlers());
    const scheduled = {
      ...emptyData,
      ADD_WORKOUT_TO_SCHEDULE: {
        entryId: '9b1e2d3c-0000-4000-8000-0000000000ab',
        date: demoToday(),
        athlete: { id: demoUsers.athlete.id, firstName: 'Jamie' },
      },
    };
    const coach = atStep(demoUsers.coach, 'NAVIGATE_TO_SCHEDULE_TO_TRACK_WORKOUT', {
      onboardingData: scheduled,
    });
    signedInWithTour(coach);
    const saves = recordBodies('POST', `/api/users/${coach.id}`);
    const { user, router } = renderApp('/app/dashboard');
    const panel = await guide();
    expect(
      within(panel).getByRole('heading', { name: 'Find the workout you scheduled for Jamie' }),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Take me there' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/schedule'));
    expect(
      await within(await guide()).findByRole('heading', {
        name: 'Track the workout you scheduled for Jamie',
      }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(saves.at(-1)).toMatchObject({
        onboardingSteps: { NAVIGATE_TO_SCHEDULE_TO_TRACK_WORKOUT: true },
      }),
    );
  });

  it('moves on from “See it completed” when the schedule shows a completed workout', async () => {
    server.use(...scheduleHandlers(), ...libraryHandlers());
    const coach = atStep(demoUsers.coach, 'NAVIGATE_TO_SCHEDULE_WITH_COMPLETED_WORKOUT');
    signedInWithTour(coach);
    const saves = recordBodies('POST', `/api/users/${coach.id}`);
    // The demo calendar has a completed workout yesterday.
    const yesterday = format(addDays(parseISO(demoToday()), -1), 'yyyy-MM-dd');
    renderApp(`/app/schedule?view=day&date=${yesterday}`);
    expect(
      await within(await guide()).findByRole('heading', { name: 'Open the completed workout' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(saves.at(-1)).toMatchObject({
        onboardingSteps: { NAVIGATE_TO_SCHEDULE_WITH_COMPLETED_WORKOUT: true },
      }),
    );
  });

  it('offers “Take me there” away from the step’s screen, and lights the form there', async () => {
    signedInWithTour(atStep(demoUsers.coach, 'CREATE_NEW_USER'));
    const { user, router } = renderApp('/app/dashboard');
    await user.click(await within(await guide()).findByRole('button', { name: 'Take me there' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/users/new'));
    await waitFor(() =>
      expect(document.querySelector('form[data-tour="person-form"]')).toHaveAttribute('data-tour-spotlight'),
    );
    expect(within(await guide()).queryByRole('button', { name: 'Take me there' })).not.toBeInTheDocument();
  });

  it('takes the coach to the entry the tour scheduled, to track it', async () => {
    const entryId = '9b1e2d3c-0000-4000-8000-0000000000aa';
    signedInWithTour(
      atStep(demoUsers.coach, 'OPEN_WORKOUT_MODAL', {
        onboardingData: {
          ...emptyData,
          ADD_WORKOUT_TO_SCHEDULE: { entryId, date: '2026-11-24', athlete: { id: 'a', firstName: 'Jordan' } },
        },
      }),
    );
    const { user, router } = renderApp('/app/dashboard');
    const panel = await guide();
    expect(
      within(panel).getByRole('heading', { name: 'Track the workout you scheduled for Jordan' }),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Take me there' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/track/${entryId}`));
  });

  it('hides with Escape and comes back from the user menu, saving both', async () => {
    const coach = atStep(demoUsers.coach, 'NAVIGATE_TO_WORKOUT_LIBRARY');
    signedInWithTour(coach);
    const saves = recordBodies('POST', `/api/users/${coach.id}`);
    const { user } = renderApp('/app/dashboard');
    await guide();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Guide' })).not.toBeInTheDocument());
    await waitFor(() => expect(saves.at(-1)).toMatchObject({ onboardingHidden: true }));

    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    const accountMenu = await screen.findByRole('group', { name: 'Account' });
    await user.click(within(accountMenu).getByRole('button', { name: 'Show the guide' }));
    expect(
      within(await guide()).getByRole('heading', { name: 'Open the workout library' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(saves.at(-1)).toMatchObject({ onboardingHidden: false }));

    await user.click(within(await guide()).getByRole('button', { name: 'Hide the guide' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Guide' })).not.toBeInTheDocument());
  });

  it('stays hidden, and says nothing is done, when a coach who hid it opens a completed workout early', async () => {
    const coach = atStep(demoUsers.coach, 'NAVIGATE_TO_WORKOUT_LIBRARY');
    signedInWithTour(coach);
    const saves = recordBodies('POST', `/api/users/${coach.id}`);
    const { user } = renderApp('/app/dashboard');
    await user.click(within(await guide()).getByRole('button', { name: 'Hide the guide' }));
    await waitFor(() => expect(saves.at(-1)).toMatchObject({ onboardingHidden: true }));

    // The last step's screen, opened out of turn.
    const tour = renderHook(() => useOnboardingTourActions()).result;
    act(() => tour.current.stepCompleted('VISIT_COMPLETED_WORKOUT'));
    await waitFor(() =>
      expect(saves.at(-1)).toMatchObject({ onboardingSteps: { VISIT_COMPLETED_WORKOUT: true } }),
    );
    expect(saves.at(-1)).not.toHaveProperty('onboarding');
    expect(screen.queryByRole('region', { name: /Guide/ })).not.toBeInTheDocument();
    expect(screen.queryByText('You’re all set')).not.toBeInTheDocument();
  });

  it('leaves Escape to a field the coach is typing in', async () => {
    signedInWithTour(atStep(demoUsers.coach, 'CREATE_NEW_USER'));
    const { user } = renderApp('/app/users');
    await guide();
    await user.type(await screen.findByRole('searchbox', { name: /Search/ }), 'Tyler');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('region', { name: 'Guide' })).toBeInTheDocument();
  });

  it('goes on when a save fails: the failure is only logged', async () => {
    const coach = atStep(demoUsers.coach, 'NAVIGATE_TO_USERS_PAGE');
    signedInWithTour(coach);
    server.use(http.post('*/api/users/:userId', () => HttpResponse.json({ message: 'no' }, { status: 400 })));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp('/app/dashboard');
    await user.click((await screen.findAllByRole('link', { name: 'Users' }))[0]!);
    expect(
      await within(await guide()).findByRole('heading', { name: 'Add your first athlete' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Error saving onboarding progress:', expect.anything()),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('on a phone, opens the navigation only when asked, with the step’s item lit in it', async () => {
    // A phone's layout: the desktop sidebar is not shown, nor a closed drawer's links.
    vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
      const isShown = this.closest('.lg\\:block, dialog:not([open])') === null;
      return (isShown ? [{}] : []) as unknown as DOMRectList;
    });
    signedInWithTour(atStep(demoUsers.coach, 'NAVIGATE_TO_USERS_PAGE'));
    const { user } = renderApp('/app/dashboard');

    const panel = await guide();
    const menuButton = screen.getByRole('button', { name: 'Open navigation' });
    await waitFor(() => expect(menuButton).toHaveAttribute('data-tour-spotlight'));
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Show me in the menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    await waitFor(() =>
      expect(within(drawer).getByRole('link', { name: 'Users' })).toHaveAttribute('data-tour-spotlight'),
    );
  });

  it('never shows to an athlete', async () => {
    signedInWithTour(atStep(demoUsers.athlete, 'NAVIGATE_TO_USERS_PAGE'));
    renderApp('/app/dashboard');
    expect(await screen.findByRole('heading', { name: /Welcome/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Guide' })).not.toBeInTheDocument();
  });

  it('says once that the tour is finished, and the Getting started card follows the tour', async () => {
    const coach = atStep(demoUsers.coach, 'VISIT_COMPLETED_WORKOUT');
    signedInWithTour(coach);
    const saves = recordBodies('POST', `/api/users/${coach.id}`);
    const { user } = renderApp('/app/dashboard');
    await guide();
    expect(await screen.findByText('12 of 13')).toBeInTheDocument();
    expect(screen.getByText(/Next: Open the completed workout/)).toBeInTheDocument();

    const tour = renderHook(() => useOnboardingTourActions()).result;
    act(() => tour.current.stepCompleted('VISIT_COMPLETED_WORKOUT'));
    const done = await screen.findByRole('region', { name: 'Guide finished' });
    expect(within(done).getByRole('heading', { name: 'You’re all set' })).toBeInTheDocument();
    await waitFor(() => expect(saves.at(-1)).toMatchObject({ onboarding: true }));
    // The finished tour's card leaves the dashboard.
    await waitFor(() => expect(screen.queryByText(/Next:/)).not.toBeInTheDocument());
    await user.click(within(done).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: /Guide/ })).not.toBeInTheDocument();
  });
});
