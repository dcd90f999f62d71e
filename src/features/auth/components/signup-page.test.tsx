import type { SettingsResponse } from '@contract';
import { demoSettings } from '@mocks/data';
import { server } from '@mocks/server';
import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { delay, http, HttpResponse } from 'msw';
import { renderApp } from '@/testing/render-app';

type User = ReturnType<typeof renderApp>['user'];

async function fillForm(user: User, password = 'athlete-2026') {
  await user.type(await screen.findByLabelText('First name'), 'Jordan');
  await user.type(screen.getByLabelText('Last name'), 'Reyes');
  await user.type(screen.getByLabelText('Email'), 'jordan@example.test');
  if (password) await user.type(screen.getByLabelText('Password'), password);
}

/** Records the bodies of sign-ups sent. */
function recordSignups(): unknown[] {
  const bodies: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.endsWith('/api/signup'))
      void request
        .clone()
        .json()
        .then((body) => bodies.push(body));
  });
  return bodies;
}

describe('athlete sign-up screen', () => {
  it("joins the host's organisation and says to check the email, with a way to send the link again", async () => {
    const sent = recordSignups();
    const { user } = renderApp('/signup');
    expect(await screen.findByRole('heading', { name: 'Create your athlete account' })).toBeInTheDocument();
    expect(screen.getByText(/to see your workouts/)).toHaveTextContent('Join Demo Baseball Academy');
    expect(screen.getByRole('img', { name: 'Demo Baseball Academy logo' })).toBeInTheDocument();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('we have sent you a link to activate your account');
    expect(sent).toEqual([
      { firstName: 'Jordan', lastName: 'Reyes', email: 'jordan@example.test', password: 'athlete-2026' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(/we have sent it a new link/)).toBeInTheDocument();
  });

  it("ticks off the organisation's password rules and shows the server's verdict at the field", async () => {
    server.use(
      http.get('*/api/publicSettings', () =>
        HttpResponse.json<SettingsResponse>({
          data: { ...demoSettings, passwordPolicy: { ...demoSettings.passwordPolicy, requireNumeric: true } },
        }),
      ),
      http.post('*/api/signup', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Choose a password that meets every rule.',
              fields: { password: 'The password needs one number.' },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/signup');
    await fillForm(user, 'athlete');
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Met: At least 6 characters', 'Not met: One number']);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveAccessibleDescription('The password needs one number.'));
    expect(password).toHaveFocus();
  });

  it('names the missing fields without calling the server', async () => {
    const sent = recordSignups();
    const { user } = renderApp('/signup');
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Enter your first name');
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Enter your last name');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Choose a password');
    expect(sent).toEqual([]);
  });

  it("sends an invite link's organisation (?organization=<slug>) with the sign-up", async () => {
    const sent = recordSignups();
    const { user } = renderApp('/signup?organization=Rivals');
    expect(await screen.findByText(/invite link of/)).toHaveTextContent('rivals');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ organization: 'rivals' });
  });

  it('says when an invite link names no organisation', async () => {
    const { user } = renderApp('/signup?organization=no-such-team');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invite link is not valid: no organisation has this address. Ask your coach for a new link.',
    );
  });

  it('keeps names and email in a draft (never the password) and shows a pending button', async () => {
    server.use(
      http.post('*/api/signup', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const first = renderApp('/signup');
    await fillForm(first.user);
    expect(Cookies.get('form-draft.signup')).not.toContain('athlete-2026');
    await first.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('button', { name: 'Creating your account…' })).toBeDisabled();
    first.unmount();

    renderApp('/signup');
    expect(await screen.findByLabelText('First name')).toHaveValue('Jordan');
    expect(screen.getByLabelText('Email')).toHaveValue('jordan@example.test');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
