import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isPortInUse, waitForHttpOk } from './network';
import { cli, repoRoot } from './project';
import { registerCleanup, startProcess } from './processes';

export interface AppServerOptions {
  /** Shown before each line the server prints. */
  label: string;
  /** `scripts/start.ts` (builds the web app first, as `npm start` does) or `server/index.ts`. */
  entry: 'scripts/start.ts' | 'server/index.ts';
  port: number;
  /** Extra environment, for example DATABASE_URL. */
  env?: NodeJS.ProcessEnv;
  /** How long the first start (build, migrations, seed) may take before /api/health must answer. */
  readyTimeoutMs: number;
  /** The checkout to start (its own `entry`, build and node_modules); this one by default. */
  cwd?: string;
}

export interface RunningAppServer {
  baseUrl: string;
  dataDir: string;
  /** The process started (`tsx`); the server and any processes it starts run under it. */
  pid: number | undefined;
  /** Stops the server and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * Starts the product on 127.0.0.1:<port> with a fresh DATA_DIR under the system temp folder and waits
 * until GET /api/health answers.
 */
export async function startAppServer(options: AppServerOptions): Promise<RunningAppServer> {
  if (await isPortInUse(options.port)) {
    throw new Error(
      `Port ${options.port} is already in use on 127.0.0.1; stop whatever listens there and retry.`,
    );
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `connect-${options.label}-`));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  // Registered before the server, so it runs after the server has stopped.
  const unregisterData = registerCleanup({
    graceful: () => Promise.resolve(removeData()),
    immediate: removeData,
  });

  const baseUrl = `http://127.0.0.1:${options.port}`;
  console.log(`[${options.label}] Starting ${options.entry} on ${baseUrl} (DATA_DIR=${dataDir})`);
  const server = startProcess(options.label, process.execPath, [cli.tsx, options.entry], {
    cwd: options.cwd ?? repoRoot,
    output: 'prefix',
    env: {
      ...process.env,
      PORT: String(options.port),
      // Loopback only: nothing outside this machine needs to reach a test server.
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...options.env,
    },
  });

  const stop = async () => {
    await server.stop();
    unregisterData();
    removeData();
  };
  try {
    const startedAt = Date.now();
    await waitForHttpOk(`${baseUrl}/api/health`, { timeoutMs: options.readyTimeoutMs, process: server });
    console.log(`[${options.label}] Ready after ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, pid: server.child.pid, stop };
}
