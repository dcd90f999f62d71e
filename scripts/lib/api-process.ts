import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { findFreePort, waitForHttpOk } from './network';
import { startProcess, type ManagedProcess } from './processes';
import { cli, repoRoot } from './project';

export interface ApiProcess {
  baseUrl: string;
  process: ManagedProcess;
  /** Ends it at once, as a crash or an out-of-memory kill would: no answer, no clean-up, connections cut. */
  kill(): Promise<void>;
  /** Every line it (and the processes it started) wrote so far, stdout and stderr. */
  readonly output: readonly string[];
  /** The first line, already written or still to come, that matches; throws after `timeoutMs` or when it exits. */
  waitForOutput(line: RegExp, timeoutMs: number): Promise<RegExpExecArray>;
}

export interface ApiProcessOptions {
  /** The label of its output lines. */
  name: string;
  databaseUrl: string;
  dataDir: string;
  port?: number;
  /** More settings (a shorter lease, a demo password). */
  env?: Record<string, string>;
}

/**
 * The real server (`server/index.ts`, as `npm run serve` runs it) as its own process on a PostgreSQL database, with
 * no built app and no demo seeding; resolves once `/api/health` answers. Several may run on one database.
 */
export async function startApiProcess(options: ApiProcessOptions): Promise<ApiProcess> {
  const port = options.port ?? (await findFreePort());
  const server = startProcess(options.name, process.execPath, [cli.tsx, 'server/index.ts'], {
    cwd: repoRoot,
    output: 'prefix',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      DATABASE_POOL_SIZE: '4',
      DATA_DIR: options.dataDir,
      STATIC_DIR: '.tmp/no-static-dir',
      SEED_DEMO: 'false',
      ...options.env,
    },
  });
  const output: string[] = [];
  const waiters = new Set<() => void>();
  const record = (stream: Readable | null) =>
    stream &&
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      output.push(line);
      for (const wake of waiters) wake();
    });
  record(server.child.stdout);
  record(server.child.stderr);

  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttpOk(`${baseUrl}/api/health`, { timeoutMs: 90_000, process: server });
  return {
    baseUrl,
    process: server,
    async kill() {
      if (server.child.pid === undefined) throw new Error(`${options.name} has no process`);
      process.kill(-server.child.pid, 'SIGKILL');
      await server.exited;
    },
    output,
    waitForOutput(line, timeoutMs) {
      let searched = 0;
      const find = () => {
        for (; searched < output.length; searched += 1) {
          const match = line.exec(output[searched]!);
          if (match) return match;
        }
        return undefined;
      };
      return new Promise((resolve, reject) => {
        const finish = (outcome: RegExpExecArray | Error) => {
          waiters.delete(check);
          clearTimeout(timer);
          if (outcome instanceof Error) reject(outcome);
          else resolve(outcome);
        };
        const check = () => {
          const match = find();
          if (match) finish(match);
        };
        const timer = setTimeout(
          () => finish(new Error(`${options.name} wrote no line matching ${line} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        // A line it wrote just before exiting may still be on its way: look once more first.
        void server.exited.then((code) => {
          check();
          finish(
            new Error(`${options.name} exited with code ${code} before writing a line matching ${line}`),
          );
        });
        waiters.add(check);
        check();
      });
    },
  };
}
