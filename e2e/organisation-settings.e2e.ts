import { readFileSync } from 'node:fs';
import { request as apiRequest } from 'playwright-core';
import type { APIRequestContext } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { findAccessibilityViolations } from './support/axe';
import { baseUrl, demoPassword, saveScreenshot, waitForPath } from './support/browser';
import { openSignedInPage, useAppContexts } from './support/contexts';

/** The demo organisation's seeded primary colour (server/db/seed.ts), put back when the suite ends. */
const seededPrimaryColor = '#1d4ed8';
const itemLabel = 'Strength Tips (e2e)';

/** Other browser tests share this server's demo organisation: whatever this suite changes, it puts back. */
async function restoreDemo(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/login', {
    data: { email: 'admin@demo.test', password: demoPassword },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  await request.put('/api/settings', { headers, data: { primaryColor: seededPrimaryColor } });
  const list = await request.get('/api/customSidebarItems?all=true', { headers });
  const { data } = (await list.json()) as { data: { id: string; label: string }[] };
  for (const item of data.filter((candidate) => candidate.label === itemLabel)) {
    await request.delete(`/api/customSidebarItems/${item.id}`, { headers });
  }
}

/** The seeded demo logo as a PNG: the upload keeps the organisation looking as the other tests expect. */
const demoLogoPng = () =>
  sharp(readFileSync('public/org-logos/demo.svg'), { density: 144 }).resize(192, 192).png().toBuffer();

describe('organisation settings in Chromium', () => {
  const openContext = useAppContexts();
  afterAll(async () => {
    const request = await apiRequest.newContext({ baseURL: baseUrl() });
    try {
      await restoreDemo(request);
    } finally {
      await request.dispose();
    }
  });

  const openAs = (email: string, viewport?: 'phone' | 'desktop') =>
    openSignedInPage(openContext, email, viewport);

  it('an admin re-themes the app, uploads a logo and adds a sidebar link that athletes see', async () => {
    const admin = await openAs('admin@demo.test');
    await admin
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Organisation settings' })
      .click();
    await waitForPath(admin, '/app/settings');
    await admin.getByRole('heading', { level: 1, name: 'Organisation settings' }).waitFor();

    // Colours: the theme changes as soon as they are saved.
    const colours = admin.getByRole('region', { name: 'Colours' });
    await colours.getByRole('textbox', { name: 'Primary', exact: true }).fill('#0f766e');
    await colours.getByRole('button', { name: 'Save colours' }).click();
    await colours.getByText('Saved. The new colours show now.').waitFor();
    const primaryHue = await admin.evaluate(() =>
      document.documentElement.style.getPropertyValue('--primary-h'),
    );
    expect(primaryHue).toBe('175');
    // Another primary button, not under the mouse (hovered buttons are darker). Its colour fades to the new one
    // (transition-colors), so it is read until it arrives.
    const otherButton = admin.getByRole('region', { name: 'General' }).getByRole('button', { name: 'Save' });
    // #0f766e as the theme's rounded hue, saturation and lightness.
    const distanceFromTeal = async () => {
      const colour = await otherButton.evaluate((button) => getComputedStyle(button).backgroundColor);
      const [red, green, blue] = (colour.match(/\d+/g) ?? []).map(Number);
      return Math.abs(red! - 15) + Math.abs(green! - 118) + Math.abs(blue! - 110);
    };
    await expect.poll(distanceFromTeal, { timeout: 3000 }).toBeLessThanOrEqual(4);

    // Logo: shown in the app's navigation at once, and on the sign-in screen of a visitor.
    const logo = admin.getByRole('region', { name: 'Logo' });
    await logo.getByLabel('Choose an image').setInputFiles({
      name: 'crest.png',
      mimeType: 'image/png',
      buffer: await demoLogoPng(),
    });
    await logo.getByRole('img', { name: 'Preview of the new logo' }).waitFor();
    await logo.getByRole('button', { name: 'Upload logo' }).click();
    await logo.getByText(/^Logo saved/).waitFor();
    const navigationLogo = admin
      .getByRole('navigation', { name: 'Main' })
      .getByRole('img', { name: 'Demo Baseball Academy logo' });
    await expect
      .poll(() => navigationLogo.getAttribute('src'))
      .toMatch(/^\/api\/organizations\/[0-9a-f-]+\/logo\?v=\d+$/);
    expect(await navigationLogo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    const visitor = await (await openContext()).newPage();
    await visitor.goto('/login');
    const signInLogo = visitor.getByRole('img', { name: 'Demo Baseball Academy logo' });
    await expect
      .poll(() => signInLogo.getAttribute('src'))
      .toMatch(/^\/api\/organizations\/[0-9a-f-]+\/logo\?v=\d+$/);
    await expect
      .poll(() => signInLogo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);

    // A sidebar link for athletes.
    const sidebar = admin.getByRole('region', { name: 'Sidebar items' });
    await sidebar.getByRole('button', { name: 'Add sidebar item' }).click();
    const form = sidebar.getByRole('form', { name: 'New sidebar item' });
    await form.getByRole('textbox', { name: 'Label' }).fill(itemLabel);
    await form.getByRole('textbox', { name: 'Link' }).fill('https://example.com/strength');
    await form.getByRole('radio', { name: 'Dumbbell' }).check({ force: true });
    await form.getByRole('checkbox', { name: 'Athletes' }).check();
    await form.getByRole('button', { name: 'Add item' }).click();
    await sidebar.getByRole('listitem', { name: itemLabel }).waitFor();
    await saveScreenshot(admin, 'organisation-settings-desktop');

    const athlete = await openAs('athlete@demo.test');
    await athlete
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: new RegExp(`^${itemLabel.replace(/[()]/g, '\\$&')}`) })
      .waitFor();
  });

  it('a coach has no settings entry, and the address says it is for administrators', async () => {
    const coach = await openAs('coach@demo.test');
    const nav = coach.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Organisation settings' }).count()).toBe(0);
    await coach.goto('/app/settings');
    await coach.getByText('This screen is for administrators').waitFor();
  });

  it.each(['phone', 'desktop'] as const)('has no accessibility violations on a %s', async (viewport) => {
    const page = await openAs('admin@demo.test', viewport);
    await page.goto('/app/settings');
    await page.getByRole('heading', { level: 2, name: 'Sidebar items' }).waitFor();
    await page.getByRole('list', { name: 'Sidebar items' }).waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, `organisation-settings-${viewport}`);

    // The item editor, open: its icon picker and role boxes too.
    await page.getByRole('button', { name: 'Add sidebar item' }).click();
    const form = page.getByRole('form', { name: 'New sidebar item' });
    await form.getByRole('button', { name: 'Add item' }).click();
    await form.getByText('Enter a label').waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await form.screenshot({ path: await saveScreenshot(page, `organisation-settings-editor-${viewport}`) });
  });
});
