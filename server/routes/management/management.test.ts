import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedOrganization } from '../../../contract/management';
import { accountTokens, organizationHosts, organizations, platformAdmins, users } from '../../db/schema';
import { platformAdminAccount, seedDemo } from '../../db/seed';
import { linkIn, SmtpInbox } from '../../testing/smtp-inbox';
import {
  createTestContext,
  demoPassword,
  type RequestOptions,
  type TestContext,
} from '../../testing/test-app';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type OrganizationBody = { data: ManagedOrganization };

const managementHost = 'manage.localhost';
const inbox = new SmtpInbox();
let t: TestContext;
let token: string;

beforeAll(async () => {
  const smtpUrl = await inbox.start();
  t = await createTestContext({ SMTP_URL: smtpUrl, TRUST_PROXY: 'true' });
  token = await signInToManagement();
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

let addressCounter = 0;
/** Each call from its own address, so only the rate-limit test meets the limits. */
const freshAddress = () => `203.0.113.${(addressCounter += 1)}`;

/** A request as the management host receives it. */
function manage<T = Record<string, unknown>>(method: string, path: string, options: RequestOptions = {}) {
  return t.request<T>(method, path, {
    ...options,
    headers: {
      host: `${managementHost}:3000`,
      // TRUST_PROXY is on (for per-test client addresses), so the forwarded host is the page's.
      'x-forwarded-host': `${managementHost}:3000`,
      'x-forwarded-for': freshAddress(),
      ...options.headers,
    },
  });
}

async function signInToManagement(email: string = platformAdminAccount.email, password = demoPassword) {
  const response = await manage<{ token: string }>('POST', '/api/manage/login', {
    body: { email, password },
  });
  if (response.status !== 200) throw new Error(`Platform sign-in failed with ${response.status}`);
  return response.body.token;
}

const errorOf = (response: { body: unknown }) => (response.body as ErrorBody).error;

function createOrganization(body: Record<string, unknown>) {
  return manage<OrganizationBody | ErrorBody>('POST', '/api/manage/organizations', { token, body });
}

let slugCounter = 0;
const validOrganization = () => {
  slugCounter += 1;
  return {
    name: `Test Club ${slugCounter}`,
    slug: `test-club-${slugCounter}`,
    hosts: [`club${slugCounter}.example.com`],
    primaryColor: '#0e7490',
    secondaryColor: '#082f49',
    accentColor: '#f97316',
  };
};

/** Everything an organisation's people could be recognised by. */
async function peopleMarkers(): Promise<string[]> {
  const everyone = await t.db.select().from(users);
  return everyone.flatMap((user) => [user.id, user.email, user.lastName]);
}

describe('the management host gate', () => {
  it('answers management routes only on the management host, as if they did not exist elsewhere', async () => {
    for (const host of ['localhost:3000', 'rivals.localhost:3000', 'manage.example.com']) {
      const login = await t.request<ErrorBody>('POST', '/api/manage/login', {
        body: { email: platformAdminAccount.email, password: demoPassword },
        headers: { host },
      });
      expect(login.status, host).toBe(404);
      expect(login.body.error.code).toBe('NOT_FOUND');
      const list = await t.request('GET', '/api/manage/organizations', { token, headers: { host } });
      expect(list.status, host).toBe(404);
    }
  });

  it('serves no organisation route on the management host: nobody signs in to an organisation there', async () => {
    const orgLogin = await manage<ErrorBody>('POST', '/api/login', {
      body: { email: 'admin@demo.test', password: demoPassword },
    });
    expect(orgLogin.status).toBe(404);
    expect(JSON.stringify(orgLogin.body)).not.toContain('token');
    const demoToken = await t.signIn('admin@demo.test');
    for (const path of ['/api/me', '/api/users', '/api/publicSettings', '/api/settings', '/passenger']) {
      expect((await manage('GET', path, { token: demoToken })).status, path).toBe(404);
    }
    expect((await manage('GET', '/api/health')).status).toBe(200);
  });
});

describe('platform admin sign-in', () => {
  it('signs in, answers who is signed in, and signs out for good', async () => {
    const response = await manage<{ token: string; expiresAt: string; admin: Record<string, string> }>(
      'POST',
      '/api/manage/login',
      { body: { email: 'Platform@Connect.test', password: demoPassword } },
    );
    expect(response.status).toBe(200);
    expect(response.body.admin).toMatchObject({ ...platformAdminAccount });
    expect(Object.keys(response.body.admin).sort()).toEqual(['email', 'id', 'name']);
    const session = response.body.token;
    expect((await manage('GET', '/api/manage/me', { token: session })).body).toEqual({
      admin: response.body.admin,
    });
    expect((await manage('POST', '/api/manage/logout', { token: session })).status).toBe(200);
    expect((await manage('GET', '/api/manage/me', { token: session })).status).toBe(401);
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const wrong = await manage<ErrorBody>('POST', '/api/manage/login', {
      body: { email: platformAdminAccount.email, password: 'not-the-password' },
    });
    const unknown = await manage<ErrorBody>('POST', '/api/manage/login', {
      body: { email: 'nobody@connect.test', password: demoPassword },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it("refuses an organisation user's credentials: accounts of the two kinds are apart", async () => {
    const response = await manage<ErrorBody>('POST', '/api/manage/login', {
      body: { email: 'admin@demo.test', password: demoPassword },
    });
    expect(response.status).toBe(401);
  });

  it('names the fields of a malformed sign-in', async () => {
    const response = await manage<ErrorBody>('POST', '/api/manage/login', {
      body: { email: 'not-an-email', password: '' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(errorOf(response).fields ?? {}).sort()).toEqual(['email', 'password']);
  });

  it('limits sign-in attempts from one address with 429 and Retry-After', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.200' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const response = await manage('POST', '/api/manage/login', {
        body: { email: `guess${attempt}@connect.test`, password: 'guess' },
        headers,
      });
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('refuses organisation tokens on management routes, and the platform token on organisation routes', async () => {
    for (const email of ['admin@demo.test', 'admin@rivals.test']) {
      const organizationToken = await t.signIn(email);
      expect((await manage('GET', '/api/manage/organizations', { token: organizationToken })).status).toBe(
        401,
      );
    }
    for (const path of ['/api/me', '/api/users', '/api/settings']) {
      expect((await t.request('GET', path, { token })).status, path).toBe(401);
    }
  });
});

describe('organisations', () => {
  it('lists every organisation with hosts and a user count, and no one of its people', async () => {
    const response = await manage<{ data: ManagedOrganization[] }>('GET', '/api/manage/organizations', {
      token,
    });
    expect(response.status).toBe(200);
    const demo = response.body.data.find((organization) => organization.slug === 'demo');
    expect(demo).toMatchObject({
      name: 'Demo Baseball Academy',
      adminState: 'active',
      primaryColor: '#1d4ed8',
    });
    expect(demo?.userCount).toBeGreaterThan(5);
    const text = JSON.stringify(response.body);
    expect((await peopleMarkers()).filter((marker) => text.includes(marker))).toEqual([]);
  });

  it('creates an organisation with its hosts and colours, served on its own host at once', async () => {
    const response = await createOrganization({
      name: 'Harbor Hawks',
      slug: 'Harbor-Hawks',
      hosts: ['Harbor-Hawks.localhost', 'train.harborhawks.example'],
      primaryColor: '#0e7490',
      secondaryColor: '#082f49',
      accentColor: '#f97316',
    });
    expect(response.status).toBe(201);
    const created = (response.body as OrganizationBody).data;
    expect(created).toMatchObject({
      name: 'Harbor Hawks',
      slug: 'harbor-hawks',
      hosts: ['harbor-hawks.localhost', 'train.harborhawks.example'],
      primaryColor: '#0e7490',
      userCount: 0,
      adminState: 'none',
    });
    const settings = await t.request<{ data: { name: string; primaryColor: string } }>(
      'GET',
      '/api/publicSettings',
      {
        headers: { host: 'train.harborhawks.example' },
      },
    );
    expect(settings.body.data).toMatchObject({ name: 'Harbor Hawks', primaryColor: '#0e7490' });
    const read = await manage<OrganizationBody>('GET', `/api/manage/organizations/${created.id}`, { token });
    expect(read.body.data).toEqual(created);
  });

  it.each([
    ['name', { name: ' ' }, 'name'],
    ['slug too short', { slug: 'ab' }, 'slug'],
    ['slug with spaces', { slug: 'harbor hawks' }, 'slug'],
    ['slug with a leading hyphen', { slug: '-hawks' }, 'slug'],
    ['slug too long', { slug: 'a'.repeat(41) }, 'slug'],
    ['reserved slug', { slug: 'manage' }, 'slug'],
    ['host with a scheme', { hosts: ['https://club.example.com'] }, 'hosts.0'],
    ['host with a port', { hosts: ['ok.example.com', 'club.example.com:8080'] }, 'hosts.1'],
    ['host listed twice', { hosts: ['a.example.com', 'a.example.com'] }, 'hosts.1'],
    ['the management host', { hosts: ['manage.localhost'] }, 'hosts.0'],
    ['primary colour', { primaryColor: 'blue' }, 'primaryColor'],
    ['unknown field', { companyLogo: 'x' }, 'companyLogo'],
  ])('refuses a bad %s with 400 naming the field, and saves nothing', async (_what, change, field) => {
    const before = await t.db.select().from(organizations);
    const response = await createOrganization({ ...validOrganization(), ...change });
    expect(response.status).toBe(400);
    expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
    expect(await t.db.select().from(organizations)).toHaveLength(before.length);
  });

  it('refuses a slug or a host another organisation has with 409 naming the field', async () => {
    const slug = await createOrganization({ ...validOrganization(), slug: 'rivals' });
    expect(slug.status).toBe(409);
    expect(errorOf(slug).fields).toEqual({ slug: 'Another organisation already uses this slug' });

    const first = validOrganization();
    expect((await createOrganization(first)).status).toBe(201);
    const host = await createOrganization({
      ...validOrganization(),
      hosts: ['new.example.com', first.hosts[0]],
    });
    expect(host.status).toBe(409);
    expect(errorOf(host).fields).toEqual({ 'hosts.1': 'Another organisation already uses this host' });
    // <slug>.localhost already serves that organisation.
    const local = await createOrganization({ ...validOrganization(), hosts: ['rivals.localhost'] });
    expect(local.status).toBe(409);
    expect(errorOf(local).fields).toHaveProperty('hosts.0');
  });

  it('changes name, hosts and colours, keeps the slug, and refuses a taken host without saving', async () => {
    const created = (await createOrganization(validOrganization())).body as OrganizationBody;
    const id = created.data.id;
    const changed = await manage<OrganizationBody>('PATCH', `/api/manage/organizations/${id}`, {
      token,
      body: { name: 'Renamed Club', hosts: ['renamed.example.com'], accentColor: '#123456' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      name: 'Renamed Club',
      slug: created.data.slug,
      hosts: ['renamed.example.com'],
      accentColor: '#123456',
      primaryColor: '#0e7490',
    });
    const [demo] = await t.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
    await t.db.insert(organizationHosts).values({ host: 'academy.demo.example', organizationId: demo!.id });
    const taken = await manage<ErrorBody>('PATCH', `/api/manage/organizations/${id}`, {
      token,
      body: { name: 'Should Not Save', hosts: ['academy.demo.example'] },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields).toEqual({ 'hosts.0': 'Another organisation already uses this host' });
    const read = await manage<OrganizationBody>('GET', `/api/manage/organizations/${id}`, { token });
    expect(read.body.data).toMatchObject({ name: 'Renamed Club', hosts: ['renamed.example.com'] });

    const slug = await manage<ErrorBody>('PATCH', `/api/manage/organizations/${id}`, {
      token,
      body: { slug: 'x-y-z' },
    });
    expect(slug.status).toBe(400);
    expect(slug.body.error.fields).toHaveProperty('slug');
  });

  it('answers 404 for an organisation that does not exist, and 400 for an id that is not one', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await manage('GET', `/api/manage/organizations/${missing}`, { token })).status).toBe(404);
    expect((await manage('GET', '/api/manage/organizations/nope', { token })).status).toBe(400);
  });
});

describe('the first admin', () => {
  it('invites by mail a link on the organisation host; the account has no password until it is used', async () => {
    const created = (
      await createOrganization({
        ...validOrganization(),
        name: 'Lakeside Lions',
        slug: 'lakeside-lions',
        hosts: [],
      })
    ).body as OrganizationBody;
    const arriving = inbox.nextMailTo('coach.lee@lakeside.test');
    const response = await manage<{ message: string; email: string; data: ManagedOrganization }>(
      'POST',
      `/api/manage/organizations/${created.data.id}/first-admin`,
      { token, body: { firstName: 'Lee', lastName: 'Park', email: 'Coach.Lee@Lakeside.test' } },
    );
    expect(response.status).toBe(201);
    expect(response.body.email).toBe('coach.lee@lakeside.test');
    expect(response.body.data.adminState).toBe('invited');
    expect(response.body.data.userCount).toBe(1);
    expect(JSON.stringify(response.body)).not.toMatch(/Park|"id":"[^"]*","email"/);

    const mail = await arriving;
    expect(mail.subject).toBe("You're invited to Lakeside Lions");
    expect(mail.text).toContain('Hi Lee,');
    const link = linkIn(mail, '/activate-account/');
    // No hosts of its own: <slug>.localhost, on the management request's scheme and port.
    expect(link.origin).toBe('http://lakeside-lions.localhost:3000');
    const [, , userId = '', linkToken = ''] = link.pathname.split('/');
    const [invited] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(invited).toMatchObject({
      email: 'coach.lee@lakeside.test',
      role: 'admin',
      status: 'approved',
      passwordHash: null,
      emailVerifiedAt: null,
      organizationId: created.data.id,
    });
    const [stored] = await t.db.select().from(accountTokens).where(eq(accountTokens.userId, userId));
    expect(stored).toMatchObject({ purpose: 'invitation' });
    expect(stored?.tokenHash).not.toBe(linkToken);
  });

  it("links to the organisation's own host when it has one", async () => {
    const created = (
      await createOrganization({
        ...validOrganization(),
        slug: 'bay-bears',
        hosts: ['bay-bears.example.org'],
      })
    ).body as OrganizationBody;
    const arriving = inbox.nextMailTo('admin@baybears.test');
    await manage('POST', `/api/manage/organizations/${created.data.id}/first-admin`, {
      token,
      body: { firstName: 'Dana', lastName: 'Cole', email: 'admin@baybears.test' },
    });
    expect(linkIn(await arriving, '/activate-account/').origin).toBe('http://bay-bears.example.org:3000');
  });

  it('sends a new link to the same invited person, and refuses an email another account has', async () => {
    const created = (await createOrganization(validOrganization())).body as OrganizationBody;
    const path = `/api/manage/organizations/${created.data.id}/first-admin`;
    const body = { firstName: 'Sam', lastName: 'Ortiz', email: 'sam.ortiz@club.test' };
    const first = inbox.nextMailTo('sam.ortiz@club.test');
    expect((await manage('POST', path, { token, body })).status).toBe(201);
    const firstLink = linkIn(await first, '/activate-account/');
    const second = inbox.nextMailTo('sam.ortiz@club.test');
    expect((await manage('POST', path, { token, body: { ...body, firstName: 'Samuel' } })).status).toBe(201);
    const secondMail = await second;
    expect(secondMail.text).toContain('Hi Samuel,');
    expect(linkIn(secondMail, '/activate-account/').pathname).not.toBe(firstLink.pathname);

    const taken = await manage<ErrorBody>('POST', path, {
      token,
      body: { firstName: 'Casey', lastName: 'Jordan', email: 'coach@demo.test' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields).toEqual({ email: 'This email address already has an account' });
  });

  it('refuses once the organisation has an admin who has chosen a password', async () => {
    const [demo] = await t.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
    const before = await t.db.select().from(users).where(eq(users.organizationId, demo!.id));
    const response = await manage<ErrorBody>('POST', `/api/manage/organizations/${demo!.id}/first-admin`, {
      token,
      body: { firstName: 'New', lastName: 'Admin', email: 'new.admin@demo.test' },
    });
    expect(response.status).toBe(409);
    expect(response.body.error.message).toContain('already has an admin');
    expect(await t.db.select().from(users).where(eq(users.organizationId, demo!.id))).toHaveLength(
      before.length,
    );
  });

  it('names the fields of a bad invitation', async () => {
    const created = (await createOrganization(validOrganization())).body as OrganizationBody;
    const response = await manage<ErrorBody>(
      'POST',
      `/api/manage/organizations/${created.data.id}/first-admin`,
      {
        token,
        body: { firstName: '', lastName: 'X', email: 'nope' },
      },
    );
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields ?? {}).sort()).toEqual(['email', 'firstName']);
  });
});

describe('the seeded platform admin', () => {
  it('is added to a database that already has the demo organisations, and left alone once there', async () => {
    await t.db.delete(platformAdmins);
    expect(await seedDemo(t.db, { password: 'another-password' })).toBe('kept');
    const [seeded] = await t.db.select().from(platformAdmins);
    expect(seeded).toMatchObject({ ...platformAdminAccount });
    await signInToManagement(platformAdminAccount.email, 'another-password');

    expect(await seedDemo(t.db, { password: demoPassword })).toBe('kept');
    expect(await t.db.select().from(platformAdmins)).toEqual([seeded]);
  });
});
