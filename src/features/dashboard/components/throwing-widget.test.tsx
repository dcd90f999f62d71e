import type { ThrowingAlertsResponse } from '@contract/pitching';
import { demoPeople, demoUsers } from '@mocks/data';
import { demoToday } from '@mocks/handlers/schedule';
import { server } from '@mocks/server';
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { dashboardWidgetsStorageKey, reloadDashboardWidgets } from '@/stores/dashboard-widgets-store';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

const idOf = (firstName: string) => demoPeople.find((person) => person.firstName === firstName)!.id;

/** Each warning as "name: reason; reason". */
function warnings(list: HTMLElement) {
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list)
    .map((item) => {
      const reasons = within(item)
        .getAllByRole('listitem')
        .map((reason) => reason.textContent);
      return `${within(item).getAllByRole('link')[0]!.textContent}: ${reasons.join('; ')}`;
    });
}

describe('the dashboard’s Throwing card (staff)', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    localStorage.setItem(
      dashboardWidgetsStorageKey,
      JSON.stringify({ state: { hiddenByUser: {} }, version: 1 }),
    );
    await act(() => reloadDashboardWidgets());
    localStorage.clear();
  });

  it('lists a coach the athletes over today’s limit or outside the green zone, each opening its Throwing tab', async () => {
    signInAs(demoUsers.coach);
    renderApp('/app/dashboard');
    const card = await screen.findByRole('region', { name: 'Throwing' });
    const list = await within(card).findByRole('list', { name: 'Throwing warnings' });
    expect(warnings(list)).toEqual([
      'Tyler Brooks: 112 pitches today, over the limit of 105',
      'Noah Kim: Workload ratio 0.33: red',
    ]);
    expect(within(list).getByRole('link', { name: 'Tyler Brooks' })).toHaveAttribute(
      'href',
      `/app/users/${idOf('Tyler')}?tab=throwing`,
    );
    expect(within(list).getByRole('link', { name: 'Noah Kim' })).toHaveAttribute(
      'href',
      `/app/users/${idOf('Noah')}?tab=throwing`,
    );
  });

  it('says when there is nothing to warn about', async () => {
    server.use(
      http.get('*/api/throwing/alerts', () =>
        HttpResponse.json<ThrowingAlertsResponse>({ today: demoToday(), alerts: [] }),
      ),
    );
    signInAs(demoUsers.admin);
    renderApp('/app/dashboard');
    const card = await screen.findByRole('region', { name: 'Throwing' });
    expect(await within(card).findByText('No throwing warnings today')).toBeInTheDocument();
    expect(within(card).queryByRole('list')).not.toBeInTheDocument();
  });

  it('says a ratio is unknown when throws had no workload, rather than showing one of 0 (issue 22)', async () => {
    const jamie = demoPeople.find((person) => person.firstName === 'Jamie')!;
    server.use(
      http.get('*/api/throwing/alerts', () =>
        HttpResponse.json<ThrowingAlertsResponse>({
          today: demoToday(),
          alerts: [
            {
              athlete: { id: jamie.id, firstName: jamie.firstName, lastName: jamie.lastName },
              pitchCount: null,
              workload: null,
              workloadUnknown: { days: 3 },
            },
          ],
        }),
      ),
    );
    signInAs(demoUsers.coach);
    renderApp('/app/dashboard');
    const card = await screen.findByRole('region', { name: 'Throwing' });
    const list = await within(card).findByRole('list', { name: 'Throwing warnings' });
    expect(warnings(list)).toEqual([
      'Jamie Rivera: Workload ratio unknown: 3 days of throws without a workload',
    ]);
  });

  it('offers a retry when the warnings cannot be loaded', async () => {
    server.use(
      // Not a 5xx: the client would retry those for 6 s first (spec 9).
      http.get(
        '*/api/throwing/alerts',
        () => HttpResponse.json({ error: { code: 'FORBIDDEN', message: 'No.' } }, { status: 403 }),
        { once: true },
      ),
    );
    signInAs(demoUsers.coach);
    const { user } = renderApp('/app/dashboard');
    const card = await screen.findByRole('region', { name: 'Throwing' });
    expect(
      await within(card).findByText('The throwing warnings could not be loaded. Check your connection.'),
    ).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByRole('list', { name: 'Throwing warnings' })).toBeInTheDocument();
  });

  it('can be hidden under Customize like the other cards', async () => {
    signInAs(demoUsers.coach);
    const { user } = renderApp('/app/dashboard');
    await screen.findByRole('region', { name: 'Throwing' });
    await user.click(screen.getByRole('button', { name: 'Customize' }));
    const panel = screen.getByRole('region', { name: 'Dashboard widgets' });
    await user.click(within(panel).getByRole('switch', { name: /^Throwing/ }));
    expect(screen.queryByRole('region', { name: 'Throwing' })).not.toBeInTheDocument();
  });

  it('is not on an athlete’s dashboard, which asks nothing of the warnings', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/throwing/alerts') asked.push(request.url);
    });
    signInAs(demoUsers.athlete);
    const { user } = renderApp('/app/dashboard');
    expect(await screen.findByRole('region', { name: 'Activity' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Throwing' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Customize' }));
    const panel = screen.getByRole('region', { name: 'Dashboard widgets' });
    expect(within(panel).queryByRole('switch', { name: /^Throwing/ })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
