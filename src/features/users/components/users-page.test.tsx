import '@/testing/dialog-polyfill';
import { demoPeople, demoUsers } from '@mocks/data';
import { userDirectoryHandlers } from '@mocks/handlers/users';
import { server } from '@mocks/server';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { emulateDevice, restoreDevice } from '@/testing/emulate-device';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

/** The names in the list, top to bottom: each row's header holds the name, then the email under it. */
function listedNames(): string[] {
  const table = screen.getByRole('table', { name: 'People in the organisation' });
  return within(table)
    .getAllByRole('rowheader')
    .map((header) => header.querySelector('p')?.textContent?.replace(/You$/, '') ?? '');
}

async function findList() {
  return screen.findByRole('table', { name: 'People in the organisation' });
}

/** Every request the screen made for the list, as the API saw it. */
function recordListRequests(): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/users') seen.push(url.searchParams);
  });
  return seen;
}

describe('users screen (/app/users)', () => {
  beforeEach(() => {
    // A fresh copy of the demo people per test: status changes stay in their test.
    server.use(...userDirectoryHandlers());
    signInAs(demoUsers.coach);
  });

  it('lists the organisation with pending sign-ups first, and counts them', async () => {
    renderApp('/app/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    await findList();
    expect(listedNames()).toEqual([
      'Riley Chen',
      'Tyler Brooks',
      'Casey Jordan',
      'Noah Kim',
      'Diego Martinez',
      'Morgan Reyes',
      'Jamie Rivera',
      'Eli Thompson',
      'Sam Whitaker',
    ]);
    expect(screen.getByText('1–9 of 9')).toBeInTheDocument();
    const riley = screen.getByRole('row', { name: /Riley Chen/ });
    expect(within(riley).getByText('Pending')).toBeInTheDocument();
    expect(within(riley).getByText('pending@demo.test')).toBeInTheDocument();
    const jamie = screen.getByRole('row', { name: /Jamie Rivera/ });
    expect(within(jamie).getByText('Pitchers')).toBeInTheDocument();
    expect(within(jamie).getByText('Position Players')).toBeInTheDocument();
    expect(screen.getByText(/1 sign-up is waiting for approval/)).toBeInTheDocument();
  });

  it('narrows the list as you type, after a pause, and keeps the search in the address', async () => {
    const requests = recordListRequests();
    const { user, router } = renderApp('/app/users');
    await findList();

    await user.type(screen.getByRole('searchbox', { name: 'Search people' }), 'riv');
    await waitFor(() => expect(listedNames()).toEqual(['Jamie Rivera']));
    expect(router.state.location.search).toMatchObject({ q: 'riv' });
    // One request for the whole word, not one per key.
    expect(requests.filter((params) => params.get('q') !== null).map((params) => params.get('q'))).toEqual([
      'riv',
    ]);
    expect(screen.getByText('1–1 of 1')).toBeInTheDocument();
  });

  it('says when no one matches, and clears the filters', async () => {
    const { user, router } = renderApp('/app/users?q=nobody&role=coach');
    expect(await screen.findByText('No one matches “nobody”')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search people' })).toHaveValue('nobody');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await findList();
    expect(listedNames()).toHaveLength(9);
    expect(router.state.location.search).toEqual({});
    expect(screen.getByRole('searchbox', { name: 'Search people' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('');
  });

  it('filters by role, status and group through the address', async () => {
    const { user, router } = renderApp('/app/users');
    await findList();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Coach');
    await waitFor(() => expect(listedNames()).toEqual(['Casey Jordan']));
    expect(router.state.location.search).toEqual({ role: 'coach' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'All roles');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Pending');
    await waitFor(() => expect(listedNames()).toEqual(['Riley Chen']));
    expect(router.state.location.search).toEqual({ status: 'pending' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All statuses');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Group' }), 'Pitchers (3)');
    await waitFor(() => expect(listedNames()).toEqual(['Tyler Brooks', 'Noah Kim', 'Jamie Rivera']));
    expect(router.state.location.search).toEqual({ group: '3f1e2d3c-0000-4000-8000-000000000002' });
  });

  it('pages through the people with previous and next, 25 at a time', async () => {
    const many = Array.from({ length: 30 }, (_, index) => ({
      ...demoPeople[2]!,
      id: `5a0c8a8e-1d2b-4c4e-8f00-1000000000${String(index).padStart(2, '0')}`,
      lastName: `Player ${String(index + 1).padStart(2, '0')}`,
      email: `player${index + 1}@demo.test`,
      status: 'approved' as const,
    }));
    server.use(...userDirectoryHandlers(many));
    const requests = recordListRequests();
    const { user, router } = renderApp('/app/users');
    await findList();
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
    expect(listedNames()).toHaveLength(25);

    await user.click(screen.getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByText('26–30 of 30')).toBeInTheDocument());
    expect(listedNames()).toHaveLength(5);
    expect(router.state.location.search).toEqual({ page: 2 });
    expect(requests.at(-1)?.get('page')).toBe('1');
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Previous page' }));
    await waitFor(() => expect(screen.getByText('1–25 of 30')).toBeInTheDocument());
    expect(router.state.location.search).toEqual({});
  });

  it('offers the first page when the address names a page past the end', async () => {
    const { user } = renderApp('/app/users?page=4');
    expect(await screen.findByText('Page 4 is past the end of the list')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to the first page' }));
    await findList();
    expect(screen.getByText('1–9 of 9')).toBeInTheDocument();
  });

  it('approves a pending sign-up from its row menu', async () => {
    const { user } = renderApp('/app/users');
    await findList();
    await user.click(screen.getByRole('button', { name: 'Actions for Riley Chen' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));

    const riley = await screen.findByRole('row', { name: /Riley Chen/ });
    await waitFor(() => expect(within(riley).getByText('Approved')).toBeInTheDocument());
    expect(await screen.findByText('Riley Chen is approved and can sign in.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/waiting for approval/)).not.toBeInTheDocument());
  });

  it('asks before disabling, and disables only when confirmed', async () => {
    const { user } = renderApp('/app/users');
    await findList();
    await user.click(screen.getByRole('button', { name: 'Actions for Tyler Brooks' }));
    await user.click(screen.getByRole('button', { name: 'Disable' }));

    const dialog = await screen.findByRole('dialog', { name: 'Disable Tyler Brooks?' });
    expect(dialog).toHaveTextContent('signed out on every device at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Tyler Brooks/ })).getByText('Approved'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions for Tyler Brooks' }));
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable Tyler' }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: /Tyler Brooks/ })).getByText('Disabled'),
      ).toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Actions for Tyler Brooks' }));
    expect(screen.getByRole('button', { name: 'Enable' })).toBeInTheDocument();
  });

  it('offers a coach no actions on staff or on itself', async () => {
    renderApp('/app/users');
    await findList();
    expect(screen.queryByRole('button', { name: 'Actions for Morgan Reyes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Casey Jordan' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Casey Jordan/ })).getByText('You')).toBeInTheDocument();
  });

  it('shows a refused change as a message and puts the row back', async () => {
    server.use(
      http.post('*/api/users/:userId/status', () =>
        HttpResponse.json(
          { error: { code: 'CONFLICT', message: 'Riley Chen was changed meanwhile; reload and try again.' } },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp('/app/users');
    await findList();
    await user.click(screen.getByRole('button', { name: 'Actions for Riley Chen' }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Riley Chen could not be changed. Riley Chen was changed meanwhile; reload and try again.',
    );
    expect(within(screen.getByRole('row', { name: /Riley Chen/ })).getByText('Pending')).toBeInTheDocument();
  });

  it('explains a failure to load and tries again', async () => {
    server.use(
      // Not a 5xx: the client would retry those for 6 s first (spec 9).
      http.get(
        '*/api/users',
        () => HttpResponse.json({ error: { code: 'FORBIDDEN', message: 'No.' } }, { status: 403 }),
        {
          once: true,
        },
      ),
    );
    const { user } = renderApp('/app/users?status=pending');
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await findList();
    expect(listedNames()).toEqual(['Riley Chen']);
  });

  it('shows cards instead of a table on a phone', async () => {
    emulateDevice({ width: 390, displayMode: 'browser' });
    try {
      renderApp('/app/users');
      const cards = await screen.findByRole('list', { name: 'People in the organisation' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(within(cards).getAllByRole('listitem', { name: '' }).length).toBeGreaterThan(0);
      expect(within(cards).getByText('Riley Chen')).toBeInTheDocument();
    } finally {
      restoreDevice();
    }
  });

  it('is in the navigation for staff, and not for an athlete, who gets a clear answer at its address', async () => {
    const { unmount } = renderApp('/app/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/app/users');
    unmount();

    signInAs(demoUsers.athlete);
    const requests = recordListRequests();
    renderApp('/app/users');
    expect(await screen.findByText('This screen is for coaches and administrators')).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Users' }),
    ).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
