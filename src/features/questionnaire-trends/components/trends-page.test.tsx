import { demoGroups, demoPeople, demoUsers } from '@mocks/data';
import { demoWellnessId, questionnaireExportHandler } from '@mocks/handlers/questionnaire-trends';
import { demoToday } from '@mocks/handlers/schedule';
import { server } from '@mocks/server';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { addDays, format, parseISO } from 'date-fns';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

const idOf = (firstName: string) => demoPeople.find((person) => person.firstName === firstName)!.id;
const pitchers = demoGroups[1]!;
const trendsPath = `/app/questionnaires/${demoWellnessId}/trends`;
const daysBefore = (days: number) => format(addDays(parseISO(demoToday()), -days), 'yyyy-MM-dd');

/** The query of every request to `path` the screen sent. */
function recordRequests(path: string): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === path) seen.push(url.searchParams);
  });
  return seen;
}

describe('questionnaire trends (/app/questionnaires/$id/trends)', { timeout: 30_000 }, () => {
  // A busy machine: each screen waits for its answer, the fakes' year of answers and its lazily loaded charts.
  beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
  afterAll(() => configure({ asyncUtilTimeout: 1000 }));

  beforeEach(() => signInAs(demoUsers.coach));

  it('shows an athlete each item against its baseline, flagged answers in words, the numbers in a table', async () => {
    const { user } = renderApp(`${trendsPath}?athleteId=${idOf('Tyler')}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Daily wellness: trends' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Tyler Brooks' })).toBeInTheDocument();

    const sleep = screen.getByRole('region', { name: 'Sleep quality' });
    // The chip beside the title (the table under it says it again).
    expect(within(sleep).getAllByText('Red flag')[0]).toBeInTheDocument();
    // The chart (recharts, loaded with this screen only: its first import is slow on a busy machine) and its table.
    expect(
      await within(sleep).findByTestId('trend-chart-sleep', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await user.click(within(sleep).getByText('Show the numbers'));
    const table = within(sleep).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Value', 'Baseline', 'z', 'Flag']);
    const today = within(table).getAllByRole('row')[1]!;
    const cells = within(today)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[1]).toBe('1');
    expect(cells[2]).toMatch(/^[\d.]+ ± [\d.]+$/);
    expect(cells[3]).toMatch(/^−[\d.]+ SD$/);
    expect(cells[4]).toBe('Red flag');
    // The 30 days asked for by default, ending today.
    expect(screen.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page');
  });

  it('asks for the range chosen, and keeps the athlete', async () => {
    const requests = recordRequests('/api/questionnaire-trends');
    const { user, router } = renderApp(`${trendsPath}?athleteId=${idOf('Noah')}`);
    await screen.findByRole('heading', { level: 2, name: 'Noah Kim' });
    expect(requests.at(-1)?.get('from')).toBe(daysBefore(29));

    await user.click(screen.getByRole('link', { name: '90 days' }));
    await waitFor(() => expect(requests.at(-1)?.get('from')).toBe(daysBefore(89)));
    expect(requests.at(-1)?.get('to')).toBe(demoToday());
    expect(requests.at(-1)?.get('athleteId')).toBe(idOf('Noah'));
    expect(router.state.location.search).toEqual({ athleteId: idOf('Noah'), range: 90 });
  });

  it('shows a group’s daily mean and its athletes’ latest flags, each opening that athlete', async () => {
    const { user } = renderApp(`${trendsPath}?groupId=${pitchers.id}&range=90`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Pitchers' })).toBeInTheDocument();
    const fatigue = screen.getByRole('region', { name: 'Fatigue' });
    await user.click(within(fatigue).getByText('Show the numbers'));
    expect(
      within(within(fatigue).getByRole('table'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Mean', 'Answered', 'Amber', 'Red']);

    const athletes = screen.getByRole('list', { name: 'Athletes’ latest answers' });
    const links = within(athletes).getAllByRole('link');
    // Red first, then amber, then the rest.
    expect(links.map((link) => link.textContent?.match(/^[A-Z][a-z]+ [A-Z][a-z]+/)?.[0])).toEqual([
      'Tyler Brooks',
      'Noah Kim',
      'Jamie Rivera',
    ]);
    expect(links[0]).toHaveTextContent('Red flag');
    expect(links[1]).toHaveTextContent('Amber flag');
    expect(links[0]).toHaveAttribute('href', `${trendsPath}?athleteId=${idOf('Tyler')}&range=90`);
  });

  it('opens on the largest group, and switches between an athlete and a group from one picker', async () => {
    const { user, router } = renderApp(trendsPath);
    // Position Players has the most members of the demo's groups.
    expect(await screen.findByRole('heading', { level: 2, name: 'Position Players' })).toBeInTheDocument();
    const picker = await screen.findByRole('combobox', { name: 'Whose answers' });
    // Athletes are found by typing, searched on the server: any of hundreds, not only the first page.
    await user.click(picker);
    await user.clear(picker);
    await user.type(picker, 'Sam');
    await user.click(await screen.findByRole('option', { name: /Sam Whitaker/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sam Whitaker' })).toBeInTheDocument();
    await user.clear(picker);
    await user.type(picker, 'Pitch');
    await user.click(await screen.findByRole('option', { name: /^Pitchers/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Pitchers' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ groupId: pitchers.id });
  });

  it('downloads the range’s answers as CSV with the signed-in session', async () => {
    server.use(questionnaireExportHandler);
    const requests = recordRequests('/api/questionnaire-answers/export');
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:answers');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderApp(`${trendsPath}?groupId=${pitchers.id}&range=365`);
    await screen.findByRole('heading', { level: 2, name: 'Pitchers' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual([`daily-wellness-${daysBefore(364)}-${demoToday()}.csv`]));
    expect(Object.fromEntries(requests[0]!)).toEqual({
      questionnaireId: demoWellnessId,
      from: daysBefore(364),
      to: demoToday(),
      groupId: pitchers.id,
    });
  });
});
