import { demoPeople, demoUsers } from '@mocks/data';
import type { ThrowingSummaryResponse } from '@contract/pitching';
import { demoToday } from '@mocks/handlers/schedule';
import { demoSeasonPitches, demoThrowingSummary } from '@mocks/handlers/throwing';
import { server } from '@mocks/server';
import { screen, waitFor, within } from '@testing-library/react';
import { addDays, format, parse, parseISO } from 'date-fns';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

const jamie = demoUsers.athlete;
const personNamed = (firstName: string) => demoPeople.find((person) => person.firstName === firstName)!;
const tyler = personNamed('Tyler');
const noah = personNamed('Noah');
const diego = personNamed('Diego');
/** A day n days from the demo's today, as the tab's tables write it. */
const day = (offset: number) => format(addDays(parseISO(demoToday()), offset), 'EEE, MMM d');
/** The same day as the workload table writes it. */
const shortDay = (offset: number) => format(addDays(parseISO(demoToday()), offset), 'MMM d');

/** A table's rows as "header | cell | cell". */
function rowsOf(name: string | RegExp) {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')]
        .map((cell) => cell.textContent)
        .join(' | '),
    );
}

/** The header figure of a label ("Pitches", "Available from", "Workload ratio"): its value and note. */
const figure = (label: string) =>
  within(screen.getByRole('region', { name: 'Today' })).getByText(label).parentElement!;

/** The tab's chunk and the pitching schemas load on first use, and role queries are slow on a busy machine. */
const findToday = () => screen.findByRole('region', { name: 'Today' }, { timeout: 15_000 });

const pitchCountsTable = /^Pitches per day over the last 28 days/;

