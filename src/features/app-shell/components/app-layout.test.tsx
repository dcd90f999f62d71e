import { demoUsers } from '@mocks/data';
import { server } from '@mocks/server';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { authQueries } from '@/lib/auth/auth-queries';
import { readToken } from '@/lib/auth/token-storage';
import { settingsQueries } from '@/lib/settings/settings-queries';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

describe('signing out', () => {
  it('revokes the token, forgets the session and goes to sign-in', async () => {
    signInAs(demoUsers.coach);
    let revoked: string | null = null;
    server.use(
      http.post('*/api/logout', ({ request }) => {
        revoked = request.headers.get('Authorization');
        return HttpResponse.json({ message: 'Signed out.' });
      }),
    );
    const { user, router, queryClient } = renderApp('/app/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(revoked).toBe(`Bearer mock-token-${demoUsers.coach.id}`);
    expect(readToken()).toBeNull();
    expect(sessionStorage.length + localStorage.length).toBe(0);
    expect(queryClient.getQueryData(authQueries.me().queryKey)).toBeUndefined();
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([settingsQueries.public().queryKey]);
  });

  it('leaves a sign-in screen that works at once', async () => {
    signInAs(demoUsers.coach);
    let settingsRequests = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/publicSettings') settingsRequests += 1;
    });
    const { user } = renderApp('/app/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    const email = await screen.findByLabelText('Email');
    await user.type(email, 'coach@demo.test');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('coach@demo.test');
    expect(settingsRequests).toBe(1);
  });

  it('signs out even when the server cannot be reached', async () => {
    signInAs(demoUsers.coach);
    server.use(http.post('*/api/logout', () => HttpResponse.error()));
    const { user } = renderApp('/app/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(readToken()).toBeNull();
  });
});
