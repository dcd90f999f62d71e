import type { ActivationResponse } from '@contract';
import { demoActivationLinks } from '@mocks/handlers/accounts';
import { server } from '@mocks/server';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/testing/render-app';

const activationLink = (code: string = demoActivationLinks.activation) =>
  `/activate-account/${demoActivationLinks.activationUserId}/${code}`;
const invitationLink = `/activate-account/${demoActivationLinks.invitationUserId}/${demoActivationLinks.invitation}`;

describe('account activation screen', () => {
  it('activates a sign-up at once and says the coach approves it next', async () => {
    renderApp(activationLink());
    expect(await screen.findByText('Checking your link…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      "Your email is confirmed. Your coach will approve your account; we'll email you when they do.",
    );
    expect(screen.getByText('pending@demo.test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeInTheDocument();
  });

  it('offers to sign in, with the email filled in, when the account is approved', async () => {
    let activations = 0;
    server.use(
      http.post('*/api/activation', () => {
        activations += 1;
        return HttpResponse.json<ActivationResponse>({
          message: 'Your account is active. You can sign in now.',
          status: 'approved',
        });
      }),
    );
    const { user, router } = renderApp(activationLink());
    expect(await screen.findByRole('heading', { name: 'You’re all set' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your account is active. You can sign in now.');
    expect(screen.getByText(/to open Demo Baseball Academy/)).toHaveTextContent('pending@demo.test');
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText('Email')).toHaveValue('pending@demo.test');
    expect(activations).toBe(1);
  });

  it('asks an invited person to choose a password under the rules, then to sign in', async () => {
    const { user } = renderApp(invitationLink);
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
    expect(screen.getByText(/Hi Casey, welcome to Demo Baseball Academy/)).toHaveTextContent(
      'coach@demo.test',
    );
    const password = screen.getByLabelText('Password');
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    expect(within(rules).getByRole('listitem')).toHaveTextContent('Not met: At least 6 characters');
    await user.type(password, 'abc');
    await user.type(screen.getByLabelText('Confirm password'), 'abd');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(password).toHaveAccessibleDescription('The password needs at least 6 characters.');
    expect(password).toHaveFocus();
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'The passwords do not match. Type the password again.',
    );

    await user.type(password, '-coach-2026');
    expect(within(rules).getByRole('listitem')).toHaveTextContent('Met: At least 6 characters');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'abc-coach-2026');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('heading', { name: 'You’re all set' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your password is set. You can sign in now.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('explains an expired link and sends a new one to the email given', async () => {
    let resentTo: unknown;
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/activation/resend')) {
        void request
          .clone()
          .json()
          .then((body: unknown) => {
            resentTo = body;
          });
      }
    });
    const { user } = renderApp(activationLink(demoActivationLinks.expired));
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This activation link has expired (links work for 48 hours). Send yourself a new one.',
    );
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address');
    await user.type(screen.getByLabelText('Email'), 'riley@example.test');
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If this email has an account that still needs activating, we have sent it a new link.',
    );
    expect(resentTo).toEqual({ email: 'riley@example.test' });
  });

  it('explains a link that is not valid', async () => {
    renderApp(activationLink('made-up-code'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid.');
    expect(screen.getByRole('button', { name: 'Send me a new link' })).toBeInTheDocument();
  });

  it('leads a used link to sign in', async () => {
    renderApp(activationLink(demoActivationLinks.used));
    expect(await screen.findByRole('heading', { name: 'This link was already used' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your email is confirmed: sign in.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
