import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type GroupsBody = { data: { id: string; name: string; description: string | null; memberCount: number }[] };
type Member = { id: string; firstName: string; lastName: string; email: string; status: string };
type GroupBody = {
  message: string;
  group: { id: string; name: string; description: string | null; members: Member[] };
};
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

async function groupsAs(email: string) {
  const token = await t.signIn(email);
  return (await t.request<GroupsBody>('GET', '/api/groups', { token })).body.data;
}

async function userIdOf(email: string, token: string): Promise<string> {
  const { body } = await t.request<{ data: { id: string; email: string }[] }>(
    'GET',
    `/api/users?q=${encodeURIComponent(email)}`,
    { token },
  );
  const user = body.data.find((row) => row.email === email);
  if (!user) throw new Error(`No user ${email}`);
  return user.id;
}

describe('GET /api/groups', () => {
  it("lists the organisation's groups by name with their descriptions and how many people each has", async () => {
    const groups = await groupsAs('coach@demo.test');
    expect(groups.map(({ name, description, memberCount }) => [name, description, memberCount])).toEqual([
      ['2027 Graduates', 'Recruiting class of 2027', 2],
      ['Pitchers', 'Throwing program and arm care', 3],
      ['Position Players', 'Hitting, fielding and speed', 4],
    ]);
  });

  it("shows a rivals admin only the rivals' groups", async () => {
    const groups = await groupsAs('admin@rivals.test');
    expect(groups.map(({ name, memberCount }) => [name, memberCount])).toEqual([['Varsity', 1]]);
  });

  it('shows an athlete only the groups it is in, and lets it change none', async () => {
    const groups = await groupsAs('athlete@demo.test');
    expect(groups.map(({ name }) => name)).toEqual(['Pitchers', 'Position Players']);
    const token = await t.signIn('athlete@demo.test');
    expect((await t.request('POST', '/api/groups', { token, body: { name: 'Mine' } })).status).toBe(403);
    expect((await t.request('GET', `/api/groups/${groups[0]!.id}`, { token })).status).toBe(403);
  });

  it('refuses signed-out callers with 401', async () => {
    expect((await t.request('GET', '/api/groups')).status).toBe(401);
  });
});

