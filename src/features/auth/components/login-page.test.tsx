import { errorCodes } from '@contract';
import { demoPassword, demoSettings, demoUsers } from '@mocks/data';
import { apiError } from '@mocks/handlers/respond';
import { server } from '@mocks/server';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { readToken } from '@/lib/auth/token-storage';
import { cacheSettings } from '@/lib/branding/settings-cache';
import { renderApp } from '@/testing/render-app';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  if (email) await user.type(await screen.findByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login screen', () => {
  it("shows the organisation's name and logo from the public settings", async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('Demo Baseball Academy')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Demo Baseball Academy logo' })).toHaveAttribute(
      'src',
      '/org-logos/demo.svg',
    );
  });

  it('opens at once with the settings the last visit cached, and the fresh ones replace them when they come', async () => {
    cacheSettings({ ...demoSettings, name: 'Demo Academy' });
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // A connection that does not answer, as with no signal: the screen does not wait for it.
    server.use(
      http.get('*/api/publicSettings', async () => {
        await answered;
        return HttpResponse.json({ data: demoSettings });
      }),
    );
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('Demo Academy')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Demo Baseball Academy')).toBeInTheDocument();
    expect(screen.queryByText('Demo Academy')).not.toBeInTheDocument();
  });

  it("shows the platform's logo when the organisation's logo cannot be loaded", async () => {
    renderApp('/login');
    const logo = await screen.findByRole('img', { name: 'Demo Baseball Academy logo' });
    fireEvent.error(logo);
    expect(logo).toHaveAttribute('src', '/connected-logo.png');
  });

  it("falls back to 'Connect Platform' when the public settings cannot be loaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A 4xx, not a network error: ky would retry that (2 s, then 4 s) and the test would wait for it.
    server.use(
      http.get('*/api/publicSettings', () =>
        apiError(404, { code: errorCodes.notFound, message: 'Unknown host.' }),
      ),
    );
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Connect Platform logo' })).toHaveAttribute(
      'src',
      '/connected-logo.png',
    );
    expect(console.error).toHaveBeenCalledWith('Error fetching settings:', expect.anything());
  });

  it("signs in and lands on the dashboard with the user's and the organisation's names", async () => {
    const { user, router } = renderApp('/login');
    await fillAndSubmit(user, demoUsers.coach.email, demoPassword);

    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dashboard');
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    expect(within(navigation).getByText('Demo Baseball Academy')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /account menu/i }));
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(readToken()?.token).toBeTruthy();
  });

  it("shows the server's message when the password is wrong", async () => {
    const { user, router } = renderApp('/login');
    await fillAndSubmit(user, demoUsers.coach.email, 'not-the-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect.');
    expect(router.state.location.pathname).toBe('/login');
    expect(readToken()).toBeNull();
  });

  it('says an account is waiting for approval at /login?account=locked when it is not approved', async () => {
    const { user, router } = renderApp('/login');
    await fillAndSubmit(user, demoUsers.pendingAthlete.email, demoPassword);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Waiting for approval');
    expect(notice).toHaveTextContent("we'll email you when they do");
    expect(router.state.location.search).toEqual({ account: 'locked' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(readToken()).toBeNull();
  });

  it('asks a person who has not activated yet to open the mail, and sends a new activation link', async () => {
    let resentTo: unknown;
    server.use(
      http.post('*/api/login', () =>
        apiError(403, {
          code: errorCodes.accountNotActivated,
          message: 'Activate your account first: open the link in the email we sent you.',
        }),
      ),
      http.post('*/api/activation/resend', async ({ request }) => {
        resentTo = await request.json();
        return HttpResponse.json({ message: 'We have sent it a new link.' });
      }),
    );
    const { user } = renderApp('/login');
    await fillAndSubmit(user, 'new.athlete@demo.test', 'athlete-2026');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Activate your account first: open the link in the email we sent you.');
    await user.click(await within(alert).findByRole('button', { name: 'Send a new activation link' }));
    expect(await within(alert).findByRole('status')).toHaveTextContent('We have sent it a new link.');
    expect(resentTo).toEqual({ email: 'new.athlete@demo.test' });
  });

  it('leads to athlete sign-up and to starting an organisation', async () => {
    const { user, router } = renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    await user.click(screen.getByRole('link', { name: 'Start an organisation' }));
    expect(await screen.findByRole('heading', { name: 'Start your organisation' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/registration');
  });

  it('shows a validation message under the email field without calling the server', async () => {
    let called = false;
    server.use(
      http.post('*/api/login', () => {
        called = true;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const { user } = renderApp('/login');
    await fillAndSubmit(user, 'not-an-email', 'whatever');

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(called).toBe(false);
  });

  it('asks for the password when it is empty', async () => {
    const { user } = renderApp('/login');
    await fillAndSubmit(user, demoUsers.coach.email, '');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password');
  });

  it("puts the server's field messages under their fields", async () => {
    server.use(
      http.post('*/api/login', () =>
        apiError(400, {
          code: errorCodes.validation,
          message: 'Check the highlighted fields.',
          fields: { email: 'This address cannot sign in here.' },
        }),
      ),
    );
    const { user } = renderApp('/login');
    await fillAndSubmit(user, demoUsers.coach.email, demoPassword);
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This address cannot sign in here.'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a pending button while signing in', async () => {
    server.use(
      http.post('*/api/login', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const { user } = renderApp('/login');
    await fillAndSubmit(user, demoUsers.coach.email, demoPassword);
    const button = await screen.findByRole('button', { name: 'Signing in…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('shows the rate-limit message the server sends', async () => {
    server.use(
      http.post('*/api/login', () =>
        apiError(
          429,
          { code: errorCodes.tooManyRequests, message: 'Too many sign-in attempts. Try again in a minute.' },
          { headers: { 'Retry-After': '60' } },
        ),
      ),
    );
    const { user } = renderApp('/login');
    await fillAndSubmit(user, demoUsers.coach.email, demoPassword);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Try again in a minute.',
    );
  });

  it('can show the password while typing it', async () => {
    const { user } = renderApp('/login');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('explains an account that is not approved yet (?account=locked)', async () => {
    renderApp('/login?account=locked');
    expect(await screen.findByText(/has not been approved yet/)).toBeInTheDocument();
  });

  it('explains a failed authentication (?status=authfailed)', async () => {
    renderApp('/login?status=authfailed');
    expect(await screen.findByText('Authentication failed. Please sign in again.')).toBeInTheDocument();
  });
});
