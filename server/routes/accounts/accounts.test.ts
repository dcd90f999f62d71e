import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, organizations, users } from '../../db/schema';
import { linkIn, SmtpInbox } from '../../testing/smtp-inbox';
import { createTestContext, type TestContext } from '../../testing/test-app';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type MessageBody = { message: string };
type LinkBody = { purpose: string; firstName: string; email: string; organizationName: string };
type ActivationBody = { message: string; status: string };

const inbox = new SmtpInbox();
let t: TestContext;
beforeAll(async () => {
  const smtpUrl = await inbox.start();
  t = await createTestContext({ SMTP_URL: smtpUrl, TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

let addressCounter = 0;
/** Each call comes from its own client address, so only the tests about limits meet them. */
const freshAddress = () => ({ 'x-forwarded-for': `198.51.100.${(addressCounter += 1)}` });
const rivalsHost = { 'x-forwarded-host': 'rivals.localhost' };

let emailCounter = 0;
const uniqueEmail = (name: string) => `${name}-${(emailCounter += 1)}@example.test`;

function post<T>(path: string, body: unknown, headers: Record<string, string> = {}) {
  return t.request<T | ErrorBody>('POST', path, { body, headers: { ...freshAddress(), ...headers } });
}

const errorOf = (response: { body: unknown }) => (response.body as ErrorBody).error;

const registration = (overrides: Record<string, string> = {}) => ({
  organizationName: 'Lakeside Pitching Lab',
  organizationSlug: `lakeside-${(emailCounter += 1)}`,
  firstName: 'Morgan',
  lastName: 'Hale',
  email: uniqueEmail('morgan'),
  password: 'first-admin-2026',
  ...overrides,
});

const signupOf = (email: string, overrides: Record<string, string> = {}) => ({
  firstName: 'Jordan',
  lastName: 'Reyes',
  email,
  password: 'athlete-2026',
  ...overrides,
});

/** The activation (or invitation) link in the next mail to `email`, once `send` has asked for it. */
async function linkMailedTo(email: string, send: () => Promise<unknown>) {
  const arriving = inbox.nextMailTo(email);
  await send();
  const mail = await arriving;
  const link = linkIn(mail, '/activate-account/');
  const [, , userId = '', verificationCode = ''] = link.pathname.split('/');
  return { mail, link, userId, verificationCode };
}

function openLink(userId: string, verificationCode: string, headers: Record<string, string> = {}) {
  return t.request<LinkBody | ErrorBody>('GET', `/api/activation/${userId}/${verificationCode}`, {
    headers: { ...freshAddress(), ...headers },
  });
}

function activate(
  body: { userId: string; verificationCode: string; password?: string },
  headers: Record<string, string> = {},
) {
  return post<ActivationBody>('/api/activation', body, headers);
}

function signIn(email: string, password: string) {
  return post<{ token: string }>('/api/login', { email, password });
}

describe('registration: a new organisation and its first admin', () => {
  it('makes the organisation and an approved admin who signs in once the mailed link is opened', async () => {
    const body = registration({ organizationName: 'Lakeside Pitching Lab', timeZone: 'America/Denver' });
    const { mail, userId, verificationCode } = await linkMailedTo(body.email, async () => {
      const response = await post<MessageBody>('/api/registration', body);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        message:
          'Your organisation is ready. Check your email: we have sent you a link to activate your account. The link works for 48 hours.',
      });
    });
    expect(mail.subject).toBe('Activate your Lakeside Pitching Lab account');
    expect(mail.text).toContain('Hi Morgan,');
    expect(mail.text).toContain('The link works once, for 48 hours.');

    const [organization] = await t.db
      .select()
      .from(organizations)
      .where(eq(organizations.slug, body.organizationSlug));
    expect(organization).toMatchObject({
      name: 'Lakeside Pitching Lab',
      primaryColor: null,
      passwordMinLength: 6,
      // The schedule's calendar is in the registering admin's browser zone.
      timeZone: 'America/Denver',
    });
    const [admin] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(admin).toMatchObject({
      organizationId: organization?.id,
      role: 'admin',
      status: 'approved',
      emailVerifiedAt: null,
    });

    const early = await signIn(body.email, body.password);
    expect(early.status).toBe(403);
    expect(errorOf(early)).toEqual({
      code: 'ACCOUNT_NOT_ACTIVATED',
      message:
        'Activate your account first: open the link in the email we sent you. No email? Send yourself a new activation link.',
    });

    const link = await openLink(userId, verificationCode);
    expect(link.status).toBe(200);
    expect(link.body).toEqual({
      purpose: 'activation',
      firstName: 'Morgan',
      email: body.email,
      organizationName: 'Lakeside Pitching Lab',
    });
    const activated = await activate({ userId, verificationCode });
    expect(activated.status).toBe(200);
    expect(activated.body).toEqual({
      message: 'Your account is active. You can sign in now.',
      status: 'approved',
    });

    const signedIn = await signIn(body.email, body.password);
    expect(signedIn.status).toBe(200);
    const me = await t.request<{ user: { role: string }; organization: { slug: string } }>('GET', '/api/me', {
      token: (signedIn.body as { token: string }).token,
    });
    expect(me.body.user.role).toBe('admin');
    expect(me.body.organization.slug).toBe(body.organizationSlug);
  });

  it('names each field at fault, and makes nothing', async () => {
    const cases: [Record<string, string>, Record<string, string>][] = [
      [
        { organizationSlug: 'Big Team!' },
        { organizationSlug: expect.stringContaining('lower-case letters') as string },
      ],
      [{ organizationSlug: 'ab' }, { organizationSlug: 'The address needs at least 3 characters' }],
      [{ organizationSlug: 'manage' }, { organizationSlug: '"manage" is reserved. Choose another address' }],
      [{ organizationName: ' ' }, { organizationName: 'The name needs at least 2 characters' }],
      [{ firstName: '' }, { firstName: 'Enter your first name' }],
      [{ email: 'not-an-email' }, { email: 'Enter a valid email address' }],
      [{ password: 'short' }, { password: 'The password needs at least 6 characters.' }],
      [{ timeZone: 'Mars/Olympus_Mons' }, { timeZone: 'Choose a time zone such as America/Chicago' }],
      [
        { organizationSlug: 'demo', email: 'Coach@Demo.test' },
        {
          organizationSlug: 'The address "demo" is already taken. Choose another one.',
          email: 'This email already has an account. Sign in, or use another email.',
        },
      ],
    ];
    for (const [overrides, fields] of cases) {
      const body = registration(overrides);
      const response = await post('/api/registration', body);
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
      expect(errorOf(response).fields).toEqual(fields);
    }
    const made = await t.db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'Lakeside Pitching Lab'));
    expect(made).toHaveLength(1);
  });

  it('allows 10 registrations an hour from one address, then answers 429 with Retry-After', async () => {
    const address = { 'x-forwarded-for': '203.0.113.60' };
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await post('/api/registration', registration({ password: 'short' }), address);
      expect(response.status).toBe(400);
    }
    const limited = await post('/api/registration', registration(), address);
    expect(limited.status).toBe(429);
    expect(errorOf(limited).code).toBe('TOO_MANY_REQUESTS');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe("sign-up: an athlete joins the host's organisation", () => {
  it('makes a pending, unconfirmed athlete; the link confirms the email, and staff approval lets them in', async () => {
    const email = uniqueEmail('jordan');
    const { mail, link, userId, verificationCode } = await linkMailedTo(email, async () => {
      const response = await post<MessageBody>('/api/signup', signupOf(email));
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        message:
          'Check your email: we have sent you a link to activate your account. The link works for 48 hours.',
      });
    });
    expect(mail.subject).toBe('Activate your Demo Baseball Academy account');
    expect(link.origin).toBe('http://localhost');
    const [athlete] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(athlete).toMatchObject({ role: 'athlete', status: 'pending', emailVerifiedAt: null });

    expect(errorOf(await signIn(email, 'athlete-2026')).code).toBe('ACCOUNT_NOT_ACTIVATED');
    const activated = await activate({ userId, verificationCode });
    expect(activated.body).toEqual({
      message: "Your email is confirmed. Your coach will approve your account; we'll email you when they do.",
      status: 'pending',
    });
    const waiting = await signIn(email, 'athlete-2026');
    expect(waiting.status).toBe(403);
    expect(errorOf(waiting).code).toBe('ACCOUNT_NOT_APPROVED');

    const admin = await t.signIn('admin@demo.test');
    const approval = await t.request('POST', `/api/users/${userId}/status`, {
      token: admin,
      body: { status: 'approved' },
    });
    expect(approval.status).toBe(200);
    expect((await signIn(email, 'athlete-2026')).status).toBe(200);
  });

  it("joins the invite link's organisation (organization=<slug>) whatever the host, and refuses an unknown one", async () => {
    const email = uniqueEmail('invited');
    const { mail, userId } = await linkMailedTo(email, () =>
      post('/api/signup', { ...signupOf(email), organization: 'Rivals' }),
    );
    expect(mail.subject).toBe('Activate your Rivals Baseball Club account');
    const [rivals] = await t.db.select().from(organizations).where(eq(organizations.slug, 'rivals'));
    const [athlete] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(athlete?.organizationId).toBe(rivals?.id);

    const unknown = await post('/api/signup', {
      ...signupOf(uniqueEmail('lost')),
      organization: 'no-such-team',
    });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown).fields).toEqual({
      organization:
        'This invite link is not valid: no organisation has this address. Ask your coach for a new link.',
    });
  });

  it("checks the password against the organisation's policy and names the missing rules", async () => {
    await t.db
      .update(organizations)
      .set({ passwordMinLength: 10, passwordRequireNumeric: true })
      .where(eq(organizations.slug, 'rivals'));
    try {
      const email = uniqueEmail('weak');
      const weak = await post('/api/signup', signupOf(email, { password: 'short' }), rivalsHost);
      expect(weak.status).toBe(400);
      expect(errorOf(weak).fields).toEqual({
        password: 'The password needs at least 10 characters and one number.',
      });
      const [made] = await t.db.select().from(users).where(eq(users.email, email));
      expect(made).toBeUndefined();
    } finally {
      await t.db
        .update(organizations)
        .set({ passwordMinLength: 6, passwordRequireNumeric: false })
        .where(eq(organizations.slug, 'rivals'));
    }
  });

  it('answers an email that has an account exactly like a new one, and mails it nothing', async () => {
    const email = uniqueEmail('fresh');
    const freshMail = inbox.nextMailTo(email);
    const taken = await post('/api/signup', signupOf('coach@rivals.test'));
    const fresh = await post('/api/signup', signupOf(email));
    expect(taken.status).toBe(201);
    expect(taken.body).toEqual(fresh.body);
    // Mails arrive in order: once the new sign-up's link is here, one to the taken email would be too.
    await freshMail;
    expect(inbox.mailsTo('coach@rivals.test')).toHaveLength(0);
    const [coach] = await t.db.select().from(users).where(eq(users.email, 'coach@rivals.test'));
    expect(coach?.firstName).not.toBe('Jordan');
  });

  it('sends a fresh link (and only the newest works) when an unconfirmed sign-up signs up again', async () => {
    const email = uniqueEmail('twice');
    const first = await linkMailedTo(email, () => post('/api/signup', signupOf(email)));
    const second = await linkMailedTo(email, () => post('/api/signup', signupOf(email)));
    expect(second.userId).toBe(first.userId);
    expect(errorOf(await openLink(first.userId, first.verificationCode)).code).toBe(
      'ACTIVATION_LINK_INVALID',
    );
    expect((await openLink(second.userId, second.verificationCode)).status).toBe(200);
  });

  it('allows 5 sign-ups an hour per email, from any address', async () => {
    const email = uniqueEmail('eager');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await post('/api/signup', signupOf(email, { password: 'x' }))).status).toBe(400);
    }
    const limited = await post('/api/signup', signupOf(email));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});

