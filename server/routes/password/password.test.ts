import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, organizationHosts, organizations } from '../../db/schema';
import { linkIn, SmtpInbox } from '../../testing/smtp-inbox';
import { createTestContext, demoPassword, type TestContext } from '../../testing/test-app';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type MessageBody = { message: string };

const inbox = new SmtpInbox();
let t: TestContext;
beforeAll(async () => {
  const smtpUrl = await inbox.start();
  t = await createTestContext({
    SMTP_URL: smtpUrl,
    TRUST_PROXY: 'true',
    PUBLIC_URL: 'https://connect.example.com',
  });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

let addressCounter = 0;
/** Each call comes from its own client address, so only the test about limits meets them. */
const freshAddress = () => ({ 'x-forwarded-for': `198.51.100.${(addressCounter += 1)}` });

function askForResetLink(email: string, headers: Record<string, string> = {}) {
  return t.request<MessageBody | ErrorBody>('POST', '/api/password/forgot', {
    body: { email },
    headers: { ...freshAddress(), ...headers },
  });
}

function resetPassword(
  body: { userId: string; resetToken: string; password: string },
  headers: Record<string, string> = {},
) {
  return t.request<MessageBody | ErrorBody>('POST', '/api/password/reset', {
    body,
    headers: { ...freshAddress(), ...headers },
  });
}

/**
 * Asks for a link and reads it from the mail that arrives. Mails arrive in order (SmtpInbox.start), so it also
 * shows that an earlier request that should mail nothing did not: its mail would have arrived first.
 */
async function resetLinkFor(email: string, headers: Record<string, string> = {}) {
  const arriving = inbox.nextMailTo(email);
  expect((await askForResetLink(email, headers)).status).toBe(200);
  const mail = await arriving;
  const link = linkIn(mail, '/reset-password/');
  const [, , userId = '', resetToken = ''] = link.pathname.split('/');
  return { mail, link, userId, resetToken };
}

const errorOf = (response: { body: unknown }) => (response.body as ErrorBody).error;

describe('forgot password → mail → reset', () => {
  it('mails a link that sets a new password once, signs the user out everywhere and lets them in with the new one', async () => {
    const phone = await t.signIn('tyler.brooks@demo.test');
    const laptop = await t.signIn('tyler.brooks@demo.test');

    const { mail, link, userId, resetToken } = await resetLinkFor('Tyler.Brooks@Demo.test');
    expect(mail.from).toBe('Connect Platform <no-reply@localhost>');
    expect(mail.subject).toBe('Reset your Demo Baseball Academy password');
    expect(mail.text).toContain('Hi Tyler,');
    expect(mail.text).toContain('The link works once, for 1 hour.');
    expect(link.origin).toBe('http://localhost');
    expect(Buffer.from(resetToken, 'base64url')).toHaveLength(32);
    expect(mail.html).toContain(`href="${link.toString()}"`);
    expect(mail.html).toContain('Choose a new password</a>');
    expect(mail.html).toContain('src="http://localhost/org-logos/demo.svg"');
    // Only the token's hash is stored.
    const stored = await t.db.select().from(accountTokens).where(eq(accountTokens.userId, userId));
    expect(stored.map((token) => token.tokenHash)).not.toContain(resetToken);

    const reset = await resetPassword({ userId, resetToken, password: 'fresh-start-2026' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({
      message: 'Your password has been changed. Sign in with your new password.',
    });

    expect((await t.request('GET', '/api/me', { token: phone })).status).toBe(401);
    expect((await t.request('GET', '/api/me', { token: laptop })).status).toBe(401);
    const oldPassword = await t.request('POST', '/api/login', {
      body: { email: 'tyler.brooks@demo.test', password: demoPassword },
      headers: freshAddress(),
    });
    expect(oldPassword.status).toBe(401);
    const token = await t.signIn('tyler.brooks@demo.test', 'fresh-start-2026');
    expect((await t.request('GET', '/api/me', { token })).status).toBe(200);

    const again = await resetPassword({ userId, resetToken, password: 'another-one-2026' });
    expect(again.status).toBe(400);
    expect(errorOf(again).code).toBe('RESET_LINK_USED');
  });

  it('answers an unknown email exactly like a known one, and sends no mail', async () => {
    const knownMail = inbox.nextMailTo('diego.martinez@demo.test');
    const unknown = await askForResetLink('nobody@demo.test');
    const known = await askForResetLink('diego.martinez@demo.test');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.body).toEqual({
      message:
        'If an account uses this email, we have sent it a link to choose a new password. The link works for 1 hour.',
    });
    // Mails arrive in order: once the known user's is here, one to the unknown address would be too.
    await knownMail;
    expect(inbox.mailsTo('nobody@demo.test')).toHaveLength(0);
  });

  it('sends nothing to an account that is not approved', async () => {
    expect((await askForResetLink('pending@demo.test')).status).toBe(200);
    await resetLinkFor('diego.martinez@demo.test');
    expect(inbox.mailsTo('pending@demo.test')).toHaveLength(0);
  });

  it('names the email field when it is not an address', async () => {
    const response = await askForResetLink('not-an-email');
    expect(response.status).toBe(400);
    expect(errorOf(response).fields).toEqual({ email: 'Enter a valid email address' });
  });
});

describe('reset links that do not work', () => {
  it('refuses a link after 1 hour as expired', async () => {
    const { userId, resetToken } = await resetLinkFor('sam.whitaker@demo.test');
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, userId));
    const response = await resetPassword({ userId, resetToken, password: 'too-late-2026' });
    expect(response.status).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'RESET_LINK_EXPIRED',
      message: 'This reset link has expired (links work for 1 hour). Ask for a new link.',
    });
  });

  it('refuses a made-up token, a token of another user, and a link replaced by a newer one', async () => {
    const first = await resetLinkFor('noah.kim@demo.test');
    const madeUp = await resetPassword({
      userId: first.userId,
      resetToken: randomBytes(32).toString('base64url'),
      password: 'guessing-2026',
    });
    expect(errorOf(madeUp).code).toBe('RESET_LINK_INVALID');

    const otherUser = await resetPassword({
      userId: '00000000-0000-4000-8000-000000000000',
      resetToken: first.resetToken,
      password: 'guessing-2026',
    });
    expect(errorOf(otherUser).code).toBe('RESET_LINK_INVALID');

    const second = await resetLinkFor('noah.kim@demo.test');
    const replaced = await resetPassword({ ...first, password: 'first-link-2026' });
    expect(errorOf(replaced).code).toBe('RESET_LINK_INVALID');
    expect(errorOf(replaced).message).toBe(
      'This reset link is not valid. Ask for a new link to choose your password.',
    );
    expect((await resetPassword({ ...second, password: 'second-link-2026' })).status).toBe(200);
  });

  it("refuses a password against the organisation's policy, naming what is missing, and keeps the link usable", async () => {
    await t.db
      .update(organizations)
      .set({ passwordMinLength: 10, passwordRequireUppercase: true, passwordRequireNumeric: true })
      .where(eq(organizations.slug, 'demo'));
    try {
      const { userId, resetToken } = await resetLinkFor('eli.thompson@demo.test');
      const weak = await resetPassword({ userId, resetToken, password: 'short' });
      expect(weak.status).toBe(400);
      expect(errorOf(weak).code).toBe('VALIDATION_FAILED');
      expect(errorOf(weak).fields).toEqual({
        password: 'The password needs at least 10 characters, one uppercase letter and one number.',
      });
      expect((await resetPassword({ userId, resetToken, password: 'Strong-enough-2026' })).status).toBe(200);
    } finally {
      await t.db
        .update(organizations)
        .set({ passwordMinLength: 6, passwordRequireUppercase: false, passwordRequireNumeric: false })
        .where(eq(organizations.slug, 'demo'));
    }
  });

  it('asks for a new password when the body has none', async () => {
    const response = await t.request<ErrorBody>('POST', '/api/password/reset', {
      body: { userId: '00000000-0000-4000-8000-000000000000', resetToken: 'abc' },
      headers: freshAddress(),
    });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ password: 'Enter a new password' });
  });
});

