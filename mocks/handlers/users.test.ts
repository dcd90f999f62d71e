import {
  apiErrorSchema,
  changeUserStatusResponseSchema,
  updateOwnUserResponseSchema,
  userListResponseSchema,
} from '@contract';
import { demoUsers, tokenFor } from '../data';
import { server } from '../server';
import { userDirectoryHandlers } from './users';

const base = 'http://localhost:3000';
const postUser = (userId: string, body: unknown, token = tokenFor(demoUsers.coach)) =>
  fetch(`${base}/api/users/${userId}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

describe('mock users API', () => {
  it("answers a change of the user's own onboarding with the changed user", async () => {
    const response = await postUser(demoUsers.coach.id, {
      onboardingSteps: { NAVIGATE_TO_USERS_PAGE: true },
      onboardingHidden: true,
    });
    expect(response.status).toBe(200);
    const { user } = updateOwnUserResponseSchema.parse(await response.json());
    expect(user).toMatchObject({ id: demoUsers.coach.id, onboardingHidden: true });
    expect(user.onboardingSteps).toEqual({ NAVIGATE_TO_USERS_PAGE: true });
  });

  it.each([
    ["another user's record", demoUsers.athlete.id, { onboarding: true }, 403, 'FORBIDDEN'],
    [
      'an unknown step',
      demoUsers.coach.id,
      { onboardingSteps: { NOT_A_STEP: true } },
      400,
      'VALIDATION_FAILED',
    ],
  ])('refuses %s', async (_case, userId, body, status, code) => {
    const response = await postUser(userId, body);
    expect(response.status).toBe(status);
    expect(apiErrorSchema.parse(await response.json()).error.code).toBe(code);
  });

  it('answers 401 without a token', async () => {
    const response = await fetch(`${base}/api/users/${demoUsers.coach.id}`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
  });
});

describe('mock users list and status changes', () => {
  const get = (query: string, token = tokenFor(demoUsers.coach)) =>
    fetch(`${base}/api/users${query}`, { headers: { Authorization: `Bearer ${token}` } });

  it('answers the contract: pending first, filtered and paged, with the total', async () => {
    const response = await get('?size=2');
    const body = userListResponseSchema.parse(await response.json());
    expect(body).toMatchObject({ page: 0, size: 2, total: 9 });
    expect(body.data.map((user) => user.lastName)).toEqual(['Chen', 'Brooks']);
    const coaches = userListResponseSchema.parse(await (await get('?role=coach')).json());
    expect(coaches.data.map((user) => user.email)).toEqual(['coach@demo.test']);
  });

  it('refuses a size over 100 and athletes, as the server does', async () => {
    const tooBig = await get('?size=101');
    expect(tooBig.status).toBe(400);
    expect(apiErrorSchema.parse(await tooBig.json()).error.fields).toHaveProperty('size');
    expect((await get('', tokenFor(demoUsers.athlete))).status).toBe(403);
  });

  it('approves a pending sign-up, and refuses a change that makes no sense with 409', async () => {
    server.use(...userDirectoryHandlers());
    const post = (userId: string, status: string) =>
      fetch(`${base}/api/users/${userId}/status`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokenFor(demoUsers.coach)}` },
        body: JSON.stringify({ status }),
      });
    const approved = await post(demoUsers.pendingAthlete.id, 'approved');
    expect(changeUserStatusResponseSchema.parse(await approved.json()).user.status).toBe('approved');
    expect((await post(demoUsers.pendingAthlete.id, 'rejected')).status).toBe(409);
    expect((await post(demoUsers.admin.id, 'disabled')).status).toBe(403);
  });
});
