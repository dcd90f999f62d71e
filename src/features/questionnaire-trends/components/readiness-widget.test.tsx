import type { ReadinessResponse } from '@contract/questionnaires';
import { demoPeople, demoUsers } from '@mocks/data';
import { demoWellnessId } from '@mocks/handlers/questionnaire-trends';
import { demoToday } from '@mocks/handlers/schedule';
import { server } from '@mocks/server';
import { act, configure, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { dashboardWidgetsStorageKey, reloadDashboardWidgets } from '@/stores/dashboard-widgets-store';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

const idOf = (firstName: string) => demoPeople.find((person) => person.firstName === firstName)!.id;
const trendOf = (firstName: string) =>
  `/app/questionnaires/${demoWellnessId}/trends?athleteId=${idOf(firstName)}`;

/** Each row as its link reads: name, why, and the chip's words. */
const rows = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the dashboard’s Readiness today card (staff)', { timeout: 30_000 }, () => {
  // A busy machine: each screen waits for its answer, the fakes' year of answers and its lazily loaded charts.
  beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
  afterAll(() => configure({ asyncUtilTimeout: 1000 }));

  beforeEach(async () => {
    localStorage.setItem(
      dashboardWidgetsStorageKey,
      JSON.stringify({ state: { hiddenByUser: {} }, version: 1 }),
    );
    await act(() => reloadDashboardWidgets());
    localStorage.clear();
  });

  it('shows a coach how many answered, the flagged first with what flagged, then who has not answered', async () => {
    signInAs(demoUsers.coach);
    renderApp('/app/dashboard');
    const card = await screen.findByRole('region', { name: 'Readiness today' });
    expect(await within(card).findByText(/of/)).toHaveTextContent('4 of 6 answered');
    expect(within(card).getByRole('meter', { name: 'Answered today' })).toHaveAttribute(
      'aria-valuetext',
      '4 of 6 answered',
    );

    const flagged = within(card).getByRole('list', { name: 'Flagged today' });
    const flaggedRows = rows(flagged);
    // Red before amber; Sam's soreness is at the coach's alert, Tyler's sleep far under his baseline.
    expect(flaggedRows[0]).toMatch(/^Tyler Brooks.*Sleep quality 1 · −\d\.\d SD.*Red flag$/);
    expect(flaggedRows[1]).toMatch(/^Sam Whitaker.*Muscle soreness at alert.*Red flag$/);
    expect(flaggedRows[2]).toMatch(/^Noah Kim.*Muscle soreness 3 · −\d\.\d SD.*Amber flag$/);
    expect(flaggedRows).toHaveLength(3);
    expect(within(flagged).getByRole('link', { name: /Tyler Brooks/ })).toHaveAttribute(
      'href',
      trendOf('Tyler'),
    );

    const waiting = within(card).getByRole('list', { name: 'Not answered yet' });
    expect(rows(waiting)).toEqual(['Diego MartinezNot answered', 'Eli ThompsonNot answered']);
    // Not flagged, so no questionnaire of their own: they open the one most athletes have due today.
    expect(await within(waiting).findByRole('link', { name: /Eli Thompson/ })).toHaveAttribute(
      'href',
      trendOf('Eli'),
    );
  });

  it('offers to assign a wellness check when nothing is due today', async () => {
    server.use(
      http.get('*/api/questionnaire-readiness', () =>
        HttpResponse.json<ReadinessResponse>({ date: demoToday(), due: 0, answered: 0, athletes: [] }),
      ),
    );
    signInAs(demoUsers.admin);
    renderApp('/app/dashboard');
    const card = await screen.findByRole('region', { name: 'Readiness today' });
    expect(await within(card).findByText('No questionnaires due today')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Assign a wellness check' })).toHaveAttribute(
      'href',
      '/app/questionnaires',
    );
  });

  it('is not on an athlete’s dashboard', async () => {
    signInAs(demoUsers.athlete);
    renderApp('/app/dashboard');
    await screen.findByRole('region', { name: 'Today' });
    expect(screen.queryByRole('region', { name: 'Readiness today' })).not.toBeInTheDocument();
  });
});