describe('organisations and hosts', () => {
  const rivalsHost = { 'x-forwarded-host': 'rivals.localhost' };

  it("links to the host the request came from when it is the organisation's own", async () => {
    const { link, mail } = await resetLinkFor('athlete@rivals.test', rivalsHost);
    expect(link.origin).toBe('http://rivals.localhost');
    expect(mail.subject).toBe('Reset your Rivals Baseball Club password');
  });

  it("sends no link to a user of another organisation than the host's", async () => {
    expect((await askForResetLink('coach@demo.test', rivalsHost)).status).toBe(200);
    await resetLinkFor('athlete@rivals.test', rivalsHost);
    expect(inbox.mailsTo('coach@demo.test')).toHaveLength(0);
  });

  it("refuses a demo user's link on another organisation's host", async () => {
    const { userId, resetToken } = await resetLinkFor('athlete@demo.test');
    const elsewhere = await resetPassword({ userId, resetToken, password: 'from-rivals-2026' }, rivalsHost);
    expect(errorOf(elsewhere).code).toBe('RESET_LINK_INVALID');
  });

  it("never links to a forged host: the organisation's first host, else PUBLIC_URL", async () => {
    const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const viaPublicUrl = await resetLinkFor('admin@demo.test', forged);
    expect(viaPublicUrl.link.origin).toBe('https://connect.example.com');

    const [demo] = await t.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
    await t.db.insert(organizationHosts).values({ host: 'train.demo.example', organizationId: demo!.id });
    try {
      const viaHost = await resetLinkFor('admin@demo.test', forged);
      expect(viaHost.link.origin).toBe('https://train.demo.example');
      const ownHost = await resetLinkFor('admin@demo.test', {
        'x-forwarded-host': 'train.demo.example',
        'x-forwarded-proto': 'https',
      });
      expect(ownHost.link.origin).toBe('https://train.demo.example');
    } finally {
      await t.db.delete(organizationHosts).where(eq(organizationHosts.host, 'train.demo.example'));
    }
  });
});