describe('activation links that do not work', () => {
  it('refuses a link after 48 hours as expired, and a resent link works', async () => {
    const email = uniqueEmail('late');
    const { userId, verificationCode } = await linkMailedTo(email, () =>
      post('/api/signup', signupOf(email)),
    );
    const [token] = await t.db.select().from(accountTokens).where(eq(accountTokens.userId, userId));
    expect(token!.expiresAt.getTime() - token!.createdAt.getTime()).toBeCloseTo(48 * 60 * 60 * 1000, -4);
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, userId));
    const expired = await openLink(userId, verificationCode);
    expect(expired.status).toBe(400);
    expect(errorOf(expired)).toEqual({
      code: 'ACTIVATION_LINK_EXPIRED',
      message: 'This activation link has expired (links work for 48 hours). Send yourself a new one.',
    });
    expect(errorOf(await activate({ userId, verificationCode })).code).toBe('ACTIVATION_LINK_EXPIRED');

    const resent = await linkMailedTo(email, async () => {
      const response = await post<MessageBody>('/api/activation/resend', { email: email.toUpperCase() });
      expect(response.body).toEqual({
        message: 'If this email has an account that still needs activating, we have sent it a new link.',
      });
    });
    expect((await activate(resent)).status).toBe(200);
  });

  it('refuses a used link, on opening and on using it', async () => {
    const email = uniqueEmail('again');
    const link = await linkMailedTo(email, () => post('/api/signup', signupOf(email)));
    expect((await activate(link)).status).toBe(200);
    const reopened = await openLink(link.userId, link.verificationCode);
    expect(errorOf(reopened)).toEqual({
      code: 'ACTIVATION_LINK_USED',
      message: 'This activation link has already been used. Your email is confirmed: sign in.',
    });
    expect(errorOf(await activate(link)).code).toBe('ACTIVATION_LINK_USED');
  });

  it("refuses a made-up code, another user's id, and a link on another organisation's host", async () => {
    const email = uniqueEmail('mixed');
    const link = await linkMailedTo(email, () => post('/api/signup', signupOf(email)));
    const madeUp = await openLink(link.userId, randomBytes(32).toString('base64url'));
    expect(errorOf(madeUp)).toEqual({
      code: 'ACTIVATION_LINK_INVALID',
      message: 'This link is not valid. It may have been replaced by a newer one: send yourself a new link.',
    });
    const otherUser = await activate({ ...link, userId: '00000000-0000-4000-8000-000000000000' });
    expect(errorOf(otherUser).code).toBe('ACTIVATION_LINK_INVALID');
    const elsewhere = await activate(link, rivalsHost);
    expect(errorOf(elsewhere).code).toBe('ACTIVATION_LINK_INVALID');
    const [athlete] = await t.db.select().from(users).where(eq(users.id, link.userId));
    expect(athlete?.emailVerifiedAt).toBeNull();
  });

  it('names the link at fault when the path is not one', async () => {
    const response = await t.request<ErrorBody>('GET', '/api/activation/not-a-uuid/abc', {
      headers: freshAddress(),
    });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ userId: 'This activation link is not valid' });
  });

  it('allows 40 link checks per 15 minutes from one address', async () => {
    const address = { 'x-forwarded-for': '203.0.113.61' };
    const userId = '00000000-0000-4000-8000-000000000000';
    for (let attempt = 1; attempt <= 40; attempt += 1) {
      expect((await openLink(userId, `guess-${attempt}`, address)).status).toBe(400);
    }
    const limited = await openLink(userId, 'guess-41', address);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});

