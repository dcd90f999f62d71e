import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { createTestContext, demoPassword, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe('POST /api/login', () => {
  it('signs an approved user in with a 256-bit token valid for 30 days, storing only its hash', async () => {
    const before = Date.now();
    const response = await t.request<{
      token: string;
      expiresAt: string;
      user: { email: string; role: string };
    }>('POST', '/api/login', { body: { email: 'Coach@Demo.test', password: demoPassword } });
    expect(response.status).toBe(200);
    const { token, expiresAt, user } = response.body;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(user).toMatchObject({ email: 'coach@demo.test', role: 'coach' });
    const lifetimeDays = (Date.parse(expiresAt) - before) / 86_400_000;
    expect(lifetimeDays).toBeGreaterThan(29.99);
    expect(lifetimeDays).toBeLessThan(30.01);

    const stored = await t.db.select().from(sessions);
    expect(stored.some((session) => session.tokenHash === token)).toBe(false);
    expect(
      stored.some((session) => session.tokenHash === createHash('sha256').update(token).digest('hex')),
    ).toBe(true);
  });

  it('answers an unknown email and a wrong password with the same 401 and message', async () => {
    const unknown = await t.request<ErrorBody>('POST', '/api/login', {
      body: { email: 'nobody@demo.test', password: demoPassword },
    });
    const wrong = await t.request<ErrorBody>('POST', '/api/login', {
      body: { email: 'admin@demo.test', password: 'not-the-password' },
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.error).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Email or password is incorrect.',
    });
  });

  it('refuses a user who is not approved with 403 ACCOUNT_NOT_APPROVED and no token', async () => {
    const response = await t.request<ErrorBody & { token?: string }>('POST', '/api/login', {
      body: { email: 'pending@demo.test', password: demoPassword },
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('ACCOUNT_NOT_APPROVED');
    expect(response.body.token).toBeUndefined();
  });

  it('names the fields at fault when the body does not fit', async () => {
    const response = await t.request<ErrorBody>('POST', '/api/login', { body: { email: 'not-an-email' } });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    expect(response.body.error.fields).toEqual({
      email: 'Enter a valid email address',
      password: 'Enter your password',
    });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await t.request<ErrorBody>('POST', '/api/login', { body: '{"email": "a@b.c",' });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ body: 'Malformed JSON' });
  });

  it('answers 429 with Retry-After after 10 failed sign-ins for one email from one address', async () => {
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const attempt = (address: string, password = 'wrong-password') =>
      t.request<ErrorBody>('POST', '/api/login', {
        body: { email: 'athlete@demo.test', password },
        headers: from(address),
      });
    for (let failure = 1; failure <= 10; failure += 1) {
      expect((await attempt('203.0.113.7')).status).toBe(401);
    }
    const limited = await attempt('203.0.113.7', demoPassword);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('TOO_MANY_REQUESTS');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another address, and another email from the same address, are not limited.
    expect((await attempt('203.0.113.8', demoPassword)).status).toBe(200);
    const otherEmail = await t.request('POST', '/api/login', {
      body: { email: 'coach@demo.test', password: demoPassword },
      headers: from('203.0.113.7'),
    });
    expect(otherEmail.status).toBe(200);
  });
});

describe('signed-in access', () => {
  it('GET /api/me returns the user and its organisation', async () => {
    const token = await t.signIn('athlete@demo.test');
    const response = await t.request<{
      user: Record<string, unknown>;
      organization: Record<string, unknown>;
    }>('GET', '/api/me', { token });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({
      email: 'athlete@demo.test',
      firstName: 'Jamie',
      role: 'athlete',
      status: 'approved',
      onboardingSteps: {},
      onboardingData: { CREATE_NEW_USER: null, CREATE_NEW_WORKOUT: null, ADD_WORKOUT_TO_SCHEDULE: null },
      onboardingHidden: false,
      onboarding: false,
      firebaseToken: null,
    });
    expect(response.body.user).not.toHaveProperty('passwordHash');
    expect(response.body.organization).toMatchObject({ slug: 'demo', name: 'Demo Baseball Academy' });
  });

  it('needs a bearer token', async () => {
    expect((await t.request('GET', '/api/me')).status).toBe(401);
    expect((await t.request('GET', '/api/me', { headers: { authorization: 'Basic abc' } })).status).toBe(401);
    expect((await t.request('GET', '/api/me', { token: 'x'.repeat(43) })).status).toBe(401);
  });

  it('POST /api/logout revokes the token', async () => {
    const token = await t.signIn('coach@demo.test');
    expect((await t.request('POST', '/api/logout', { token })).status).toBe(200);
    expect((await t.request('GET', '/api/me', { token })).status).toBe(401);
  });

  it("POST /api/logout clears the user's push token: the device signing out gets no more of their pushes", async () => {
    const token = await t.signIn('coach@demo.test');
    await t.db.update(users).set({ firebaseToken: 'coach-phone' }).where(eq(users.email, 'coach@demo.test'));
    expect((await t.request('POST', '/api/logout', { token })).status).toBe(200);
    const [coach] = await t.db.select().from(users).where(eq(users.email, 'coach@demo.test'));
    expect(coach!.firebaseToken).toBeNull();
  });

  it('refuses an expired token', async () => {
    const token = await t.signIn('coach@demo.test');
    const tokenHash = createHash('sha256').update(token).digest('hex');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenHash));
    expect((await t.request('GET', '/api/me', { token })).status).toBe(401);
  });

  it('cuts off a user on the next request once it is disabled or no longer approved', async () => {
    const token = await t.signIn('tyler.brooks@demo.test');
    expect((await t.request('GET', '/api/me', { token })).status).toBe(200);
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.email, 'tyler.brooks@demo.test'));
    expect((await t.request('GET', '/api/me', { token })).status).toBe(401);
    await t.db.update(users).set({ status: 'approved' }).where(eq(users.email, 'tyler.brooks@demo.test'));
    const second = await t.signIn('tyler.brooks@demo.test');
    await t.db.update(users).set({ status: 'rejected' }).where(eq(users.email, 'tyler.brooks@demo.test'));
    expect((await t.request('GET', '/api/settings', { token: second })).status).toBe(401);
  });
});
