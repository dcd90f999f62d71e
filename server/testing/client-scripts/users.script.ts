import assert from 'node:assert/strict';
import type { ClientScript } from './script';
import { signIn } from './sign-in';

const coach = 'coach@demo.test';
const pageSize = 2;

/** A coach: who am I, every athlete a search finds page by page, its own phone, and a change the API refuses. */
export const run: ClientScript = async ({ baseUrl, password }) => {
  const api = await signIn({ baseUrl, email: coach, password });

  const me = await api.GET('/api/me');
  assert.ok(me.data, `GET /api/me answered ${me.response.status}`);
  const { user, organization } = me.data;
  assert.equal(user.email, coach);
  assert.equal(user.role, 'coach');
  assert.equal(organization.name, 'Demo Baseball Academy');

  const athletes = new Set<string>();
  let total = 1;
  for (let page = 0; page * pageSize < total; page += 1) {
    const { data, error } = await api.GET('/api/users', {
      params: { query: { q: 'DEMO.test', role: 'athlete', page, size: pageSize } },
    });
    assert.ok(data, `GET /api/users page ${page}: ${error?.error.message}`);
    assert.equal(data.page, page);
    assert.ok(data.data.length <= pageSize);
    for (const athlete of data.data) {
      assert.equal(athlete.role, 'athlete');
      assert.match(athlete.email, /demo\.test$/);
      assert.ok(!athletes.has(athlete.id), `${athlete.email} is on two pages`);
      athletes.add(athlete.id);
    }
    total = data.total;
  }
  assert.equal(athletes.size, total);
  assert.ok(total > pageSize, 'the search needs more than one page');

  const phone = '555 0142';
  const saved = await api.PATCH('/api/users/{userId}', {
    params: { path: { userId: user.id } },
    body: { phone },
  });
  assert.ok(saved.data, `PATCH own profile answered ${saved.response.status}`);
  assert.equal(saved.data.user.phone, phone);

  const refused = await api.PATCH('/api/users/{userId}', {
    params: { path: { userId: user.id } },
    body: { firstName: '' },
  });
  assert.equal(refused.response.status, 400);
  assert.ok(refused.error, 'an empty first name was saved');
  assert.equal(refused.error.error.code, 'VALIDATION_FAILED');
  assert.ok(refused.error.error.fields?.firstName, 'the answer names fields.firstName');

  const signedOut = await api.POST('/api/logout');
  assert.ok(signedOut.data, `POST /api/logout answered ${signedOut.response.status}`);
  assert.equal((await api.GET('/api/me')).response.status, 401);
};
