import { reportFigures } from '@contract/reports';
import { demoGroups, demoPeople, demoUsers } from '@mocks/data';
import { apiError } from '@mocks/handlers/respond';
import {
  demoReport,
  demoSummary,
  emptyReport,
  summariesNotConfigured,
  summaryNotConfiguredError,
  summaryStream,
} from '@mocks/handlers/reports';
import { demoToday } from '@mocks/handlers/schedule';
import { server } from '@mocks/server';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { addDays, format, parseISO } from 'date-fns';
import { http, HttpResponse } from 'msw';
import { getRunningCalls } from '@/lib/api/request-activity';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

const daysBefore = (days: number) => format(addDays(parseISO(demoToday()), -days), 'yyyy-MM-dd');
const pitchers = demoGroups[1]!;
const tyler = demoPeople.find((person) => person.firstName === 'Tyler')!;

/** The query of every report request the screen sent. */
function recordReportRequests(): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && /^\/api\/reporting\/organization\/[^/]+$/.test(url.pathname))
      seen.push(url.searchParams);
  });
  return seen;
}

async function openReports(path = '/app/reports') {
  const view = renderApp(path);
  expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
  await screen.findByRole('region', { name: 'Compliance' });
  return view;
}

describe('reports (/app/reports)', { timeout: 30_000 }, () => {
  // A busy machine: the report, its lazily loaded charts and the summary's stream each take a moment.
  beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
  afterAll(() => configure({ asyncUtilTimeout: 1000 }));

  beforeEach(() => signInAs(demoUsers.coach));

  it('opens on the last 28 days of the organisation, with five sections linked to their sources', async () => {
    const requests = recordReportRequests();
    await openReports();
    expect(screen.getByRole('link', { name: '28 days' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(requests.at(-1)?.get('from')).toBe(daysBefore(27)));
    expect(requests.at(-1)?.get('to')).toBe(demoToday());
    expect(requests.at(-1)?.has('groupId')).toBe(false);
    for (const name of [
      'Written summary',
      'Compliance',
      'Training volume',
      'Strength',
      'Throwing',
      'Readiness',
    ])
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    expect(screen.getByText(/Demo Baseball Academy ·/)).toBeInTheDocument();

    const compliance = screen.getByRole('region', { name: 'Compliance' });
    const athletes = within(compliance).getByRole('table', { name: 'Compliance by athlete, lowest first' });
    const firstRow = within(athletes).getAllByRole('row')[1]!;
    // Who is falling behind is on top, and opens the athlete.
    expect(within(firstRow).getByRole('link', { name: 'Tyler Brooks' })).toHaveAttribute(
      'href',
      `/app/users/${tyler.id}`,
    );
    expect(firstRow).toHaveTextContent('Falling behind');
    // Groups open the group; records open the completed workout.
    expect(within(compliance).getByRole('link', { name: 'Pitchers' })).toHaveAttribute(
      'href',
      `/app/groups/${pitchers.id}`,
    );
    const strength = screen.getByRole('region', { name: 'Strength' });
    const records = within(strength).getByRole('table', { name: 'Records set in the range, newest first' });
    expect(within(records).getAllByRole('link', { name: /lb$/ })[0]).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/app\/completed\/[0-9a-f-]{36}$/),
    );
    // Every figure the report states is in a cell carrying its id: what a summary's citation links to.
    const report = demoReport({ from: daysBefore(27), to: demoToday() });
    const missing = reportFigures(report)
      .map((figure) => figure.id)
      .filter((id) => document.getElementById(`figure-${id}`) === null);
    expect(missing).toEqual([]);
    // The charts load with the screen's sections, not with the app.
    expect(
      await within(compliance).findByTestId('compliance-chart', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    // The navigation names the screen for staff.
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Reports' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('sends an athlete Home, and lists no Reports for one', async () => {
    signInAs(demoUsers.athlete);
    const { router } = renderApp('/app/reports');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(screen.queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
  });

  it('asks again for the range chosen: a preset, this season, or two dates', async () => {
    const requests = recordReportRequests();
    const { user, router } = await openReports();

    await user.click(screen.getByRole('link', { name: '90 days' }));
    await waitFor(() => expect(requests.at(-1)?.get('from')).toBe(daysBefore(89)));
    expect(screen.getByRole('link', { name: '90 days' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('link', { name: 'This season' }));
    // The season starts on 1 January: the organisation has no season start of its own.
    await waitFor(() => expect(requests.at(-1)?.get('from')).toBe(`${demoToday().slice(0, 4)}-01-01`));
    expect(requests.at(-1)?.get('to')).toBe(demoToday());

    await user.click(screen.getByRole('button', { name: 'Custom' }));
    const form = screen.getByRole('form', { name: 'Custom range' });
    const from = within(form).getByLabelText('From');
    const to = within(form).getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-09-01');
    await user.clear(to);
    await user.type(to, '2026-08-01');
    await user.click(within(form).getByRole('button', { name: 'Show' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The end is before the start');
    await user.clear(to);
    await user.type(to, '2026-11-28');
    await user.click(within(form).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(requests.at(-1)?.get('from')).toBe('2026-09-01'));
    expect(requests.at(-1)?.get('to')).toBe('2026-11-28');
    expect(router.state.location.search).toEqual({ from: '2026-09-01', to: '2026-11-28' });
    expect(await screen.findByText(/Sep 1 – Nov 28, 2026/)).toBeInTheDocument();
  });

  it('reports on one group, chosen from the picker', async () => {
    const requests = recordReportRequests();
    const { user, router } = await openReports();
    const picker = await screen.findByRole('combobox', { name: 'Report of' });
    await user.click(picker);
    await user.clear(picker);
    await user.type(picker, 'Pitch');
    await user.click(await screen.findByRole('option', { name: /^Pitchers/ }));
    await waitFor(() => expect(requests.at(-1)?.get('groupId')).toBe(pitchers.id));
    expect(router.state.location.search).toEqual({ groupId: pitchers.id });
    expect(await screen.findByText(/^Pitchers ·/)).toBeInTheDocument();
    // A group's report lists its athletes, not the organisation's groups.
    const compliance = screen.getByRole('region', { name: 'Compliance' });
    expect(within(compliance).queryByRole('table', { name: 'Compliance by group, lowest first' })).toBeNull();
    const athletes = within(compliance).getByRole('table', { name: 'Compliance by athlete, lowest first' });
    expect(
      within(athletes)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Tyler Brooks', 'Jamie Rivera', 'Noah Kim']);
  });

  it('downloads a section’s numbers as CSV', async () => {
    const saved: { name: string; blob: Blob }[] = [];
    let lastBlob: Blob | null = null;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      lastBlob = blob;
      return 'blob:report';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (lastBlob) saved.push({ name: this.download, blob: lastBlob });
    });
    const { user } = await openReports('/app/reports?from=2026-09-01&to=2026-11-28');
    await user.click(screen.getByRole('button', { name: 'Download CSV of Compliance' }));
    await waitFor(() =>
      expect(saved.map((file) => file.name)).toEqual(['compliance-2026-09-01-to-2026-11-28.csv']),
    );
    const lines = (await saved[0]!.blob.text()).split('\r\n');
    expect(lines[0]).toBe('Row,Name,Week starting,Completed,Missed,Skipped,Due,Compliance (%)');
    expect(lines[1]).toMatch(/^Total,Demo Baseball Academy,,\d+,\d+,0,\d+,[\d.]+$/);
    expect(lines).toContainEqual(expect.stringMatching(/^Week,,2026-08-31,/));
    expect(lines).toContainEqual(expect.stringMatching(/^Athlete,Tyler Brooks,,\d+,\d+,0,\d+,6\d(\.\d)?$/));
    expect(lines).toContainEqual(expect.stringMatching(/^Group,Pitchers,,/));
  });

  it('says what is missing when the range has nothing in it', async () => {
    server.use(
      http.get('*/api/reporting/organization/:id', ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        return HttpResponse.json(emptyReport({ from: query.from!, to: query.to! }));
      }),
    );
    await openReports();
    for (const text of [
      'No workouts due in this range',
      'No completed workouts in this range',
      'No lifts in this range',
      'No pitches in this range',
      'No questionnaire answers in this range',
    ])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download CSV/ })).not.toBeInTheDocument();
  });

  it('says how to configure written summaries where no model is', async () => {
    server.use(
      http.get('*/api/reporting/organization/:id/llm', () => HttpResponse.json(summariesNotConfigured)),
    );
    await openReports();
    const summary = screen.getByRole('region', { name: 'Written summary' });
    expect(await within(summary).findByText('Written summaries are not configured')).toBeInTheDocument();
    expect(summary).toHaveTextContent(/LLM_BASE_URL and LLM_MODEL/);
    expect(summary).toHaveTextContent(/Ollama, vLLM or llama\.cpp’s server/);
    expect(within(summary).queryByRole('button', { name: 'Write a summary' })).toBeNull();
    // The rest of the report works.
    expect(screen.getByRole('region', { name: 'Throwing' })).toBeInTheDocument();
  });

  it('streams a summary as it is written, then links each citation to its figure and marks a made-up number', async () => {
    const { user } = await openReports();
    const summary = screen.getByRole('region', { name: 'Written summary' });
    // Yesterday's summary is listed with its model.
    expect(await within(summary).findByText(/Written by llama3\.1:8b/)).toBeInTheDocument();

    await user.click(within(summary).getByRole('button', { name: 'Write a summary' }));
    // The text arrives piece by piece in a polite live region, without the global loading indicator.
    const live = summary.querySelector('[aria-live="polite"]')!;
    await waitFor(() => expect(live).toHaveTextContent(/^The Demo Baseball/));
    expect(getRunningCalls()).toBe(0);
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();

    const citation = await within(live as HTMLElement).findByRole('link', { name: 'F4: Compliance' });
    expect(citation).toHaveAttribute('href', '#figure-F4');
    const tylerCitation = within(live as HTMLElement).getByRole('link', {
      name: /: Compliance of Tyler Brooks$/,
    });
    const cellId = tylerCitation.getAttribute('href')!.slice(1);
    const cell = document.getElementById(cellId)!;
    expect(within(screen.getByRole('region', { name: 'Compliance' })).getAllByRole('cell')).toContain(cell);
    await user.click(tylerCitation);
    expect(cell).toHaveFocus();
    expect(cell).toHaveAttribute('data-highlighted', 'true');
    // The sentence with a number the report does not state is marked and struck.
    expect(within(live as HTMLElement).getByText(/Not in the report \(12%\)/)).toBeInTheDocument();
    expect(within(live as HTMLElement).getByText('Squat numbers rose by 12% across the team.').tagName).toBe(
      'S',
    );
    // Yesterday's is now among the earlier ones.
    await waitFor(() =>
      expect(
        within(within(summary).getByRole('list', { name: 'Earlier summaries' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
  });

  it('resolves an earlier summary’s citations against the figures it was written from', async () => {
    server.use(
      http.get('*/api/reporting/organization/:id/llm', ({ request }) => {
        const { from, to } = Object.fromEntries(new URL(request.url).searchParams);
        const written = demoSummary(demoReport({ from: from!, to: to! }));
        // Since it was written, more workouts were logged: the report's compliance is no longer 61.5%.
        const figures = written.figures.map((figure) =>
          figure.label === 'Compliance' ? { ...figure, value: 61.5 } : figure,
        );
        return HttpResponse.json({
          configured: true,
          model: 'llama3.1:8b',
          summaries: [{ ...written, figures }],
        });
      }),
    );
    await openReports();
    const summary = screen.getByRole('region', { name: 'Written summary' });
    await within(summary).findByText(/Written by llama3\.1:8b/);
    // The changed figure is not a link to today's cell: it says what it stated then.
    expect(within(summary).queryByRole('link', { name: /: Compliance$/ })).toBeNull();
    expect(
      within(summary).getByText(/\(Compliance: 61\.5% when this was written; the report has changed since\)/),
    ).toBeInTheDocument();
    // A figure the report still states links to its cell.
    expect(within(summary).getByRole('link', { name: /: Compliance of Tyler Brooks$/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^#figure-F\d+$/),
    );
  });

  it('says when to try again after too many summaries, and when the model timed out or is not configured', async () => {
    const { user } = await openReports();
    const summary = screen.getByRole('region', { name: 'Written summary' });
    const write = await within(summary).findByRole('button', { name: 'Write a summary' });

    server.use(
      http.post('*/api/reporting/organization/:id/llm', () =>
        apiError(
          429,
          { code: 'TOO_MANY_REQUESTS', message: 'Too many summaries.' },
          { headers: { 'Retry-After': '600' } },
        ),
      ),
    );
    await user.click(write);
    expect(await within(summary).findByRole('alert')).toHaveTextContent('Try again later.');

    server.use(
      http.post('*/api/reporting/organization/:id/llm', () =>
        summaryStream([
          { event: 'delta', data: { text: 'The team ' } },
          {
            event: 'error',
            data: { code: 'SUMMARY_TIMED_OUT', message: 'The model did not answer in 60 s.' },
          },
        ]),
      ),
    );
    await user.click(within(summary).getByRole('button', { name: 'Write a summary' }));
    expect(await within(summary).findByText('The language model took too long')).toBeInTheDocument();

    server.use(http.post('*/api/reporting/organization/:id/llm', () => summaryNotConfiguredError()));
    await user.click(within(summary).getByRole('button', { name: 'Write a summary' }));
    expect(await within(summary).findByText('Written summaries are not configured')).toBeInTheDocument();
  });
});
