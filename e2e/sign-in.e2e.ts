import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openSession, signIn, waitForPath } from './support/browser';
import type { BrowserSession } from './support/browser';

/** The seeded demo accounts (server/db/seed.ts) and what their dashboard greets them with. */
const demoAccounts = [
  { email: 'admin@demo.test', firstName: 'Morgan', organization: 'Demo Baseball Academy' },
  { email: 'coach@demo.test', firstName: 'Casey', organization: 'Demo Baseball Academy' },
  { email: 'athlete@demo.test', firstName: 'Jamie', organization: 'Demo Baseball Academy' },
  { email: 'admin@rivals.test', firstName: 'Jordan', organization: 'Rivals Baseball Club' },
];

describe('signing in and out', () => {
  let browser: Browser;
  let session: BrowserSession | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  async function freshSession(): Promise<BrowserSession> {
    await session?.context.close();
    session = await openSession(browser);
    return session;
  }

  it.each(demoAccounts)(
    '$email signs in and sees the dashboard of $organization',
    async ({ email, firstName, organization }) => {
      const { page, pageErrors } = await freshSession();

      await signIn(page, email);

      await waitForPath(page, '/app/dashboard');
      await page.getByRole('heading', { level: 1, name: new RegExp(`\\b${firstName}\\b`) }).waitFor();
      await page.getByRole('main').getByText(organization).first().waitFor();
      expect(pageErrors).toEqual([]);
    },
  );

  it('shows an error and stays on the sign-in page after a wrong password', async () => {
    const { page } = await freshSession();

    // One attempt only: more than 10 failures per email and address within 15 minutes are refused (429).
    await signIn(page, 'athlete@demo.test', 'not-the-password');

    const alert = page.getByRole('alert').filter({ hasText: /\S/ }).first();
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).not.toBe('');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByLabel('Password', { exact: true }).isVisible()).toBe(true);
  });

  it('sends a signed-out visitor of the dashboard to the sign-in page', async () => {
    const { page } = await freshSession();

    await page.goto('/app/dashboard');

    await waitForPath(page, '/login');
    await page.getByLabel('Email', { exact: true }).waitFor();
  });

  it('signs out back to the sign-in page, after which the dashboard is closed again', async () => {
    const { page } = await freshSession();
    await signIn(page, 'coach@demo.test');
    await waitForPath(page, '/app/dashboard');

    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();

    await waitForPath(page, '/login');
    await page.getByLabel('Email', { exact: true }).waitFor();
    await page.goto('/app/dashboard');
    await waitForPath(page, '/login');
  });
});
