import { createMiddleware } from 'hono/factory';
import { errorCodes } from '../../contract/error-codes';
import { ApiError } from './errors';

export interface AdmissionGateOptions {
  /** How many API requests of this process may be worked on at once; the rest wait in arrival order. */
  concurrency: number;
  /** How long a request may wait for its turn before it is answered 503 with Retry-After. */
  maxWaitMs: number;
  /** The Retry-After it answers with, in whole seconds. */
  retryAfterSeconds: number;
}

interface Waiter {
  admit(): void;
  timer: NodeJS.Timeout;
}

/** The figures of a gate, for a benchmark or a health check. */
export interface AdmissionFigures {
  active: number;
  waiting: number;
  /** Requests answered 503 since the process started. */
  shed: number;
}

/**
 * Admits API requests in arrival order, a bounded number at a time, and sheds the ones that would wait too long with
 * 503 and Retry-After (issue 30): under a rush every request is answered within a known time, none hangs until
 * its client gives up, and the database is not handed more work at once than it can do.
 */
export class AdmissionGate {
  #active = 0;
  #shed = 0;
  readonly #queue: Waiter[] = [];

  constructor(private readonly options: AdmissionGateOptions) {}

  get figures(): AdmissionFigures {
    return { active: this.#active, waiting: this.#queue.length, shed: this.#shed };
  }

  /**
   * Resolves `true` when the request may go on (call `release` once it is answered), `false` when its client went away
   * while it waited; rejects with a 503 when it waited too long.
   */
  async enter(signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return false;
    if (this.#active < this.options.concurrency && this.#queue.length === 0) {
      this.#active += 1;
      return true;
    }
    return await new Promise<boolean>((resolve, reject) => {
      const leave = () => {
        const index = this.#queue.indexOf(waiter);
        if (index >= 0) this.#queue.splice(index, 1);
        clearTimeout(waiter.timer);
        signal?.removeEventListener('abort', abandoned);
      };
      const abandoned = () => {
        leave();
        resolve(false);
      };
      const waiter: Waiter = {
        admit: () => {
          leave();
          this.#active += 1;
          resolve(true);
        },
        timer: setTimeout(() => {
          leave();
          this.#shed += 1;
          reject(this.#busy());
        }, this.options.maxWaitMs),
      };
      this.#queue.push(waiter);
      signal?.addEventListener('abort', abandoned, { once: true });
    });
  }

  release(): void {
    this.#active -= 1;
    // The slot goes to the longest waiter, never to a newcomer: nobody is overtaken forever.
    if (this.#active < this.options.concurrency) this.#queue[0]?.admit();
  }

  #busy(): ApiError {
    return new ApiError(
      503,
      errorCodes.serviceUnavailable,
      'The server is busy right now. Try again in a moment; nothing was changed.',
      undefined,
      { 'Retry-After': String(this.options.retryAfterSeconds) },
    );
  }

  /** The middleware: requests for `exempt` paths (health checks, long-lived streams, uploads) pass untouched. */
  middleware(exempt: (path: string) => boolean) {
    return createMiddleware(async (c, next) => {
      if (c.req.method === 'OPTIONS' || exempt(c.req.path)) return next();
      // Nobody reads an answer to a request whose client went away while it waited.
      if (!(await this.enter(c.req.raw.signal))) return c.body(null, 503);
      try {
        await next();
      } finally {
        this.release();
      }
    });
  }
}
