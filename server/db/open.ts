import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../env';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from './client';
import { embeddedBinaries, embeddedServerFolder, startEmbeddedServer } from './embedded-server';
import { seedDemo } from './seed';

/** The database the environment names, reached: what to open, what to call it, and how to let it go. */
export interface ReachedDatabase {
  options: DatabaseOptions;
  /** For the start's banner: "PostgreSQL in .data/postgres", say. */
  description: string;
  /** Stops the embedded server when this process started it, or was told to own it. */
  release: () => Promise<void>;
}

/**
 * PostgreSQL at DATABASE_URL; otherwise the embedded database in DATA_DIR (ADR 085): a PostgreSQL server started
 * here (or the one already running there, which `own` makes this process stop at its end), or PGlite where
 * EMBEDDED_DATABASE says so, the platform has no server binaries, or DATA_DIR already holds a PGlite folder.
 */
export async function reachConfiguredDatabase(
  env: Env,
  { poolSize = env.DATABASE_POOL_SIZE, own = true }: { poolSize?: number; own?: boolean } = {},
): Promise<ReachedDatabase> {
  const nothingToRelease = async () => {};
  if (env.DATABASE_URL) {
    return {
      options: { kind: 'postgres', url: env.DATABASE_URL, poolSize },
      description: 'PostgreSQL',
      release: nothingToRelease,
    };
  }
  const pglite = (why: string): ReachedDatabase => ({
    options: { kind: 'pglite', dataDir: env.DATA_DIR },
    description: `PGlite in ${env.DATA_DIR}${why}`,
    release: nothingToRelease,
  });
  if (env.EMBEDDED_DATABASE === 'pglite') return pglite('');
  // A deployment that started on PGlite keeps its data there until its move is built (ADR 085).
  const hasPgliteData = existsSync(path.resolve(env.DATA_DIR, 'pglite', 'PG_VERSION'));
  if (hasPgliteData && !existsSync(embeddedServerFolder(env.DATA_DIR))) return pglite(': its data is there');
  const binaries = await embeddedBinaries();
  if (!binaries) return pglite(': no PostgreSQL binaries for this platform');
  const server = await startEmbeddedServer(env.DATA_DIR, binaries);
  return {
    options: { kind: 'postgres', url: server.url, poolSize },
    description: `PostgreSQL in ${embeddedServerFolder(env.DATA_DIR)}`,
    release: server.startedHere || own ? server.stop : nothingToRelease,
  };
}

/** Opens the configured database, applies migrations and, on an empty deployment, seeds the demo. */
export async function openConfiguredDatabase(
  env: Env,
  reached?: ReachedDatabase,
): Promise<DatabaseHandle & { description: string }> {
  reached ??= await reachConfiguredDatabase(env);
  const handle = await openDatabase(reached.options);
  const opened = {
    ...handle,
    description: reached.description,
    close: async () => {
      await handle.close();
      await reached.release();
    },
  };
  try {
    await handle.migrate();
    if (env.SEED_DEMO) {
      await handle.withStartupLock(() => seedDemo(handle.db, { password: env.DEMO_PASSWORD }));
    }
  } catch (error) {
    await opened.close();
    throw error;
  }
  return opened;
}