describe('invitations: a person made by staff chooses a password', () => {
  async function invitedPerson() {
    const email = uniqueEmail('invitee');
    const [demo] = await t.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
    await t.db.insert(users).values({
      organizationId: demo!.id,
      email,
      firstName: 'Casey',
      lastName: 'Nguyen',
      role: 'coach',
      status: 'approved',
    });
    // Resend makes the same mail staff's invitation does (mailAccountLink 'invitation').
    return { email, ...(await linkMailedTo(email, () => post('/api/activation/resend', { email }))) };
  }

  it('greets the person, asks for a password that meets the policy, and lets them sign in with it', async () => {
    const { email, mail, userId, verificationCode } = await invitedPerson();
    expect(mail.subject).toBe("You're invited to Demo Baseball Academy");
    expect((await openLink(userId, verificationCode)).body).toEqual({
      purpose: 'invitation',
      firstName: 'Casey',
      email,
      organizationName: 'Demo Baseball Academy',
    });
    const without = await activate({ userId, verificationCode });
    expect(without.status).toBe(400);
    expect(errorOf(without).fields).toEqual({ password: 'Choose a password' });
    const weak = await activate({ userId, verificationCode, password: 'abc' });
    expect(errorOf(weak).fields).toEqual({ password: 'The password needs at least 6 characters.' });

    const chosen = await activate({ userId, verificationCode, password: 'casey-coach-2026' });
    expect(chosen.body).toEqual({
      message: 'Your password is set. You can sign in now.',
      status: 'approved',
    });
    expect((await signIn(email, 'casey-coach-2026')).status).toBe(200);
    expect(errorOf(await openLink(userId, verificationCode)).code).toBe('ACTIVATION_LINK_USED');
  });
});