describe('rate limits', () => {
  it('allows 5 links an hour per email, then answers 429 with Retry-After, from any address', async () => {
    for (let request = 1; request <= 5; request += 1) {
      expect((await askForResetLink('coach@rivals.test')).status).toBe(200);
    }
    const limited = await askForResetLink('Coach@Rivals.test');
    expect(limited.status).toBe(429);
    expect(errorOf(limited).code).toBe('TOO_MANY_REQUESTS');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
  });

  it('allows 20 requests per 15 minutes from one address, for any emails', async () => {
    const address = { 'x-forwarded-for': '203.0.113.50' };
    for (let request = 1; request <= 20; request += 1) {
      expect((await askForResetLink(`someone-${request}@demo.test`, address)).status).toBe(200);
    }
    const limited = await askForResetLink('someone-else@demo.test', address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect((await askForResetLink('someone-else@demo.test')).status).toBe(200);
  });

  it('allows 20 reset attempts per 15 minutes from one address', async () => {
    const address = { 'x-forwarded-for': '203.0.113.51' };
    const guess = { userId: '00000000-0000-4000-8000-000000000000', password: 'guessing-2026' };
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const response = await resetPassword({ ...guess, resetToken: `guess-${attempt}` }, address);
      expect(response.status).toBe(400);
    }
    const limited = await resetPassword({ ...guess, resetToken: 'guess-21' }, address);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});

describe('when mail cannot be sent', () => {
  it('still answers the same, and logs the failure', async () => {
    const failing = {
      kind: 'smtp' as const,
      send: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')),
      close: () => Promise.resolve(),
    };
    const errors: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    const broken = await createTestContext({}, { mailer: failing });
    try {
      const response = await broken.request('POST', '/api/password/forgot', {
        body: { email: 'coach@demo.test' },
      });
      expect(response.status).toBe(200);
      await expect.poll(() => errors.length).toBe(1);
      expect(String(errors[0]?.[0])).toContain('The password reset mail to user');
    } finally {
      console.error = original;
      await broken.close();
    }
  });
});
