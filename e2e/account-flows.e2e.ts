import { describe, expect, it } from 'vitest';
import { linkIn, type ReceivedMail } from '../server/testing/smtp-inbox';
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

/** Unique per run: the server's data folder is fresh, but a rerun against a kept one must not collide. */
const run = Date.now().toString(36);

/** The path of the activation link in a mail, and the user it is for. */
function activationPathIn(mail: ReceivedMail) {
  const link = linkIn(mail, '/activate-account/');
  const [, , userId = ''] = link.pathname.split('/');
  return { path: link.pathname, userId };
}

async function approveThroughApi(userId: string) {
  const login = await fetch(new URL('/api/login', baseUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: demoPassword }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const approval = await fetch(new URL(`/api/users/${userId}/status`, baseUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ status: 'approved' }),
  });
  expect(approval.status).toBe(200);
}

describe('registration, sign-up and activation in Chromium', () => {
  const openContext = useAppContexts();
  const inbox = useSmtpInbox();

  it('registers an organisation, activates its admin from the mail, and the admin signs in', async () => {
    const page = await (await openContext()).newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const email = `founder-${run}@example.test`;
    const slug = `lakeside-${run}`;

    await page.goto('/login');
    await page.getByRole('link', { name: 'Start an organisation' }).click();
    await page.getByRole('heading', { name: 'Start your organisation' }).waitFor();
    await page.getByLabel('Organisation name').fill(`Lakeside ${run}`);
    expect(await page.getByLabel('Address').inputValue()).toBe(slug);
    await page.getByLabel('First name').fill('Morgan');
    await page.getByLabel('Last name').fill('Hale');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-admin-2026');
    await page
      .getByRole('list', { name: 'Password requirements' })
      .getByText('At least 6 characters')
      .waitFor();
    await saveScreenshotsAtBothSizes(page, 'registration-form');

    const arriving = inbox.nextMailTo(email, 15_000);
    await page.getByRole('button', { name: 'Create organisation' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await saveScreenshotsAtBothSizes(page, 'registration-check-email');
    const mail = await arriving;
    expect(mail.subject).toBe(`Activate your Lakeside ${run} account`);

    // Before activating, sign-in says what to do and offers a new link.
    await signIn(page, email, 'first-admin-2026');
    await page.getByText('Activate your account first').waitFor();
    await page.getByRole('button', { name: 'Send a new activation link' }).waitFor();
    await saveScreenshot(page, 'login-not-activated-1280');

    await page.goto(activationPathIn(mail).path);
    await page.getByRole('heading', { name: 'You’re all set' }).waitFor();
    await saveScreenshotsAtBothSizes(page, 'activation-approved');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await page.getByLabel('Password', { exact: true }).fill('first-admin-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, '/app/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByText(`Lakeside ${run}`).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('an athlete signs up, activates, waits for approval, and signs in once approved', async () => {
    const page = await (await openContext({ viewport: 'phone' })).newPage();
    const email = `athlete-${run}@example.test`;

    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create your athlete account' }).waitFor();
    await page.getByLabel('First name').fill('Jordan');
    await page.getByLabel('Last name').fill('Reyes');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('athlete-2026');
    await saveScreenshotsAtBothSizes(page, 'signup-form');
    const arriving = inbox.nextMailTo(email, 15_000);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const mail = await arriving;
    expect(mail.subject).toBe('Activate your Demo Baseball Academy account');
    const { path, userId } = activationPathIn(mail);
    await page.goto(path);
    await page.getByRole('heading', { name: 'Email confirmed' }).waitFor();
    await saveScreenshotsAtBothSizes(page, 'activation-pending');

    await signIn(page, email, 'athlete-2026');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('account') === 'locked');
    await page.getByText('Waiting for approval').waitFor();
    await saveScreenshot(page, 'login-waiting-for-approval-390');

    await approveThroughApi(userId);
    await signIn(page, email, 'athlete-2026');
    await waitForPath(page, '/app/dashboard');

    // The link worked once.
    await page.goto(path);
    await page.getByRole('heading', { name: 'This link was already used' }).waitFor();
  });

  it('a link that does not work says why and sends a new one', async () => {
    const page = await (await openContext()).newPage();
    await page.goto('/activate-account/00000000-0000-4000-8000-000000000000/not-a-real-code');
    await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(`nobody-${run}@example.test`);
    await page.getByRole('button', { name: 'Send me a new link' }).click();
    await page.getByText('we have sent it a new link').waitFor();
    await saveScreenshotsAtBothSizes(page, 'activation-link-problem');
  });
});
