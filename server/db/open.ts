import type { Env } from '../env';
import { openDatabase, type DatabaseHandle } from './client';
import { seedDemo } from './seed';

/** Opens the configured database, applies migrations and, on an empty deployment, seeds the demo. */
export async function openConfiguredDatabase(env: Env): Promise<DatabaseHandle> {
  const handle = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
  await handle.migrate();
  if (env.SEED_DEMO) {
    await handle.withStartupLock(() => seedDemo(handle.db, { password: env.DEMO_PASSWORD }));
  }
  return handle;
}
