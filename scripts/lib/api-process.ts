import { findFreePort, waitForHttpOk } from './network';
import { startProcess, type ManagedProcess } from './processes';
import { cli, repoRoot } from './project';

export interface ApiProcess {
  baseUrl: string;
  process: ManagedProcess;
  /** Ends it at once, as a crash or an out-of-memory kill would: no answer, no clean-up, connections cut. */
  kill(): Promise<void>;
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
  };
}
