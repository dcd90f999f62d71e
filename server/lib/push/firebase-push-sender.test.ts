import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { TenantScope } from '../tenancy';
import {
  internalErrorAnswer,
  malformedTokenAnswer,
  startFakeFirebase,
  type FakeFirebase,
} from './fake-firebase';
import { FirebasePushSender } from './firebase-push-sender';
import { createPushSender, describePushSetup, disabledPushSender, type PushSender } from './push-sender';

let fake: FakeFirebase;
let sender: FirebasePushSender;
let t: TestContext;
let demo: TenantScope;
let rivals: TenantScope;
const ids = new Map<string, string>();

function idOf(email: string): string {
  const id = ids.get(email);
  if (!id) throw new Error(`No seeded user ${email}`);
  return id;
}

async function setToken(email: string, token: string | null) {
  await t.db
    .update(users)
    .set({ firebaseToken: token, firebaseTokenUpdatedAt: token ? new Date() : null })
    .where(eq(users.email, email));
}

async function storedToken(email: string) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  return { token: user?.firebaseToken, updatedAt: user?.firebaseTokenUpdatedAt };
}

/** How much the fake heard, to show that a case made no request at all. */
function traffic() {
  return { tokens: fake.tokenRequests.length, sends: fake.sends.length, refused: fake.refused.length };
}

beforeAll(async () => {
  fake = await startFakeFirebase();
  fake.interceptDefaultHttps();
  sender = new FirebasePushSender({ serviceAccount: fake.serviceAccount, httpAgent: fake.agent });
  t = await createTestContext({}, { push: sender });
  const seeded = await t.db.select().from(users);
  for (const user of seeded) ids.set(user.email, user.id);
  const organizationOf = (email: string) => seeded.find((user) => user.email === email)!.organizationId;
  demo = new TenantScope(t.db, organizationOf('coach@demo.test'));
  rivals = new TenantScope(t.db, organizationOf('coach@rivals.test'));
});

afterAll(async () => {
  await sender?.close();
  await fake?.close();
  await t?.close();
});

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  fake.beforeAnswer = undefined;
  expect(fake.refused).toEqual([]);
});

