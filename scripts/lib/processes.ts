import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

interface Cleanup {
  /** Orderly stop, used on Ctrl-C and SIGTERM. */
  graceful: () => Promise<unknown>;
  /** Last resort from the `exit` event, where nothing asynchronous can run. */
  immediate: () => void;
}

const cleanups = new Set<Cleanup>();
let hooksInstalled = false;
const gracefulStopLimitMs = 30_000;

/**
 * Registers how to stop something this script started (a server, a database), so that it never outlives
 * the script: on Ctrl-C, SIGTERM or SIGHUP the graceful stops run newest first (a server before the
 * database it uses) and the script exits; when the script exits any other way, the immediate ones run.
 * Returns a function that unregisters it, for when the thing has been stopped normally.
 */
export function registerCleanup(cleanup: Cleanup): () => void {
  installHooks();
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
  };
}

let firstSignalAt: number | undefined;

/** True once Ctrl-C (or SIGTERM, SIGHUP) has asked this script to stop. */
export const isShuttingDown = (): boolean => firstSignalAt !== undefined;

function installHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', () => {
    for (const cleanup of [...cleanups].reverse()) {
      try {
        cleanup.immediate();
      } catch (error) {
        console.error('Cleanup failed:', error);
      }
    }
    cleanups.clear();
  });

  const onSignal = (signal: NodeJS.Signals) => {
    const exitCode = 128 + constants.signals[signal];
    if (firstSignalAt !== undefined) {
      // tsx relays a signal to the script when the script seems not to have had it within 30 ms, so one
      // Ctrl-C on a busy script can arrive twice; only a later one means "force".
      if (Date.now() - firstSignalAt < 1_000) return;
      console.error(`\nReceived ${signal} again; stopping at once.`);
      process.exit(exitCode);
    }
    firstSignalAt = Date.now();
    console.error(`\nReceived ${signal}; stopping what this script started (again to force).`);
    setTimeout(() => process.exit(exitCode), gracefulStopLimitMs).unref();
    void (async () => {
      for (const cleanup of [...cleanups].reverse()) {
        try {
          await cleanup.graceful();
        } catch (error) {
          console.error('Cleanup failed:', error);
        }
      }
      process.exit(exitCode);
    })();
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
}

export interface ManagedProcess {
  readonly label: string;
  readonly child: ChildProcess;
  /** Resolves with the exit code (128 + signal number when a signal ended it). Never rejects. */
  readonly exited: Promise<number>;
  /** The exit code once the process has ended, otherwise undefined. */
  readonly exitCode: number | undefined;
  /** SIGTERM to the whole process tree, SIGKILL after `graceMs`; resolves with the exit code. */
  stop(graceMs?: number): Promise<number>;
}

export interface StartProcessOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** `inherit` shares this terminal; `prefix` labels every line with `[label]`; `ignore` drops it. */
  output?: 'inherit' | 'prefix' | 'ignore';
}

/**
 * Starts a child in its own process group, so that stopping it also stops the processes it starts
 * (tsx runs the script in a second Node process; vitest runs workers).
 */
export function startProcess(
  label: string,
  command: string,
  args: readonly string[],
  options: StartProcessOptions = {},
): ManagedProcess {
  const output = options.output ?? 'inherit';
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', output === 'prefix' ? 'pipe' : output, output === 'prefix' ? 'pipe' : output],
  });
  if (output === 'prefix') {
    forwardLines(child.stdout, process.stdout, label);
    forwardLines(child.stderr, process.stderr, label);
  }

  let exitCode: number | undefined;
  // Signals the group even after the direct child has ended: a grandchild may still hold it.
  const signalGroup = (signal: NodeJS.Signals): void => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  const unregister = registerCleanup({
    graceful: () => managed.stop(),
    immediate: () => signalGroup('SIGKILL'),
  });
  const exited = new Promise<number>((resolve) => {
    child.once('error', (error) => {
      console.error(`[${label}] could not start ${command}: ${error.message}`);
      exitCode = 127;
      unregister();
      resolve(127);
    });
    child.once('exit', (code, signal) => {
      exitCode = code ?? 128 + (signal ? constants.signals[signal] : 0);
      unregister();
      resolve(exitCode);
    });
  });

  let stopping: Promise<number> | undefined;
  const managed: ManagedProcess = {
    label,
    child,
    exited,
    get exitCode() {
      return exitCode;
    },
    stop(graceMs = 10_000) {
      stopping ??= (async () => {
        if (exitCode !== undefined) {
          signalGroup('SIGKILL');
          return exitCode;
        }
        signalGroup('SIGTERM');
        const timer = setTimeout(() => {
          console.error(`[${label}] still running ${graceMs} ms after SIGTERM; sending SIGKILL.`);
          signalGroup('SIGKILL');
        }, graceMs);
        const code = await exited;
        clearTimeout(timer);
        signalGroup('SIGKILL');
        return code;
      })();
      return stopping;
    },
  };
  return managed;
}

/** Runs a command to completion with this terminal as its output and resolves with its exit code. */
export async function runToCompletion(
  label: string,
  command: string,
  args: readonly string[],
  options: StartProcessOptions = {},
): Promise<number> {
  return startProcess(label, command, args, options).exited;
}

function forwardLines(source: Readable | null, target: Writable, label: string): void {
  if (!source) return;
  const lines = createInterface({ input: source, crlfDelay: Infinity });
  lines.on('line', (line) => target.write(`[${label}] ${line}\n`));
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process and its children (`tsx` runs the server in a child process). */
export function rssKib(pid: number): number {
  const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return own + children.reduce((sum, child) => sum + rssKib(Number(child)), 0);
}