describe('making, renaming and deleting a group', () => {
  it('a coach makes a group, renames it, describes it and deletes it; the athletes stay', async () => {
    const token = await t.signIn('coach@demo.test');
    const created = await t.request<GroupBody>('POST', '/api/groups', {
      token,
      body: { name: '  Catchers ', description: 'Blocking and framing' },
    });
    expect(created.status).toBe(201);
    expect(created.body.group).toMatchObject({
      name: 'Catchers',
      description: 'Blocking and framing',
      members: [],
    });
    const groupId = created.body.group.id;

    const athleteId = await userIdOf('noah.kim@demo.test', token);
    await t.request('PUT', `/api/groups/${groupId}/members/${athleteId}`, { token });

    const renamed = await t.request<GroupBody>('PATCH', `/api/groups/${groupId}`, {
      token,
      body: { name: 'Catchers 2027', description: '' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.group).toMatchObject({ name: 'Catchers 2027', description: null });
    expect(renamed.body.group.members.map((member) => member.email)).toEqual(['noah.kim@demo.test']);

    const deleted = await t.request<{ message: string }>('DELETE', `/api/groups/${groupId}`, { token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Catchers 2027 is deleted. Its athletes stay in the organisation.');
    expect((await t.request('GET', `/api/groups/${groupId}`, { token })).status).toBe(404);
    expect((await groupsAs('coach@demo.test')).map((group) => group.name)).not.toContain('Catchers 2027');
    expect(await userIdOf('noah.kim@demo.test', token)).toBe(athleteId);
  });

  it('names the field that is wrong and changes nothing', async () => {
    const token = await t.signIn('admin@demo.test');
    const before = await groupsAs('admin@demo.test');

    const empty = await t.request<ErrorBody>('POST', '/api/groups', { token, body: { name: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ name: 'Enter a name for the group' });

    const long = await t.request<ErrorBody>('POST', '/api/groups', { token, body: { name: 'x'.repeat(61) } });
    expect(long.body.error.fields?.name).toBe('A group name has at most 60 characters');

    const taken = await t.request<ErrorBody>('POST', '/api/groups', { token, body: { name: 'pitchers' } });
    expect(taken.status).toBe(400);
    expect(taken.body.error.fields).toEqual({ name: 'There is already a group called Pitchers' });

    const pitchers = before.find((group) => group.name === 'Pitchers')!;
    const clash = await t.request<ErrorBody>('PATCH', `/api/groups/${pitchers.id}`, {
      token,
      body: { name: 'Position players' },
    });
    expect(clash.body.error.fields).toEqual({ name: 'There is already a group called Position Players' });
    // Its own name in another case is not a clash.
    const recased = await t.request<GroupBody>('PATCH', `/api/groups/${pitchers.id}`, {
      token,
      body: { name: 'Pitchers' },
    });
    expect(recased.status).toBe(200);
    const nothing = await t.request<GroupBody>('PATCH', `/api/groups/${pitchers.id}`, { token, body: {} });
    expect(nothing.body.group.name).toBe('Pitchers');

    expect(await groupsAs('admin@demo.test')).toEqual(before);
  });
});

describe('members', () => {
  it('puts an athlete in several groups, twice changes nothing, and takes them out again', async () => {
    const token = await t.signIn('coach@demo.test');
    const groups = await groupsAs('coach@demo.test');
    const graduates = groups.find((group) => group.name === '2027 Graduates')!;
    const pitchers = groups.find((group) => group.name === 'Pitchers')!;
    const diego = await userIdOf('diego.martinez@demo.test', token);

    for (const group of [graduates, pitchers, graduates]) {
      const added = await t.request<GroupBody>('PUT', `/api/groups/${group.id}/members/${diego}`, { token });
      expect(added.status).toBe(200);
      expect(added.body.message).toBe(`Diego Martinez is in ${group.name}.`);
    }
    const detail = await t.request<GroupBody>('GET', `/api/groups/${graduates.id}`, { token });
    // By last name, then first.
    expect(detail.body.group.members.map((member) => member.email)).toEqual([
      'tyler.brooks@demo.test',
      'diego.martinez@demo.test',
      'sam.whitaker@demo.test',
    ]);
    const listed = await t.request<{ data: { email: string }[] }>(
      'GET',
      `/api/users?groupId=${pitchers.id}`,
      {
        token,
      },
    );
    expect(listed.body.data.map((user) => user.email)).toContain('diego.martinez@demo.test');

    const removed = await t.request<GroupBody>('DELETE', `/api/groups/${graduates.id}/members/${diego}`, {
      token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.group.members.map((member) => member.email)).not.toContain(
      'diego.martinez@demo.test',
    );
    await t.request('DELETE', `/api/groups/${pitchers.id}/members/${diego}`, { token });
  });

  it('takes only athletes, and only from its own organisation', async () => {
    const token = await t.signIn('admin@demo.test');
    const [group] = await groupsAs('admin@demo.test');
    const coach = await userIdOf('coach@demo.test', token);
    const staff = await t.request<ErrorBody>('PUT', `/api/groups/${group!.id}/members/${coach}`, { token });
    expect(staff.status).toBe(409);
    expect(staff.body.error.message).toBe('Only athletes can be in a group.');

    const rivalsToken = await t.signIn('admin@rivals.test');
    const [rivalsGroup] = await groupsAs('admin@rivals.test');
    const demoAthlete = await userIdOf('athlete@demo.test', token);
    const crossing = await t.request('PUT', `/api/groups/${rivalsGroup!.id}/members/${demoAthlete}`, {
      token: rivalsToken,
    });
    expect(crossing.status).toBe(404);
    const intoDemo = await t.request('GET', `/api/groups/${group!.id}`, { token: rivalsToken });
    expect(intoDemo.status).toBe(404);
  });
});