describe('FirebasePushSender', () => {
  it('sends a data-only web push to the stored token, authorised by the service account', async () => {
    await setToken('coach@demo.test', 'device-coach-1');
    const result = await sender.sendToUser(demo, idOf('coach@demo.test'), {
      title: 'Workout moved',
      body: 'Tuesday, 18:00',
      link: '/app/schedule',
    });

    expect(result.status).toBe('sent');
    expect(result.status === 'sent' && result.messageId).toMatch(
      /^projects\/connect-push-test\/messages\/\d+$/,
    );
    const send = fake.sends.at(-1)!;
    expect(send.projectId).toBe('connect-push-test');
    expect(send.authorization).toBe(`Bearer ${fake.accessToken}`);
    // Data only: a notification payload would make the browser show it besides the service worker.
    expect(send.body.message).toEqual({
      token: 'device-coach-1',
      data: { title: 'Workout moved', body: 'Tuesday, 18:00', link: '/app/schedule' },
      webpush: { headers: { Urgency: 'high', TTL: '86400' } },
    });
    expect(fake.tokenRequests[0]).toMatchObject({
      grantType: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      claims: { iss: fake.serviceAccount.clientEmail, aud: 'https://oauth2.googleapis.com/token' },
    });
  });

  it('reuses the access token for later sends', async () => {
    await setToken('coach@demo.test', 'device-coach-1');
    const before = traffic();
    const result = await sender.sendToUser(demo, idOf('coach@demo.test'), { body: 'Second' });
    expect(result.status).toBe('sent');
    expect(traffic()).toMatchObject({ tokens: before.tokens, sends: before.sends + 1 });
    expect(fake.sends.at(-1)!.body.message.data).toEqual({ body: 'Second' });
  });

  it('does not send to a user without a token', async () => {
    await setToken('athlete@demo.test', null);
    const before = traffic();
    expect(await sender.sendToUser(demo, idOf('athlete@demo.test'), { title: 'Hi' })).toEqual({
      status: 'no-token',
    });
    expect(traffic()).toEqual(before);
  });

  it("never reaches another organisation's user, nor an id that is no user", async () => {
    await setToken('athlete@rivals.test', 'device-rivals-athlete');
    const before = traffic();
    expect(await sender.sendToUser(demo, idOf('athlete@rivals.test'), { title: 'Hi' })).toEqual({
      status: 'no-token',
    });
    expect(await sender.sendToUser(demo, 'not-a-user-id', { title: 'Hi' })).toEqual({ status: 'no-token' });
    expect(traffic()).toEqual(before);

    // The token is there: the user's own organisation does reach it.
    expect((await sender.sendToUser(rivals, idOf('athlete@rivals.test'), { title: 'Hi' })).status).toBe(
      'sent',
    );
    expect(fake.sends.at(-1)!.body.message.token).toBe('device-rivals-athlete');
  });

  it('clears a token FCM reports as unregistered', async () => {
    await setToken('tyler.brooks@demo.test', 'device-uninstalled');
    fake.unregisteredTokens.add('device-uninstalled');
    const result = await sender.sendToUser(demo, idOf('tyler.brooks@demo.test'), { title: 'Hi' });
    expect(result).toEqual({ status: 'invalid-token', tokenCleared: true });
    expect(await storedToken('tyler.brooks@demo.test')).toEqual({ token: null, updatedAt: null });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('keeps a token the device stored while the failed send was in flight', async () => {
    await setToken('diego.martinez@demo.test', 'device-old');
    fake.unregisteredTokens.add('device-old');
    fake.beforeAnswer = () => setToken('diego.martinez@demo.test', 'device-new');
    const result = await sender.sendToUser(demo, idOf('diego.martinez@demo.test'), { title: 'Hi' });
    expect(result).toEqual({ status: 'invalid-token', tokenCleared: false });
    expect((await storedToken('diego.martinez@demo.test')).token).toBe('device-new');
  });

  it('clears a token FCM calls malformed, but not for an invalid argument about something else', async () => {
    await setToken('sam.whitaker@demo.test', 'not-a-real-token');
    fake.answers.set('not-a-real-token', malformedTokenAnswer);
    expect(await sender.sendToUser(demo, idOf('sam.whitaker@demo.test'), { title: 'Hi' })).toEqual({
      status: 'invalid-token',
      tokenCleared: true,
    });
    expect((await storedToken('sam.whitaker@demo.test')).token).toBeNull();

    await setToken('noah.kim@demo.test', 'device-noah');
    fake.answers.set('device-noah', {
      status: 400,
      body: {
        error: {
          code: 400,
          message: "Invalid value at 'message.data[0].value'",
          status: 'INVALID_ARGUMENT',
          details: [
            { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'INVALID_ARGUMENT' },
          ],
        },
      },
    });
    expect(await sender.sendToUser(demo, idOf('noah.kim@demo.test'), { title: 'Hi' })).toEqual({
      status: 'failed',
      errorCode: 'messaging/invalid-argument',
    });
    expect((await storedToken('noah.kim@demo.test')).token).toBe('device-noah');
  });

  it('logs a failure of FCM with the user id, keeps the token and does not throw', async () => {
    await setToken('eli.thompson@demo.test', 'device-eli');
    fake.answers.set('device-eli', internalErrorAnswer);
    const userId = idOf('eli.thompson@demo.test');
    const result = await sender.sendToUser(demo, userId, { title: 'Hi' });
    expect(result).toEqual({ status: 'failed', errorCode: 'messaging/internal-error' });
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining(userId));
    expect((await storedToken('eli.thompson@demo.test')).token).toBe('device-eli');
  });

  it('fails without throwing when Google refuses the service account', async () => {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    // Same account, a key Google does not know: the token endpoint refuses the signed assertion.
    const revoked = new FirebasePushSender({
      serviceAccount: { ...fake.serviceAccount, privateKey },
      httpAgent: fake.agent,
    });
    try {
      await setToken('admin@demo.test', 'device-admin');
      const before = traffic();
      const result = await revoked.sendToUser(demo, idOf('admin@demo.test'), { title: 'Hi' });
      expect(result).toEqual({ status: 'failed', errorCode: 'app/invalid-credential' });
      expect(traffic().sends).toBe(before.sends);
      expect(consoleError).toHaveBeenCalledWith(expect.stringContaining(idOf('admin@demo.test')));
      expect((await storedToken('admin@demo.test')).token).toBe('device-admin');
    } finally {
      await revoked.close();
    }
  });

  it('is what handlers get as c.var.push', async () => {
    let seen: PushSender | undefined;
    t.app.post('/push-sender-probe', (c) => {
      seen = c.var.push;
      return c.body(null, 204);
    });
    expect((await t.request('POST', '/push-sender-probe')).status).toBe(204);
    expect(seen).toBe(sender);
  });
});

describe('push when not configured', () => {
  it('answers disabled and makes no request', async () => {
    await setToken('coach@demo.test', 'device-coach-1');
    const before = traffic();
    const disabled = createPushSender({ FIREBASE_SERVICE_ACCOUNT: undefined });
    expect(disabled).toBe(disabledPushSender);
    expect(disabled.enabled).toBe(false);
    expect(await disabled.sendToUser(demo, idOf('coach@demo.test'), { title: 'Hi' })).toEqual({
      status: 'disabled',
    });
    expect(traffic()).toEqual(before);
  });

  it('is the Firebase sender once a service account is configured', async () => {
    const configured = createPushSender({ FIREBASE_SERVICE_ACCOUNT: fake.serviceAccount });
    try {
      expect(configured).toBeInstanceOf(FirebasePushSender);
      expect(configured.enabled).toBe(true);
    } finally {
      await configured.close();
    }
  });

  it('says at start whether push is on', () => {
    expect(describePushSetup({ FIREBASE_SERVICE_ACCOUNT: undefined })).toBe(
      '[push] Push notifications are off: FIREBASE_SERVICE_ACCOUNT is not set.',
    );
    expect(describePushSetup({ FIREBASE_SERVICE_ACCOUNT: fake.serviceAccount })).toBe(
      '[push] Push notifications are on: Firebase project connect-push-test.',
    );
  });
});
