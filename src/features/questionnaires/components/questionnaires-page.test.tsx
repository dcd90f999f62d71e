import '@/testing/dialog-polyfill';
import { demoUsers } from '@mocks/data';
import { questionnaireHandlers } from '@mocks/handlers/questionnaires';
import { server } from '@mocks/server';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

beforeEach(() => signInAs(demoUsers.coach));

const card = (name: string) => screen.getByRole('region', { name });

describe('the questionnaires list (/app/questionnaires)', { timeout: 20_000 }, () => {
  it('shows each questionnaire with its questions, assignments and today’s answers per group', async () => {
    server.use(...questionnaireHandlers());
    renderApp('/app/questionnaires');
    expect(await screen.findByRole('heading', { level: 1, name: 'Questionnaires' })).toBeInTheDocument();
    const wellness = await screen.findByRole('region', { name: 'Daily wellness' });
    expect(wellness).toHaveTextContent('Wellness');
    expect(wellness).toHaveTextContent('5 questions·2 active assignments');
    const today = within(wellness).getByRole('list', { name: 'Answered today, Daily wellness' });
    expect(
      within(today)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Pitchers2 / 3 answered', 'Individual athletes0 / 1 answered']);
    expect(within(wellness).getByRole('link', { name: 'Trends of Daily wellness' })).toHaveAttribute(
      'href',
      '/app/questionnaires/7e5a1c00-0000-4000-8000-000000000001/trends',
    );
    expect(card('Session RPE')).toHaveTextContent('2 questions·Not assigned yet');
    expect(screen.queryByRole('region', { name: 'Hooper index' })).not.toBeInTheDocument();
    expect(
      within(screen.getAllByRole('navigation')[0]!).getByRole('link', { name: 'Questionnaires' }),
    ).toHaveAttribute('href', '/app/questionnaires');
    expect(screen.getByRole('link', { name: 'New questionnaire' })).toHaveAttribute(
      'href',
      '/app/questionnaires/new',
    );
  });

  it('lists the archived ones on their tab', async () => {
    server.use(...questionnaireHandlers());
    const { user, router } = renderApp('/app/questionnaires');
    await screen.findByRole('region', { name: 'Daily wellness' });
    await user.click(screen.getByRole('link', { name: 'Archived' }));
    expect(await screen.findByRole('region', { name: 'Hooper index' })).toHaveTextContent('Archived');
    expect(router.state.location.search).toEqual({ tab: 'archived' });
    expect(screen.queryByRole('region', { name: 'Daily wellness' })).not.toBeInTheDocument();
  });

  it('offers the three ready-made questionnaires when there is none, each one tap from the builder', async () => {
    server.use(...questionnaireHandlers({ empty: true }));
    const { user, router } = renderApp('/app/questionnaires');
    expect(await screen.findByText('Ask your athletes how they are')).toBeInTheDocument();
    const offers = screen.getAllByRole('link', { name: /Use this one/ });
    expect(offers.map((offer) => offer.getAttribute('href'))).toEqual([
      '/app/questionnaires/new?template=wellness',
      '/app/questionnaires/new?template=hooper',
      '/app/questionnaires/new?template=session_rpe',
    ]);
    await user.click(offers[1]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'New questionnaire' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ template: 'hooper' });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Hooper index');
  });

  it('sends an athlete to Home, whose sidebar has no such item', async () => {
    signInAs(demoUsers.athlete);
    const { router } = renderApp('/app/questionnaires');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(screen.queryByRole('link', { name: 'Questionnaires' })).not.toBeInTheDocument();
  });
});
