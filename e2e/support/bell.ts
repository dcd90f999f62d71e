import type { Page } from 'playwright-core';

/** The bell's unread count, from its accessible name ("Notifications, 2 unread"). */
export async function unreadOnBell(page: Page): Promise<number> {
  const name = await page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label');
  return Number(/(\d+) unread/.exec(name ?? '')?.[1] ?? 0);
}

/**
 * Reads whatever the bell holds, so a count taken afterwards is the test's own. The list is opened and read, not
 * the bell: the bell says plain "Notifications" until the list has loaded, which is not the same as none unread.
 */
export async function readEverythingOnBell(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const markAll = page.getByRole('button', { name: 'Mark all read' });
  const allRead = page.getByText('All read', { exact: true });
  await markAll.or(allRead).or(page.getByText('No notifications yet')).first().waitFor();
  if (await markAll.isVisible()) {
    await markAll.click();
    await allRead.waitFor();
  }
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Notifications/ }).waitFor();
}
