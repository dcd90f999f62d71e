import { demoUsers } from '@mocks/data';
import { server } from '@mocks/server';
import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { delay, http, HttpResponse } from 'msw';
import { renderApp } from '@/testing/render-app';

type User = ReturnType<typeof renderApp>['user'];

async function fillAccount(user: User, email = 'morgan@lakeside.test', password = 'first-admin-2026') {
  await user.type(screen.getByLabelText('First name'), 'Morgan');
  await user.type(screen.getByLabelText('Last name'), 'Hale');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
}

describe('registration screen', () => {
  it('suggests the address from the name, makes the organisation and says to check the email', async () => {
    let sent: unknown;
    server.events.on('request:start', ({ request }) => {
      if (!request.url.endsWith('/api/registration')) return;
      void request
        .clone()
        .json()
        .then((body: unknown) => {
          sent = body;
        });
    });
    const { user } = renderApp('/registration');
    expect(await screen.findByRole('heading', { name: 'Start your organisation' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Organisation name'), "St. Mary's Baseball");
    const address = screen.getByLabelText('Address');
    expect(address).toHaveValue('st-marys-baseball');
    expect(address).toHaveAccessibleDescription(
      `Athletes join with ${window.location.origin}/signup?organization=st-marys-baseball`,
    );
    await fillAccount(user);
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your organisation is ready. Check your email');
    expect(screen.getByText('morgan@lakeside.test')).toBeInTheDocument();
    expect(sent).toEqual({
      organizationName: "St. Mary's Baseball",
      organizationSlug: 'st-marys-baseball',
      firstName: 'Morgan',
      lastName: 'Hale',
      email: 'morgan@lakeside.test',
      password: 'first-admin-2026',
      // The organisation's calendar starts in its admin's zone.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(Cookies.get('form-draft.registration')).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it('stops suggesting once the address is typed by hand, and suggests again when it is emptied', async () => {
    const { user } = renderApp('/registration');
    const name = await screen.findByLabelText('Organisation name');
    const address = screen.getByLabelText('Address');
    await user.type(name, 'Lakeside');
    await user.clear(address);
    await user.type(address, 'Lake Side');
    expect(address).toHaveValue('lake-side');
    await user.type(name, ' Lab');
    expect(address).toHaveValue('lake-side');
    await user.clear(address);
    await user.type(name, 's');
    expect(address).toHaveValue('lakeside-labs');
  });

  it('names what is wrong at each field before sending, and focuses the first', async () => {
    const { user } = renderApp('/registration');
    await user.click(await screen.findByRole('button', { name: 'Create organisation' }));
    const name = screen.getByLabelText('Organisation name');
    expect(name).toHaveAccessibleDescription('The name needs at least 2 characters');
    expect(name).toHaveFocus();
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription(
      'Choose the address of your organisation',
    );
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Enter your first name');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address');

    await user.type(screen.getByLabelText('Address'), 'www');
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription(
      '"www" is reserved. Choose another address',
    );
  });

  it("puts the server's answers under their fields: a taken address and email, a short password", async () => {
    const { user } = renderApp('/registration');
    await user.type(await screen.findByLabelText('Organisation name'), 'Demo');
    await fillAccount(user, demoUsers.admin.email, 'abc');
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    expect(within(rules).getByRole('listitem')).toHaveTextContent('Not met: At least 6 characters');
    // The checklist shows the rule; the server still names it when the form is sent anyway.
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Address')).toHaveAccessibleDescription(
        'The address "demo" is already taken. Choose another one.',
      ),
    );
    expect(screen.getByLabelText('Address')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'This email already has an account. Sign in, or use another email.',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'The password needs at least 6 characters.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps what was typed, except the password, in a draft for the next visit', async () => {
    const first = renderApp('/registration');
    await first.user.type(await screen.findByLabelText('Organisation name'), 'Lakeside');
    await fillAccount(first.user);
    expect(Cookies.get('form-draft.registration')).not.toContain('first-admin-2026');
    first.unmount();

    renderApp('/registration');
    expect(await screen.findByLabelText('Organisation name')).toHaveValue('Lakeside');
    expect(screen.getByLabelText('Address')).toHaveValue('lakeside');
    expect(screen.getByLabelText('Email')).toHaveValue('morgan@lakeside.test');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('shows a pending button while the organisation is made', async () => {
    server.use(
      http.post('*/api/registration', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const { user } = renderApp('/registration');
    await user.type(await screen.findByLabelText('Organisation name'), 'Lakeside');
    await fillAccount(user);
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));
    const button = await screen.findByRole('button', { name: 'Creating your organisation…' });
    expect(button).toBeDisabled();
  });
});
