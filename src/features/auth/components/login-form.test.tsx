import { demoPassword, demoUsers } from '@mocks/data';
import { screen } from '@testing-library/react';
import { clearAllFormDrafts } from '@/lib/form-drafts/form-draft';
import { renderApp } from '@/testing/render-app';

afterEach(() => clearAllFormDrafts());

describe('login form draft', () => {
  it('gives the typed email back when the login screen opens again', async () => {
    const first = renderApp('/login');
    await first.user.type(await screen.findByLabelText('Email'), demoUsers.coach.email);
    first.unmount();

    renderApp('/login');
    expect(await screen.findByLabelText('Email')).toHaveValue(demoUsers.coach.email);
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('never keeps the password', async () => {
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), demoUsers.coach.email);
    await user.type(screen.getByLabelText('Password'), demoPassword);
    expect(decodeURIComponent(document.cookie)).toContain(demoUsers.coach.email);
    expect(decodeURIComponent(document.cookie)).not.toContain(demoPassword);
    expect(document.cookie).not.toMatch(/password/i);
  });

  it('forgets the draft once sign-in succeeds', async () => {
    const first = renderApp('/login');
    await first.user.type(await screen.findByLabelText('Email'), demoUsers.coach.email);
    await first.user.type(screen.getByLabelText('Password'), demoPassword);
    await first.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    expect(document.cookie).not.toContain('form-draft.login');
    first.unmount();
    localStorage.clear();
    sessionStorage.clear();

    renderApp('/login');
    expect(await screen.findByLabelText('Email')).toHaveValue('');
  });

  it('keeps the draft when sign-in fails, for the next try', async () => {
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), demoUsers.coach.email);
    await user.type(screen.getByLabelText('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect.');
    expect(decodeURIComponent(document.cookie)).toContain(demoUsers.coach.email);
  });
});
