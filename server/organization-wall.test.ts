import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedSets, organizations, users, workouts } from './db/schema';
import { createDirectory } from './lib/directory';
import { organizationSetting, tenantRole } from './lib/organization-wall';
import type { TenantScope } from './lib/tenancy';
import { createTestContext, type TestContext } from './testing/test-app';

/** The database's own wall between organisations (ADR 087), on PGlite in `npm test` and on PostgreSQL in test:pg. */
let t: TestContext;
let rivals: TenantScope;
let demoId: string;
let walledTables: string[];

async function rows<R>(query: ReturnType<typeof sql>): Promise<R[]> {
  const result: unknown = await t.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as R[];
}

beforeAll(async () => {
  t = await createTestContext();
  const token = await t.signIn('admin@rivals.test');
  // The very path a signed-in request takes to its data.
  const { sessions } = createDirectory(t.db, 'demo');
  const viewer = await sessions.viewerForToken(token);
  rivals = sessions.scopeFor(viewer!);
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
  demoId = demo!.id;
  walledTables = (
    await rows<{ table_name: string }>(
      sql`select table_name from information_schema.columns
          where table_schema = 'public' and column_name = 'organization_id' order by 1`,
    )
  ).map((row) => row.table_name);
});
afterAll(() => t.close());

describe('the organisation wall', () => {
  it('covers every table that has an organization_id, and the tenant role reaches no other table', async () => {
    const covered = await rows<{ relname: string }>(
      sql`select c.relname from pg_class c join pg_policy p on p.polrelid = c.oid
          where c.relrowsecurity and p.polname = 'organization_wall' order by 1`,
    );
    expect(covered.map((row) => row.relname)).toEqual(walledTables);
    expect(walledTables).toEqual(expect.arrayContaining(['users', 'sessions', 'workouts', 'logged_sets']));

    const reachable = await rows<{ relname: string }>(
      sql`select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and has_table_privilege(${tenantRole}, c.oid, 'select')
          order by 1`,
    );
    expect(reachable.map((row) => row.relname)).toEqual(walledTables);
  });

  it("answers a deliberately unscoped read through a signed-in request's scope with its organisation's rows only", async () => {
    const seen = await rivals.selectOver<{ organization_id: string }>(users, undefined, () =>
      sql.raw('select organization_id from users'),
    );
    const rivalsUsers = await t.db
      .select()
      .from(users)
      .where(eq(users.organizationId, rivals.organizationId));
    expect(seen).toHaveLength(rivalsUsers.length);
    expect(new Set(seen.map((row) => row.organization_id))).toEqual(new Set([rivals.organizationId]));

    // Every walled table: not one row of another organisation, though the owner sees the demo's.
    for (const table of walledTables) {
      const [foreign] = await rivals.selectOver<{ total: number }>(
        users,
        undefined,
        () =>
          sql`select count(*)::int as total from ${sql.identifier(table)} where organization_id <> ${rivals.organizationId}`,
      );
      expect({ table, total: foreign!.total }).toEqual({ table, total: 0 });
    }
    const [demoUsers] = await rows<{ total: number }>(
      sql`select count(*)::int as total from users where organization_id = ${demoId}`,
    );
    expect(demoUsers!.total).toBeGreaterThan(0);
  });

  it("lets an unscoped write reach only its organisation's rows", async () => {
    const demoBefore = await t.db.select().from(workouts).where(eq(workouts.organizationId, demoId));
    const touched = await rivals.selectOver<{ organization_id: string }>(users, undefined, () =>
      sql.raw('update users set organization_id = organization_id returning organization_id'),
    );
    expect(touched.length).toBeGreaterThan(0);
    expect(new Set(touched.map((row) => row.organization_id))).toEqual(new Set([rivals.organizationId]));
    const removed = await rivals.selectOver(
      workouts,
      undefined,
      () => sql`delete from workouts where organization_id = ${demoId} returning id`,
    );
    expect(removed).toEqual([]);
    expect(await t.db.select().from(workouts).where(eq(workouts.organizationId, demoId))).toEqual(demoBefore);
  });

  it('refuses to move a row into another organisation', async () => {
    const refused: unknown = await rivals
      .selectOver(
        users,
        undefined,
        () =>
          sql`update users set organization_id = ${demoId} where organization_id = ${rivals.organizationId}`,
      )
      .catch((error: unknown) => error);
    // Drizzle wraps the driver's error; the database's own words are its cause.
    expect(String((refused as { cause?: unknown }).cause)).toMatch(/violates row-level security policy/);
    const [stillOurs] = await rows<{ total: number }>(
      sql`select count(*)::int as total from users where organization_id = ${rivals.organizationId}`,
    );
    expect(stillOurs!.total).toBeGreaterThan(0);
  });

  it("answers nothing to an upsert whose id is another organisation's, and leaves that row alone", async () => {
    const [demoSet] = await t.db
      .select()
      .from(loggedSets)
      .where(eq(loggedSets.organizationId, demoId))
      .limit(1);
    const { organizationId: _demo, ...values } = demoSet!;
    // The stores answer 409 to that (the id is taken), as they did before the wall.
    expect(await rivals.upsert(loggedSets, values, { target: [loggedSets.id], set: { reps: 99 } })).toEqual(
      [],
    );
    expect(await t.db.select().from(loggedSets).where(eq(loggedSets.id, demoSet!.id))).toEqual([demoSet]);
  });

  it('gives the tenant role no rows at all when no organisation is named', async () => {
    const [seen] = await t.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', ${tenantRole}, true)`);
      const result: unknown = await tx.execute(sql`select count(*)::int as total from users`);
      return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { total: number }[];
    });
    expect(seen!.total).toBe(0);
  });

  it('leaves the connection as it was after a scoped statement', async () => {
    await rivals.count(users);
    const [after] = await rows<{ role: string; organization: string | null }>(
      sql`select current_user as role, current_setting(${organizationSetting}, true) as organization`,
    );
    expect(after!.role).not.toBe(tenantRole);
    expect(after!.organization ?? '').toBe('');
  });
});
