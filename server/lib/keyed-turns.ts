/**
 * Work that must not overlap per key runs one at a time in arrival order, in this process; work of other keys is not
 * held up. Waiting costs nothing but a promise: no database connection, no lock held.
 */
export class KeyedTurns {
  /** The last turn queued for each key: the next one starts when it settles. */
  readonly #lastTurns = new Map<string, Promise<void>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#lastTurns.get(key);
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    this.#lastTurns.set(key, mine);
    try {
      await previous;
      return await work();
    } finally {
      done();
      // The last in line leaves nothing behind: the map holds only keys with work queued.
      if (this.#lastTurns.get(key) === mine) this.#lastTurns.delete(key);
    }
  }

  /** How many keys have work running or waiting. */
  get busyKeys(): number {
    return this.#lastTurns.size;
  }
}
