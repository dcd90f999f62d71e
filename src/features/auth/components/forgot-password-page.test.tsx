import { errorCodes } from '@contract';
import { demoUsers } from '@mocks/data';
import { apiError } from '@mocks/handlers/respond';
import { server } from '@mocks/server';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { clearAllFormDrafts } from '@/lib/form-drafts/form-draft';
import { renderApp } from '@/testing/render-app';

afterEach(() => clearAllFormDrafts());

const confirmation =
  'If an account uses this email, we have sent it a link to choose a new password. The link works for 1 hour.';

describe('forgot password screen', () => {
  it('is linked from the sign-in screen', async () => {
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('shows the same confirmation for a known and an unknown email', async () => {
    for (const email of [demoUsers.coach.email, 'nobody@demo.test']) {
      const { user, unmount } = renderApp('/forgot-password');
      await user.type(await screen.findByLabelText('Email'), email);
      await user.click(screen.getByRole('button', { name: 'Send reset link' }));
      expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent(confirmation);
      expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
      unmount();
    }
  });

  it('keeps the typed email as a draft until the link is sent', async () => {
    const first = renderApp('/forgot-password');
    await first.user.type(await screen.findByLabelText('Email'), demoUsers.coach.email);
    first.unmount();

    const second = renderApp('/forgot-password');
    expect(await screen.findByLabelText('Email')).toHaveValue(demoUsers.coach.email);
    await second.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(document.cookie).not.toContain('form-draft.forgot-password');
  });

  it('names a wrong email at the field without calling the server', async () => {
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(email).toHaveFocus();
  });

  it("shows the server's message when there were too many requests", async () => {
    server.use(
      http.post('*/api/password/forgot', () =>
        apiError(
          429,
          { code: errorCodes.tooManyRequests, message: 'Too many requests. Try again in 15 minutes.' },
          { headers: { 'Retry-After': '900' } },
        ),
      ),
    );
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), demoUsers.coach.email);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in 15 minutes.');
  });
});
