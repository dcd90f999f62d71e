import '@/testing/dialog-polyfill';
import type { CustomSidebarItemsResponse } from '@contract';
import { demoSidebarItems, demoUsers } from '@mocks/data';
import { server } from '@mocks/server';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { authQueries } from '@/lib/auth/auth-queries';
import { readToken } from '@/lib/auth/token-storage';
import { settingsQueries } from '@/lib/settings/settings-queries';
import { useThemeActions } from '@/lib/theme/theme-store';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

async function openAccountMenu(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: /account menu/i }));
  return screen.getByRole('group', { name: 'Account' });
}

async function signOutThroughMenu(user: UserEvent) {
  const menu = await openAccountMenu(user);
  await user.click(within(menu).getByRole('button', { name: 'Sign out' }));
}

describe('the app layout', () => {
  beforeEach(() => signInAs(demoUsers.coach));

  it('has the landmarks: a header, the main navigation and the main content', async () => {
    renderApp('/app/dashboard');
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
  });

  it('shows the organisation at the top of the navigation, and links the screens that exist', async () => {
    const { user, router } = renderApp('/app/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.getByRole('link', { name: /Demo Baseball Academy/ })).toBeInTheDocument();

    const home = within(nav).getByRole('link', { name: 'Home' });
    expect(home).toHaveAttribute('aria-current', 'page');
    const roster = within(nav).getByRole('link', { name: 'Travel roster' });
    expect(roster).not.toHaveAttribute('aria-current');

    await user.click(roster);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/travel-roster'));
    expect(within(nav).getByRole('link', { name: 'Travel roster' })).toHaveAttribute('aria-current', 'page');
  });

  it('puts the page title in the header: Home on the dashboard, the screen’s own elsewhere', async () => {
    const { user } = renderApp('/app/dashboard');
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Home')).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Travel roster' }),
    );
    expect(await within(header).findByText('Travel roster')).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' }),
    );
    expect(await within(header).findByText('Home')).toBeInTheDocument();
  });

  describe('custom sidebar items (/api/customSidebarItems)', () => {
    it('lists the organisation’s items: app paths through the router, other sites in a new tab', async () => {
      server.use(
        http.get('*/api/customSidebarItems', () =>
          HttpResponse.json<CustomSidebarItemsResponse>({
            data: [
              {
                id: '7c1d2e3f-0000-4000-8000-000000000009',
                label: 'Scouting Reports',
                link: 'https://scouting.demo.test',
                icon: 'clipboard',
                roles: ['coach'],
                order: 2,
              },
              ...demoSidebarItems,
              {
                id: '7c1d2e3f-0000-4000-8000-00000000000a',
                label: 'Admins only',
                link: '/app/dashboard',
                icon: null,
                roles: ['admin'],
                order: 0,
              },
              {
                id: '7c1d2e3f-0000-4000-8000-00000000000b',
                label: 'Not a link',
                link: 'javascript:alert(1)',
                icon: null,
                roles: [],
                order: 3,
              },
            ],
          }),
        ),
      );
      const { user, router } = renderApp('/app/travel-roster');
      const quickLinks = await screen.findByRole('list', { name: 'Quick links' });
      const links = within(quickLinks).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual([
        'Nutrition Guide',
        'Scouting Reports(opens in a new tab)',
      ]);
      expect(links[1]).toHaveAttribute('href', 'https://scouting.demo.test/');
      expect(links[1]).toHaveAttribute('target', '_blank');
      expect(links[1]).toHaveAttribute('rel', expect.stringContaining('noopener'));

      await user.click(within(quickLinks).getByRole('link', { name: 'Nutrition Guide' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
      expect(router.state.location.search).toEqual({ guide: 'nutrition' });
    });

    it('logs "Error fetching custom sidebar items:" and shows none when the request fails', async () => {
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      server.use(
        http.get('*/api/customSidebarItems', () => HttpResponse.json({ error: {} }, { status: 403 })),
      );
      renderApp('/app/dashboard');
      await waitFor(() =>
        expect(consoleError).toHaveBeenCalledWith('Error fetching custom sidebar items:', expect.anything()),
      );
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Quick links' })).not.toBeInTheDocument();
    });
  });

  describe('on a phone', () => {
    it('opens the navigation drawer from the menu button; Escape closes it and focus returns', async () => {
      const { user } = renderApp('/app/dashboard');
      const menuButton = await screen.findByRole('button', { name: 'Open navigation' });
      expect(menuButton).toHaveAttribute('aria-expanded', 'false');

      await user.click(menuButton);
      const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
      expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      expect(within(drawer).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      expect(within(drawer).getByRole('button', { name: 'Close navigation' })).toHaveFocus();

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
      expect(menuButton).toHaveFocus();
    });

    it('closes the drawer when a link in it is followed', async () => {
      const { user, router } = renderApp('/app/dashboard');
      await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
      const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
      await user.click(within(drawer).getByRole('link', { name: 'Travel roster' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/app/travel-roster'));
      expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
    });
  });

  describe('the header', () => {
    it('opens notifications in the right-hand drawer, with none yet', async () => {
      const { user } = renderApp('/app/dashboard');
      const bell = await screen.findByRole('button', { name: 'Notifications' });
      await user.click(bell);

      const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
      expect(await within(drawer).findByText('No notifications yet')).toBeInTheDocument();

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
      expect(bell).toHaveFocus();
    });

    it('switches between light and dark, and keeps the choice under "theme"', async () => {
      const theme = renderHook(() => useThemeActions());
      act(() => theme.result.current.themeChosen('light'));
      const { user } = renderApp('/app/dashboard');
      const toggle = await screen.findByRole('button', { name: 'Dark theme' });
      expect(toggle).toHaveAttribute('aria-pressed', 'false');

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
      expect(document.documentElement).toHaveClass('dark');
      expect(localStorage.getItem('theme')).toBe('dark');

      await user.click(toggle);
      expect(document.documentElement).not.toHaveClass('dark');
      expect(localStorage.getItem('theme')).toBe('light');
    });

    it('has a user menu with the name, role and organisation; Escape closes it', async () => {
      const { user } = renderApp('/app/dashboard');
      const trigger = await screen.findByRole('button', { name: /account menu/i });
      expect(trigger).toHaveAttribute('aria-expanded', 'false');
      const menu = await openAccountMenu(user);
      expect(trigger).toHaveAttribute('aria-expanded', 'true');
      expect(within(menu).getByText('Casey Jordan')).toBeInTheDocument();
      expect(within(menu).getByText('coach@demo.test')).toBeInTheDocument();
      expect(within(menu).getByText('Coach · Demo Baseball Academy')).toBeInTheDocument();
      expect(within(menu).getByRole('radio', { name: 'System' })).toBeInTheDocument();

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('group', { name: 'Account' })).not.toBeInTheDocument();
      expect(trigger).toHaveFocus();
    });

    it('opens help and support in the generic modal, with the organisation’s mailbox', async () => {
      const { user } = renderApp('/app/dashboard');
      const menu = await openAccountMenu(user);
      await user.click(within(menu).getByRole('button', { name: 'Help and support' }));

      const modal = await screen.findByRole('dialog', { name: 'Help and support' });
      expect(await within(modal).findByRole('link', { name: 'support@demo.test' })).toHaveAttribute(
        'href',
        'mailto:support@demo.test',
      );
      await user.click(within(modal).getByRole('button', { name: 'Done' }));
      expect(screen.queryByRole('dialog', { name: 'Help and support' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: /account menu/i })).toHaveFocus();
    });
  });
});

describe('signing out', () => {
  it('revokes the token, forgets the session and goes to sign-in', async () => {
    signInAs(demoUsers.coach);
    let revoked: string | null = null;
    server.use(
      http.post('*/api/logout', ({ request }) => {
        revoked = request.headers.get('Authorization');
        return HttpResponse.json({ message: 'Signed out.' });
      }),
    );
    const { user, router, queryClient } = renderApp('/app/dashboard');
    await signOutThroughMenu(user);

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(revoked).toBe(`Bearer mock-token-${demoUsers.coach.id}`);
    expect(readToken()).toBeNull();
    // Only the organisation's cached branding (spec 3 'settings') may stay: nothing of the user.
    expect(Object.keys(sessionStorage)).toEqual([]);
    expect(Object.keys(localStorage).filter((key) => key !== 'settings')).toEqual([]);
    expect(queryClient.getQueryData(authQueries.me().queryKey)).toBeUndefined();
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([settingsQueries.public().queryKey]);
  });

  it('leaves a sign-in screen that works at once', async () => {
    signInAs(demoUsers.coach);
    let settingsRequests = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/publicSettings') settingsRequests += 1;
    });
    const { user } = renderApp('/app/dashboard');
    await signOutThroughMenu(user);

    const email = await screen.findByLabelText('Email');
    await user.type(email, 'coach@demo.test');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('coach@demo.test');
    expect(settingsRequests).toBe(1);
  });

  it('signs out even when the server cannot be reached', async () => {
    signInAs(demoUsers.coach);
    server.use(http.post('*/api/logout', () => HttpResponse.error()));
    const { user } = renderApp('/app/dashboard');
    await signOutThroughMenu(user);

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(readToken()).toBeNull();
  });
});