describe('asking for a new link', () => {
  it('answers every email the same and mails only those that need a link, on their own host', async () => {
    const answers = await Promise.all(
      ['nobody@example.test', 'athlete@demo.test', 'pending@demo.test'].map((email) =>
        post<MessageBody>('/api/activation/resend', { email }),
      ),
    );
    expect(new Set(answers.map((answer) => JSON.stringify([answer.status, answer.body])))).toHaveProperty(
      'size',
      1,
    );

    const email = uniqueEmail('host');
    await linkMailedTo(email, () => post('/api/signup', signupOf(email)));
    expect((await post('/api/activation/resend', { email }, rivalsHost)).status).toBe(200);
    // Mails arrive in order: once a later sign-up's link is here, any mail of the requests above would be too.
    const later = uniqueEmail('later');
    await linkMailedTo(later, () => post('/api/signup', signupOf(later)));
    expect(inbox.mailsTo('nobody@example.test')).toHaveLength(0);
    expect(inbox.mailsTo('athlete@demo.test')).toHaveLength(0);
    expect(inbox.mailsTo('pending@demo.test')).toHaveLength(0);
    expect(inbox.mailsTo(email)).toHaveLength(1);
  });

  it('allows 5 requests an hour per email', async () => {
    const email = uniqueEmail('resend');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await post('/api/activation/resend', { email })).status).toBe(200);
    }
    const limited = await post('/api/activation/resend', { email });
    expect(limited.status).toBe(429);
    expect(errorOf(limited).code).toBe('TOO_MANY_REQUESTS');
  });
});
