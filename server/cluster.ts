// WORKERS > 1: Node 20 has no reusePort, so a node:cluster primary holds the port and hands connections to N processes.
import cluster, { type Worker } from 'node:cluster';

export interface WorkerSupervision {
  /** The module each worker runs (server/index.ts): not the primary's own script, which may be scripts/start.ts. */
  entry: string;
  workers: number;
  /** Runs once, when as many workers as asked for are listening. */
  onAllListening: (port: number) => void;
  /** Added to each worker's environment (the embedded database server's address). */
  workerEnv?: Record<string, string>;
  /** Runs once the workers are gone, before the primary exits (stops the embedded database server). */
  afterWorkers?: () => Promise<void>;
}

/** This many worker exits within the window means they crash as they start: the primary gives up. */
const exitLimit = 5;
const exitWindowMs = 60_000;
const firstRestartDelayMs = 250;
const longestRestartDelayMs = 5_000;
/** Longer than a worker's own 5 s limit on closing. */
const stopWaitMs = 10_000;

/**
 * Forks the workers, replaces one that exits (after a growing delay; after `exitLimit` exits within a minute it stops
 * them all and exits 1), and on SIGINT or SIGTERM passes the signal on, waits for them and exits 0.
 */
export function superviseWorkers({
  entry,
  workers,
  onAllListening,
  workerEnv,
  afterWorkers,
}: WorkerSupervision): void {
  // Fork runs `entry` with the primary's execArgv, so tsx's loader still applies.
  cluster.setupPrimary({ exec: entry });
  let stopping = false;
  let listeningCount = 0;
  const recentExits: number[] = [];
  const pendingRestarts = new Set<NodeJS.Timeout>();

  cluster.on('listening', (worker, address) => {
    console.log(`Worker ${worker.process.pid} is listening on port ${address.port}.`);
    listeningCount += 1;
    if (listeningCount === workers) onAllListening(address.port);
  });

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    const now = Date.now();
    recentExits.push(now);
    while (recentExits[0] !== undefined && recentExits[0] <= now - exitWindowMs) recentExits.shift();
    if (recentExits.length >= exitLimit) {
      console.error(
        `Worker ${worker.process.pid} exited (${how}): ${exitLimit} exits within ${exitWindowMs / 1000} s, giving up.`,
      );
      stop('Too many worker exits', 'SIGTERM', 1);
      return;
    }
    const delay = Math.min(firstRestartDelayMs * 2 ** (recentExits.length - 1), longestRestartDelayMs);
    console.error(`Worker ${worker.process.pid} exited (${how}); starting another in ${delay} ms.`);
    const restart = setTimeout(() => {
      pendingRestarts.delete(restart);
      if (!stopping) cluster.fork(workerEnv);
    }, delay);
    pendingRestarts.add(restart);
  });

  function stop(reason: string, signal: NodeJS.Signals, exitCode: number) {
    if (stopping) return;
    stopping = true;
    for (const restart of pendingRestarts) clearTimeout(restart);
    const running = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined && !worker.isDead(),
    );
    console.log(`${reason}: stopping ${running.length} worker${running.length === 1 ? '' : 's'}.`);
    const exited = running.map((worker) => new Promise((resolve) => worker.once('exit', resolve)));
    for (const worker of running) worker.process.kill(signal);
    const exit = () => void Promise.resolve(afterWorkers?.()).finally(() => process.exit(exitCode));
    setTimeout(() => {
      console.error(`Workers still running ${stopWaitMs / 1000} s after ${signal}; killing them.`);
      for (const worker of running) worker.process.kill('SIGKILL');
      exit();
    }, stopWaitMs);
    void Promise.all(exited).then(exit);
  }

  process.on('SIGINT', () => stop('SIGINT received', 'SIGINT', 0));
  process.on('SIGTERM', () => stop('SIGTERM received', 'SIGTERM', 0));
  for (let started = 0; started < workers; started += 1) cluster.fork(workerEnv);
}
