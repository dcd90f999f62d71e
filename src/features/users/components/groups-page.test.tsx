import '@/testing/dialog-polyfill';
import { demoUsers } from '@mocks/data';
import { groupDirectoryHandlers } from '@mocks/handlers/groups';
import { userDirectoryHandlers } from '@mocks/handlers/users';
import { server } from '@mocks/server';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

const pitchersId = '3f1e2d3c-0000-4000-8000-000000000002';

function memberNames(groupName: string): string[] {
  const list = screen.getByRole('list', { name: `Members of ${groupName}` });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent ?? '');
}

describe('groups screens (/app/groups)', () => {
  beforeEach(() => {
    // A fresh copy of the demo groups per test: writes stay in their test.
    server.use(...groupDirectoryHandlers(), ...userDirectoryHandlers());
    signInAs(demoUsers.coach);
  });

  it('lists the groups with their descriptions and sizes, each opening its members', async () => {
    const { user } = renderApp('/app/groups');
    expect(await screen.findByRole('heading', { level: 1, name: 'Groups' })).toBeInTheDocument();
    const pitchers = await screen.findByRole('link', { name: /Pitchers/ });
    expect(pitchers).toHaveTextContent('Throwing program and arm care');
    expect(pitchers).toHaveTextContent('3 athletes');
    expect(screen.getByRole('link', { name: /2027 Graduates/ })).toHaveTextContent('2 athletes');

    await user.click(pitchers);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pitchers' })).toBeInTheDocument();
    await waitFor(() =>
      expect(memberNames('Pitchers')).toEqual(['Tyler Brooks', 'Noah Kim', 'Jamie Rivera']),
    );
  });

  it('makes a group, names a taken name as the problem, and opens the new group', async () => {
    const { user, router } = renderApp('/app/groups');
    await user.click(await screen.findByRole('button', { name: 'New group' }));
    await user.type(screen.getByLabelText('Group name'), 'pitchers');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    const name = screen.getByLabelText('Group name');
    expect(await screen.findByText('There is already a group called Pitchers')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();

    await user.clear(name);
    await user.type(name, 'Catchers');
    await user.type(screen.getByLabelText(/Description/), 'Blocking and framing');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Catchers' })).toBeInTheDocument();
    expect(screen.getByText('Blocking and framing')).toBeInTheDocument();
    expect(screen.getByText('No one in this group yet')).toBeInTheDocument();
    expect(router.state.location.pathname).toMatch(/^\/app\/groups\/[0-9a-f-]{36}$/);
  });

  it('adds an athlete found by name and removes a member', async () => {
    const { user } = renderApp(`/app/groups/${pitchersId}`);
    await screen.findByRole('heading', { level: 1, name: 'Pitchers' });
    const results = await screen.findByRole('list', { name: 'Athletes to add' });
    // Members already in the group are marked, not offered again.
    expect(
      within(results).queryByRole('button', { name: 'Add Noah Kim to Pitchers' }),
    ).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search athletes to add' }), 'diego');
    await user.click(await screen.findByRole('button', { name: 'Add Diego Martinez to Pitchers' }));
    await waitFor(() =>
      expect(memberNames('Pitchers')).toEqual(['Tyler Brooks', 'Noah Kim', 'Diego Martinez', 'Jamie Rivera']),
    );
    expect(within(results).getByText('In group')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Noah Kim from Pitchers' }));
    await waitFor(() =>
      expect(memberNames('Pitchers')).toEqual(['Tyler Brooks', 'Diego Martinez', 'Jamie Rivera']),
    );
  });

  it('renames a group and deletes it after asking', async () => {
    const { user, router } = renderApp(`/app/groups/${pitchersId}`);
    await screen.findByRole('heading', { level: 1, name: 'Pitchers' });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const name = screen.getByLabelText('Group name');
    await user.clear(name);
    await user.type(name, 'Pitching Staff');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pitching Staff' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete group' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Pitching Staff?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Pitching Staff' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/groups'));
    await screen.findByRole('link', { name: /2027 Graduates/ });
    expect(screen.queryByRole('link', { name: /Pitching Staff/ })).not.toBeInTheDocument();
  });

  it('keeps what was typed when the save fails, also after leaving the screen', async () => {
    // Not a network error: the client retries those (2 s, then 4 s) before giving up.
    server.use(
      http.post('*/api/groups', () =>
        HttpResponse.json(
          { error: { code: 'CONFLICT', message: 'Someone else is changing the groups. Try again.' } },
          { status: 409 },
        ),
      ),
    );
    const { user, unmount } = renderApp('/app/groups');
    await user.click(await screen.findByRole('button', { name: 'New group' }));
    await user.type(screen.getByLabelText('Group name'), 'Outfielders');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('The group was not saved.')).toBeInTheDocument();
    expect(screen.getByText('Someone else is changing the groups. Try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Group name')).toHaveValue('Outfielders');

    // The draft outlives the screen: opening the form again brings it back.
    unmount();
    const again = renderApp('/app/groups');
    await again.user.click(await screen.findByRole('button', { name: 'New group' }));
    expect(screen.getByLabelText('Group name')).toHaveValue('Outfielders');
  });

  it('tells an athlete the screen is for staff', async () => {
    signInAs(demoUsers.athlete);
    renderApp('/app/groups');
    expect(await screen.findByText('This screen is for coaches and administrators')).toBeInTheDocument();
  });
});