describe('an athlete’s Throwing tab (/app/users/$userId?tab=throwing)', { timeout: 30_000 }, () => {
  it('shows a coach today against the limit, the pitch counts, velocity per type and the workload', async () => {
    signInAs(demoUsers.coach);
    renderApp(`/app/users/${jamie.id}?tab=throwing`);
    const tabs = await screen.findByRole('navigation', { name: 'Person' });
    expect(within(tabs).getByRole('link', { name: 'Throwing' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Training' })).not.toHaveAttribute('aria-current');

    await findToday();
    expect(figure('Pitches')).toHaveTextContent('42 of 85 today');
    expect(figure('Pitches')).toHaveTextContent('Pitch Smart daily limit at age 12');
    expect(figure('Pitches')).not.toHaveTextContent('Over the limit');
    // 42 pitches at 12 call for two days of rest: pitching again the third day.
    expect(figure('Available from')).toHaveTextContent(day(3));
    expect(figure('Workload ratio')).toHaveTextContent(
      /^Workload ratio1\.10GreenAcute [\d.]+ · chronic [\d.]+$/,
    );

    expect(rowsOf(pitchCountsTable)).toEqual([
      `${day(0)} | 42 | 2`,
      `${day(-3)} | 38 | 2`,
      `${day(-8)} | 92 (over 85) | 4`,
      `${day(-13)} | 55 | 3`,
      `${day(-18)} | 47 | 2`,
      `${day(-22)} | 33 | 1`,
      `${day(-26)} | 61 | 3`,
    ]);
    // The chart's library loads on its own (a lazy chunk): on a busy machine that takes more than the default 1 s.
    expect(await screen.findByTestId('pitch-count-chart', {}, { timeout: 5000 })).toBeInTheDocument();

    const velocity = screen.getByRole('region', { name: 'Velocity' });
    expect(
      rowsOf(
        /^Pitches, average and top velocity \(mph\) and strike rate per pitch type over the last 90 days/,
      ),
    ).toEqual([
      expect.stringMatching(/^Fastball\d+ pitches \| 6\d\.\d \| 6\d\.\d \| 64%$/),
      expect.stringMatching(/^Changeup\d+ pitches \| 5\d\.\d \| 5\d\.\d \| 58%$/),
      expect.stringMatching(/^Curveball\d+ pitches \| 5\d\.\d \| 5\d\.\d \| 52%$/),
    ]);
    expect(await within(velocity).findByTestId('velocity-chart')).toBeInTheDocument();

    const workload = screen.getByRole('region', { name: 'Workload' });
    const recent = rowsOf(/^Workload of the last 14 days/);
    expect(recent).toHaveLength(14);
    expect(recent[0]).toMatch(
      new RegExp(
        `^${format(parseISO(demoToday()), 'MMM d')} \\| [\\d.]+ \\| [\\d.]+ \\| [\\d.]+ \\| 1\\.10 Green$`,
      ),
    );
    // The build-up after a lighter month: the ratio left the green zone a week ago.
    expect(recent.some((row) => / (Amber|Red)$/.test(row))).toBe(true);
    expect(within(workload).queryByText(/height and weight/)).not.toBeInTheDocument();
  });

  it('draws every pitch of two years as an even sample with the outliers, and lists the outliers (issue 22)', async () => {
    const season = demoSeasonPitches(jamie.id, 730);
    expect(season.sampled).toBe(true);
    const outliers = season.pitches.filter((pitch) => pitch.outlier);
    signInAs(demoUsers.coach);
    renderApp(`/app/users/${jamie.id}?tab=throwing&days=730`);
    const card = await screen.findByRole('region', { name: 'Every pitch' }, { timeout: 15_000 });
    expect(await within(card).findByRole('status')).toHaveTextContent(
      `Velocity of an even sample of ${(season.pitches.length - outliers.length).toLocaleString('en-US')} of the ${season.total.toLocaleString('en-US')} pitches of the last 2 years, with every outlier.`,
    );
    expect(season.pitches.length).toBeLessThanOrEqual(1000 + outliers.length);
    expect(await within(card).findByTestId('season-scatter')).toHaveAttribute('aria-hidden', 'true');
    expect(rowsOf(/^Outliers: pitches far from their type’s usual velocity/)).toEqual([
      expect.stringMatching(new RegExp(`^${day(-8)} \\| Fastball \\| 5\\d\\.\\d$`)),
    ]);
  });

  it('keeps the range in the address and asks the server for it', async () => {
    const asked: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/throwing')) asked.push(url.searchParams.get('days'));
    });
    signInAs(demoUsers.coach);
    const { user, router } = renderApp(`/app/users/${jamie.id}?tab=throwing`);
    const range = await screen.findByRole('navigation', { name: 'Range' });
    expect(within(range).getByRole('link', { name: '90 days' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(range).getByRole('link', { name: '1 year' }));
    expect(router.state.location.search).toEqual({ tab: 'throwing', days: 365 });
    expect(within(range).getByRole('link', { name: '1 year' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() =>
      expect(screen.getByRole('table', { name: /per pitch type over the last year$/ })).toBeInTheDocument(),
    );
    expect(asked).toEqual(['90', '365']);
    // The pitch counts stay on 28 days whatever the range.
    expect(rowsOf(pitchCountsTable)).toHaveLength(7);

    await user.click(screen.getByRole('link', { name: 'Training' }));
    expect(router.state.location.search).toEqual({ tab: 'training' });
  });

  it('opens the range an address names, and drops one it does not offer', async () => {
    signInAs(demoUsers.coach);
    const { unmount } = renderApp(`/app/users/${jamie.id}?tab=throwing&days=730`);
    await findToday();
    expect(await screen.findByRole('table', { name: /over the last 2 years$/ })).toBeInTheDocument();
    unmount();

    const asked: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/throwing')) asked.push(url.searchParams.get('days'));
    });
    renderApp(`/app/users/${jamie.id}?tab=throwing&days=12`);
    await findToday();
    expect(await screen.findByRole('table', { name: /over the last 90 days$/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '90 days' })).toHaveAttribute('aria-current', 'page');
    expect(asked).toEqual(['90']);
  });

  it('says when there are no pitches, and where they come from', async () => {
    signInAs(demoUsers.coach);
    renderApp(`/app/users/${diego.id}?tab=throwing`);
    await findToday();
    expect(await screen.findByText('No pitches in the last 90 days')).toBeInTheDocument();
    expect(
      screen.getByText(
        /tracking a throwing workout, or from a Rapsodo or TrackMan file imported on a completed/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open completed workouts' })).toHaveAttribute(
      'href',
      `/app/completed?athlete=${diego.id}`,
    );
    expect(figure('Pitches')).toHaveTextContent('0 of 95 today');
    expect(figure('Available from')).toHaveTextContent('Today');
    expect(screen.queryByRole('region', { name: 'Pitch counts' })).not.toBeInTheDocument();
  });

  it('tells a coach to add a date of birth when there is none, and height and weight for the workload', async () => {
    signInAs(demoUsers.coach);
    const { unmount } = renderApp(`/app/users/${noah.id}?tab=throwing`);
    await findToday();
    expect(figure('Pitches')).toHaveTextContent(
      '0 todayNo Pitch Smart limit: add a date of birth. Add Noah’s date of birth on the Profile tab.',
    );
    expect(within(figure('Pitches')).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      `/app/users/${noah.id}`,
    );
    expect(rowsOf(pitchCountsTable)[0]).toBe(`${day(-10)} | 45 | —`);
    expect(figure('Workload ratio')).toHaveTextContent('Red');
    unmount();

    renderApp(`/app/users/${tyler.id}?tab=throwing`);
    await findToday();
    expect(figure('Pitches')).toHaveTextContent('112 of 105 todayOver the limit');
    // 112 pitches at 17: four days of rest.
    expect(figure('Available from')).toHaveTextContent(day(5));
    expect(figure('Workload ratio')).toHaveTextContent('—Needs height and weight');
    const workload = screen.getByRole('region', { name: 'Workload' });
    expect(within(workload).getByRole('status')).toHaveTextContent(
      'Workload needs height and weightAdd Tyler’s height and weight on the Profile tab.',
    );
  });

  it('shows a day of throws without a workload as unknown, and no ratio, never a 0 and a false red (issue 22)', async () => {
    // Tyler wore the arm sensor two and six days ago, before his height and weight were on the profile.
    const summary = demoThrowingSummary(tyler.id, 90);
    const unknownFrom = addDays(parseISO(demoToday()), -6);
    const unknownOn = new Set(
      [-6, -2].map((offset) => format(addDays(parseISO(demoToday()), offset), 'yyyy-MM-dd')),
    );
    server.use(
      http.get('*/api/athletes/:athleteId/throwing', () =>
        HttpResponse.json<ThrowingSummaryResponse>({
          throwing: {
            ...summary,
            workload: summary.workload.map((workloadDay) =>
              parseISO(workloadDay.date) < unknownFrom
                ? workloadDay
                : {
                    ...workloadDay,
                    daily: unknownOn.has(workloadDay.date) ? null : 0,
                    acute: null,
                    chronic: null,
                    ratio: null,
                    zone: null,
                  },
            ),
            currentWorkload: { acute: null, chronic: null, ratio: null, zone: null, unknownDays: 2 },
          },
        }),
      ),
    );
    signInAs(demoUsers.coach);
    renderApp(`/app/users/${tyler.id}?tab=throwing`);
    await findToday();
    expect(figure('Workload ratio')).toHaveTextContent(
      'Workload ratioUnknown2 days of the last 28 had throws without a workload: needs height and weight',
    );
    const recent = rowsOf(/^Workload of the last 14 days/);
    expect(recent.slice(0, 7)).toEqual([
      `${shortDay(0)} | 0.00 | — | — | —`,
      `${shortDay(-1)} | 0.00 | — | — | —`,
      `${shortDay(-2)} | Unknown | — | — | —`,
      `${shortDay(-3)} | 0.00 | — | — | —`,
      `${shortDay(-4)} | 0.00 | — | — | —`,
      `${shortDay(-5)} | 0.00 | — | — | —`,
      `${shortDay(-6)} | Unknown | — | — | —`,
    ]);
    expect(screen.queryByText(/\bRed\b/)).not.toBeInTheDocument();
  });

  it('shows an athlete its own Throwing tab, and offers a retry when it cannot be loaded', async () => {
    signInAs(jamie);
    const { user } = renderApp(`/app/users/${jamie.id}?tab=throwing`);
    const tabs = await screen.findByRole('navigation', { name: 'Person' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Profile', 'Training', 'Throwing']);
    await findToday();
    expect(figure('Pitches')).toHaveTextContent('42 of 85 today');
    expect(screen.getByRole('region', { name: 'Pitch counts' })).toBeInTheDocument();

    server.use(
      // Not a 5xx: the client would retry those for 6 s first (spec 9).
      http.get(
        '*/api/athletes/:athleteId/throwing',
        () => HttpResponse.json({ error: { code: 'FORBIDDEN', message: 'No.' } }, { status: 403 }),
        { once: true },
      ),
    );
    await user.click(screen.getByRole('link', { name: '28 days' }));
    expect(await screen.findByText('The throwing summary could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: /over the last 28 days$/ })).toBeInTheDocument();
  });
});

describe('importing pitches from the Throwing tab (issue 23)', { timeout: 30_000 }, () => {
  it('lets a coach choose one of the athlete’s workouts, newest first, and opens its import', async () => {
    signInAs(demoUsers.coach);
    const { user, router } = renderApp(`/app/users/${jamie.id}?tab=throwing`);
    await findToday();
    const opener = screen.getByRole('button', { name: 'Import pitches' });
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    await user.click(opener);
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    const chooser = await screen.findByRole('region', { name: 'Which workout were they thrown in?' });
    const links = await within(chooser).findAllByRole('link');
    expect(links.length).toBeGreaterThan(0);
    // Each link reads "<workout><date>Import →"; the dates run from the newest.
    const dates = links.map((link) =>
      // The demo organisation writes days as en-US does: "Wed, Nov 25, 2026".
      parse(
        /\w{3}, \w{3} \d{1,2}, \d{4}/.exec(link.textContent)![0],
        'EEE, MMM d, yyyy',
        new Date(),
      ).getTime(),
    );
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    await user.click(links[0]!);
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/app\/completed\/[0-9a-f-]{36}\/import$/),
    );
    expect(router.state.location.search).toEqual({ kind: 'pitches' });
  });
});
