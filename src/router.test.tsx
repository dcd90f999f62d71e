import { demoUsers } from '@mocks/data';
import { screen } from '@testing-library/react';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

describe('addresses', () => {
  it.each(['/', '/no-such-page', '/some/deep/path?x=1'])(
    'sends a visitor from %s to sign-in',
    async (path) => {
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it.each(['/', '/no-such-page', '/app/no-such-screen'])(
    'sends a signed-in user from %s to the dashboard',
    async (path) => {
      signInAs(demoUsers.coach);
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/app/dashboard');
    },
  );

  it.each([
    ['/forgot-password', 'Forgot your password?', 'Back to sign in'],
    ['/reset-password/u1/t1', 'Choose a new password', 'Back to sign in'],
    ['/activate-account/u1/c1', 'This link does not work', 'Back to sign in'],
    ['/registration', 'Start your organisation', 'Sign in'],
    ['/signup', 'Create your athlete account', 'Sign in'],
    ['/terms-of-service', 'Terms of service', 'Back to sign in'],
  ])('shows %s to a visitor, with a way back to sign-in', async (path, heading, signInLink) => {
    const { user, router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: signInLink }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
