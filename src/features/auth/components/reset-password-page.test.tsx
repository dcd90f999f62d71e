import { errorCodes, type SettingsResponse } from '@contract';
import { demoSettings } from '@mocks/data';
import { demoResetLinks } from '@mocks/handlers/password';
import { apiError } from '@mocks/handlers/respond';
import { server } from '@mocks/server';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/testing/render-app';

const linkTo = (resetToken: string) => `/reset-password/${demoResetLinks.userId}/${resetToken}`;

async function choosePassword(
  user: ReturnType<typeof renderApp>['user'],
  password: string,
  confirm = password,
) {
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Save new password' }));
}

function useStrictPolicy() {
  server.use(
    http.get('*/api/publicSettings', () =>
      HttpResponse.json<SettingsResponse>({
        data: {
          ...demoSettings,
          passwordPolicy: {
            minLength: 10,
            maxLength: null,
            requireLowercase: false,
            requireUppercase: true,
            requireNumeric: true,
            requireNonAlphanumeric: false,
          },
        },
      }),
    ),
  );
}

describe('reset password screen', () => {
  it('sets the new password and offers to sign in', async () => {
    const { user, router } = renderApp(linkTo(demoResetLinks.valid));
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    await choosePassword(user, 'fresh-start-2026');
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('signed out on every device');
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("ticks off the organisation's password rules while typing", async () => {
    useStrictPolicy();
    const { user } = renderApp(linkTo(demoResetLinks.valid));
    const rules = await screen.findByRole('list', { name: 'Password requirements' });
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Not met: At least 10 characters', 'Not met: One uppercase letter', 'Not met: One number']);
    await user.type(screen.getByLabelText('New password'), 'Spring2026');
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Met: At least 10 characters', 'Met: One uppercase letter', 'Met: One number']);
  });

  it('says at the field what the password still needs, and when the two do not match', async () => {
    useStrictPolicy();
    const { user } = renderApp(linkTo(demoResetLinks.valid));
    await choosePassword(user, 'spring', 'sprung');
    const password = screen.getByLabelText('New password');
    expect(password).toHaveAccessibleDescription(
      'The password needs at least 10 characters, one uppercase letter and one number.',
    );
    expect(password).toHaveFocus();
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'The passwords do not match. Type the new password again.',
    );
  });

  it("shows the server's refusal of the password at the field", async () => {
    server.use(
      http.post('*/api/password/reset', () =>
        apiError(400, {
          code: errorCodes.validation,
          message: 'Choose a password that meets every rule.',
          fields: { password: 'The password needs one symbol (not a letter or number).' },
        }),
      ),
    );
    const { user } = renderApp(linkTo(demoResetLinks.valid));
    await choosePassword(user, 'fresh-start-2026');
    expect(await screen.findByLabelText('New password')).toHaveAccessibleDescription(
      'The password needs one symbol (not a letter or number).',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('can show the passwords while typing them', async () => {
    const { user } = renderApp(linkTo(demoResetLinks.valid));
    const password = await screen.findByLabelText('New password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('type', 'text');
  });

  it.each([
    [demoResetLinks.expired, 'This reset link has expired (links work for 1 hour). Ask for a new link.'],
    [demoResetLinks.used, 'This reset link has already been used.'],
    ['made-up-token', 'This reset link is not valid.'],
  ])('explains a link that no longer works (%s) and offers a new one', async (token, message) => {
    const { user, router } = renderApp(linkTo(token));
    await choosePassword(user, 'fresh-start-2026');
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    await user.click(screen.getByRole('link', { name: 'Send me a new link' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });
});
