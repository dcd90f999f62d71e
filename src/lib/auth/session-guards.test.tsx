import { demoOrganization, demoPassword, demoUsers } from '@mocks/data';
import { apiError } from '@mocks/handlers/respond';
import { server } from '@mocks/server';
import { act, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { readToken } from '@/lib/auth/token-storage';
import { getAppStatus, resetAppStatus } from '@/lib/network/app-status';
import { getNetworkStatus, resetNetworkStatus } from '@/lib/network/network-status';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

/** The router and React log the error the error screen shows; that is expected here. */
function silenceExpectedErrorLogs() {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
}

beforeEach(() => {
  resetAppStatus();
  resetNetworkStatus();
});

describe('the /app guard', () => {
  it('sends an unauthenticated visit to sign-in and back to the guarded address afterwards', async () => {
    const { user, router } = renderApp('/app/dashboard?view=week');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/app/dashboard?view=week' });

    await user.type(screen.getByLabelText('Email'), demoUsers.athlete.email);
    await user.type(screen.getByLabelText('Password'), demoPassword);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Jamie' })).toBeInTheDocument();
    expect(router.state.location.href).toBe('/app/dashboard?view=week');
  });

  it('lets an approved user with a stored token straight in', async () => {
    signInAs(demoUsers.admin);
    const { router } = renderApp('/app/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Morgan' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('sends /app to the dashboard', async () => {
    signInAs(demoUsers.admin);
    const { router } = renderApp('/app');
    expect(await screen.findByRole('heading', { name: 'Welcome, Morgan' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('signs out a user who is not approved and says the account is locked', async () => {
    signInAs(demoUsers.coach);
    server.use(
      http.get('*/api/me', () =>
        HttpResponse.json({
          user: { ...demoUsers.coach, status: 'pending' },
          organization: demoOrganization,
        }),
      ),
    );
    const { router } = renderApp('/app/dashboard');

    expect(await screen.findByText(/has not been approved yet/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ account: 'locked' });
    expect(readToken()).toBeNull();
    expect(getAppStatus().isLoading).toBe(false);
  });

  it.each([401, 403])('signs out on a %i from /api/me and says authentication failed', async (status) => {
    signInAs(demoUsers.coach);
    server.use(
      http.get('*/api/me', () => apiError(status, { code: 'UNAUTHORIZED', message: 'Token revoked.' })),
    );
    const { router } = renderApp('/app/dashboard');

    expect(await screen.findByText('Authentication failed. Please sign in again.')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ status: 'authfailed' });
    expect(readToken()).toBeNull();
    // Spec 8's message, kept as the app's error until a session check succeeds.
    expect(getAppStatus()).toEqual({ isLoading: false, error: 'Authentication failed.' });
  });

  it('treats an expired token as no token', async () => {
    localStorage.setItem(
      'connect.auth.v1',
      JSON.stringify({ token: 'mock-token-old', expiresAt: new Date(Date.now() - 1000).toISOString() }),
    );
    const { router } = renderApp('/app/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ redirect: '/app/dashboard' });
    expect(localStorage.getItem('connect.auth.v1')).toBeNull();
  });

  it('offers to try again when the server cannot be reached, keeping the token', async () => {
    silenceExpectedErrorLogs();
    signInAs(demoUsers.coach);
    let reachable = false;
    server.use(http.get('*/api/me', () => (reachable ? undefined : HttpResponse.error())));
    const { user } = renderApp('/app/dashboard');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your connection.',
    );
    expect(readToken()).not.toBeNull();

    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
  });

  it('says it could not verify the session on a server error', async () => {
    silenceExpectedErrorLogs();
    signInAs(demoUsers.coach);
    server.use(http.get('*/api/me', () => apiError(500, { code: 'INTERNAL_ERROR', message: 'Boom.' })));
    renderApp('/app/dashboard');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Unable to verify authentication. Please try again.',
      ),
    );
    expect(getAppStatus()).toEqual({
      isLoading: false,
      error: 'Unable to verify authentication. Please try again.',
    });
    expect(getNetworkStatus().isOnline).toBe(true);
    expect(readToken()).not.toBeNull();
  });

  it('keeps loading on while /api/me is checked, with the spinner showing', async () => {
    signInAs(demoUsers.coach);
    server.use(
      http.get('*/api/me', async () => {
        await delay(100);
        return undefined;
      }),
    );
    renderApp('/app/dashboard');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(getAppStatus().isLoading).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    expect(getAppStatus()).toEqual({ isLoading: false, error: null });
  });

  it('ends loading at once when there is no token to check', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(getAppStatus().isLoading).toBe(false);
  });

  it('on a network error: says so, ends loading, marks the app offline, and checks again once back online', async () => {
    silenceExpectedErrorLogs();
    signInAs(demoUsers.coach);
    let reachable = false;
    server.use(http.get('*/api/me', () => (reachable ? undefined : HttpResponse.error())));
    renderApp('/app/dashboard');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your connection.',
    );
    expect(getAppStatus()).toEqual({
      isLoading: false,
      error: 'Network error. Please check your connection.',
    });
    expect(getNetworkStatus().isOnline).toBe(false);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline.');

    reachable = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });

    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    expect(getAppStatus().error).toBeNull();
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
  });
});
