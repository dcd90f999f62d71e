import '@/testing/dialog-polyfill';
import { demoUsers } from '@mocks/data';
import { libraryHandlers } from '@mocks/handlers/library';
import { demoToday, scheduleHandlers } from '@mocks/handlers/schedule';
import { server } from '@mocks/server';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { addDays, format, parseISO } from 'date-fns';
import { emulateDevice, restoreDevice } from '@/testing/emulate-device';
import { recordBodies, tourStepsSaved } from '@/testing/record-bodies';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

const today = demoToday();
const shift = (days: number) => format(addDays(parseISO(today), days), 'yyyy-MM-dd');
// The dialogs' code loads when first opened; on a busy machine that takes longer than findBy's second.
const lazyDialog = { timeout: 5000 };
// The demo organisation writes dates as en-US does (ADR 053).
const dayName = (date: string) => format(parseISO(date), 'EEEE, MMMM d');
// The calendar draws in a deferred render: on a busy machine that can take longer than findBy's second.
const calendar = () => screen.findByRole('region', { name: /^Schedule of/ }, { timeout: 5000 });

beforeEach(() => {
  server.use(...scheduleHandlers(), ...libraryHandlers());
  signInAs(demoUsers.coach);
});
afterEach(() => restoreDevice());

/** What the page says through assertive live regions (dnd-kit's announcements), in order, until stopped. */
function listenToLiveRegions() {
  const said: string[] = [];
  const observer = new MutationObserver(() => {
    for (const region of document.querySelectorAll('[aria-live="assertive"]')) {
      const text = region.textContent ?? '';
      if (text && said.at(-1) !== text) said.push(text);
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return { said, stop: () => observer.disconnect() };
}

async function pickOption(user: UserEvent, combobox: HTMLElement, typed: string, option: RegExp) {
  await user.click(combobox);
  await user.clear(combobox);
  await user.type(combobox, typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the schedule (/app/schedule)', { timeout: 30_000 }, () => {
  it('shows the organisation’s week with each group’s workout once, and moves between weeks, months and days', async () => {
    const { user, router } = renderApp(`/app/schedule?view=week&date=${today}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Schedule' })).toBeInTheDocument();
    const armCare = await within(await calendar()).findByRole('button', {
      name: /^Pitcher Arm Care,\s*15:30 · Pitchers/,
    });
    expect(armCare).toHaveAccessibleName(/0\/3 done/);
    // A narrow column may cut the name on screen: the pointer's tooltip has it whole.
    expect(armCare).toHaveAttribute('title', 'Pitcher Arm Care · 15:30 · Pitchers · 0/3 done');

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(router.state.location.search).toMatchObject({ view: 'week', date: shift(7) });
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(router.state.location.search).toMatchObject({ date: today });

    await user.click(screen.getByRole('link', { name: 'Month' }));
    expect(router.state.location.search).toMatchObject({ view: 'month' });
    await user.click(
      await screen.findByRole(
        'button',
        {
          name: new RegExp(`^${dayName(today)}, \\d+ workouts`),
        },
        { timeout: 5000 },
      ),
    );
    expect(router.state.location.search).toMatchObject({ view: 'day', date: today });
    expect(
      await within(await calendar()).findByRole('button', { name: /^Lower Body Strength A,.*Jamie Rivera/ }),
    ).toBeInTheDocument();
  });

  it('puts a workout on a day for a group, and completes the tour’s step with the entry', async () => {
    const tour = recordBodies('POST', `/api/users/${demoUsers.coach.id}`);
    const creates = recordBodies('POST', '/api/schedule');
    const { user } = renderApp(`/app/schedule?view=week&date=${today}`);
    await screen.findByRole('heading', { level: 1, name: 'Schedule' });
    await user.click(screen.getByRole('button', { name: 'Add workout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a workout' }, lazyDialog);
    await pickOption(
      user,
      within(dialog).getByRole('combobox', { name: 'Workout' }),
      'lower',
      /Lower Body Strength A/,
    );
    await user.clear(within(dialog).getByLabelText('Date'));
    await user.type(within(dialog).getByLabelText('Date'), shift(1));
    // From the organisation's calendar it asks for whom: no default that schedules for everyone.
    const forWhom = within(dialog).getByRole('combobox', { name: 'For which athlete or group' });
    expect(forWhom).toHaveValue('');
    expect(forWhom).toHaveAttribute('placeholder', 'Choose an athlete or a group');
    await user.click(within(dialog).getByRole('button', { name: 'Add to the schedule' }));
    expect(await within(dialog).findByText('Choose an athlete or a group')).toBeInTheDocument();

    await pickOption(
      user,
      within(dialog).getByRole('combobox', { name: 'For which athlete or group' }),
      'pitch',
      /Pitchers/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add to the schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(creates.at(-1)).toMatchObject({
      workoutId: '7a2d0b3c-0000-4000-8000-000000000001',
      date: shift(1),
      groupId: '3f1e2d3c-0000-4000-8000-000000000002',
    });
    await waitFor(() =>
      expect(tourStepsSaved(tour)).toMatchObject({
        ADD_WORKOUT_TO_SCHEDULE: true,
        NAVIGATE_TO_SCHEDULE: true,
      }),
    );
    expect(tour.at(-1)).toMatchObject({ onboardingData: { ADD_WORKOUT_TO_SCHEDULE: { date: shift(1) } } });
  });

  it('adds for whom the calendar shows: a group’s calendar adds for the group', async () => {
    const creates = recordBodies('POST', '/api/schedule');
    const { user } = renderApp(
      `/app/schedule?view=week&date=${today}&group=3f1e2d3c-0000-4000-8000-000000000002`,
    );
    await within(await calendar()).findByRole('button', { name: /^Pitcher Arm Care/ });
    await user.click(screen.getByRole('button', { name: 'Add workout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a workout' }, lazyDialog);
    expect(within(dialog).getByRole('combobox', { name: 'For which athlete or group' })).toHaveValue(
      'Pitchers',
    );
    await pickOption(
      user,
      within(dialog).getByRole('combobox', { name: 'Workout' }),
      'lower',
      /Lower Body Strength A/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add to the schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(creates.at(-1)).toMatchObject({ groupId: '3f1e2d3c-0000-4000-8000-000000000002' });
  });

  it('moves a workout to another day from its dialog, and skips one with a reason', async () => {
    const { user } = renderApp(`/app/schedule?view=week&date=${today}`);
    await user.click(
      await within(await calendar()).findByRole('button', {
        name: /^Lower Body Strength A,.*Jamie Rivera/,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Scheduled workout' }, lazyDialog);
    expect(await within(dialog).findByText(/Trap-bar deadlift/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Skip it, and say why'), 'Sore shoulder');
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    expect(await within(dialog).findByText('Skipped: Sore shoulder')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Schedule it again' }));
    const dateInput = await within(dialog).findByLabelText('Move to another day');
    await user.clear(dateInput);
    await user.type(dateInput, shift(1));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(`Moved to ${dayName(shift(1))}`)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Day' }));
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(
      await within(await calendar()).findByRole('button', { name: /^Lower Body Strength A,.*Jamie Rivera/ }),
    ).toBeInTheDocument();
  });

  it('opens tracking from a workout’s dialog: Start for the athlete, Track per athlete of a group session', async () => {
    const saves = recordBodies('POST', `/api/users/${demoUsers.coach.id}`);
    const { user, router } = renderApp(`/app/schedule?view=week&date=${today}`);
    await user.click(
      await within(await calendar()).findByRole('button', { name: /^Lower Body Strength A,.*Jamie Rivera/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Scheduled workout' }, lazyDialog);
    const start = await within(dialog).findByRole('link', { name: 'Start for Jamie Rivera' });
    expect(start).toHaveAttribute('href', expect.stringMatching(/^\/app\/track\/[0-9a-f-]{36}$/));
    // Spec 4's tour: the workout opened in the modal.
    await waitFor(() =>
      expect(saves.at(-1)).toMatchObject({ onboardingSteps: { OPEN_WORKOUT_MODAL: true } }),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(
      await within(await calendar()).findByRole('button', { name: /^Pitcher Arm Care,\s*15:30/ }),
    );
    const session = await screen.findByRole('dialog', { name: 'Scheduled workout' }, lazyDialog);
    const track = await within(session).findByRole('link', { name: 'Track for Tyler Brooks' });
    await user.click(track);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/app\/track\//));
    expect(await screen.findByRole('button', { name: 'Start for Tyler Brooks' })).toBeInTheDocument();
  });

  it('drags a workout to the next day (the day before on the week’s last), and the server gets the move', async () => {
    const moves = recordBodies('PATCH', /^\/api\/schedule\/entries\/[^/]+$/);
    // jsdom lays nothing out: each day is given a 100 px column (and its items its box) so dnd-kit can measure.
    const rects = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const day = this.closest<HTMLElement>('[data-date]');
      const index = day ? [...document.querySelectorAll('[data-date]')].indexOf(day) : -1;
      return index < 0 ? new DOMRect(0, 0, 0, 0) : new DOMRect(index * 100, 0, 100, 400);
    });
    const { user } = renderApp(`/app/schedule?view=week&date=${today}`);
    const item = await within(await calendar()).findByRole('button', {
      name: /^Lower Body Strength A,.*Jamie Rivera/,
    });
    const from = item.closest<HTMLElement>('[data-date]')!;
    expect(from.dataset.date).toBe(today);
    // Today may be the week's last column (a Sunday): then the workout goes back a day, still in view.
    const step = from === [...document.querySelectorAll('[data-date]')].at(-1) ? -1 : 1;
    const to = shift(step);
    const x = from.getBoundingClientRect().x + 50;
    // Inside the neighbouring day's column, measured from the 20 px move that starts dnd-kit's drag.
    const overNeighbour = x + 20 + 80 * step;
    const heard = listenToLiveRegions();
    // Its observer would outlive a failed test and throw once the document is gone (restoreMocks covers the spy).
    onTestFinished(() => heard.stop());
    fireEvent.pointerDown(item, { isPrimary: true, button: 0, clientX: x, clientY: 200 });
    fireEvent.pointerMove(document, { isPrimary: true, clientX: x + 20, clientY: 200 });
    // A screen reader hears the drag in words, not dnd-kit's ids.
    await waitFor(() =>
      expect(heard.said).toContain(`Picked up Lower Body Strength A for Jamie Rivera, on ${dayName(today)}.`),
    );
    fireEvent.pointerMove(document, { isPrimary: true, clientX: overNeighbour, clientY: 200 });
    await waitFor(() => expect(heard.said).toContain(`Over ${dayName(to)}.`));
    fireEvent.pointerUp(document, { isPrimary: true, clientX: overNeighbour, clientY: 200 });
    await waitFor(() =>
      expect(heard.said).toContain(`Lower Body Strength A for Jamie Rivera dropped on ${dayName(to)}.`),
    );
    heard.stop();
    await waitFor(() => expect(moves).toEqual([{ date: to }]));
    // Where it went, and a way back (as the dialog's move).
    expect(await screen.findByText(`Moved to ${dayName(to)}`)).toBeInTheDocument();
    expect(screen.getByText('Lower Body Strength A for Jamie Rivera.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(moves.at(-1)).toEqual({ date: today, timeOfDay: null }));
    expect(await screen.findByText(`Back on ${dayName(today)}`)).toBeInTheDocument();
    const back = await waitFor(() =>
      within(document.querySelector<HTMLElement>(`[data-date="${today}"]`)!).getByRole('button', {
        name: /^Lower Body Strength A,.*Jamie Rivera/,
      }),
    );
    fireEvent.pointerDown(back, { isPrimary: true, button: 0, clientX: x, clientY: 200 });
    fireEvent.pointerMove(document, { isPrimary: true, clientX: x + 20, clientY: 200 });
    fireEvent.pointerMove(document, { isPrimary: true, clientX: overNeighbour, clientY: 200 });
    fireEvent.pointerUp(document, { isPrimary: true, clientX: overNeighbour, clientY: 200 });
    await waitFor(() => expect(moves).toHaveLength(3));
    rects.mockRestore();
    await user.click(screen.getByRole('link', { name: 'Day' }));
    await user.click(screen.getByRole('button', { name: step > 0 ? 'Next day' : 'Previous day' }));
    expect(
      await within(await calendar()).findByRole('button', { name: /^Lower Body Strength A,.*Jamie Rivera/ }),
    ).toBeInTheDocument();
  });

  it('copies a group’s week to the next one, says how many, and undoes it once from the toast', async () => {
    const { user } = renderApp(
      `/app/schedule?view=week&date=${today}&group=3f1e2d3c-0000-4000-8000-000000000002`,
    );
    await within(await calendar()).findByRole('button', {
      name: /^Pitcher Arm Care/,
    });
    await user.click(screen.getByRole('button', { name: 'More schedule actions' }));
    await user.click(await screen.findByRole('button', { name: 'Copy to another week…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy to another week' }, lazyDialog);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(/workouts copied\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(/are back as they were\./)).toBeInTheDocument();
  });

  it('keeps a phone’s controls to whose calendar, Add, a menu and the week’s steps, so the workouts come first', async () => {
    emulateDevice({ width: 390, displayMode: 'browser' });
    const { user, router } = renderApp(`/app/schedule?view=week&date=${today}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Schedule' })).toBeInTheDocument();
    await within(await calendar()).findByRole('button', { name: /^Lower Body Strength A,.*Jamie Rivera/ });
    expect(screen.getByRole('combobox', { name: 'Whose schedule' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add workout' })).toBeInTheDocument();
    // The rest waits in the menu: the views, the programs and the range tasks.
    expect(screen.queryByText(/Who trains what/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Programs' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Calendar view' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More schedule actions' }));
    const views = await screen.findByRole('navigation', { name: 'Calendar view' });
    expect(within(views).getByRole('link', { name: /^Week/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Programs' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy to another week…' })).toBeInTheDocument();
    await user.click(within(views).getByRole('link', { name: 'Month' }));
    expect(router.state.location.search).toMatchObject({ view: 'month' });
    expect(screen.queryByRole('navigation', { name: 'Calendar view' })).not.toBeInTheDocument();
  });

  it('shows an athlete its own schedule, without choosing whose', async () => {
    signInAs(demoUsers.athlete);
    renderApp(`/app/schedule?view=week&date=${today}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'My schedule' })).toBeInTheDocument();
    expect(
      await within(await calendar()).findByRole('button', { name: /^Pitcher Arm Care,\s*15:30/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Whose schedule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add workout' })).not.toBeInTheDocument();
  });
});

describe('programs (/app/schedule/programs)', { timeout: 30_000 }, () => {
  it('builds a program, previews it for a group and applies it, then removes the application', async () => {
    const { user, router } = renderApp('/app/schedule/programs');
    expect(await screen.findByText('No programs yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('link', { name: /New program|Build a program/ })[0]!);
    await user.type(await screen.findByLabelText('Program name'), 'Return to Throw');
    for (const day of [1, 3]) {
      await user.click(screen.getByRole('button', { name: `Add a workout on day ${day}` }));
      const dialog = await screen.findByRole('dialog', { name: `Add a workout on day ${day}` });
      await pickOption(
        user,
        within(dialog).getByRole('combobox', { name: 'Workout' }),
        'arm',
        /Pitcher Arm Care/,
      );
    }
    await user.click(screen.getByRole('button', { name: 'Create program' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Return to Throw' })).toBeInTheDocument();
    expect(router.state.location.pathname).toMatch(/^\/app\/schedule\/programs\/[0-9a-f-]{36}$/);

    await pickOption(
      user,
      screen.getByRole('combobox', { name: 'Apply for which athlete or group' }),
      'pitch',
      /Pitchers/,
    );
    await user.type(screen.getByLabelText('Starting on'), shift(7));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('2 workouts, 8 entries on calendars');
    await user.click(screen.getByRole('button', { name: 'Apply 2 workouts' }));
    expect(await screen.findByText(/Return to Throw is on the calendar/)).toBeInTheDocument();
    const remove = await screen.findByRole('button', { name: 'Remove from Pitchers' });
    await user.click(remove);
    expect(await screen.findByText(/2 workouts of Return to Throw are off the calendar/)).toBeInTheDocument();
  });
});
