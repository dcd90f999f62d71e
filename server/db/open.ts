import type { Env } from '../env';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from './client';
import { seedDemo } from './seed';

/** The database the environment names: PostgreSQL at DATABASE_URL, or the embedded PGlite in DATA_DIR. */
export const configuredDatabase = (env: Env, poolSize = env.DATABASE_POOL_SIZE): DatabaseOptions =>
  env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL, poolSize }
    : { kind: 'pglite', dataDir: env.DATA_DIR };

/** Opens the configured database, applies migrations and, on an empty deployment, seeds the demo. */
export async function openConfiguredDatabase(env: Env): Promise<DatabaseHandle> {
  const handle = await openDatabase(configuredDatabase(env));
  await handle.migrate();
  if (env.SEED_DEMO) {
    await handle.withStartupLock(() => seedDemo(handle.db, { password: env.DEMO_PASSWORD }));
  }
  return handle;
}
