import { describe, expect, it } from 'vitest';
import { findAccessibilityViolations } from './support/axe';
import { saveScreenshot, waitForPath } from './support/browser';
import { openSignedInPage, useAppContexts } from './support/contexts';

/** The groups screens against the real server and its demo data. */
describe('groups in Chromium', () => {
  const openContext = useAppContexts();

  const openAs = (email: string, viewport?: 'phone' | 'desktop') =>
    openSignedInPage(openContext, email, viewport);

  it('a coach makes a group, puts athletes in it, renames it and deletes it', async () => {
    const name = `Catchers ${Date.now().toString(36)}`;
    const page = await openAs('coach@demo.test');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).click();
    await page.getByRole('heading', { level: 1, name: 'Groups' }).waitFor();
    await page.getByRole('link', { name: /Pitchers/ }).waitFor();
    await saveScreenshot(page, 'groups-desktop');

    await page.getByRole('button', { name: 'New group' }).click();
    await page.getByLabel('Group name').fill(name);
    await page.getByLabel(/Description/).fill('Blocking, framing and throws to second');
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();

    await page.getByRole('searchbox', { name: 'Search athletes to add' }).fill('noah');
    await page.getByRole('button', { name: `Add Noah Kim to ${name}` }).click();
    await page.getByRole('searchbox', { name: 'Search athletes to add' }).fill('eli');
    await page.getByRole('button', { name: `Add Eli Thompson to ${name}` }).click();
    const members = page.getByRole('list', { name: `Members of ${name}` });
    await members.getByText('Eli Thompson').waitFor();
    await members.getByText('Noah Kim').waitFor();
    // The top loading bar sits outside the landmarks while the lists are read again.
    await page.getByRole('progressbar', { name: 'Loading' }).waitFor({ state: 'detached' });
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'group-detail-desktop');

    // What the users screen shows follows: Noah is now in the new group too.
    await page.goto('/app/users?q=noah');
    await page
      .getByRole('row', { name: /Noah Kim/ })
      .getByText(name)
      .waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name }).waitFor();

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Group name').fill(`${name} (2027)`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: `${name} (2027)` }).waitFor();

    await page.getByRole('button', { name: 'Remove Noah Kim' }).click();
    await members
      .getByText('Noah Kim')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await page
      .getByRole('list', { name: `Members of ${name} (2027)` })
      .getByText('Noah Kim')
      .waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Delete group' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${name} (2027)?` });
    await dialog.getByRole('button', { name: `Delete ${name} (2027)` }).click();
    await waitForPath(page, '/app/groups');
    await page.getByRole('link', { name: /Pitchers/ }).waitFor();
    expect(await page.getByRole('link', { name: new RegExp(name) }).count()).toBe(0);
  });

  it('on a phone the group cards stack and the members list comes before the search', async () => {
    const page = await openAs('admin@demo.test', 'phone');
    await page.goto('/app/groups');
    await page.getByRole('link', { name: /Position Players/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Position Players' }).waitFor();
    await page
      .getByRole('list', { name: 'Members of Position Players' })
      .getByText('Diego Martinez')
      .waitFor();
    const members = await page.getByRole('list', { name: 'Members of Position Players' }).boundingBox();
    const search = await page.getByRole('searchbox', { name: 'Search athletes to add' }).boundingBox();
    expect(members!.y).toBeLessThan(search!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'group-detail-phone');
  });
});
