import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { createTestContext, demoPassword, type TestContext } from '../../testing/test-app';

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

  it('merges the tour per step: a step or a slot saved from another device stays', async () => {
    const save = (body: Record<string, unknown>) =>
      t.request<UpdateBody>('POST', `/api/users/${coachId}`, { token: coachToken, body });
    // The phone, then the tablet with an old copy: each sends only what it did, or (an older app) its whole map.
    await save({
      onboardingSteps: { NAVIGATE_TO_WORKOUT_LIBRARY: true },
      onboardingData: {
        CREATE_NEW_USER: null,
        CREATE_NEW_WORKOUT: { workoutId: 'w-1' },
        ADD_WORKOUT_TO_SCHEDULE: null,
      },
    });
    const tablet = await save({
      onboardingSteps: { NAVIGATE_TO_WORKOUT_LIBRARY: false, NAVIGATE_TO_SCHEDULE: true },
      onboardingData: {
        CREATE_NEW_USER: null,
        CREATE_NEW_WORKOUT: null,
        ADD_WORKOUT_TO_SCHEDULE: { entryId: 'e-1' },
      },
    });
    expect(tablet.status).toBe(200);
    const saved = {
      onboardingSteps: { NAVIGATE_TO_WORKOUT_LIBRARY: true, NAVIGATE_TO_SCHEDULE: true },
      onboardingData: {
        CREATE_NEW_WORKOUT: { workoutId: 'w-1' },
        ADD_WORKOUT_TO_SCHEDULE: { entryId: 'e-1' },
      },
    };
    expect(tablet.body.user).toMatchObject(saved);
    const [after] = await t.db.select().from(users).where(eq(users.id, coachId));
    expect(after).toMatchObject(saved);
  });

  it('keeps both of two saves of different steps sent at the same moment', async () => {
    const steps = [
      'FILL_WORKOUT_FORM',
      'CREATE_NEW_EXERCISE',
      'CREATE_NEW_WORKOUT',
      'ADD_WORKOUT_TO_SCHEDULE',
    ];
    await Promise.all(
      steps.map((step) =>
        t.request('POST', `/api/users/${coachId}`, {
          token: coachToken,
          body: { onboardingSteps: { [step]: true } },
        }),
      ),
    );
    const [after] = await t.db.select().from(users).where(eq(users.id, coachId));
    expect(after!.onboardingSteps).toMatchObject(Object.fromEntries(steps.map((step) => [step, true])));
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

type ListBody = {
  data: {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    status: string;
    role: string;
    groups: { id: string; name: string }[];
    createdAt: string;
  }[];
  page: number;
  size: number;
  total: number;
};
type StatusBody = {
  message: string;
  user: { id: string; status: string };
  error: { code: string; message: string; fields?: Record<string, string> };
};

const namesOf = (body: ListBody) => body.data.map((user) => `${user.firstName} ${user.lastName}`);

describe('GET /api/users', () => {
  const list = (query: string, token = coachToken) =>
    t.request<ListBody>('GET', `/api/users${query}`, { token });

  it('lists everyone in the organisation: pending sign-ups first, then by last name, with their groups', async () => {
    const response = await list('');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ page: 0, size: 25, total: 9 });
    expect(namesOf(response.body)).toEqual([
      'Riley Chen',
      'Tyler Brooks',
      'Casey Jordan',
      'Noah Kim',
      'Diego Martinez',
      'Morgan Reyes',
      'Jamie Rivera',
      'Eli Thompson',
      'Sam Whitaker',
    ]);
    const jamie = response.body.data.find((user) => user.email === 'athlete@demo.test');
    expect(jamie).toMatchObject({ role: 'athlete', status: 'approved' });
    expect(Date.parse(jamie?.createdAt ?? '')).not.toBeNaN();
    expect(jamie?.groups.map((group) => group.name)).toEqual(['Pitchers', 'Position Players']);
    expect(JSON.stringify(response.body)).not.toMatch(/rivals|passwordHash|firebaseToken/);
  });

  it('finds people by part of a first name, last name, full name or email, in any case', async () => {
    expect(namesOf((await list('?q=RIV')).body)).toEqual(['Jamie Rivera']);
    expect(namesOf((await list('?q=riley')).body)).toEqual(['Riley Chen']);
    expect(namesOf((await list('?q=jamie%20riv')).body)).toEqual(['Jamie Rivera']);
    expect(namesOf((await list('?q=tyler.b')).body)).toEqual(['Tyler Brooks']);
    const nobody = await list('?q=zzz');
    expect(nobody.body).toMatchObject({ data: [], total: 0 });
  });

  it('takes % and _ in the search as letters, not wildcards', async () => {
    expect((await list('?q=%25')).body.total).toBe(0);
    expect((await list('?q=_')).body.total).toBe(0);
    expect((await list('?q=%5C')).body.total).toBe(0);
  });

  it('filters by role, by status and by group, and combines filters', async () => {
    expect(namesOf((await list('?role=coach')).body)).toEqual(['Casey Jordan']);
    expect(namesOf((await list('?status=pending')).body)).toEqual(['Riley Chen']);
    const groups = await t.request<{ data: { id: string; name: string }[] }>('GET', '/api/groups', {
      token: coachToken,
    });
    const pitchers = groups.body.data.find((group) => group.name === 'Pitchers')!;
    expect(namesOf((await list(`?groupId=${pitchers.id}`)).body)).toEqual([
      'Tyler Brooks',
      'Noah Kim',
      'Jamie Rivera',
    ]);
    expect(namesOf((await list(`?groupId=${pitchers.id}&q=kim&role=athlete`)).body)).toEqual(['Noah Kim']);
    expect((await list(`?groupId=${pitchers.id}&role=coach`)).body.total).toBe(0);
  });

  it('pages with the total over all pages', async () => {
    const first = await list('?size=4');
    expect(first.body).toMatchObject({ page: 0, size: 4, total: 9 });
    expect(namesOf(first.body)).toEqual(['Riley Chen', 'Tyler Brooks', 'Casey Jordan', 'Noah Kim']);
    const last = await list('?size=4&page=2');
    expect(namesOf(last.body)).toEqual(['Sam Whitaker']);
    expect(last.body.total).toBe(9);
    const beyond = await list('?size=4&page=7');
    expect(beyond.body).toMatchObject({ data: [], total: 9 });
  });

  it.each([
    ['size=101', 'size'],
    ['size=0', 'size'],
    ['page=-1', 'page'],
    ['page=one', 'page'],
    ['role=captain', 'role'],
    ['status=asleep', 'status'],
    ['groupId=not-a-uuid', 'groupId'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const response = await t.request<ErrorBody>('GET', `/api/users?${query}`, { token: coachToken });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toHaveProperty(field);
  });

  it('lets an admin list too, refuses athletes with 403 and signed-out callers with 401', async () => {
    const adminToken = await t.signIn('admin@demo.test');
    expect((await list('', adminToken)).body.total).toBe(9);
    const athleteToken = await t.signIn('athlete@demo.test');
    expect((await list('', athleteToken)).status).toBe(403);
    expect((await t.request('GET', '/api/users')).status).toBe(401);
  });

  it("shows a rivals admin only the rivals' people, whatever group id it names", async () => {
    const rivalsToken = await t.signIn('admin@rivals.test');
    const own = await list('', rivalsToken);
    expect(own.body.total).toBe(3);
    expect(JSON.stringify(own.body)).not.toContain('@demo.test');
    const groups = await t.request<{ data: { id: string }[] }>('GET', '/api/groups', { token: coachToken });
    const demoGroup = groups.body.data[0]!;
    expect((await list(`?groupId=${demoGroup.id}`, rivalsToken)).body).toMatchObject({ data: [], total: 0 });
  });
});

describe('POST /api/users/{userId}/status', () => {
  async function idOf(email: string): Promise<string> {
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    return row!.id;
  }
  const setStatus = (userId: string, status: string, token: string) =>
    t.request<StatusBody>('POST', `/api/users/${userId}/status`, { token, body: { status } });

  it('lets a coach approve a pending athlete, who can then sign in', async () => {
    const pendingId = await idOf('pending@demo.test');
    const response = await setStatus(pendingId, 'approved', coachToken);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Riley Chen is approved and can sign in.');
    expect(response.body.user).toMatchObject({ id: pendingId, status: 'approved' });
    await expect(t.signIn('pending@demo.test')).resolves.toEqual(expect.any(String));
  });

  it('refuses changes that make no sense with 409 and a clear message', async () => {
    const jamieId = await idOf('athlete@demo.test');
    const reject = await setStatus(jamieId, 'rejected', coachToken);
    expect(reject.status).toBe(409);
    expect(reject.body.error.message).toBe(
      'Only a pending sign-up can be rejected; Jamie Rivera is approved.',
    );
    const approve = await setStatus(jamieId, 'approved', coachToken);
    expect(approve.status).toBe(409);
    expect(approve.body.error.message).toBe('Jamie Rivera is already approved.');
  });

  it('disables a user: every session ends at once, and enabling does not bring them back', async () => {
    const tylerId = await idOf('tyler.brooks@demo.test');
    const phone = await t.signIn('tyler.brooks@demo.test');
    const laptop = await t.signIn('tyler.brooks@demo.test');
    expect((await t.request('GET', '/api/me', { token: phone })).status).toBe(200);

    const disabled = await setStatus(tylerId, 'disabled', coachToken);
    expect(disabled.status).toBe(200);
    expect(disabled.body.user.status).toBe('disabled');
    expect(disabled.body.message).toBe('Tyler Brooks is disabled and signed out everywhere.');
    expect((await t.request('GET', '/api/me', { token: phone })).status).toBe(401);
    expect((await t.request('GET', '/api/me', { token: laptop })).status).toBe(401);
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, tylerId));
    expect(live.every((session) => session.revokedAt !== null)).toBe(true);
    expect(
      (
        await t.request('POST', '/api/login', {
          body: { email: 'tyler.brooks@demo.test', password: demoPassword },
        })
      ).status,
    ).not.toBe(200);

    const enabled = await setStatus(tylerId, 'approved', coachToken);
    expect(enabled.body.message).toBe('Tyler Brooks is enabled again.');
    expect((await t.request('GET', '/api/me', { token: phone })).status).toBe(401);
    await expect(t.signIn('tyler.brooks@demo.test')).resolves.toEqual(expect.any(String));
  });

  it('lets a coach change athletes only, and an admin anyone but itself', async () => {
    const adminToken = await t.signIn('admin@demo.test');
    const adminId = await idOf('admin@demo.test');
    const coach = await setStatus(adminId, 'disabled', coachToken);
    expect(coach.status).toBe(403);
    expect(coach.body.error.message).toBe('Coaches can approve, reject, disable and enable athletes only.');
    const self = await setStatus(coachId, 'disabled', coachToken);
    expect(self.status).toBe(403);
    const adminSelf = await setStatus(adminId, 'disabled', adminToken);
    expect(adminSelf.status).toBe(403);
    expect(adminSelf.body.error.message).toBe('You cannot change the status of your own account.');

    const disabledCoach = await setStatus(coachId, 'disabled', adminToken);
    expect(disabledCoach.status).toBe(200);
    expect((await t.request('GET', '/api/users', { token: coachToken })).status).toBe(401);
    expect((await setStatus(coachId, 'approved', adminToken)).status).toBe(200);
    coachToken = await t.signIn('coach@demo.test');
  });

  it('refuses athletes with 403, a status that cannot be set with 400, and an unknown id with 404', async () => {
    const athleteToken = await t.signIn('athlete@demo.test');
    const noahId = await idOf('noah.kim@demo.test');
    expect((await setStatus(noahId, 'disabled', athleteToken)).status).toBe(403);
    const pending = await setStatus(noahId, 'pending', coachToken);
    expect(pending.status).toBe(400);
    expect(pending.body.error.fields).toHaveProperty('status');
    expect((await setStatus('00000000-0000-4000-8000-000000000000', 'disabled', coachToken)).status).toBe(
      404,
    );
  });

  it("answers 404 for another organisation's user and changes nothing there", async () => {
    const rivalsAthleteId = await idOf('athlete@rivals.test');
    const response = await setStatus(rivalsAthleteId, 'disabled', coachToken);
    expect(response.status).toBe(404);
    const [after] = await t.db.select().from(users).where(eq(users.id, rivalsAthleteId));
    expect(after!.status).toBe('approved');
    await expect(t.signIn('athlete@rivals.test')).resolves.toEqual(expect.any(String));
  });
});
