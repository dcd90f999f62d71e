import { demoUsers } from '@mocks/data';
import { server } from '@mocks/server';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type * as SentryModule from '@/lib/sentry/error-reporting';
import { reportRenderError } from '@/lib/sentry/error-reporting';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

const failures = vi.hoisted(() => ({ dashboard: false, login: false }));

vi.mock('@/lib/sentry/error-reporting', async (importOriginal) => ({
  ...(await importOriginal<typeof SentryModule>()),
  reportRenderError: vi.fn(() => Promise.resolve()),
}));

vi.mock('@/features/dashboard/components/dashboard-page', () => ({
  DashboardPage: () => {
    if (failures.dashboard) throw new Error('The widget grid could not be drawn');
    return <h1>Dashboard</h1>;
  },
}));

vi.mock('@/features/auth/components/login-page', () => ({
  LoginPage: () => {
    if (failures.login) throw new Error('The sign-in form could not be drawn');
    return <h1>Sign in</h1>;
  },
}));

beforeEach(() => {
  failures.dashboard = false;
  failures.login = false;
  vi.mocked(reportRenderError).mockClear();
  // React and the router log every caught render error; that is expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('render errors (spec 2, 8)', () => {
  it('shows the generic error page for a screen under /app, reports it, and Try Again brings the screen back', async () => {
    signInAs(demoUsers.coach);
    failures.dashboard = true;
    const { user } = renderApp('/app/dashboard');

    expect(
      await screen.findByRole('heading', { name: 'There was an error loading this page' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Error');
    await waitFor(() =>
      expect(reportRenderError).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'The widget grid could not be drawn' }),
        expect.stringContaining('DashboardPage'),
      ),
    );

    failures.dashboard = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it("shows the router's default error page for an error outside /app", async () => {
    failures.login = true;
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('The sign-in form could not be drawn')).toBeInTheDocument();
    expect(reportRenderError).toHaveBeenCalled();
  });

  it('does not report a session check that could not reach the server', async () => {
    server.use(http.get('*/api/me', () => HttpResponse.error()));
    signInAs(demoUsers.coach);
    renderApp('/app/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your connection.',
    );
    expect(reportRenderError).not.toHaveBeenCalled();
  });
});
