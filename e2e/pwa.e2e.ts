import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInToDashboard, waitUntilUsableOffline } from './support/browser';
import { useAppContexts } from './support/contexts';

const iPhoneUserAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

describe('installable app in Chromium against the real server', () => {
  const openContext = useAppContexts();

  /** A context where the service worker may run (the other suites block it). */
  let context: BrowserContext | undefined;
  async function open(options: { mobile?: boolean } = {}): Promise<Page> {
    context = await openContext({
      serviceWorkers: 'allow',
      ...(options.mobile
        ? { viewport: 'phone', device: { userAgent: iPhoneUserAgent, hasTouch: true, isMobile: true } }
        : {}),
    });
    return context.newPage();
  }

  const signIn = (page: Page, email = 'coach@demo.test') => signInToDashboard(page, email);

  it("links a manifest that carries the organisation's name and colour", async () => {
    const page = await open();
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = (await (await page.request.get(href ?? '')).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'Demo Baseball Academy',
      theme_color: '#1d4ed8',
      display: 'standalone',
      start_url: '/app/dashboard',
    });
    const rivals = (await (
      await page.request.get('/manifest.webmanifest', { headers: { host: 'rivals.localhost' } })
    ).json()) as Record<string, unknown>;
    expect(rivals).toMatchObject({ name: 'Rivals Baseball Club', theme_color: '#b91c1c' });
  });

  it('is controlled by the service worker, and opens offline from the precached shell', async () => {
    const page = await open();
    await signIn(page);
    await waitUntilUsableOffline(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/');

    await context?.setOffline(true);
    const started = Date.now();
    await page.goto('/terms-of-service');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const offlineStartMs = Date.now() - started;
    console.log(`[pwa] offline cold start of /terms-of-service: ${offlineStartMs} ms`);
    await context?.setOffline(false);
  });

  it('offers the install guide on a phone 3 s after sign-in, and keeps it dismissed', async () => {
    const page = await open({ mobile: true });
    await signIn(page);
    const guide = page.getByRole('dialog', { name: 'Install Demo Baseball Academy' });
    await guide.waitFor({ timeout: 10_000 });
    await guide.getByText('Get the full app experience').waitFor();
    await guide.getByRole('button', { name: /close/i }).click();
    await guide.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => localStorage.getItem('pwa-install-guide-dismissed'))).toBe('true');
    await page.reload();
    await page.getByRole('main').waitFor();
    await page.waitForTimeout(3_500);
    expect(await guide.isVisible()).toBe(false);
  });
});
