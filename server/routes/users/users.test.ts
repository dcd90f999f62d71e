import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
let coachToken: string;
let coachId: string;
beforeAll(async () => {
  t = await createTestContext();
  coachToken = await t.signIn('coach@demo.test');
  const me = await t.request<{ user: { id: string } }>('GET', '/api/me', { token: coachToken });
  coachId = me.body.user.id;
});
afterAll(() => t.close());

type UpdateBody = { message: string; user: Record<string, unknown> };
type ErrorBody = { error: { code: string; fields?: Record<string, string> } };

describe('POST /api/users/{userId}', () => {
  it("saves the user's own onboarding state and returns {message, user}", async () => {
    const body = {
      onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true, CREATE_NEW_USER: true },
      onboardingData: {
        CREATE_NEW_USER: { userId: 'abc' },
        CREATE_NEW_WORKOUT: null,
        ADD_WORKOUT_TO_SCHEDULE: null,
      },
      onboardingHidden: true,
      onboarding: false,
    };
    const response = await t.request<UpdateBody>('POST', `/api/users/${coachId}`, {
      token: coachToken,
      body,
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toEqual(expect.any(String));
    expect(response.body.user).toMatchObject(body);
    const me = await t.request<{ user: Record<string, unknown> }>('GET', '/api/me', { token: coachToken });
    expect(me.body.user).toMatchObject(body);
  });

  it('saves the push token', async () => {
    const response = await t.request<UpdateBody>('POST', `/api/users/${coachId}`, {
      token: coachToken,
      body: { firebaseToken: 'fcm-token-1' },
    });
    expect(response.status).toBe(200);
    expect(response.body.user.firebaseToken).toBe('fcm-token-1');
  });

  it('moves a push token to the user who saved it last: one browser, one user', async () => {
    const athleteToken = await t.signIn('athlete@demo.test');
    const athlete = await t.request<{ user: { id: string } }>('GET', '/api/me', { token: athleteToken });
    await t.request('POST', `/api/users/${coachId}`, {
      token: coachToken,
      body: { firebaseToken: 'shared-phone' },
    });
    const saved = await t.request<UpdateBody>('POST', `/api/users/${athlete.body.user.id}`, {
      token: athleteToken,
      body: { firebaseToken: 'shared-phone' },
    });
    expect(saved.body.user.firebaseToken).toBe('shared-phone');
    const coach = await t.request<{ user: Record<string, unknown> }>('GET', '/api/me', { token: coachToken });
    expect(coach.body.user.firebaseToken).toBeNull();
  });

  it("refuses another user's id with 403 and changes nothing", async () => {
    const [athlete] = await t.db.select().from(users).where(eq(users.email, 'athlete@demo.test'));
    const response = await t.request<ErrorBody>('POST', `/api/users/${athlete!.id}`, {
      token: coachToken,
      body: { onboardingHidden: true },
    });
    expect(response.status).toBe(403);
    const [after] = await t.db.select().from(users).where(eq(users.email, 'athlete@demo.test'));
    expect(after!.onboardingHidden).toBe(false);
  });

  it('refuses fields other than the onboarding and push ones with 400 naming them', async () => {
    const response = await t.request<ErrorBody>('POST', `/api/users/${coachId}`, {
      token: coachToken,
      body: { role: 'admin', status: 'approved', onboarding: true },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields ?? {}).sort()).toEqual(['role', 'status']);
    const [after] = await t.db.select().from(users).where(eq(users.id, coachId));
    expect(after).toMatchObject({ role: 'coach', onboarding: false });
  });

  it('refuses an unknown onboarding step and a malformed id', async () => {
    const badStep = await t.request<ErrorBody>('POST', `/api/users/${coachId}`, {
      token: coachToken,
      body: { onboardingSteps: { MAKE_COFFEE: true } },
    });
    expect(badStep.status).toBe(400);
    expect(Object.keys(badStep.body.error.fields ?? {})[0]).toMatch(/^onboardingSteps/);
    const badId = await t.request<ErrorBody>('POST', '/api/users/not-a-uuid', {
      token: coachToken,
      body: {},
    });
    expect(badId.status).toBe(400);
    expect(badId.body.error.fields).toHaveProperty('userId');
  });

  it('applies a write that carries an Idempotency-Key once, replaying the answer', async () => {
    const send = (onboardingHidden: boolean) =>
      t.request<UpdateBody>('POST', `/api/users/${coachId}`, {
        token: coachToken,
        body: { onboardingHidden },
        headers: { 'idempotency-key': 'offline-queue-0001' },
      });
    const first = await send(false);
    expect(first.status).toBe(200);
    // A replay with the same key is not applied again, even with another body.
    const replay = await send(true);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const [after] = await t.db.select().from(users).where(eq(users.id, coachId));
    expect(after!.onboardingHidden).toBe(false);
  });
});
