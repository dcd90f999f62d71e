import net from 'node:net';
import { sleep } from './processes';
import type { ManagedProcess } from './processes';

/** A TCP port on 127.0.0.1 that nothing listens on right now (the OS picks it). */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('The OS gave no port'))));
    });
  });
}

/** True when something accepts connections on 127.0.0.1:port. */
export async function isPortInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.setTimeout(1_000);
    const finish = (inUse: boolean) => {
      socket.destroy();
      resolve(inUse);
    };
    socket.once('connect', () => finish(true));
    socket.once('timeout', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

export interface WaitForHttpOptions {
  timeoutMs: number;
  /** Stop waiting as soon as this process ends: it will never answer. */
  process?: ManagedProcess;
  intervalMs?: number;
}

/** Polls `url` until it answers 2xx; throws after `timeoutMs` or when `process` exits first. */
export async function waitForHttpOk(url: string, options: WaitForHttpOptions): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (options.process?.exitCode !== undefined) {
      throw new Error(
        `${options.process.label} exited with code ${options.process.exitCode} before ${url} answered`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.ok) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await sleep(options.intervalMs ?? 250);
  }
  throw new Error(
    `${url} did not answer within ${Math.round(options.timeoutMs / 1000)} s (last: ${lastProblem})`,
  );
}
