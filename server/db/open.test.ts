import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { openDatabase, splitSocketFolder } from './client';
import { embeddedConnections, embeddedServerFolder } from './embedded-server';
import { openConfiguredDatabase, reachConfiguredDatabase } from './open';
import { liveEvents, loggedSets, organizations, users } from './schema';

const folders: string[] = [];
const newDataDir = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'connect-data-'));
  folders.push(folder);
  return folder;
};
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

const serverRuns = (dataDir: string) =>
  existsSync(path.join(embeddedServerFolder(dataDir), 'postmaster.pid'));

// Real starts of the embedded database (initdb, migrate, seed the demo, reopen): on a busy 2-core runner that is
// more than the default 30 s, and it is a check of what is kept, not of speed.
describe('the embedded database: a PostgreSQL server in DATA_DIR (ADR 085)', { timeout: 180_000 }, () => {
  it('migrates and seeds at first start, keeps its data across restarts, and stops with the app', async () => {
    const dataDir = newDataDir();
    // Four processes of 30 connections would pass PostgreSQL's default of 100.
    const env = parseEnv({
      DATA_DIR: dataDir,
      DEMO_PASSWORD: 'first-start',
      WORKERS: '4',
      DATABASE_POOL_SIZE: '30',
    });
    const first = await openConfiguredDatabase(env);
    expect(first.description).toBe(`PostgreSQL in ${path.join(dataDir, 'postgres')}`);
    const shown: unknown = await first.db.execute(sql`show max_connections`);
    const [limit] = shown as { max_connections: string }[];
    expect(limit?.max_connections).toBe(String(embeddedConnections(env)));
    expect(embeddedConnections(env)).toBeGreaterThanOrEqual(4 * 31);
    const [demo] = await first.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
    expect(demo?.name).toBe('Demo Baseball Academy');
    await first.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.email, 'coach@demo.test'));
    await first.close();
    expect(serverRuns(dataDir)).toBe(false);

    const second = await openConfiguredDatabase(env);
    const [demoAgain] = await second.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
    const [coach] = await second.db.select().from(users).where(eq(users.email, 'coach@demo.test'));
    await second.close();
    expect(demoAgain?.id).toBe(demo?.id);
    expect(coach?.firstName).toBe('Renamed');
  });

  it('lets `npm run seed` join the running server and leave it running', async () => {
    const dataDir = newDataDir();
    const env = parseEnv({ DATA_DIR: dataDir });
    const app = await openConfiguredDatabase(env);
    try {
      const joined = await reachConfiguredDatabase(env, { poolSize: 1, own: false });
      const seed = await openDatabase(joined.options);
      await seed.db.update(users).set({ firstName: 'Seeded' }).where(eq(users.email, 'coach@demo.test'));
      await seed.close();
      await joined.release();
      expect(serverRuns(dataDir)).toBe(true);
      const [coach] = await app.db.select().from(users).where(eq(users.email, 'coach@demo.test'));
      expect(coach?.firstName).toBe('Seeded');
    } finally {
      await app.close();
    }
    expect(serverRuns(dataDir)).toBe(false);
  });

  it('stays on PGlite when EMBEDDED_DATABASE says so, and moves a PGlite DATA_DIR to the server once', async () => {
    const dataDir = newDataDir();
    const onPglite = await openConfiguredDatabase(
      parseEnv({ DATA_DIR: dataDir, EMBEDDED_DATABASE: 'pglite' }),
    );
    expect(onPglite.kind).toBe('pglite');
    await onPglite.db.update(users).set({ firstName: 'Kept' }).where(eq(users.email, 'coach@demo.test'));
    const [demo] = await onPglite.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
    const event = { organizationId: demo!.id, kind: 'schedule.changed' };
    await onPglite.db.insert(liveEvents).values([event, event]);
    const countsOf = (database: typeof onPglite) =>
      Promise.all([organizations, users, loggedSets].map((table) => database.db.$count(table)));
    const before = await countsOf(onPglite);
    await onPglite.close();
    expect(existsSync(embeddedServerFolder(dataDir))).toBe(false);

    const moved = await openConfiguredDatabase(parseEnv({ DATA_DIR: dataDir }));
    try {
      expect(moved.description).toBe(`PostgreSQL in ${path.join(dataDir, 'postgres')}`);
      expect(await countsOf(moved)).toEqual(before);
      const [coach] = await moved.db.select().from(users).where(eq(users.email, 'coach@demo.test'));
      expect(coach?.firstName).toBe('Kept');
      // The sequences go on where PGlite's were: a new event gets the next id.
      const [next] = await moved.db.insert(liveEvents).values(event).returning({ id: liveEvents.id });
      expect(Number(next?.id)).toBe(3);
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
      expect(existsSync(path.join(dataDir, 'pglite-moved-to-postgres', 'PG_VERSION'))).toBe(true);
    } finally {
      await moved.close();
    }
  });
});

describe('a move from PGlite that fails', { timeout: 180_000 }, () => {
  it('leaves the data on PGlite, keeps no half-made server, and moves at a later start once it can', async () => {
    const dataDir = newDataDir();
    const onPglite = await openConfiguredDatabase(
      parseEnv({ DATA_DIR: dataDir, EMBEDDED_DATABASE: 'pglite' }),
    );
    // A table made by hand, which the server's migrations do not have: its copy fails halfway through the move.
    await onPglite.db.execute(sql`create table kept_by_hand (note text)`);
    await onPglite.db.execute(sql`insert into kept_by_hand values ('mine')`);
    await onPglite.db.update(users).set({ firstName: 'Unmoved' }).where(eq(users.email, 'coach@demo.test'));
    await onPglite.close();

    const failed = await openConfiguredDatabase(parseEnv({ DATA_DIR: dataDir }));
    try {
      expect(failed.kind).toBe('pglite');
      expect(failed.description).toBe(`PGlite in ${dataDir}: its move to PostgreSQL failed`);
      const [coach] = await failed.db.select().from(users).where(eq(users.email, 'coach@demo.test'));
      expect(coach?.firstName).toBe('Unmoved');
      expect(existsSync(embeddedServerFolder(dataDir))).toBe(false);
      expect(existsSync(path.join(dataDir, 'postgres-moving'))).toBe(false);
      await failed.db.execute(sql`drop table kept_by_hand`);
    } finally {
      await failed.close();
    }

    const moved = await openConfiguredDatabase(parseEnv({ DATA_DIR: dataDir }));
    try {
      expect(moved.kind).toBe('postgres');
      const [coach] = await moved.db.select().from(users).where(eq(users.email, 'coach@demo.test'));
      expect(coach?.firstName).toBe('Unmoved');
    } finally {
      await moved.close();
    }
  });
});

describe('a DATABASE_URL naming a Unix socket folder (libpq host=)', () => {
  it('passes the folder to the driver as its host and keeps the rest of the address', () => {
    expect(
      splitSocketFolder('postgres://postgres:pw@localhost:5432/postgres?host=%2Fdata%2Fpostgres'),
    ).toEqual({
      address: 'postgres://postgres:pw@localhost:5432/postgres',
      socketFolder: '/data/postgres',
    });
    expect(splitSocketFolder('postgres://u:p@db.internal:5433/app?sslmode=require')).toEqual({
      address: 'postgres://u:p@db.internal:5433/app?sslmode=require',
      socketFolder: null,
    });
  });
});
