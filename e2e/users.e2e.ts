import { describe, expect, it } from 'vitest';
import { findAccessibilityViolations } from './support/axe';
import { saveScreenshot, signIn, signInToDashboard, waitForPath } from './support/browser';
import { openSignedInPage, useAppContexts } from './support/contexts';

/** The users screen against the real server and its demo data (server/db/seed.ts). */
describe('users screen in Chromium', () => {
  const openContext = useAppContexts();

  const openAs = (email: string, viewport?: 'phone' | 'desktop') =>
    openSignedInPage(openContext, email, viewport);

  it('a coach finds the pending sign-up, approves it, and that person can then sign in', async () => {
    const page = await openAs('coach@demo.test');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await waitForPath(page, '/app/users');
    await page.getByText(/^1–\d+ of \d+$/).waitFor();

    await page.getByRole('searchbox', { name: 'Search people' }).fill('riley');
    await page.getByText('1–1 of 1').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('riley');
    const row = page.getByRole('row', { name: /Riley Chen/ });
    await row.getByText('Pending', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Actions for Riley Chen' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Riley Chen is approved and can sign in.').waitFor();
    await row.getByText('Approved', { exact: true }).waitFor();

    const context = await openContext();
    const riley = await context.newPage();
    await signIn(riley, 'pending@demo.test');
    await waitForPath(riley, '/app/dashboard');
  });

  it('disabling asks first, signs the person out of an open session at once, and enabling lets them back', async () => {
    const eli = await openAs('eli.thompson@demo.test', 'phone');
    const admin = await openAs('admin@demo.test');
    await admin.goto('/app/users?q=eli');
    await admin.getByText('1–1 of 1').waitFor();

    await admin.getByRole('button', { name: 'Actions for Eli Thompson' }).click();
    await admin.getByRole('button', { name: 'Disable' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Disable Eli Thompson?' });
    await dialog.getByRole('button', { name: 'Disable Eli' }).click();
    await admin.getByText('Eli Thompson is disabled and signed out everywhere.').waitFor();

    // Eli's phone still shows the app; its next request is refused and it lands on sign-in.
    await eli.reload();
    await eli.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('status') === 'authfailed',
    );

    await admin.getByRole('button', { name: 'Actions for Eli Thompson' }).click();
    await admin.getByRole('button', { name: 'Enable' }).click();
    await admin.getByText('Eli Thompson is enabled again.').waitFor();
    await signInToDashboard(eli, 'eli.thompson@demo.test');
  });

  it.each(['desktop', 'phone'] as const)('has no accessibility violations on a %s', async (viewport) => {
    const page = await openAs('admin@demo.test', viewport);
    await page.goto('/app/users');
    await page
      .getByRole('main')
      .getByText(/of \d+$/)
      .waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, `users-${viewport}`);
  });

  it('is not in an athlete’s navigation, and its address says it is for staff', async () => {
    const page = await openAs('athlete@demo.test');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Users' }).count()).toBe(0);
    await page.goto('/app/users');
    await page.getByText('This screen is for coaches and administrators').waitFor();
  });
});
