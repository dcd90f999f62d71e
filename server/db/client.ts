import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** What PGlite and postgres.js databases have in common; the rest of the server sees only this. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs the migrations, holding a lock so that several processes starting together apply them once. */
  migrate(): Promise<void>;
  /** Runs work while holding the deployment-wide lock (seeding at first start). */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * LISTENs on a channel for as long as the handle is open (until the returned stop). `onReconnect` runs when a lost
   * listening connection is back: NOTIFYs sent while it was gone are lost, so the caller reads what it missed.
   */
  listen(channel: string, onNotify: () => void, onReconnect: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const startupLockKey = 7_300_412; // arbitrary, constant: the advisory lock for migrations and seeding

export type DatabaseOptions =
  { kind: 'postgres'; url: string; poolSize: number } | { kind: 'pglite'; dataDir: string | null };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize)
    : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client;
  if (dataDir === null) {
    client = new PGlite();
  } else {
    const folder = path.resolve(dataDir, 'pglite');
    mkdirSync(folder, { recursive: true });
    client = new PGlite(folder);
  }
  await client.waitReady;
  takeTurnsWithTheEventLoop(client);
  const db = drizzle({ client, schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    // One process owns a PGlite folder, so no lock is needed.
    migrate: () => migrate(db, { migrationsFolder }),
    withStartupLock: (work) => work(),
    // In-process: a NOTIFY of a committed transaction reaches the callback; there is no connection to lose.
    listen: async (channel, onNotify) => client.listen(channel, () => onNotify()),
    close: () => client.close(),
  };
}

/**
 * PGlite answers in the same thread, and hands itself from one waiting statement to the next in the microtask queue:
 * under load, the statements of every waiting request ran back to back for a second or more while no socket was read,
 * and new requests timed out (issue 30). Statements here take turns in arrival order, and each turn is handed on in a
 * task of its own, so the event loop reads and answers sockets between any two statements. A transaction is one turn.
 */
function takeTurnsWithTheEventLoop(client: PGlite) {
  let busy = false;
  const waiting: (() => void)[] = [];
  const turn = () =>
    busy ? new Promise<void>((resolve) => waiting.push(resolve)) : ((busy = true), Promise.resolve());
  const handOn = () => {
    const next = waiting.shift();
    if (next) setImmediate(next);
    else busy = false;
  };
  // The methods are generic over their rows; the wrapper passes arguments and answers through unchanged.
  const inTurn = <F extends (...args: never[]) => Promise<unknown>>(run: F): F =>
    (async (...args: Parameters<F>) => {
      await turn();
      try {
        return await run(...args);
      } finally {
        handOn();
      }
    }) as F;
  client.query = inTurn(client.query.bind(client));
  client.exec = inTurn(client.exec.bind(client));
  client.transaction = inTurn(client.transaction.bind(client));
}

/** A postgres.js pool of `max` connections to `url`, which may name a Unix socket's folder (`?host=/folder`). */
export async function postgresClient(url: string, max: number) {
  const { default: postgres } = await import('postgres');
  const { address, socketFolder } = splitSocketFolder(url);
  return postgres(address, { max, onnotice: () => {}, ...(socketFolder ? { host: socketFolder } : {}) });
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const sql = await postgresClient(url, poolSize);
  const db = drizzle({ client: sql, schema });

  async function withStartupLock<T>(work: () => Promise<T>): Promise<T> {
    const lockConnection = await sql.reserve();
    try {
      await lockConnection`select pg_advisory_lock(${startupLockKey})`;
      return await work();
    } finally {
      await lockConnection`select pg_advisory_unlock(${startupLockKey})`;
      lockConnection.release();
    }
  }

  return {
    db: db as unknown as Database,
    kind: 'postgres',
    migrate: () => withStartupLock(() => migrate(db, { migrationsFolder })),
    withStartupLock,
    async listen(channel, onNotify, onReconnect) {
      let listened = false;
      // postgres.js keeps one dedicated connection for LISTEN and listens again after losing it; onlisten runs each time.
      const request = await sql.listen(
        channel,
        () => onNotify(),
        () => {
          if (listened) onReconnect();
          listened = true;
        },
      );
      return () => request.unlisten();
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

/**
 * libpq's `?host=/folder` names a Unix socket's folder (the embedded server's, ADR 085); postgres.js reads no such
 * parameter from a URL, so it is taken out and passed as the host.
 */
export function splitSocketFolder(url: string): { address: string; socketFolder: string | null } {
  const parsed = new URL(url);
  const host = parsed.searchParams.get('host');
  if (!host?.startsWith('/')) return { address: url, socketFolder: null };
  parsed.searchParams.delete('host');
  return { address: parsed.toString(), socketFolder: host };
}
