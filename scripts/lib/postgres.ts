import { execFileSync, spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from './network';
import { registerCleanup, sleep } from './processes';

/** Debian's layout; PG_BIN_DIR points elsewhere (for example Homebrew's) when needed. */
const binDir = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
const bin = (name: string) => path.join(binDir, name);

export interface PostgresOptions {
  /** Keep fsync and full-page writes. Off by default: the cluster is thrown away, and tests run faster without. */
  durable?: boolean;
}

export interface RunningPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`, trust authentication. */
  url: string;
  port: number;
  /** Stops the server and removes its data folder. Safe to call twice. */
  stop(): Promise<void>;
}

interface RunAs {
  uid: number;
  gid: number;
}

/**
 * Starts a throwaway PostgreSQL 15 cluster on a free port on 127.0.0.1, with its data folder and socket
 * under the system temp folder. It is stopped and deleted by `stop()`, or when this process exits.
 */
export async function startPostgres(options: PostgresOptions = {}): Promise<RunningPostgres> {
  if (!existsSync(bin('initdb'))) {
    throw new Error(
      `PostgreSQL 15 is not installed: ${bin('initdb')} is missing. ` +
        'Install it (apt-get install -y postgresql-15) or set PG_BIN_DIR to its bin folder.',
    );
  }
  const runAs = unprivilegedUser();
  const baseDir = mkdtempSync(path.join(os.tmpdir(), 'connect-pg-'));
  const dataDir = path.join(baseDir, 'data');
  const logFile = path.join(baseDir, 'postgres.log');
  if (runAs) chownSync(baseDir, runAs.uid, runAs.gid);

  let server: ChildProcess | undefined;
  const removeFiles = () => rmSync(baseDir, { recursive: true, force: true });
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (server) await stopPostmaster(server);
      unregister();
      removeFiles();
    })();
    return stopping;
  };
  const unregister = registerCleanup({
    graceful: stop,
    immediate: () => {
      // Exit handlers cannot wait for events; pg_ctl waits until the postmaster is gone.
      if (server && server.exitCode === null && server.signalCode === null) {
        spawnSync(bin('pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', '-t', '15', 'stop'], {
          ...pgSpawnOptions(runAs, baseDir),
          stdio: 'ignore',
          timeout: 20_000,
        });
      }
      removeFiles();
    },
  });

  try {
    const init = await runToEnd(
      runAs,
      baseDir,
      bin('initdb'),
      [
        '-D',
        dataDir,
        '--auth=trust',
        '-U',
        'postgres',
        '--encoding=UTF8',
        '--locale=C',
        '--no-sync',
        '--no-instructions',
      ],
      120_000,
    );
    if (init.code !== 0) throw new Error(`initdb failed (exit ${init.code}):\n${init.output}`);

    const settings = [
      '',
      '# Throwaway cluster for tests and benchmarks (scripts/lib/postgres.ts)',
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${baseDir}'`,
      ...(options.durable ? [] : ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']),
    ];
    appendFileSync(path.join(dataDir, 'postgresql.conf'), `${settings.join('\n')}\n`);

    // The free port can be taken between choosing and binding it; try a few.
    let port = 0;
    for (let attempt = 1; attempt <= 3 && !server; attempt += 1) {
      port = await findFreePort();
      const candidate = spawnPostmaster(runAs, baseDir, dataDir, logFile, port);
      const outcome = await waitUntilReady(candidate, port);
      if (outcome === 'ready') {
        server = candidate;
      } else {
        const log = readTail(logFile);
        if (outcome === 'timeout') await stopPostmaster(candidate);
        if (attempt === 3 || !/address already in use|could not bind/i.test(log)) {
          throw new Error(`PostgreSQL did not start (${outcome}):\n${log}`);
        }
      }
    }
    if (!server) throw new Error('PostgreSQL did not start');
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Runs the postmaster as our own child (not through pg_ctl's double fork), so this process reaps it,
 * and in its own process group, so Ctrl-C reaches it only through `stop()`.
 */
function spawnPostmaster(
  runAs: RunAs | undefined,
  baseDir: string,
  dataDir: string,
  logFile: string,
  port: number,
) {
  const log = openSync(logFile, 'a');
  try {
    return spawn(bin('postgres'), ['-D', dataDir, '-p', String(port)], {
      ...pgSpawnOptions(runAs, baseDir),
      detached: true,
      stdio: ['ignore', log, log],
    });
  } finally {
    closeSync(log);
  }
}

/** Fast shutdown (SIGINT), then immediate (SIGQUIT), then SIGKILL, each with a bounded wait. */
async function stopPostmaster(postmaster: ChildProcess): Promise<void> {
  for (const [signal, waitMs] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
    ['SIGKILL', 5_000],
  ] as const) {
    if (postmaster.exitCode !== null || postmaster.signalCode !== null) return;
    const exited = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), waitMs);
      postmaster.once('exit', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    postmaster.kill(signal);
    if (await exited) return;
  }
}

/** PostgreSQL refuses to run as root; as root, run it as PG_OS_USER (default `postgres`). */
function unprivilegedUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const name = process.env.PG_OS_USER ?? 'postgres';
  try {
    const uid = Number(
      execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
    );
    const gid = Number(
      execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
    );
    if (uid === 0) throw new Error(`${name} is root`);
    return { uid, gid };
  } catch {
    throw new Error(
      `PostgreSQL refuses to run as root, and there is no unprivileged user "${name}" to run it as. ` +
        `Create one (useradd --system --no-create-home ${name}) or set PG_OS_USER to an existing one.`,
    );
  }
}

function pgSpawnOptions(runAs: RunAs | undefined, cwd: string) {
  // PG* variables of the caller (PGDATA, PGPORT, ...) must not redirect the tools to another cluster.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PG')));
  return { cwd, env, ...(runAs ?? {}) };
}

async function runToEnd(
  runAs: RunAs | undefined,
  cwd: string,
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...pgSpawnOptions(runAs, cwd), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      output += `\n(${path.basename(command)} killed after ${timeoutMs} ms)`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ code: 127, output: `${output}${error.message}` });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, output });
    });
  });
}

/** Waits until the postmaster accepts connections, exits, or 60 s pass. */
async function waitUntilReady(
  postmaster: ChildProcess,
  port: number,
): Promise<'ready' | 'exited' | 'timeout'> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (postmaster.exitCode !== null || postmaster.signalCode !== null) return 'exited';
    const check = await runToEnd(
      undefined,
      os.tmpdir(),
      bin('pg_isready'),
      ['-q', '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres'],
      5_000,
    );
    if (check.code === 0) return 'ready';
    await sleep(200);
  }
  return 'timeout';
}

function readTail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no PostgreSQL log)';
  }
}
