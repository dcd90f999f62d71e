import type { Page } from 'playwright-core';

/** The bell's unread count, from its accessible name ("Notifications, 2 unread"). */
export async function unreadOnBell(page: Page): Promise<number> {
  const name = await page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label');
  return Number(/(\d+) unread/.exec(name ?? '')?.[1] ?? 0);
}

/** Reads whatever the bell holds, so a count taken afterwards is the test's own. */
export async function readEverythingOnBell(page: Page): Promise<void> {
  if ((await unreadOnBell(page)) === 0) return;
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await page.getByText('All read').waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Notifications' }).waitFor();
}
