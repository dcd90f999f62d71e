import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { maxLogoBytes } from '../../../contract/organization-settings';
import { customSidebarItems, organizationLogos, organizations } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('admin@demo.test');
});
afterAll(() => t.close());

type Settings = Record<string, unknown> & {
  name: string;
  companyLogo: string | null;
  passwordPolicy: Record<string, unknown>;
};
type SettingsBody = { message: string; data: Settings };
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type SidebarItem = {
  id: string;
  label: string;
  link: string;
  icon: string | null;
  roles: string[];
  order: number;
};

async function demoRow() {
  const [row] = await t.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
  return row!;
}

const putSettings = (body: unknown, token = admin) =>
  t.request<SettingsBody & ErrorBody>('PUT', '/api/settings', { token, body });

const png = (width = 16, height = 16) =>
  sharp({ create: { width, height, channels: 4, background: '#1d4ed8' } })
    .png()
    .toBuffer();

async function uploadLogo(bytes: Uint8Array, contentType = 'image/png', token = admin) {
  const response = await t.app.request('http://localhost/api/settings/logo', {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: bytes,
  });
  return { status: response.status, body: (await response.json()) as SettingsBody & ErrorBody };
}

describe('PUT /api/settings', () => {
  it('saves the name, support email, colours and password policy, and answers the new settings', async () => {
    const response = await putSettings({
      name: '  Demo Academy North  ',
      supportEmail: 'Help@Demo.test',
      primaryColor: '#0F766E',
      liftColor: '#abc',
      warmUpColor: null,
      passwordPolicy: {
        minLength: 10,
        maxLength: 64,
        requireLowercase: true,
        requireUppercase: false,
        requireNumeric: true,
        requireNonAlphanumeric: false,
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      name: 'Demo Academy North',
      supportEmail: 'help@demo.test',
      primaryColor: '#0f766e',
      liftColor: '#abc',
      warmUpColor: null,
      passwordPolicy: { minLength: 10, maxLength: 64, requireLowercase: true, requireNumeric: true },
    });
    // What everyone then reads: the shell, and the sign-in screen of the host.
    const fresh = await t.request<SettingsBody>('GET', '/api/settings', {
      token: await t.signIn('athlete@demo.test'),
    });
    expect(fresh.body.data).toMatchObject({ name: 'Demo Academy North', primaryColor: '#0f766e' });
    const visitor = await t.request<SettingsBody>('GET', '/api/publicSettings');
    expect(visitor.body.data.passwordPolicy).toMatchObject({ minLength: 10, maxLength: 64 });
  });

  it('switches the unit loads are written in, for everyone of the organisation', async () => {
    const response = await putSettings({ weightUnit: 'kg' });
    expect(response.status).toBe(200);
    expect(response.body.data.weightUnit).toBe('kg');
    const coach = await t.request<SettingsBody>('GET', '/api/settings', {
      token: await t.signIn('coach@demo.test'),
    });
    expect(coach.body.data.weightUnit).toBe('kg');
    await putSettings({ weightUnit: 'lb' });
  });

  it('keeps the plate step %1RM loads round to: the unit’s default until one is set, and null goes back to it', async () => {
    expect((await putSettings({})).body.data.plateStep).toBe(5);
    const set = await putSettings({ plateStep: 2.5 });
    expect(set.status).toBe(200);
    expect(set.body.data.plateStep).toBe(2.5);
    expect((await demoRow()).plateStep).toBe(2.5);
    const athlete = await t.request<SettingsBody>('GET', '/api/settings', {
      token: await t.signIn('athlete@demo.test'),
    });
    expect(athlete.body.data.plateStep).toBe(2.5);
    expect((await putSettings({ plateStep: null, weightUnit: 'kg' })).body.data.plateStep).toBe(2.5);
    expect((await putSettings({ weightUnit: 'lb' })).body.data.plateStep).toBe(5);
    const tooSmall = await putSettings({ plateStep: 0.1 });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.error.fields).toEqual({ plateStep: 'The plate step is at least 0.25' });
    expect((await demoRow()).plateStep).toBeNull();
  });

  it('keeps the bar plates per side are counted on: the unit’s default until one is set, and refuses a bad one with its field', async () => {
    expect((await putSettings({})).body.data.barWeight).toBe(45);
    const set = await putSettings({ barWeight: 35 });
    expect(set.status).toBe(200);
    expect(set.body.data.barWeight).toBe(35);
    expect((await demoRow()).barWeight).toBe(35);
    const tooHeavy = await putSettings({ barWeight: 150 });
    expect(tooHeavy.status).toBe(400);
    expect(tooHeavy.body.error.fields).toEqual({ barWeight: 'The bar weight is at most 100' });
    const tooLight = await putSettings({ barWeight: 2 });
    expect(tooLight.body.error.fields).toEqual({ barWeight: 'The bar weight is at least 5' });
    expect((await demoRow()).barWeight).toBe(35);
    expect((await putSettings({ barWeight: null, weightUnit: 'kg' })).body.data.barWeight).toBe(20);
    expect((await putSettings({ weightUnit: 'lb' })).body.data.barWeight).toBe(45);
    expect((await demoRow()).barWeight).toBeNull();
  });

  it('keeps the locale dates and numbers are written in, and refuses one not on the list with its field', async () => {
    expect((await putSettings({})).body.data.locale).toBe('en-US');
    const set = await putSettings({ locale: 'en-GB' });
    expect(set.status).toBe(200);
    expect(set.body.data.locale).toBe('en-GB');
    expect((await demoRow()).locale).toBe('en-GB');
    const refused = await putSettings({ locale: 'fr-FR' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      locale: 'Choose how dates are written, such as en-US or en-GB',
    });
    expect((await demoRow()).locale).toBe('en-GB');
    await putSettings({ locale: 'en-US' });
  });

  it('keeps the chat settings: athletes to staff only (off by default) and the largest attachments, in bytes', async () => {
    const MB = 1024 * 1024;
    expect((await putSettings({})).body.data).toMatchObject({
      chatAthletesToStaffOnly: false,
      uploadMaxVideoBytes: 100 * MB,
      uploadMaxOtherBytes: 20 * MB,
    });
    const set = await putSettings({
      chatAthletesToStaffOnly: true,
      uploadMaxVideoBytes: 250 * MB,
      uploadMaxOtherBytes: 5 * MB,
    });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({
      chatAthletesToStaffOnly: true,
      uploadMaxVideoBytes: 250 * MB,
      uploadMaxOtherBytes: 5 * MB,
    });
    expect(await demoRow()).toMatchObject({
      chatAthletesToStaffOnly: true,
      uploadMaxVideoBytes: 250 * MB,
      uploadMaxOtherBytes: 5 * MB,
    });
    const read = await t.request<SettingsBody>('GET', '/api/settings', { token: admin });
    expect(read.body.data).toMatchObject({ chatAthletesToStaffOnly: true, uploadMaxVideoBytes: 250 * MB });

    await putSettings({
      chatAthletesToStaffOnly: false,
      uploadMaxVideoBytes: 100 * MB,
      uploadMaxOtherBytes: 20 * MB,
    });
  });

  it('refuses chat limits out of range or not whole megabytes, naming each field, and changes nothing', async () => {
    const MB = 1024 * 1024;
    const before = await demoRow();
    const tooBig = await putSettings({ uploadMaxVideoBytes: 1025 * MB, uploadMaxOtherBytes: 101 * MB });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.fields).toEqual({
      uploadMaxVideoBytes: 'The largest video is between 1 and 1024 MB',
      uploadMaxOtherBytes: 'The largest other file is between 1 and 100 MB',
    });
    const tooSmall = await putSettings({ uploadMaxVideoBytes: 0, uploadMaxOtherBytes: MB - 1 });
    expect(tooSmall.body.error.fields).toEqual({
      uploadMaxVideoBytes: 'The largest video is between 1 and 1024 MB',
      uploadMaxOtherBytes: 'The largest other file is between 1 and 100 MB',
    });
    const notWhole = await putSettings({ uploadMaxVideoBytes: 10 * MB + 1, uploadMaxOtherBytes: '5' });
    expect(notWhole.body.error.fields).toEqual({
      uploadMaxVideoBytes: 'The largest video is a whole number of megabytes',
      uploadMaxOtherBytes: 'Enter the largest other file in bytes, a whole number of megabytes',
    });
    const notASwitch = await putSettings({ chatAthletesToStaffOnly: 'yes' });
    expect(notASwitch.status).toBe(400);
    expect(notASwitch.body.error.fields).toEqual({ chatAthletesToStaffOnly: 'Choose on or off' });
    expect(await demoRow()).toEqual(before);
  });

  it('changes only the fields sent, and an empty support email means none', async () => {
    const before = await demoRow();
    const response = await putSettings({ supportEmail: '' });
    expect(response.status).toBe(200);
    expect(response.body.data.supportEmail).toBeNull();
    const after = await demoRow();
    expect({ ...after, supportEmail: before.supportEmail, updatedAt: before.updatedAt }).toEqual(before);
  });

  it.each([
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ supportEmail: 'not an email' }, 'supportEmail'],
    [{ primaryColor: 'red' }, 'primaryColor'],
    [{ accentColor: '#12345' }, 'accentColor'],
    [{ practicePlanColor: '#gggggg' }, 'practicePlanColor'],
    [{ medballColor: 'url(javascript:x)' }, 'medballColor'],
    [{ companyLogo: '/evil.svg' }, 'companyLogo'],
    [{ weightUnit: 'stone' }, 'weightUnit'],
    [
      {
        passwordPolicy: {
          minLength: 3,
          maxLength: null,
          requireLowercase: false,
          requireUppercase: false,
          requireNumeric: false,
          requireNonAlphanumeric: false,
        },
      },
      'passwordPolicy.minLength',
    ],
    [
      {
        passwordPolicy: {
          minLength: 129,
          maxLength: null,
          requireLowercase: false,
          requireUppercase: false,
          requireNumeric: false,
          requireNonAlphanumeric: false,
        },
      },
      'passwordPolicy.minLength',
    ],
    [
      {
        passwordPolicy: {
          minLength: 12,
          maxLength: 8,
          requireLowercase: false,
          requireUppercase: false,
          requireNumeric: false,
          requireNonAlphanumeric: false,
        },
      },
      'passwordPolicy.maxLength',
    ],
    [{ passwordPolicy: { minLength: 8 } }, 'passwordPolicy.maxLength'],
    [
      {
        passwordPolicy: {
          minLength: 8,
          maxLength: null,
          requireLowercase: 'yes',
          requireUppercase: false,
          requireNumeric: false,
          requireNonAlphanumeric: false,
        },
      },
      'passwordPolicy.requireLowercase',
    ],
  ])('refuses %j with 400 naming %s, and saves nothing', async (body, field) => {
    const before = await demoRow();
    const response = await putSettings({ name: 'Should Not Be Saved', ...body });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toHaveProperty([field]);
    expect(await demoRow()).toEqual(before);
  });

  it('names every wrong field at once', async () => {
    const response = await putSettings({ name: '', supportEmail: 'x', primaryColor: 'blue' });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields ?? {}).sort()).toEqual([
      'name',
      'primaryColor',
      'supportEmail',
    ]);
  });

  it('is for admins: coaches and athletes get 403 and change nothing', async () => {
    const before = await demoRow();
    for (const email of ['coach@demo.test', 'athlete@demo.test']) {
      const response = await putSettings({ name: 'Taken Over' }, await t.signIn(email));
      expect(response.status).toBe(403);
    }
    expect(await demoRow()).toEqual(before);
  });

  it("changes only the admin's own organisation", async () => {
    const before = await demoRow();
    const rivals = await putSettings(
      { name: 'Rivals Renamed', primaryColor: '#000' },
      await t.signIn('admin@rivals.test'),
    );
    expect(rivals.status).toBe(200);
    expect(rivals.body.data.name).toBe('Rivals Renamed');
    expect(await demoRow()).toEqual(before);
  });
});

