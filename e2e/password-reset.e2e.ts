import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../server/testing/smtp-inbox';
import { useSmtpInbox } from './support/mail';
import {
  baseUrl,
  launchBrowser,
  openSession,
  saveScreenshot,
  signIn,
  signInToDashboard,
  waitForPath,
} from './support/browser';

/** The server under test sends its mail here (scripts/test-e2e.ts sets its SMTP_URL to this port). */
const athlete = 'sam.whitaker@demo.test';
const newPassword = 'Fresh-start-2026';

describe('forgotten password', () => {
  let browser: Browser;
  const inbox = useSmtpInbox();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('mails a link that sets a new password, signs the other devices out, and the new password signs in', async () => {
    const otherDevice = await openSession(browser, 'phone');
    await signInToDashboard(otherDevice.page, athlete);

    const { page, pageErrors } = await openSession(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await waitForPath(page, '/forgot-password');
    // The address changes before the screen does: the sign-in form (with its own Email field) stays until then.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(athlete);
    const arriving = inbox.nextMailTo(athlete, 15_000);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const mail = await arriving;
    expect(mail.subject).toBe('Reset your Demo Baseball Academy password');
    const link = linkIn(mail, '/reset-password/');
    expect(link.origin).toBe(new URL(baseUrl()).origin);

    await page.goto(link.pathname);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page
      .getByRole('list', { name: 'Password requirements' })
      .getByText('At least 6 characters')
      .waitFor();
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await saveScreenshot(page, 'password-changed-1280');

    await otherDevice.page.reload();
    await otherDevice.page.waitForURL((url) => url.pathname === '/login');
    await otherDevice.context.close();

    await page.getByRole('link', { name: 'Sign in' }).click();
    await signIn(page, athlete, newPassword);
    await waitForPath(page, '/app/dashboard');

    // The link worked once.
    await page.goto(link.pathname);
    await page.getByLabel('New password', { exact: true }).fill('Another-one-2026');
    await page.getByLabel('Confirm new password').fill('Another-one-2026');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
