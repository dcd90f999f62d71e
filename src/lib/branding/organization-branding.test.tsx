import type { Settings } from '@contract';
import { errorCodes } from '@contract';
import { demoSettings, demoUsers } from '@mocks/data';
import { apiError } from '@mocks/handlers/respond';
import { server } from '@mocks/server';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import { applyBranding } from './apply-branding';
import { readCachedSettings } from './settings-cache';

const cachedSettings: Settings = { ...demoSettings, name: 'Cached Academy', primaryColor: '#ff0000' };

/** The paths the app asked the API for, in order. */
function recordRequests() {
  const paths: string[] = [];
  server.events.on('request:start', ({ request }) => paths.push(new URL(request.url).pathname));
  return paths;
}

/** What main.tsx does before rendering. */
function startWithCache(settings: Settings) {
  localStorage.setItem('settings', JSON.stringify(settings));
  applyBranding(readCachedSettings());
}

const primaryHue = () => document.documentElement.style.getPropertyValue('--primary-h');

beforeEach(() => {
  applyBranding(null);
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('settings load (spec 3, 4, 6)', () => {
  it('gives a visitor the public settings, and brands the page with them', async () => {
    const requests = recordRequests();
    renderApp('/login');

    await waitFor(() => expect(document.title).toBe('Demo Baseball Academy'));
    expect(primaryHue()).toBe('224');
    expect(requests).toContain('/api/publicSettings');
    expect(requests).not.toContain('/api/settings');
    expect(readCachedSettings()).toEqual(demoSettings);
  });

  it('gives a signed-in user the full settings, and no public ones', async () => {
    signInAs(demoUsers.coach);
    const requests = recordRequests();
    renderApp('/app/dashboard');

    await waitFor(() => expect(requests).toContain('/api/settings'));
    await waitFor(() => expect(readCachedSettings()).toEqual(demoSettings));
    expect(document.title).toBe('Demo Baseball Academy');
    expect(requests).not.toContain('/api/publicSettings');
  });

  it('applies the cached settings first, then the fresh ones replace them and the cache', async () => {
    startWithCache(cachedSettings);
    expect(document.title).toBe('Cached Academy');
    expect(primaryHue()).toBe('0');

    renderApp('/login');
    await waitFor(() => expect(document.title).toBe('Demo Baseball Academy'));
    expect(primaryHue()).toBe('224');
    expect(readCachedSettings()).toEqual(demoSettings);
  });

  it("logs 'Error fetching settings:' when the fetch fails, and keeps the cached branding", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('*/api/publicSettings', () =>
        apiError(404, { code: errorCodes.notFound, message: 'Unknown host.' }),
      ),
    );
    startWithCache(cachedSettings);
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Error fetching settings:', expect.anything());
    expect(document.title).toBe('Cached Academy');
    expect(readCachedSettings()).toEqual(cachedSettings);
  });

  it("logs and keeps the cached branding when a signed-in user's settings fail", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('*/api/settings', () => apiError(403, { code: errorCodes.forbidden, message: 'No.' })),
    );
    signInAs(demoUsers.athlete);
    startWithCache(cachedSettings);
    renderApp('/app/dashboard');

    expect(await screen.findByRole('heading', { name: 'Welcome, Jamie' })).toBeInTheDocument();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Error fetching settings:', expect.anything()));
    expect(document.title).toBe('Cached Academy');
  });

  it('fetches no settings on the management host', async () => {
    vi.stubEnv('VITE_MANAGEMENT_HOST', window.location.hostname);
    const requests = recordRequests();
    // The management host has no organisation sign-in: /login leads to the operator's (ADR 024).
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Operator sign-in' })).toBeInTheDocument();
    expect(requests.filter((path) => path.includes('ettings'))).toEqual([]);
    expect(document.title).toBe('Sign in · Connect Platform — Management');
  });
});
