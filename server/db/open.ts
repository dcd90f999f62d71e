import type { Env } from '../env';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from './client';
import {
  embeddedBinaries,
  embeddedConnections,
  embeddedServerFolder,
  embeddedServerUnavailable,
  startEmbeddedServer,
} from './embedded-server';
import { hasPgliteToMove, movedPgliteFolder, movePgliteToServer, pgliteFolder } from './move-pglite';
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
 * here (or the one already running there, which `own` makes this process stop at its end; a DATA_DIR made on PGlite
 * moves to it once), or PGlite where EMBEDDED_DATABASE says so or the platform has no server binaries.
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
  const binaries = await embeddedBinaries();
  if (!binaries) return pglite(': no PostgreSQL binaries for this platform');
  const unavailable = embeddedServerUnavailable(env.DATA_DIR);
  if (unavailable) return pglite(`: ${unavailable}`);
  if (hasPgliteToMove(env.DATA_DIR)) {
    // A DATA_DIR made before ADR 085: its data moves to the server once; a failed move leaves it on PGlite.
    console.log(`Moving the data in ${pgliteFolder(env.DATA_DIR)} to a PostgreSQL server (once)…`);
    try {
      const moved = await movePgliteToServer(env.DATA_DIR, binaries);
      console.log(
        `Moved ${moved.rows} rows of ${moved.tables} tables to PostgreSQL in ${embeddedServerFolder(env.DATA_DIR)}; ` +
          `the PGlite folder is kept as ${movedPgliteFolder(env.DATA_DIR)}.`,
      );
    } catch (error) {
      console.error('The move to PostgreSQL failed; the data stays in PGlite:', error);
      return pglite(': its move to PostgreSQL failed');
    }
  }
  const server = await startEmbeddedServer(env.DATA_DIR, binaries, {
    maxConnections: embeddedConnections(env),
  });
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
