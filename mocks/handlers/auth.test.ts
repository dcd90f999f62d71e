import { apiErrorSchema, loginResponseSchema, meResponseSchema } from '@contract';
import { demoPassword, demoUsers } from '../data';

const base = 'http://localhost:3000';
const postLogin = (body: unknown) =>
  fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('mock auth API', () => {
  it('signs in a demo user and answers /api/me with the contract shapes', async () => {
    const login = await postLogin({ email: demoUsers.admin.email, password: demoPassword });
    expect(login.status).toBe(200);
    const { token } = loginResponseSchema.parse(await login.json());

    const me = await fetch(`${base}/api/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(meResponseSchema.parse(await me.json()).user.email).toBe(demoUsers.admin.email);
  });

  it.each([
    [{ email: demoUsers.admin.email, password: 'wrong' }, 401, 'INVALID_CREDENTIALS'],
    [{ email: demoUsers.pendingAthlete.email, password: demoPassword }, 403, 'ACCOUNT_NOT_APPROVED'],
    [{ email: 'nope', password: '' }, 400, 'VALIDATION_FAILED'],
  ])('refuses %j with %i %s', async (body, status, code) => {
    const response = await postLogin(body);
    expect(response.status).toBe(status);
    expect(apiErrorSchema.parse(await response.json()).error.code).toBe(code);
  });

  it('answers 401 to /api/me without a token', async () => {
    const response = await fetch(`${base}/api/me`);
    expect(response.status).toBe(401);
  });
});
