import { demoPassword } from '@mocks/data';
import { apiError } from '@mocks/handlers/respond';
import { demoPlatformAdmin, managementHandlers, platformToken } from '@mocks/handlers/management';
import { server } from '@mocks/server';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { renderApp } from '@/testing/render-app';
import { platformTokenKey, savePlatformToken } from '../platform-session';

/** These tests run as if the page were on the management host (jsdom's host is localhost). */
function onManagementHost() {
  vi.stubEnv('VITE_MANAGEMENT_HOST', window.location.hostname);
}

function signInToManagement() {
  savePlatformToken(platformToken, new Date(Date.now() + 3600_000).toISOString());
}

/** Every API path the page called. */
function recordRequests(): string[] {
  const paths: string[] = [];
  server.events.on('request:start', ({ request }) => paths.push(new URL(request.url).pathname));
  return paths;
}

describe('management host', () => {
  it('opens on the operator sign-in, signs in and lists organisations, without organisation settings', async () => {
    onManagementHost();
    const requests = recordRequests();
    const { user, router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Operator sign-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manage/login');

    await user.type(screen.getByLabelText('Email'), demoPlatformAdmin.email);
    await user.type(screen.getByLabelText('Password'), demoPassword);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Organisations' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manage');
    expect((await screen.findAllByText('Demo Baseball Academy')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Admin active').length).toBeGreaterThan(0);
    expect(localStorage.getItem(platformTokenKey)).toContain(platformToken);
    expect(requests).not.toContain('/api/publicSettings');
    expect(requests).not.toContain('/api/settings');
    expect(requests).not.toContain('/api/me');
  });

  it("says so when the password is wrong, and keeps the organisation's sign-in away", async () => {
    onManagementHost();
    const { user, router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Operator sign-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manage/login');
    await user.type(screen.getByLabelText('Email'), demoPlatformAdmin.email);
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect.');
  });

  it('creates an organisation, suggesting its slug from the name, then invites its first admin', async () => {
    onManagementHost();
    signInToManagement();
    server.use(...managementHandlers());
    const { user, router } = renderApp('/manage');
    await user.click(await screen.findByRole('link', { name: 'New organisation' }));
    expect(await screen.findByRole('heading', { name: 'New organisation' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'Harbor Hawks');
    expect(screen.getByLabelText('Slug')).toHaveValue('harbor-hawks');
    await user.type(screen.getByLabelText('Hosts'), 'harbor-hawks.localhost');
    await user.clear(screen.getByLabelText('Primary colour'));
    await user.type(screen.getByLabelText('Primary colour'), '#0e7490');
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));

    expect(await screen.findByRole('heading', { name: 'Harbor Hawks', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toMatch(/^\/manage\/organizations\/[0-9a-f-]{36}$/);
    expect(screen.getByText('No admin yet')).toBeInTheDocument();

    const invitation = within(screen.getByRole('heading', { name: 'First admin' }).closest('section')!);
    await user.type(invitation.getByLabelText('First name'), 'Robin');
    await user.type(invitation.getByLabelText('Last name'), 'Hale');
    await user.type(invitation.getByLabelText('Email'), 'robin@harborhawks.test');
    await user.click(invitation.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Invitation sent to robin@harborhawks.test.');
    expect(screen.getByText('Admin invited')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: /All organisations/ }));
    expect((await screen.findAllByText('Harbor Hawks')).length).toBeGreaterThan(0);
  });

  it("shows the server's refusals at the fields they name", async () => {
    onManagementHost();
    signInToManagement();
    server.use(...managementHandlers());
    const { user } = renderApp('/manage/organizations/new');
    await user.type(await screen.findByLabelText('Name'), 'Rivals Again');
    await user.clear(screen.getByLabelText('Slug'));
    await user.type(screen.getByLabelText('Slug'), 'rivals');
    await user.type(screen.getByLabelText('Hosts'), 'club.example.com');
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByLabelText('Slug')).toHaveAccessibleDescription(
      'Another organisation already uses this slug',
    );

    await user.clear(screen.getByLabelText('Slug'));
    await user.type(screen.getByLabelText('Slug'), 'new-club');
    await user.clear(screen.getByLabelText('Hosts'));
    await user.type(screen.getByLabelText('Hosts'), 'train.demo.example');
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));
    await waitFor(() => expect(screen.getByLabelText('Hosts')).toHaveAttribute('aria-invalid', 'true'));
    expect(
      screen.getByText('train.demo.example: Another organisation already uses this host'),
    ).toBeInTheDocument();
  });

  it('sends the admin back to sign in when the platform session has ended', async () => {
    onManagementHost();
    signInToManagement();
    server.use(
      http.get('*/api/manage/me', () =>
        apiError(401, { code: 'UNAUTHORIZED', message: 'Your session has ended.' }),
      ),
    );
    const { router } = renderApp('/manage');
    expect(await screen.findByRole('heading', { name: 'Operator sign-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manage/login');
    expect(localStorage.getItem(platformTokenKey)).toBeNull();
  });

  it('ends the session on this device when any management call is refused with 401', async () => {
    onManagementHost();
    signInToManagement();
    server.use(
      http.get('*/api/manage/organizations', () =>
        apiError(401, { code: 'UNAUTHORIZED', message: 'Your management session has ended. Sign in again.' }),
      ),
    );
    const { router } = renderApp('/manage');
    expect(await screen.findByRole('heading', { name: 'Operator sign-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manage/login');
    expect(localStorage.getItem(platformTokenKey)).toBeNull();
  });

  it('does not exist on an organisation host', async () => {
    signInToManagement();
    const { router } = renderApp('/manage/organizations/new');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
