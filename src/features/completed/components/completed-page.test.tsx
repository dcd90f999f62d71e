import { completedWorkoutListResponseSchema } from '@contract';
import { demoPeople, demoSettings, demoUsers } from '@mocks/data';
import { apiRoute } from '@mocks/handlers/respond';
import { demoToday } from '@mocks/handlers/schedule';
import { completedWorkoutHandlers } from '@mocks/handlers/training';
import { server } from '@mocks/server';
import { screen, within } from '@testing-library/react';
import { addDays, format, parseISO } from 'date-fns';
import { emulateDevice, restoreDevice } from '@/testing/emulate-device';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import { formatDay } from '@/lib/format/format';
import { http, HttpResponse } from 'msw';

const today = demoToday();
const shift = (days: number) => format(addDays(parseISO(today), days), 'yyyy-MM-dd');
const tyler = demoPeople.find((person) => person.firstName === 'Tyler')!;
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

beforeEach(() => {
  server.use(...completedWorkoutHandlers());
});
afterEach(() => restoreDevice());

describe('completed workouts (/app/completed)', { timeout: 30_000 }, () => {
  it.each([
    ['en-US', 'Wed, Nov 25, 2026', 'Wednesday, November 25, 2026'],
    ['en-GB', 'Wed, 25 Nov 2026', 'Wednesday, 25 November 2026'],
  ] as const)(
    'writes a workout’s day in the organisation’s locale (%s), alike in the list and on the workout',
    async (locale, inTheList, onTheWorkout) => {
      server.use(http.get('*/api/settings', () => HttpResponse.json({ data: { ...demoSettings, locale } })));
      signInAs(demoUsers.coach);
      const { user } = renderApp('/app/completed');
      const table = await screen.findByRole('table', { name: 'Completed workouts, newest first' });
      const first = rowsOf(table)[0]!;
      // The demo's newest workout is yesterday: the test's words are for 25 November 2026.
      const yesterday = shift(-1);
      expect(first).toHaveTextContent(formatDay(yesterday, 'dayWithYear', { locale, timeZone: 'UTC' }));
      if (yesterday === '2026-11-25') expect(first).toHaveTextContent(inTheList);
      await user.click(within(first).getByRole('link', { name: 'Lower Body Strength A' }));
      await screen.findByRole('heading', { level: 1, name: 'Lower Body Strength A' });
      expect(
        screen.getByText(`· ${formatDay(yesterday, 'dateWithWeekday', { locale, timeZone: 'UTC' })}`),
      ).toBeInTheDocument();
      if (yesterday === '2026-11-25') expect(screen.getByText(`· ${onTheWorkout}`)).toBeInTheDocument();
    },
  );

  it('shows a coach the organisation’s completed workouts newest first, in pages', async () => {
    signInAs(demoUsers.coach);
    const { user, router } = renderApp('/app/completed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Completed' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Completed workouts, newest first' });
    const rows = rowsOf(table);
    expect(rows).toHaveLength(25);
    const first = rows[0]!;
    expect(within(first).getByRole('link', { name: 'Lower Body Strength A' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/app\/completed\/0d7e0001-/),
    );
    expect(first).toHaveTextContent(formatDay(shift(-1), 'dayWithYear'));
    expect(first).toHaveTextContent('Jamie Rivera');
    expect(first).toHaveTextContent('2 records');
    expect(first).toHaveTextContent('Corrected');
    expect(rows[1]).toHaveTextContent(formatDay(shift(-2), 'dayWithYear'));

    expect(screen.getByText('1–25 of 28')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(router.state.location.search).toMatchObject({ page: 2 });
    expect(await screen.findByText('26–28 of 28')).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table'))).toHaveLength(3);
  });

  it('filters by athlete, category and dates, kept in the address, and says when nothing matches', async () => {
    signInAs(demoUsers.coach);
    const { user, router } = renderApp('/app/completed');
    await screen.findByRole('table', { name: 'Completed workouts, newest first' });

    const athlete = screen.getByRole('combobox', { name: 'Athlete' });
    await user.type(athlete, 'tyl');
    await user.click(await screen.findByRole('option', { name: 'Tyler Brooks' }));
    expect(router.state.location.search).toMatchObject({ athlete: tyler.id });
    await vi.waitFor(() => {
      const rows = rowsOf(screen.getByRole('table'));
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toHaveTextContent('Tyler Brooks');
    });

    await user.click(screen.getByRole('button', { name: /Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Mobility' }));
    expect(router.state.location.search).toMatchObject({ athlete: tyler.id, category: 'mobility' });
    await vi.waitFor(() => {
      for (const row of rowsOf(screen.getByRole('table'))) {
        expect(row).toHaveTextContent(/Pitcher Arm Care.*Tyler Brooks/);
      }
    });

    await user.click(screen.getByRole('button', { name: 'Show every athlete' }));
    await user.type(screen.getByLabelText('From'), shift(1));
    expect(router.state.location.search).toMatchObject({ category: 'mobility', from: shift(1) });
    expect(router.state.location.search).not.toHaveProperty('athlete');
    expect(await screen.findByText('No completed workout matches these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toEqual({});
    expect(await screen.findByText('1–25 of 28')).toBeInTheDocument();
  });

  it('filters by group from the address', async () => {
    signInAs(demoUsers.coach);
    renderApp('/app/completed?group=3f1e2d3c-0000-4000-8000-000000000002');
    const table = await screen.findByRole('table', { name: 'Completed workouts, newest first' });
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: /Group/ })).toHaveTextContent('Pitchers'),
    );
    const pitchers = ['Jamie Rivera', 'Tyler Brooks', 'Noah Kim'];
    for (const row of rowsOf(table)) {
      expect(pitchers.some((name) => row.textContent?.includes(name))).toBe(true);
    }
  });

  it('shows an athlete only its own workouts, as cards on a phone, with a way to its training', async () => {
    emulateDevice({ width: 390, displayMode: 'browser' });
    signInAs(demoUsers.athlete);
    renderApp(`/app/completed?athlete=${tyler.id}`);
    const cards = await screen.findByRole('list', { name: 'Completed workouts, newest first' });
    // Its own five, whatever the address asks for: yesterday's first, with its records.
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent(/Lower Body Strength A.*2 records/);
    expect(screen.queryByRole('combobox', { name: 'Athlete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Group/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your training' })).toHaveAttribute(
      'href',
      `/app/users/${demoUsers.athlete.id}?tab=training`,
    );
  });

  it('says so when an athlete has finished nothing yet, and when nothing matches its dates', async () => {
    signInAs(demoUsers.athlete);
    const { unmount } = renderApp(`/app/completed?to=${shift(-30)}`);
    expect(await screen.findByText('No completed workout matches these filters')).toBeInTheDocument();
    unmount();

    server.use(
      apiRoute(
        {
          method: 'get',
          path: '/api/completed-workouts',
          responses: { 200: completedWorkoutListResponseSchema },
        },
        ({ reply }) => reply(200, { data: [], page: 0, size: 25, total: 0 }),
      ),
    );
    renderApp('/app/completed');
    expect(await screen.findByText('No completed workouts yet')).toBeInTheDocument();
    expect(screen.getByText(/When you finish a workout on your schedule/)).toBeInTheDocument();
  });
});
