import { describe, expect, it, vi } from 'vitest';
import { KeyedTurns } from './keyed-turns';

/** A piece of work that runs until `finish` is called, recording when it started. */
function heldWork(log: string[], name: string) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  return {
    finish,
    work: async () => {
      log.push(`${name} started`);
      await finished;
      log.push(`${name} ended`);
      return name;
    },
  };
}

describe('KeyedTurns', () => {
  it('runs the work of one key one at a time, in arrival order', async () => {
    const turns = new KeyedTurns();
    const log: string[] = [];
    const [a, b, c] = [heldWork(log, 'a'), heldWork(log, 'b'), heldWork(log, 'c')];
    const results = [
      turns.run('athlete-1', a.work),
      turns.run('athlete-1', b.work),
      turns.run('athlete-1', c.work),
    ];
    await vi.waitFor(() => expect(log).toEqual(['a started']));
    c.finish();
    b.finish();
    a.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a started', 'a ended', 'b started', 'b ended', 'c started', 'c ended']);
    expect(turns.busyKeys).toBe(0);
  });

  it('does not hold up the work of another key', async () => {
    const turns = new KeyedTurns();
    const log: string[] = [];
    const [a, b] = [heldWork(log, 'a'), heldWork(log, 'b')];
    const first = turns.run('athlete-1', a.work);
    const other = turns.run('athlete-2', b.work);
    await vi.waitFor(() => expect(log).toEqual(['a started', 'b started']));
    b.finish();
    expect(await other).toBe('b');
    a.finish();
    expect(await first).toBe('a');
  });

  it('goes on to the next after a failure, which reaches only its own caller', async () => {
    const turns = new KeyedTurns();
    const failed = turns.run('athlete-1', () => Promise.reject(new Error('refused')));
    const next = turns.run('athlete-1', () => Promise.resolve('written'));
    await expect(failed).rejects.toThrow('refused');
    expect(await next).toBe('written');
    expect(turns.busyKeys).toBe(0);
  });
});