describe('the logo', () => {
  it('stores a PNG by its content, serves the same bytes publicly, and points companyLogo at it', async () => {
    const bytes = await png();
    // The claimed type does not matter: these bytes are a PNG.
    const upload = await uploadLogo(bytes, 'text/plain');
    expect(upload.status).toBe(200);
    const demo = await demoRow();
    expect(upload.body.data.companyLogo).toMatch(new RegExp(`^/api/organizations/${demo.id}/logo\\?v=\\d+$`));
    expect(demo.companyLogo).toBe(upload.body.data.companyLogo);

    // No token: the sign-in screen shows it.
    const served = await t.app.request(`http://localhost${upload.body.data.companyLogo}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);

    const unversioned = await t.app.request(`http://localhost/api/organizations/${demo.id}/logo`);
    expect(unversioned.headers.get('cache-control')).toBe('no-cache');

    const publicSettings = await t.request<SettingsBody>('GET', '/api/publicSettings');
    expect(publicSettings.body.data.companyLogo).toBe(upload.body.data.companyLogo);
  });

  it('detects JPEG, WebP and GIF, and serves each with its own type', async () => {
    const source = sharp({ create: { width: 8, height: 8, channels: 3, background: '#dc2626' } });
    for (const [format, type] of [
      ['jpeg', 'image/jpeg'],
      ['webp', 'image/webp'],
      ['gif', 'image/gif'],
    ] as const) {
      const bytes = await source.clone().toFormat(format).toBuffer();
      const upload = await uploadLogo(bytes, 'application/octet-stream');
      expect(upload.status, format).toBe(200);
      const served = await t.app.request(`http://localhost${upload.body.data.companyLogo}`);
      expect(served.headers.get('content-type')).toBe(type);
    }
  });

  it.each([
    ['a text file that claims to be a PNG', Buffer.from('hello, I am not an image'), 'image/png'],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
    ],
    [
      'a PNG header on garbage',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]),
      'image/png',
    ],
    ['nothing at all', Buffer.alloc(0), 'image/png'],
  ])('refuses %s with 400 fields.logo and keeps the logo', async (_what, bytes, contentType) => {
    const before = await demoRow();
    const upload = await uploadLogo(bytes, contentType);
    expect(upload.status).toBe(400);
    expect(upload.body.error.fields?.logo).toBeTruthy();
    expect(await demoRow()).toEqual(before);
  });

  it('refuses a logo over 1 MiB with 413 and a message that gives the limit', async () => {
    const before = await demoRow();
    const large = Buffer.concat([await png(), Buffer.alloc(maxLogoBytes, 1)]);
    const upload = await uploadLogo(large);
    expect(upload.status).toBe(413);
    expect(upload.body.error.fields?.logo).toMatch(/largest logo accepted is 1 MB/);
    expect(await demoRow()).toEqual(before);
  });

  it('is for admins only', async () => {
    for (const email of ['coach@demo.test', 'athlete@demo.test']) {
      const token = await t.signIn(email);
      expect((await uploadLogo(await png(), 'image/png', token)).status).toBe(403);
      expect((await t.request('DELETE', '/api/settings/logo', { token })).status).toBe(403);
    }
  });

  it('a new upload is a new URL, and the install icons are made from it', async () => {
    const first = await uploadLogo(await png(32, 32));
    const iconBefore = await t.app.request('http://localhost/api/branding/icons/192.png');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const red = await sharp({ create: { width: 32, height: 32, channels: 4, background: '#ff0000' } })
      .png()
      .toBuffer();
    const second = await uploadLogo(red);
    expect(second.body.data.companyLogo).not.toBe(first.body.data.companyLogo);
    const iconAfter = await t.app.request('http://localhost/api/branding/icons/192.png');
    const pixel = async (response: Response) =>
      (
        await sharp(Buffer.from(await response.arrayBuffer()))
          .raw()
          .toBuffer()
      ).subarray((96 * 192 + 96) * 4, (96 * 192 + 96) * 4 + 3);
    expect([...(await pixel(iconAfter))]).toEqual([255, 0, 0]);
    expect([...(await pixel(iconBefore))]).not.toEqual([255, 0, 0]);
  });

  it('removes the logo: companyLogo becomes null and the old URL is gone', async () => {
    const upload = await uploadLogo(await png());
    const removed = await t.request<SettingsBody>('DELETE', '/api/settings/logo', { token: admin });
    expect(removed.status).toBe(200);
    expect(removed.body.data.companyLogo).toBeNull();
    expect((await t.app.request(`http://localhost${upload.body.data.companyLogo}`)).status).toBe(404);
    const demo = await demoRow();
    expect(
      await t.db.select().from(organizationLogos).where(eq(organizationLogos.organizationId, demo.id)),
    ).toEqual([]);
  });

  it("a rivals admin's upload changes only rivals", async () => {
    const before = await demoRow();
    const upload = await uploadLogo(await png(), 'image/png', await t.signIn('admin@rivals.test'));
    expect(upload.status).toBe(200);
    expect(upload.body.data.companyLogo).not.toContain(before.id);
    expect(await demoRow()).toEqual(before);
  });
});

