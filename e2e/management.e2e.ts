import { describe, expect, it } from 'vitest';
import { linkIn } from '../server/testing/smtp-inbox';
import { useSmtpInbox } from './support/mail';
import {
  baseUrl,
  demoPassword,
  saveScreenshot,
  saveScreenshotsAtBothSizes,
  signIn,
  waitForPath,
} from './support/browser';
import { useAppContexts } from './support/contexts';

const port = new URL(baseUrl()).port;
/** MANAGEMENT_HOST and VITE_MANAGEMENT_HOST are left at their default in the browser tests. */
const managementOrigin = `http://manage.localhost:${port}`;
const platformAdmin = 'platform@connect.test';
/** Unique per run, so a rerun against a kept data folder does not collide. */
const run = Date.now().toString(36).slice(-5);
const slug = `harbor-hawks-${run}`;
const organizationHost = `${slug}.localhost`;
const firstAdmin = `robin.hale.${run}@harborhawks.test`;

describe('the management host in Chromium', () => {
  const openContext = useAppContexts();
  const inbox = useSmtpInbox();

  it('creates an organisation, invites its first admin, who chooses a password and signs in on its host', async () => {
    const context = await openContext();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    // The management host opens on the operator sign-in, not an organisation's.
    await page.goto(`${managementOrigin}/`);
    await page.getByRole('heading', { name: 'Operator sign-in' }).waitFor();
    await waitForPath(page, '/manage/login');
    await saveScreenshotsAtBothSizes(page, 'management-sign-in');
    await page.getByLabel('Email', { exact: true }).fill(platformAdmin);
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Organisations' }).waitFor();
    await page.getByRole('link', { name: 'Demo Baseball Academy' }).first().waitFor();
    await saveScreenshotsAtBothSizes(page, 'management-organizations');

    await page.getByRole('link', { name: 'New organisation' }).click();
    await page.getByRole('heading', { name: 'New organisation' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Harbor Hawks');
    expect(await page.getByLabel('Slug').inputValue()).toBe('harbor-hawks');
    await page.getByLabel('Slug').fill(slug);
    await page.getByLabel('Hosts').fill(organizationHost);
    await page.getByLabel('Primary colour', { exact: true }).fill('#0e7490');
    await page.getByLabel('Secondary colour', { exact: true }).fill('#082f49');
    await page.getByLabel('Accent colour', { exact: true }).fill('#f97316');
    await saveScreenshotsAtBothSizes(page, 'management-new-organization');
    await page.getByRole('button', { name: 'Create organisation' }).click();

    await page.getByRole('heading', { name: 'Harbor Hawks', level: 1 }).waitFor();
    await page.getByText('No admin yet').waitFor();
    const invitation = page.getByRole('region', { name: 'First admin' });
    await invitation.getByLabel('First name').fill('Robin');
    await invitation.getByLabel('Last name').fill('Hale');
    await invitation.getByLabel('Email').fill(firstAdmin);
    const arriving = inbox.nextMailTo(firstAdmin, 15_000);
    await invitation.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('status').getByText(`Invitation sent to ${firstAdmin}.`).waitFor();
    await page.getByText('Admin invited').waitFor();
    await saveScreenshotsAtBothSizes(page, 'management-organization');

    const mail = await arriving;
    expect(mail.subject).toBe("You're invited to Harbor Hawks");
    const link = linkIn(mail, '/activate-account/');
    expect(link.origin).toBe(`http://${organizationHost}:${port}`);

    // The invited admin, on the organisation's own host, in a browser of their own.
    const adminContext = await openContext();
    const adminPage = await adminContext.newPage();
    adminPage.on('pageerror', (error) => pageErrors.push(error.message));
    await adminPage.goto(link.toString());
    await adminPage.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await adminPage.getByLabel('Password', { exact: true }).fill('harbor-hawks-2026');
    await adminPage.getByLabel('Confirm password').fill('harbor-hawks-2026');
    await adminPage.getByRole('button', { name: 'Save password' }).click();
    await adminPage.getByRole('heading', { name: 'You’re all set' }).waitFor();
    await adminPage.getByRole('link', { name: 'Sign in' }).click();
    await adminPage.getByRole('heading', { name: 'Sign in' }).waitFor();
    await adminPage.getByLabel('Email', { exact: true }).fill(firstAdmin);
    await adminPage.getByLabel('Password', { exact: true }).fill('harbor-hawks-2026');
    await adminPage.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(adminPage, '/app/dashboard');
    await adminPage.getByRole('navigation', { name: 'Main' }).getByText('Harbor Hawks').waitFor();
    await saveScreenshot(adminPage, 'management-first-admin-dashboard-1280');
    await adminContext.close();

    // Back on the management host the organisation now has an active admin, and no more invitations.
    await page.reload();
    await page.getByText('Admin active').waitFor();
    await expect(page.getByRole('button', { name: 'Send invitation' }).count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('lets the platform admin sign in only on the management host, and organisation users only on theirs', async () => {
    const context = await openContext();
    const page = await context.newPage();
    await signIn(page, platformAdmin);
    await page.getByRole('alert').getByText('Email or password is incorrect.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    // The management host has no organisation sign-in: /login leads to the operator's.
    await page.goto(`${managementOrigin}/login`);
    await page.getByRole('heading', { name: 'Operator sign-in' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill('admin@demo.test');
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('Email or password is incorrect.').waitFor();
    // Nor does its API: the organisation sign-in does not exist on this host.
    const organizationLoginStatus = await page.evaluate(async (password) => {
      const response = await fetch('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.test', password }),
      });
      return response.status;
    }, demoPassword);
    expect(organizationLoginStatus).toBe(404);
    await context.close();
  });
});
