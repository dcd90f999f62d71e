import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationHosts, organizations } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { eq } from 'drizzle-orm';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type SettingsBody = {
  data: Record<string, unknown> & { name: string; passwordPolicy: Record<string, unknown> };
};
type SidebarBody = { data: { label: string; roles: string[]; order: number }[] };

describe('GET /api/settings', () => {
  it("returns the signed-in user's organisation settings", async () => {
    const token = await t.signIn('admin@rivals.test');
    const response = await t.request<SettingsBody>('GET', '/api/settings', { token });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      name: 'Rivals Baseball Club',
      companyLogo: '/org-logos/rivals.svg',
      primaryColor: '#b91c1c',
      warmUpColor: null,
    });
  });

  it('needs sign-in', async () => {
    expect((await t.request('GET', '/api/settings')).status).toBe(401);
  });
});

describe('GET /api/publicSettings', () => {
  const publicSettings = (host: string) =>
    t.request<SettingsBody>('GET', '/api/publicSettings', { headers: { host } });

  it("answers with the organisation of the page's host, without sign-in", async () => {
    const response = await publicSettings('rivals.localhost:3000');
    expect(response.status).toBe(200);
    expect(response.body.data.name).toBe('Rivals Baseball Club');
    expect(response.body.data.passwordPolicy).toEqual({
      minLength: 6,
      maxLength: null,
      requireLowercase: false,
      requireUppercase: false,
      requireNumeric: false,
      requireNonAlphanumeric: false,
    });
  });

  it('uses the hosts an organisation is served on', async () => {
    const [rivals] = await t.db.select().from(organizations).where(eq(organizations.slug, 'rivals'));
    await t.db.insert(organizationHosts).values({ host: 'train.rivals.example', organizationId: rivals!.id });
    await t.db
      .update(organizations)
      .set({ passwordMinLength: 10, passwordRequireNumeric: true })
      .where(eq(organizations.id, rivals!.id));
    const response = await publicSettings('Train.Rivals.Example');
    expect(response.body.data.name).toBe('Rivals Baseball Club');
    expect(response.body.data.passwordPolicy).toMatchObject({ minLength: 10, requireNumeric: true });
  });

  it("gives an unknown host the default organisation's settings", async () => {
    for (const host of ['localhost:3000', 'unknown.example.com', 'nosuchslug.localhost']) {
      expect((await publicSettings(host)).body.data.name).toBe('Demo Baseball Academy');
    }
  });
});

describe('GET /api/customSidebarItems', () => {
  it("lists the organisation's items for the user's role, in order", async () => {
    const coach = await t.request<SidebarBody>('GET', '/api/customSidebarItems', {
      token: await t.signIn('coach@demo.test'),
    });
    expect(coach.status).toBe(200);
    expect(coach.body.data.map((item) => item.label)).toEqual([
      'Team Calendar',
      'Nutrition Guide',
      'Scouting Reports',
    ]);
    const athlete = await t.request<SidebarBody>('GET', '/api/customSidebarItems', {
      token: await t.signIn('athlete@demo.test'),
    });
    expect(athlete.body.data.map((item) => item.label)).toEqual(['Team Calendar', 'Nutrition Guide']);
  });
});
