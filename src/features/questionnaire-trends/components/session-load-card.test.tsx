import type { SessionLoadResponse } from '@contract/questionnaires';
import { demoPeople, demoUsers } from '@mocks/data';
import { demoSessionLoad, demoWellnessId } from '@mocks/handlers/questionnaire-trends';
import { demoToday } from '@mocks/handlers/schedule';
import { server } from '@mocks/server';
import { configure, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

const idOf = (firstName: string) => demoPeople.find((person) => person.firstName === firstName)!.id;
const trendsOf = (firstName: string) =>
  `/app/questionnaires/${demoWellnessId}/trends?athleteId=${idOf(firstName)}`;

describe('the session-RPE load beside an athlete’s trends', { timeout: 30_000 }, () => {
  // A busy machine: each screen waits for its answer, the fakes' year of answers and its lazily loaded charts.
  beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
  afterAll(() => configure({ asyncUtilTimeout: 1000 }));

  beforeEach(() => signInAs(demoUsers.coach));

  it('shows this week’s ratio in words, its acute and chronic, 12 weeks, and the throwing workload beside it', async () => {
    const { user } = renderApp(trendsOf('Jamie'));
    const card = await screen.findByRole('region', { name: 'Session-RPE load' });
    // The fake's last week is heavier than the three before it.
    expect(await within(card).findByText('above the sweet spot')).toBeInTheDocument();
    const { ratio } = demoSessionLoad(idOf('Jamie'), demoToday());
    expect(within(card).getByText('above the sweet spot').parentElement).toHaveTextContent(
      `${ratio!.toFixed(2)}above the sweet spot`,
    );
    expect(within(card).getByText('Acute (7 days)')).toBeInTheDocument();
    await user.click(within(card).getByText('Show the weeks'));
    expect(within(within(card).getByRole('table')).getAllByRole('row')).toHaveLength(13);
    // Jamie throws with an arm sensor: the throwing ratio is read from the same athlete's throwing summary.
    const throwing = await within(card).findByRole('region', { name: 'Throwing workload' });
    expect(within(throwing).getByText(/^(green|amber|red) zone$/)).toBeInTheDocument();
  });

  it('leaves the throwing workload out for an athlete who does not throw', async () => {
    renderApp(trendsOf('Diego'));
    const card = await screen.findByRole('region', { name: 'Session-RPE load' });
    await within(card).findByText(/sweet spot/);
    expect(within(card).queryByRole('region', { name: 'Throwing workload' })).not.toBeInTheDocument();
  });

  it('says when there is no session RPE yet', async () => {
    server.use(
      http.get('*/api/questionnaire-trends/load', () =>
        HttpResponse.json<SessionLoadResponse>({
          athleteId: idOf('Eli'),
          to: demoToday(),
          weeks: Array.from({ length: 12 }, (_, index) => ({
            weekStart: `2026-0${1 + Math.floor(index / 4)}-0${1 + (index % 4)}`,
            load: 0,
            sessions: 0,
          })),
          acute: 0,
          chronic: 0,
          ratio: null,
          zone: null,
        }),
      ),
    );
    renderApp(trendsOf('Eli'));
    const card = await screen.findByRole('region', { name: 'Session-RPE load' });
    expect(await within(card).findByText(/No session RPE in the last 12 weeks/)).toBeInTheDocument();
  });
});
