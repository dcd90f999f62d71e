import type { PassengerListResponse } from '@contract';
import { demoPassengers, demoUsers } from '@mocks/data';
import { server } from '@mocks/server';
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { dashboardWidgetsStorageKey, reloadDashboardWidgets } from '@/stores/dashboard-widgets-store';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

const widgetTitles = [
  // First for staff: what the coach reads before the session (issue 26).
  'Readiness today',
  'Today',
  'This week',
  'Throwing',
  'Activity',
  'Records',
  'Upcoming trips',
  'Getting started',
  'Your account',
];

function widgetHeadings() {
  return screen
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)
    .filter((text) => text !== null && widgetTitles.includes(text));
}

describe('dashboard (/app/dashboard)', () => {
  beforeEach(async () => {
    // The store outlives a test: load an empty choice into it.
    localStorage.setItem(
      dashboardWidgetsStorageKey,
      JSON.stringify({ state: { hiddenByUser: {} }, version: 1 }),
    );
    await act(() => reloadDashboardWidgets());
    localStorage.clear();
  });

  it('greets the user by first name, with role and organisation', async () => {
    signInAs(demoUsers.coach);
    renderApp('/app/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getAllByText('Demo Baseball Academy').length).toBeGreaterThan(0);
  });

  it('shows every widget by default, and the next trip from the travel roster', async () => {
    signInAs(demoUsers.coach);
    renderApp('/app/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Casey' });
    expect(widgetHeadings()).toEqual(widgetTitles);

    const trips = screen.getByRole('region', { name: 'Upcoming trips' });
    expect(await within(trips).findByText(demoPassengers[0]?.trip ?? '')).toBeInTheDocument();
    expect(within(trips).getByText('1 traveller')).toBeInTheDocument();
    expect(within(trips).getByRole('link', { name: 'Open the travel roster' })).toHaveAttribute(
      'href',
      '/app/travel-roster',
    );
  });

  it('shows an athlete its own seat on the next trip', async () => {
    signInAs(demoUsers.athlete);
    renderApp('/app/dashboard');
    const trips = await screen.findByRole('region', { name: 'Upcoming trips' });
    expect(await within(trips).findByText('Seat 12A')).toBeInTheDocument();
  });

  it('hides and shows widgets with the Customize switches, and keeps the choice', async () => {
    signInAs(demoUsers.coach);
    const { user, unmount } = renderApp('/app/dashboard');
    const customize = await screen.findByRole('button', { name: 'Customize' });
    expect(customize).toHaveAttribute('aria-expanded', 'false');

    await user.click(customize);
    const panel = screen.getByRole('region', { name: 'Dashboard widgets' });
    const todaySwitch = within(panel).getByRole('switch', { name: 'Today' });
    expect(todaySwitch).toBeChecked();

    await user.click(todaySwitch);
    expect(todaySwitch).not.toBeChecked();
    expect(widgetHeadings()).toEqual(widgetTitles.filter((title) => title !== 'Today'));
    expect(JSON.parse(localStorage.getItem(dashboardWidgetsStorageKey) ?? '{}')).toMatchObject({
      state: { hiddenByUser: { [demoUsers.coach.id]: ['today'] } },
    });

    // A later visit (a reload) keeps it hidden.
    unmount();
    await act(() => reloadDashboardWidgets());
    renderApp('/app/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Casey' });
    expect(widgetHeadings()).toEqual(widgetTitles.filter((title) => title !== 'Today'));
    expect(screen.getByRole('button', { name: 'Customize 1 hidden' })).toBeInTheDocument();
  });

  it('hides a widget from its own card, and brings everything back when all are hidden', async () => {
    signInAs(demoUsers.coach);
    const { user } = renderApp('/app/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Casey' });

    for (const title of widgetTitles) {
      await user.click(screen.getByRole('button', { name: `Hide ${title}` }));
    }
    expect(widgetHeadings()).toEqual([]);
    expect(screen.getByRole('button', { name: /Customize/ })).toHaveFocus();
    expect(screen.getByText('All widgets are hidden')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show all widgets' }));
    expect(widgetHeadings()).toEqual(widgetTitles);
  });

  it('says so in the trips widget when the roster cannot be read', async () => {
    signInAs(demoUsers.coach);
    server.use(http.get('*/passenger', () => HttpResponse.json({ error: {} }, { status: 403 })));
    renderApp('/app/dashboard');
    const trips = await screen.findByRole('region', { name: 'Upcoming trips' });
    expect(await within(trips).findByText('Trips could not be loaded just now.')).toBeInTheDocument();
  });

  it('says when there is no upcoming trip', async () => {
    signInAs(demoUsers.coach);
    server.use(http.get('*/passenger', () => HttpResponse.json<PassengerListResponse>({ data: [] })));
    renderApp('/app/dashboard');
    const trips = await screen.findByRole('region', { name: 'Upcoming trips' });
    expect(await within(trips).findByText('No upcoming trips.')).toBeInTheDocument();
  });
});
