import '@/testing/dialog-polyfill';
import { demoPeople, demoSettings, demoUsers } from '@mocks/data';
import { userDirectoryHandlers } from '@mocks/handlers/users';
import { server } from '@mocks/server';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { recordBodies } from '@/testing/record-bodies';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

const tyler = demoPeople.find((person) => person.email === 'tyler.brooks@demo.test')!;

/** The bodies the app sent to a path with a method, as the API received them. */
beforeEach(() => {
  // A fresh copy of the demo people per test: what one test adds or changes stays in it.
  server.use(...userDirectoryHandlers());
});

describe('adding a person (/app/users/new)', () => {
  it('lets an admin add a coach from the users screen: the invitation is sent and the list shows them as invited', async () => {
    signInAs(demoUsers.admin);
    const { user } = renderApp('/app/users');
    await user.click(await screen.findByRole('link', { name: 'Add person' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add person' })).toBeInTheDocument();

    expect(screen.getByLabelText('Height (inches)')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Coach/ }));
    // Athlete fields are for athletes.
    expect(screen.queryByLabelText('Height (inches)')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Groups' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('First name'), 'Pat');
    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.type(screen.getByLabelText('Email'), 'pat.lee@demo.test');
    await user.click(screen.getByRole('button', { name: 'Add and send invitation' }));

    expect(await screen.findByText('Invitation sent to pat.lee@demo.test.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Pat Lee/ });
    expect(within(row).getByText('Invited')).toBeInTheDocument();
    expect(within(row).getByText('Coach')).toBeInTheDocument();
  });

  it('offers a coach athletes only, and puts the athlete in the chosen groups', async () => {
    signInAs(demoUsers.coach);
    const { user } = renderApp('/app/users/new');
    expect(await screen.findByText(/You are adding an/)).toHaveTextContent('You are adding an athlete');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('First name'), 'Ava');
    await user.type(screen.getByLabelText('Last name'), 'Lopez');
    await user.type(screen.getByLabelText('Email'), 'ava@demo.test');
    await user.click(await screen.findByRole('checkbox', { name: 'Pitchers' }));
    await user.selectOptions(screen.getByLabelText('Bats'), 'Left');
    await user.type(screen.getByLabelText('Height (inches)'), '70');
    await user.click(screen.getByRole('button', { name: 'Add and send invitation' }));

    const row = await screen.findByRole('row', { name: /Ava Lopez/ });
    expect(within(row).getByText('Pitchers')).toBeInTheDocument();
  });

  it('shows its own check and the server’s next to the fields, and keeps what was typed', async () => {
    signInAs(demoUsers.coach);
    const { user } = renderApp('/app/users/new');
    await user.type(await screen.findByLabelText('First name'), 'Ava');
    await user.type(screen.getByLabelText('Last name'), 'Lopez');
    await user.type(screen.getByLabelText('Email'), 'coach@demo.test');
    await user.type(screen.getByLabelText('Height (inches)'), '20');
    await user.click(screen.getByRole('button', { name: 'Add and send invitation' }));

    const height = screen.getByLabelText('Height (inches)');
    expect(height).toHaveAccessibleDescription('The height is between 36 and 96 inches');
    expect(height).toHaveFocus();

    await user.clear(height);
    await user.type(height, '70');
    await user.click(screen.getByRole('button', { name: 'Add and send invitation' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('This email is already in use'));
    expect(screen.getByLabelText('First name')).toHaveValue('Ava');
  });

  it('keeps the draft through a failed network and a reload', async () => {
    signInAs(demoUsers.coach);
    server.use(http.post('*/api/users', () => HttpResponse.error()));
    const first = renderApp('/app/users/new');
    await first.user.type(await screen.findByLabelText('First name'), 'Ava');
    await first.user.type(screen.getByLabelText('Last name'), 'Lopez');
    await first.user.type(screen.getByLabelText('Email'), 'ava@demo.test');
    await first.user.click(screen.getByRole('button', { name: 'Add and send invitation' }));
    expect(await screen.findByText(/Network error/)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ava@demo.test');
    first.unmount();

    renderApp('/app/users/new');
    expect(await screen.findByLabelText('Email')).toHaveValue('ava@demo.test');
    expect(screen.getByText('We kept what you typed last time.')).toBeInTheDocument();
  });

  it('completes the guided tour’s create-user step with the new person', async () => {
    signInAs(demoUsers.coach);
    const saves = recordBodies('POST', `/api/users/${demoUsers.coach.id}`);
    const { user } = renderApp('/app/users/new');
    await user.type(await screen.findByLabelText('First name'), 'Ava');
    await user.type(screen.getByLabelText('Last name'), 'Lopez');
    await user.type(screen.getByLabelText('Email'), 'ava@demo.test');
    await user.click(screen.getByRole('button', { name: 'Add and send invitation' }));

    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[0]).toMatchObject({
      onboardingSteps: { CREATE_NEW_USER: true },
      onboardingData: {
        CREATE_NEW_USER: { firstName: 'Ava', lastName: 'Lopez', email: 'ava@demo.test', role: 'athlete' },
      },
    });
    // The screen goes back to the Users list, which completes the tour's first step (issue 17).
    expect(saves[1]).toMatchObject({ onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true } });
  });
});

describe("a person's page (/app/users/$userId)", () => {
  it('opens from the list; a coach edits an athlete’s profile and sees it after a reload', async () => {
    signInAs(demoUsers.coach);
    const first = renderApp('/app/users');
    await first.user.click(await screen.findByRole('link', { name: 'Tyler Brooks' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Tyler Brooks/ })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Profile of Tyler Brooks' });
    expect(within(form).getByRole('checkbox', { name: 'Pitchers' })).toBeChecked();
    // A coach does not change roles.
    expect(screen.queryByLabelText('Role')).not.toBeInTheDocument();

    await first.user.type(within(form).getByLabelText('Height (inches)'), '74');
    await first.user.selectOptions(within(form).getByLabelText('Bats'), 'Switch');
    await first.user.selectOptions(within(form).getByLabelText('Throws'), 'Right');
    await first.user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Tyler Brooks is saved.')).toBeInTheDocument();
    expect(within(form).getByText('All changes saved.')).toBeInTheDocument();
    first.unmount();

    renderApp(`/app/users/${tyler.id}`);
    expect(await screen.findByLabelText('Height (inches)')).toHaveValue(74);
    expect(screen.getByLabelText('Bats')).toHaveValue('S');
    expect(screen.getByLabelText('Throws')).toHaveValue('R');
  });

  it('follows a newer read of the person while untouched, and keeps what was typed once edited', async () => {
    signInAs(demoUsers.coach);
    const { user, queryClient } = renderApp(`/app/users/${tyler.id}`);
    const height = await screen.findByLabelText('Height (inches)');
    expect(height).toHaveValue(null);

    // A fresh read replaces an older copy (the device's, after a reload): the untouched form shows it.
    const key = ['users', 'detail', tyler.id];
    const person = queryClient.getQueryData<{ heightInches: number | null }>(key)!;
    queryClient.setQueryData(key, { ...person, heightInches: 71 });
    await waitFor(() => expect(height).toHaveValue(71));

    // Once someone has typed, a newer read does not take it away.
    await user.clear(height);
    await user.type(height, '73');
    // The page's heading shows the same read, so once it has the new name the form has had its chance too.
    act(() => {
      queryClient.setQueryData(key, { ...person, lastName: 'Brooks-Hale', heightInches: 72 });
    });
    expect(await screen.findByRole('heading', { level: 1, name: /Tyler Brooks-Hale/ })).toBeInTheDocument();
    expect(height).toHaveValue(73);
  });

  it('shows a coach an administrator read-only, and lets an admin change a role', async () => {
    signInAs(demoUsers.coach);
    const coachView = renderApp(`/app/users/${demoUsers.admin.id}`);
    expect(await screen.findByText("Only an administrator can change Morgan's details.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    coachView.unmount();

    signInAs(demoUsers.admin);
    const { user } = renderApp(`/app/users/${demoUsers.coach.id}`);
    await user.selectOptions(await screen.findByLabelText('Role'), 'Administrator');
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Casey Jordan is now an admin.')).toBeInTheDocument();
  });

  it('sends an invitation again to someone who has not chosen a password', async () => {
    signInAs(demoUsers.admin);
    const { user } = renderApp('/app/users/new');
    await user.click(await screen.findByRole('radio', { name: /Coach/ }));
    await user.type(screen.getByLabelText('First name'), 'Pat');
    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.type(screen.getByLabelText('Email'), 'pat.lee@demo.test');
    await user.click(screen.getByRole('button', { name: 'Add and send invitation' }));
    await user.click(await screen.findByRole('link', { name: 'Pat Lee' }));

    expect(await screen.findByText(/Pat has not chosen a password yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send invitation again' }));
    expect(
      await screen.findByText('A new invitation is on its way to pat.lee@demo.test.'),
    ).toBeInTheDocument();
  });

  it('says so when the person does not exist', async () => {
    signInAs(demoUsers.coach);
    renderApp('/app/users/00000000-0000-4000-8000-000000000000');
    expect(await screen.findByText('No such person in your organisation')).toBeInTheDocument();
  });
});

describe('your profile (/app/profile)', () => {
  it('opens from the user menu; an athlete changes its phone and reads its athlete profile', async () => {
    signInAs(demoUsers.athlete);
    const { user } = renderApp('/app/dashboard');
    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    const menu = screen.getByRole('group', { name: 'Account' });
    await user.click(within(menu).getByRole('link', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Athlete profile' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Height (inches)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.getByText('athlete@demo.test')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Phone'), '555 0142');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile is saved.')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveValue('555 0142');
    expect(screen.getByRole('link', { name: 'Your training' })).toHaveAttribute(
      'href',
      `/app/users/${demoUsers.athlete.id}?tab=training`,
    );
  });

  it('shows an athlete the groups it is in on its own page', async () => {
    signInAs(demoUsers.athlete);
    renderApp(`/app/users/${demoUsers.athlete.id}`);
    const groups = await screen.findByRole('group', { name: 'Groups' });
    expect(await within(groups).findByRole('checkbox', { name: 'Pitchers' })).toBeChecked();
    expect(within(groups).getByRole('checkbox', { name: 'Position Players' })).toBeChecked();
    expect(within(groups).getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.queryByText(/no athlete groups/)).not.toBeInTheDocument();
  });

  it('names a bad phone number next to the field', async () => {
    signInAs(demoUsers.coach);
    const { user } = renderApp('/app/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Your training' })).not.toBeInTheDocument();
    await user.type(await screen.findByLabelText('Phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(
      'Enter a phone number: digits, spaces, + ( ) - . only',
    );
  });

  it('writes when a person was added on the day it was in the organisation’s zone, in its locale', async () => {
    // Added 18:30 UTC on 20 November: already the 21st in Auckland.
    server.use(
      http.get('*/api/settings', () =>
        HttpResponse.json({ data: { ...demoSettings, locale: 'en-GB', timeZone: 'Pacific/Auckland' } }),
      ),
    );
    signInAs(demoUsers.admin);
    renderApp(`/app/users/${demoUsers.pendingAthlete.id}`);
    const added = (await screen.findByText('Added')).nextElementSibling;
    await waitFor(() => expect(added).toHaveTextContent('21 November 2026'));
  });
});
