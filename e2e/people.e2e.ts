import { describe, expect, it } from 'vitest';
import { linkIn } from '../server/testing/smtp-inbox';
import { useSmtpInbox } from './support/mail';
import { saveScreenshot, signIn, waitForPath } from './support/browser';
import { openSignedInPage, useAppContexts } from './support/contexts';

/** Adding people, a person's page and one's own profile, against the real server and its demo data. */
describe('people in Chromium', () => {
  const openContext = useAppContexts();
  const inbox = useSmtpInbox();

  const openAs = (email: string, viewport?: 'phone' | 'desktop') =>
    openSignedInPage(openContext, email, viewport);

  it('an admin adds a coach, who gets the invitation, chooses a password and signs in', async () => {
    const admin = await openAs('admin@demo.test');
    await admin.goto('/app/users');
    await admin.getByRole('link', { name: 'Add person' }).click();
    await waitForPath(admin, '/app/users/new');
    await admin.getByRole('heading', { level: 1, name: 'Add person' }).waitFor();
    await saveScreenshot(admin, 'people-add-person-1280');

    await admin.getByRole('radio', { name: /Coach/ }).check();
    await admin.getByLabel('First name').fill('Jordan');
    await admin.getByLabel('Last name').fill('Blake');
    await admin.getByLabel('Email').fill('jordan.blake@demo.test');
    const arriving = inbox.nextMailTo('jordan.blake@demo.test', 15_000);
    await admin.getByRole('button', { name: 'Add and send invitation' }).click();
    await admin.getByText('Invitation sent to jordan.blake@demo.test.').waitFor();
    await waitForPath(admin, '/app/users');
    await admin
      .getByRole('row', { name: /Jordan Blake/ })
      .getByText('Invited', { exact: true })
      .waitFor();

    const mail = await arriving;
    expect(mail.subject).toBe("You're invited to Demo Baseball Academy");
    const link = linkIn(mail, '/activate-account/');

    const context = await openContext();
    const coach = await context.newPage();
    await coach.goto(link.pathname);
    await coach.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await coach.getByLabel('Password', { exact: true }).fill('Jordan-coach-2026');
    await coach.getByLabel('Confirm password').fill('Jordan-coach-2026');
    await coach.getByRole('button', { name: 'Save password' }).click();
    await coach.getByRole('link', { name: 'Sign in' }).click();
    await signIn(coach, 'jordan.blake@demo.test', 'Jordan-coach-2026');
    await waitForPath(coach, '/app/dashboard');

    // Now a coach with a password: the list shows them approved.
    await admin.goto('/app/users?q=jordan');
    await saveScreenshot(admin, 'people-list-after-activation-1280');
    await admin
      .getByRole('row', { name: /Jordan Blake/ })
      .getByText('Approved', { exact: true })
      .waitFor();

    const phone = await openAs('coach@demo.test', 'phone');
    await phone.goto('/app/users/new');
    await phone.getByRole('heading', { level: 1, name: 'Add person' }).waitFor();
    await saveScreenshot(phone, 'people-add-person-390');
  });

  it("a coach edits an athlete's profile and sees it saved after a reload", async () => {
    const coach = await openAs('coach@demo.test');
    await coach.goto('/app/users?q=noah');
    await coach.getByRole('link', { name: 'Noah Kim' }).click();
    await coach.getByRole('heading', { level: 1, name: /Noah Kim/ }).waitFor();

    await coach.getByLabel('Height (inches)').fill('72');
    await coach.getByLabel('Weight (pounds)').fill('185');
    await coach.getByLabel('Bats').selectOption({ label: 'Left' });
    await coach.getByLabel('Throws').selectOption({ label: 'Left' });
    await coach.getByRole('textbox', { name: 'Position' }).fill('Pitcher');
    await coach.getByRole('button', { name: 'Save changes' }).click();
    await coach.getByText('Noah Kim is saved.').waitFor();

    await coach.reload();
    await coach.getByRole('heading', { level: 1, name: /Noah Kim/ }).waitFor();
    // The device's copy may open first (saved a moment before the reload); the fresh read then fills the form.
    await expect.poll(() => coach.getByLabel('Height (inches)').inputValue()).toBe('72');
    expect(await coach.getByLabel('Bats').inputValue()).toBe('L');
    expect(await coach.getByLabel('Throws').inputValue()).toBe('L');
    await saveScreenshot(coach, 'people-person-1280');

    const phone = await openAs('admin@demo.test', 'phone');
    await phone.goto(coach.url());
    await phone.getByRole('heading', { level: 1, name: /Noah Kim/ }).waitFor();
    await phone.getByLabel('Height (inches)').waitFor();
    await saveScreenshot(phone, 'people-person-390');
  });

  it('an athlete changes its phone on its profile', async () => {
    const athlete = await openAs('diego.martinez@demo.test', 'phone');
    await athlete.getByRole('button', { name: /account menu/i }).click();
    await athlete.getByRole('link', { name: 'Profile' }).click();
    await waitForPath(athlete, '/app/profile');
    await athlete.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
    await athlete.getByLabel('Phone').fill('+1 555 0199');
    await athlete.getByRole('button', { name: 'Save changes' }).click();
    await athlete.getByText('Your profile is saved.').waitFor();

    await athlete.reload();
    await athlete.getByRole('heading', { name: 'Athlete profile' }).waitFor();
    // As for the coach above: the device's copy may open first, then the fresh read fills the form.
    await expect.poll(() => athlete.getByLabel('Phone').inputValue()).toBe('+1 555 0199');
    await saveScreenshot(athlete, 'people-profile-390');

    const desktop = await openAs('diego.martinez@demo.test');
    await desktop.goto('/app/profile');
    await desktop.getByRole('heading', { name: 'Athlete profile' }).waitFor();
    await saveScreenshot(desktop, 'people-profile-1280');
  });
});
