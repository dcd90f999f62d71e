import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { linkIn } from '../server/testing/smtp-inbox';
import { baseUrl, saveScreenshotsAtBothSizes, waitForPath } from './support/browser';
import { useAppContexts } from './support/contexts';
import { useSmtpInbox } from './support/mail';

/** Unique per run: a rerun against a kept data folder must not collide. */
const run = Date.now().toString(36).slice(-6);
const organizationName = `Bayview Hitting Lab ${run}`;
const slug = `bayview-${run}`;
/** In development every organisation is served on <slug>.localhost (product.md); the server is the same one. */
const organizationOrigin = `http://${slug}.localhost:${new URL(baseUrl()).port}`;
const founder = { email: `dana.cole.${run}@bayview.test`, password: 'Founder-2026' };
const coach = { email: `luis.ortega.${run}@bayview.test`, password: 'Coach-2026!' };
const athlete = {
  email: `ava.brooks.${run}@bayview.test`,
  password: 'Athlete-2026',
  newPassword: 'Athlete-2027',
};

async function signInOnOrganizationHost(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${organizationOrigin}/login`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Issue 5's "done when", in one organisation made for the test: register it, activate, sign in, invite a coach,
 * an athlete signs up, activates, is approved and signs in, forgets the password and resets it. Every mail is
 * received by the SMTP server in this process and every link is followed from it.
 */
describe('the accounts journey of a new organisation in Chromium', () => {
  const openContext = useAppContexts();
  const inbox = useSmtpInbox();

  it('registers, invites a coach, approves a sign-up and resets a forgotten password', async () => {
    // 1. A founder registers the organisation and activates from the mail.
    const admin = await (await openContext()).newPage();
    await admin.goto('/registration');
    await admin.getByRole('heading', { name: 'Start your organisation' }).waitFor();
    await admin.getByLabel('Organisation name').fill(organizationName);
    await admin.getByLabel('Address').fill(slug);
    await admin.getByLabel('First name').fill('Dana');
    await admin.getByLabel('Last name').fill('Cole');
    await admin.getByLabel('Email', { exact: true }).fill(founder.email);
    await admin.getByLabel('Password', { exact: true }).fill(founder.password);
    const activation = inbox.nextMailTo(founder.email, 15_000);
    await admin.getByRole('button', { name: 'Create organisation' }).click();
    await admin.getByRole('heading', { name: 'Check your email' }).waitFor();
    const activationLink = linkIn(await activation, '/activate-account/');
    await admin.goto(`${organizationOrigin}${activationLink.pathname}`);
    await admin.getByRole('heading', { name: 'You’re all set' }).waitFor();

    // 2. The admin signs in on the organisation's host, which wears its name.
    await signInOnOrganizationHost(admin, founder.email, founder.password);
    await waitForPath(admin, '/app/dashboard');
    await admin.getByRole('navigation', { name: 'Main' }).getByText(organizationName).waitFor();

    // 3. The admin invites a coach, who chooses a password from the mail and signs in.
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await admin.getByRole('link', { name: 'Add person' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Add person' }).waitFor();
    await admin.getByRole('radio', { name: /Coach/ }).check();
    await admin.getByLabel('First name').fill('Luis');
    await admin.getByLabel('Last name').fill('Ortega');
    await admin.getByLabel('Email').fill(coach.email);
    const invitation = inbox.nextMailTo(coach.email, 15_000);
    await admin.getByRole('button', { name: 'Add and send invitation' }).click();
    await admin.getByText(`Invitation sent to ${coach.email}.`).waitFor();
    const invitationMail = await invitation;
    expect(invitationMail.subject).toBe(`You're invited to ${organizationName}`);
    const invitationLink = linkIn(invitationMail, '/activate-account/');

    const coachPage = await (await openContext()).newPage();
    await coachPage.goto(`${organizationOrigin}${invitationLink.pathname}`);
    await coachPage.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await coachPage.getByLabel('Password', { exact: true }).fill(coach.password);
    await coachPage.getByLabel('Confirm password').fill(coach.password);
    await coachPage.getByRole('button', { name: 'Save password' }).click();
    await coachPage.getByRole('link', { name: 'Sign in' }).waitFor();
    await signInOnOrganizationHost(coachPage, coach.email, coach.password);
    await waitForPath(coachPage, '/app/dashboard');

    // 4. An athlete signs up on the organisation's host, activates, and waits for approval.
    const athletePage = await (await openContext({ viewport: 'phone' })).newPage();
    await athletePage.goto(`${organizationOrigin}/signup`);
    await athletePage.getByRole('heading', { name: 'Create your athlete account' }).waitFor();
    await athletePage.getByLabel('First name').fill('Ava');
    await athletePage.getByLabel('Last name').fill('Brooks');
    await athletePage.getByLabel('Email', { exact: true }).fill(athlete.email);
    await athletePage.getByLabel('Password', { exact: true }).fill(athlete.password);
    const athleteActivation = inbox.nextMailTo(athlete.email, 15_000);
    await athletePage.getByRole('button', { name: 'Create account' }).click();
    await athletePage.getByRole('heading', { name: 'Check your email' }).waitFor();
    const athleteActivationMail = await athleteActivation;
    expect(athleteActivationMail.subject).toBe(`Activate your ${organizationName} account`);
    const athleteLink = linkIn(athleteActivationMail, '/activate-account/');
    expect(athleteLink.host).toBe(new URL(organizationOrigin).host);
    await athletePage.goto(athleteLink.toString());
    await athletePage.getByRole('heading', { name: 'Email confirmed' }).waitFor();
    await signInOnOrganizationHost(athletePage, athlete.email, athlete.password);
    await athletePage.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('account') === 'locked',
    );

    // 5. The coach approves the sign-up; the athlete is told by mail and signs in.
    await coachPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await coachPage.getByRole('link', { name: 'Review sign-ups' }).click();
    await coachPage.getByRole('button', { name: 'Actions for Ava Brooks' }).click();
    const approval = inbox.nextMailTo(athlete.email, 15_000);
    await coachPage.getByRole('button', { name: 'Approve' }).click();
    await coachPage.getByText('Ava Brooks is approved and can sign in.').waitFor();
    expect((await approval).subject).toBe(`Your ${organizationName} account is approved`);
    await signInOnOrganizationHost(athletePage, athlete.email, athlete.password);
    await waitForPath(athletePage, '/app/dashboard');

    // 6. The athlete forgets the password, resets it from the mail, and signs in with the new one.
    await athletePage.getByRole('button', { name: /account menu/i }).click();
    await athletePage.getByRole('button', { name: 'Sign out' }).click();
    await waitForPath(athletePage, '/login');
    await athletePage.getByRole('link', { name: 'Forgot your password?' }).click();
    await athletePage.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await athletePage.getByLabel('Email', { exact: true }).fill(athlete.email);
    const reset = inbox.nextMailTo(athlete.email, 15_000);
    await athletePage.getByRole('button', { name: 'Send reset link' }).click();
    await athletePage.getByRole('heading', { name: 'Check your email' }).waitFor();
    const resetMail = await reset;
    expect(resetMail.subject).toBe(`Reset your ${organizationName} password`);
    await athletePage.goto(linkIn(resetMail, '/reset-password/').toString());
    await athletePage.getByLabel('New password', { exact: true }).fill(athlete.newPassword);
    await athletePage.getByLabel('Confirm new password').fill(athlete.newPassword);
    await athletePage.getByRole('button', { name: 'Save new password' }).click();
    await athletePage.getByRole('heading', { name: 'Password changed' }).waitFor();
    await saveScreenshotsAtBothSizes(athletePage, 'journey-password-changed');
    await signInOnOrganizationHost(athletePage, athlete.email, athlete.newPassword);
    await waitForPath(athletePage, '/app/dashboard');
    await athletePage.getByRole('heading', { name: 'Welcome, Ava' }).waitFor();
  });
});
