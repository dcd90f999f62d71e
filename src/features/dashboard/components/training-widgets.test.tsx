import { demoUsers } from '@mocks/data';
import { demoLogId } from '@mocks/handlers/training';
import { act, screen, within } from '@testing-library/react';
import { dashboardWidgetsStorageKey, reloadDashboardWidgets } from '@/stores/dashboard-widgets-store';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

describe('the dashboard’s training cards', () => {
  beforeEach(async () => {
    localStorage.setItem(
      dashboardWidgetsStorageKey,
      JSON.stringify({ state: { hiddenByUser: {} }, version: 1 }),
    );
    await act(() => reloadDashboardWidgets());
    localStorage.clear();
  });

  it('shows a coach the latest activity newest first, the records, and this week per group', async () => {
    signInAs(demoUsers.coach);
    renderApp('/app/dashboard');

    const activity = await screen.findByRole('region', { name: 'Activity' });
    const feed = await within(activity).findByRole('list', { name: 'Latest activity' });
    const items = within(feed).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    // Yesterday's records and workout come first; the workout names who tracked it for the athlete.
    expect(items[0]).toHaveTextContent(
      /Trap-bar deadlift: best estimated 1RM 268.3 lb.*New record for Jamie Rivera/,
    );
    const yesterday = within(items[2]!).getByRole('link', { name: 'Lower Body Strength A' });
    expect(yesterday).toHaveAttribute('href', `/app/completed/${demoLogId}`);
    expect(items[2]).toHaveTextContent(/Jamie Rivera completed it · (yesterday|\d+ hours ago|today)/);
    expect(items[5]).toHaveTextContent(/· tracked by Casey Jordan/);
    expect(within(activity).getByRole('link', { name: 'See all activity' })).toHaveAttribute(
      'href',
      '/app/activities',
    );

    const records = screen.getByRole('region', { name: 'Records' });
    const latest = await within(records).findByRole('list', { name: 'Latest records' });
    expect(within(records).getByRole('link', { name: 'See all records' })).toHaveAttribute(
      'href',
      '/app/activities?kind=record_set',
    );
    expect(
      within(latest)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('best estimated 1RM 268.3 lb'),
      expect.stringContaining('heaviest load 230 lb'),
    ]);

    const week = screen.getByRole('region', { name: 'This week' });
    const pitchers = await within(week).findByRole('meter', { name: 'Pitchers this week' });
    expect(pitchers).toHaveAttribute('aria-valuetext', '67%, 6 of 9 done');
    // Skipped and today's workouts still to do are shown apart from the missed ones.
    expect(pitchers.closest('li')).toHaveTextContent(
      /Pitchers67% · 6 of 9 done3 missed · 1 skipped · 3 still to do today$/,
    );
    expect(within(week).getByRole('link', { name: 'Pitchers' })).toHaveAttribute(
      'href',
      '/app/completed?group=3f1e2d3c-0000-4000-8000-000000000002',
    );
  });

  it('gives an athlete Activity and Records, without the staff’s week', async () => {
    signInAs(demoUsers.athlete);
    renderApp('/app/dashboard');
    const activity = await screen.findByRole('region', { name: 'Activity' });
    expect(await within(activity).findByRole('list', { name: 'Latest activity' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Records' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'This week' })).not.toBeInTheDocument();
  });

  it('links an athlete to its own completed workouts only, not to a teammate’s it may not open', async () => {
    signInAs(demoUsers.athlete);
    renderApp('/app/dashboard');
    const activity = await screen.findByRole('region', { name: 'Activity' });
    const items = within(await within(activity).findByRole('list', { name: 'Latest activity' })).getAllByRole(
      'listitem',
    );
    const own = items.filter((item) => /Jamie Rivera/.test(item.textContent ?? ''));
    const teammates = items.filter((item) => !/Jamie Rivera/.test(item.textContent ?? ''));
    expect(own.length).toBeGreaterThan(0);
    expect(teammates.length).toBeGreaterThan(0);
    for (const item of own)
      expect(within(item).getByRole('link')).toHaveAttribute(
        'href',
        expect.stringMatching(/^\/app\/completed\//),
      );
    for (const item of teammates) expect(within(item).queryByRole('link')).not.toBeInTheDocument();
  });
});
