import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { openDatabase, postgresClient } from './client';
import { type EmbeddedBinaries, embeddedServerFolder, startEmbeddedServer } from './embedded-server';

/** The PGlite folder of a DATA_DIR made before ADR 085, and where its data is kept once moved. */
export const pgliteFolder = (dataDir: string) => path.resolve(dataDir, 'pglite');
export const movedPgliteFolder = (dataDir: string) => path.resolve(dataDir, 'pglite-moved-to-postgres');
const movingFolderName = 'postgres-moving';

/**
 * Moves a DATA_DIR's PGlite data into a new PostgreSQL server in DATA_DIR/postgres, once (ADR 085). Both are brought
 * to the same migrations, then every table is copied (PGlite's COPY TO a blob, the server's COPY FROM STDIN) in one
 * transaction, with triggers and foreign keys' checks off as a restore does, and the sequences set. The server is
 * made in a folder of its own and takes the name `postgres` only when complete, so a move cut short starts again;
 * the PGlite folder is kept, renamed. A failed move throws and leaves PGlite in use.
 */
export async function movePgliteToServer(
  dataDir: string,
  binaries: EmbeddedBinaries,
): Promise<{ tables: number; rows: number }> {
  const movingFolder = path.resolve(dataDir, movingFolderName);
  rmSync(movingFolder, { recursive: true, force: true });

  const lite = await openDatabase({ kind: 'pglite', dataDir });
  await lite.migrate();
  await lite.close();
  const { PGlite } = await import('@electric-sql/pglite');
  const source = new PGlite(pgliteFolder(dataDir));

  const server = await startEmbeddedServer(dataDir, binaries, { folderName: movingFolderName });
  const target = await postgresClient(server.url, 1);
  try {
    // Two: the migrations' lock holds one connection while they run on another.
    const migrated = await openDatabase({ kind: 'postgres', url: server.url, poolSize: 2 });
    await migrated.migrate();
    await migrated.close();

    const { rows: tables } = await source.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    );
    const { rows: sequences } = await source.query<{ name: string; value: string }>(
      `select sequencename as name, last_value::text as value from pg_sequences
        where schemaname = 'public' and last_value is not null`,
    );
    let rows = 0;
    await target.begin(async (transaction) => {
      // As pg_restore does: no triggers (live events' NOTIFY), no foreign keys' checks, so any table order works.
      await transaction`set local session_replication_role = replica`;
      for (const { name } of tables) {
        const table = `public.${quoteIdentifier(name)}`;
        const { rows: columns } = await source.query<{ name: string }>(
          `select column_name as name from information_schema.columns
            where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
          [name],
        );
        const list = columns.map((column) => quoteIdentifier(column.name)).join(', ');
        const copied = await source.query(`copy ${table} (${list}) to '/dev/blob'`);
        if (!copied.blob || copied.blob.size === 0) continue;
        const into: Writable = await transaction.unsafe(`copy ${table} (${list}) from stdin`).writable();
        into.end(Buffer.from(await copied.blob.arrayBuffer()));
        await finished(into);
        rows += copied.affectedRows ?? 0;
      }
      for (const { name, value } of sequences) {
        await transaction`select setval(${`public.${quoteIdentifier(name)}`}::regclass, ${value}::bigint, true)`;
      }
    });
    await target.end();
    await source.close();
    await server.stop();
    renameSync(movingFolder, embeddedServerFolder(dataDir));
    renameSync(pgliteFolder(dataDir), movedPgliteFolder(dataDir));
    return { tables: tables.length, rows };
  } catch (error) {
    await target.end({ timeout: 1 }).catch(() => {});
    await source.close().catch(() => {});
    await server.stop().catch(() => {});
    rmSync(movingFolder, { recursive: true, force: true });
    throw error;
  }
}

/** Whether a DATA_DIR still has PGlite data to move (a new DATA_DIR has none). */
export const hasPgliteToMove = (dataDir: string) =>
  existsSync(path.join(pgliteFolder(dataDir), 'PG_VERSION')) && !existsSync(embeddedServerFolder(dataDir));

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