describe('custom sidebar items', () => {
  let items: SidebarItem[];
  beforeEach(async () => {
    const response = await t.request<{ data: SidebarItem[] }>('GET', '/api/customSidebarItems?all=true', {
      token: admin,
    });
    expect(response.status).toBe(200);
    items = response.body.data;
  });

  it('gives admins every item with ?all=true, and refuses it to others', async () => {
    expect(items.map((item) => item.label)).toEqual(['Team Calendar', 'Nutrition Guide', 'Scouting Reports']);
    for (const email of ['coach@demo.test', 'athlete@demo.test']) {
      const response = await t.request('GET', '/api/customSidebarItems?all=true', {
        token: await t.signIn(email),
      });
      expect(response.status).toBe(403);
    }
  });

  it('adds an item at the end; the roles it names see it, others do not', async () => {
    const created = await t.request<{ data: SidebarItem }>('POST', '/api/customSidebarItems', {
      token: admin,
      body: { label: ' Strength Tips ', link: '/app/dashboard', icon: 'dumbbell', roles: ['athlete'] },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ label: 'Strength Tips', icon: 'dumbbell', roles: ['athlete'] });
    expect(created.body.data.order).toBeGreaterThan(Math.max(...items.map((item) => item.order)));
    const labelsFor = async (email: string) =>
      (
        await t.request<{ data: SidebarItem[] }>('GET', '/api/customSidebarItems', {
          token: await t.signIn(email),
        })
      ).body.data.map((item) => item.label);
    expect(await labelsFor('athlete@demo.test')).toContain('Strength Tips');
    expect(await labelsFor('coach@demo.test')).not.toContain('Strength Tips');
    // An admin's navigation has only what admins see; the settings screen's list has everything.
    expect(await labelsFor('admin@demo.test')).not.toContain('Strength Tips');
    const all = await t.request<{ data: SidebarItem[] }>('GET', '/api/customSidebarItems?all=true', {
      token: admin,
    });
    expect(all.body.data.map((item) => item.label)).toContain('Strength Tips');
    await t.request('DELETE', `/api/customSidebarItems/${created.body.data.id}`, { token: admin });
  });

  it.each([
    [{ label: '', link: '/app/x', icon: 'link', roles: [] }, 'label'],
    [{ label: 'x'.repeat(41), link: '/app/x', icon: 'link', roles: [] }, 'label'],
    [{ label: 'Site', link: 'http://example.com', icon: 'link', roles: [] }, 'link'],
    [{ label: 'Site', link: 'javascript:alert(1)', icon: 'link', roles: [] }, 'link'],
    [{ label: 'Site', link: '/login', icon: 'link', roles: [] }, 'link'],
    [{ label: 'Site', link: '//evil.example/app/', icon: 'link', roles: [] }, 'link'],
    [{ label: 'Site', link: 'https://example.com', icon: 'rocket', roles: [] }, 'icon'],
    [{ label: 'Site', link: 'https://example.com', icon: 'link', roles: ['owner'] }, 'roles.0'],
    [{ label: 'Site', link: 'https://example.com', icon: 'link', roles: ['coach', 'coach'] }, 'roles'],
  ])('refuses %j naming %s', async (body, field) => {
    const response = await t.request<ErrorBody>('POST', '/api/customSidebarItems', { token: admin, body });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toHaveProperty([field]);
  });

  it('changes an item, and refuses a wrong field', async () => {
    const first = items[0]!;
    const changed = await t.request<{ data: SidebarItem }>('PATCH', `/api/customSidebarItems/${first.id}`, {
      token: admin,
      body: { label: 'Team Calendar 2026', link: 'https://calendar.example.com/team', roles: [] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ label: 'Team Calendar 2026', roles: [], icon: first.icon });
    const refused = await t.request<ErrorBody>('PATCH', `/api/customSidebarItems/${first.id}`, {
      token: admin,
      body: { link: 'ftp://example.com' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toHaveProperty(['link']);
  });

  it('puts the items in a new order, and refuses a list that is not every item once', async () => {
    const reversed = items.map((item) => item.id).toReversed();
    const response = await t.request<{ data: SidebarItem[] }>('PUT', '/api/customSidebarItems/order', {
      token: admin,
      body: { ids: reversed },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.map((item) => item.id)).toEqual(reversed);
    const missing = await t.request<ErrorBody>('PUT', '/api/customSidebarItems/order', {
      token: admin,
      body: { ids: reversed.slice(1) },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toHaveProperty(['ids']);
  });

  it("is for admins, and a rivals admin cannot touch demo's items", async () => {
    const item = items[0]!;
    for (const email of ['coach@demo.test', 'athlete@demo.test']) {
      const token = await t.signIn(email);
      expect(
        (await t.request('PATCH', `/api/customSidebarItems/${item.id}`, { token, body: { label: 'x' } }))
          .status,
      ).toBe(403);
      expect((await t.request('DELETE', `/api/customSidebarItems/${item.id}`, { token })).status).toBe(403);
      expect(
        (
          await t.request('POST', '/api/customSidebarItems', {
            token,
            body: { label: 'x', link: '/app/x', icon: 'link', roles: [] },
          })
        ).status,
      ).toBe(403);
    }
    const rivals = await t.signIn('admin@rivals.test');
    expect(
      (
        await t.request('PATCH', `/api/customSidebarItems/${item.id}`, {
          token: rivals,
          body: { label: 'x' },
        })
      ).status,
    ).toBe(404);
    expect((await t.request('DELETE', `/api/customSidebarItems/${item.id}`, { token: rivals })).status).toBe(
      404,
    );
    const reorder = await t.request('PUT', '/api/customSidebarItems/order', {
      token: rivals,
      body: { ids: [item.id] },
    });
    expect(reorder.status).toBe(400);
    const [still] = await t.db.select().from(customSidebarItems).where(eq(customSidebarItems.id, item.id));
    expect(still).toMatchObject({ label: item.label, order: item.order });
  });

  it('removes an item', async () => {
    const last = items.at(-1)!;
    const removed = await t.request<{ message: string }>('DELETE', `/api/customSidebarItems/${last.id}`, {
      token: admin,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toContain(last.label);
    expect((await t.request('DELETE', `/api/customSidebarItems/${last.id}`, { token: admin })).status).toBe(
      404,
    );
  });
});
