import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findAccessibilityViolations } from './support/axe';
import { demoPassword, launchBrowser, openSession, signIn, waitForPath } from './support/browser';
import type { BrowserSession } from './support/browser';

const tokenKey = 'connect.auth.v1';

describe('the application shell in Chromium against the real server', () => {
  let browser: Browser;
  let session: BrowserSession | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await session?.context.close();
    session = undefined;
  });
  afterAll(async () => {
    await browser.close();
  });

  async function open(viewport: 'phone' | 'desktop' = 'desktop'): Promise<Page> {
    session = await openSession(browser, viewport);
    return session.page;
  }

  async function storeToken(page: Page, token: string, expiresAt: string) {
    await page.goto('/terms-of-service');
    await page.evaluate(
      ({ key, value }) => {
        localStorage.setItem(key, value);
        sessionStorage.setItem(key, value);
      },
      { key: tokenKey, value: JSON.stringify({ token, expiresAt }) },
    );
  }

  describe('access rules (spec 2)', () => {
    it('sends a signed-out visitor of /app to sign-in, and back to that address after signing in', async () => {
      const page = await open();
      await page.goto('/app/travel-roster');
      await waitForPath(page, '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toContain('/app/travel-roster');
      // Sign in on the page the guard sent us to (signIn() would open a fresh /login without the redirect).
      await page.getByLabel('Email', { exact: true }).fill('coach@demo.test');
      await page.getByLabel('Password', { exact: true }).fill(demoPassword);
      await page.getByRole('button', { name: /sign in/i }).click();
      await waitForPath(page, '/app/travel-roster');
    });

    it('leaves the public account screens open to signed-out visitors', async () => {
      const page = await open();
      for (const path of [
        '/login',
        '/forgot-password',
        '/registration',
        '/signup',
        '/terms-of-service',
        '/reset-password/00000000-0000-4000-8000-000000000000/abc',
        '/activate-account/00000000-0000-4000-8000-000000000000/abc',
      ]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(new URL(page.url()).pathname, path).toBe(path);
      }
    });

    it('redirects any other path to sign-in when signed out, and to the dashboard when signed in', async () => {
      const page = await open();
      await page.goto('/no/such/page');
      await waitForPath(page, '/login');
      await signIn(page, 'athlete@demo.test');
      await waitForPath(page, '/app/dashboard');
      await page.goto('/no/such/page');
      await waitForPath(page, '/app/dashboard');
      await page.goto('/');
      await waitForPath(page, '/app/dashboard');
    });
  });

  describe('sign-in lifecycle (spec 4, 8)', () => {
    it('discards an expired token', async () => {
      const page = await open();
      await storeToken(page, 'a'.repeat(43), new Date(Date.now() - 60_000).toISOString());
      await page.goto('/app/dashboard');
      await waitForPath(page, '/login');
      expect(await page.evaluate((key) => localStorage.getItem(key), tokenKey)).toBeNull();
    });

    it('answers a token the server refuses with "Authentication failed." at /login?status=authfailed', async () => {
      const page = await open();
      await storeToken(page, 'b'.repeat(43), new Date(Date.now() + 86_400_000).toISOString());
      await page.goto('/app/dashboard');
      await page.waitForURL(
        (url) => url.pathname === '/login' && url.searchParams.get('status') === 'authfailed',
      );
      await page.getByText('Authentication failed.').waitFor();
      expect(await page.evaluate((key) => localStorage.getItem(key), tokenKey)).toBeNull();
    });

    it('says "Network error. Please check your connection." when /api/me cannot be reached and nothing is saved on the device', async () => {
      const page = await open();
      // A session this browser never opened, so no copy of it is kept on the device (ADR 016).
      const login = await page.request.post('/api/login', {
        data: { email: 'coach@demo.test', password: demoPassword },
      });
      const { token, expiresAt } = (await login.json()) as { token: string; expiresAt: string };
      await storeToken(page, token, expiresAt);
      await page.route('**/api/me', (route) => route.abort('internetdisconnected'));
      await page.goto('/app/dashboard');
      await page.getByText('Network error. Please check your connection.').first().waitFor();
      // The token is kept: the user is not signed out by a network failure.
      expect(await page.evaluate((key) => localStorage.getItem(key), tokenKey)).not.toBeNull();
    });

    it('signs out: revokes the token, clears both storages and returns to /login', async () => {
      const page = await open();
      await signIn(page, 'coach@demo.test');
      await waitForPath(page, '/app/dashboard');
      const token = await page.evaluate(
        (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { token: string }).token,
        tokenKey,
      );
      await page.getByRole('button', { name: /account menu/i }).click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await waitForPath(page, '/login');
      const stored = await page.evaluate(
        (key) => [localStorage.getItem(key), sessionStorage.getItem(key)],
        tokenKey,
      );
      expect(stored).toEqual([null, null]);
      const me = await page.request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
      expect(me.status()).toBe(401);
    });
  });

  describe('accessibility (axe-core)', () => {
    it('finds no violation on /login', async () => {
      const page = await open('phone');
      await page.goto('/login');
      await page.getByRole('button', { name: /sign in/i }).waitFor();
      expect(await findAccessibilityViolations(page)).toEqual([]);
    });

    it('finds no violation on /app/dashboard, in light and dark themes', async () => {
      const page = await open('desktop');
      await signIn(page, 'coach@demo.test');
      await waitForPath(page, '/app/dashboard');
      await page.getByRole('main').waitFor();
      expect(await findAccessibilityViolations(page)).toEqual([]);
      await page.evaluate(() => localStorage.setItem('theme', 'dark'));
      await page.reload();
      await page.getByRole('main').waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      expect(await findAccessibilityViolations(page)).toEqual([]);
    });
  });
});
