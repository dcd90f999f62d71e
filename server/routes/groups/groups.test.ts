import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type GroupsBody = { data: { id: string; name: string; memberCount: number }[] };

describe('GET /api/groups', () => {
  it("lists the organisation's groups by name with how many people each has", async () => {
    const token = await t.signIn('coach@demo.test');
    const response = await t.request<GroupsBody>('GET', '/api/groups', { token });
    expect(response.status).toBe(200);
    expect(response.body.data.map(({ name, memberCount }) => [name, memberCount])).toEqual([
      ['2027 Graduates', 2],
      ['Pitchers', 3],
      ['Position Players', 4],
    ]);
  });

  it("shows a rivals admin only the rivals' groups", async () => {
    const token = await t.signIn('admin@rivals.test');
    const response = await t.request<GroupsBody>('GET', '/api/groups', { token });
    expect(response.body.data.map(({ name, memberCount }) => [name, memberCount])).toEqual([['Varsity', 1]]);
  });

  it('refuses athletes with 403 and signed-out callers with 401', async () => {
    const token = await t.signIn('athlete@demo.test');
    expect((await t.request('GET', '/api/groups', { token })).status).toBe(403);
    expect((await t.request('GET', '/api/groups')).status).toBe(401);
  });
});
