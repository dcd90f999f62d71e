import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exercises, organizations, passengers, users, workouts } from './db/schema';
import { createTestContext, type TestContext } from './testing/test-app';

let t: TestContext;
let rivalsToken: string;
beforeAll(async () => {
  t = await createTestContext();
  rivalsToken = await t.signIn('admin@rivals.test');
});
afterAll(() => t.close());

/** Everything of `demo` that a `rivals` user could try to reach, by id. */
async function demoSnapshot() {
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
  const demoUsers = await t.db.select().from(users).where(eq(users.organizationId, demo!.id));
  const demoRoster = await t.db.select().from(passengers).where(eq(passengers.organizationId, demo!.id));
  const demoExercises = await t.db.select().from(exercises).where(eq(exercises.organizationId, demo!.id));
  const demoWorkouts = await t.db.select().from(workouts).where(eq(workouts.organizationId, demo!.id));
  return { demo: demo!, demoUsers, demoRoster, demoExercises, demoWorkouts };
}

describe('organisation isolation: a rivals token reads and changes nothing of demo', () => {
  it('reads only its own organisation through every read route', async () => {
    const { demoUsers, demoRoster, demoExercises, demoWorkouts } = await demoSnapshot();
    const demoIds = new Set(
      [demoUsers, demoRoster, demoExercises, demoWorkouts].flatMap((rows) => rows.map((row) => row.id)),
    );
    const reads = [
      '/api/me',
      '/api/settings',
      '/api/customSidebarItems',
      '/passenger?page=0&size=300',
      '/api/exercises?size=100',
      '/api/exercises?size=100&archived=true',
      '/api/workouts?size=100',
      '/api/workouts?size=100&archived=true',
    ];
    for (const path of reads) {
      const response = await t.request('GET', path, { token: rivalsToken });
      expect(response.status, path).toBe(200);
      const text = JSON.stringify(response.body);
      expect(text, path).not.toContain('Demo Baseball Academy');
      expect(text, path).not.toContain('@demo.test');
      for (const id of demoIds) expect(text, path).not.toContain(id);
    }
    const roster = await t.request<{ data: { trip: string }[] }>('GET', '/passenger?page=0&size=300', {
      token: rivalsToken,
    });
    expect(roster.body.data.map((row) => row.trip)).toEqual([
      'Fall Tournament — Dallas',
      'Fall Tournament — Dallas',
    ]);
    const library = await t.request<{ total: number }>('GET', '/api/exercises', { token: rivalsToken });
    expect(library.body.total).toBe(5);
    const rivalsWorkouts = await t.request<{ data: { name: string }[] }>('GET', '/api/workouts', {
      token: rivalsToken,
    });
    expect(rivalsWorkouts.body.data.map((workout) => workout.name)).toEqual(['Rivals Total Body']);
  });

  it('cannot change a demo user through POST /api/users/{userId}', async () => {
    const before = await demoSnapshot();
    for (const target of before.demoUsers) {
      const response = await t.request('POST', `/api/users/${target.id}`, {
        token: rivalsToken,
        body: { onboardingHidden: true, firebaseToken: 'stolen' },
      });
      expect(response.status).toBe(403);
    }
    const after = await demoSnapshot();
    expect(after).toEqual(before);
  });

  it('ignores any organisation named in the request', async () => {
    const { demo } = await demoSnapshot();
    const response = await t.request<{ data: { name: string } }>(
      'GET',
      `/api/settings?organizationId=${demo.id}`,
      {
        token: rivalsToken,
        headers: { 'x-organization-id': demo.id, host: 'demo.localhost' },
      },
    );
    expect(response.body.data.name).toBe('Rivals Baseball Club');
  });
});
