import { apiErrorSchema, updateOwnUserResponseSchema } from '@contract';
import { demoUsers, tokenFor } from '../data';

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
