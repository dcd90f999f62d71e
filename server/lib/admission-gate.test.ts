import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../contract/error-codes';
import { AdmissionGate } from './admission-gate';
import { renderError } from './errors';

/** An app whose `/api/work/:name` answers only once the test lets that request finish. */
function gatedApp(options: { concurrency: number; maxWaitMs: number }) {
  const gate = new AdmissionGate({ ...options, retryAfterSeconds: 2 });
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const app = new Hono();
  app.use(
    '/api/*',
    gate.middleware((path) => path === '/api/health'),
  );
  app.get('/api/health', (c) => c.json({ ok: true }));
  app.get('/api/work/:name', async (c) => {
    const name = c.req.param('name');
    started.push(name);
    await new Promise<void>((resolve) => finishers.set(name, resolve));
    return c.json({ name });
  });
  app.onError((error, c) => renderError(c, error));
  const request = (name: string, init?: RequestInit) =>
    Promise.resolve(app.request(`/api/work/${name}`, init));
  const finish = async (name: string) => {
    await expect.poll(() => finishers.has(name)).toBe(true);
    finishers.get(name)!();
  };
  return { gate, started, request, finish, app };
}

describe('AdmissionGate', () => {
  it('works on as many requests as it admits and lets the others in, in the order they came', async () => {
    const { gate, started, request, finish } = gatedApp({ concurrency: 2, maxWaitMs: 5_000 });
    const answers = ['a', 'b', 'c', 'd'].map((name) => request(name));
    await expect.poll(() => started).toEqual(['a', 'b']);
    expect(gate.figures).toEqual({ active: 2, waiting: 2, shed: 0 });

    await finish('b');
    await expect.poll(() => started).toEqual(['a', 'b', 'c']);
    await finish('a');
    await expect.poll(() => started).toEqual(['a', 'b', 'c', 'd']);
    await finish('c');
    await finish('d');

    const bodies = await Promise.all(answers.map(async (answer) => (await answer).json()));
    expect(bodies).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }]);
    expect(gate.figures).toEqual({ active: 0, waiting: 0, shed: 0 });
  });

  it('answers 503 with Retry-After to a request that waited too long, and never runs it', async () => {
    const { gate, started, request, finish } = gatedApp({ concurrency: 1, maxWaitMs: 50 });
    const first = request('first');
    await expect.poll(() => started).toEqual(['first']);

    const shed = await request('shed');
    expect(shed.status).toBe(503);
    expect(shed.headers.get('Retry-After')).toBe('2');
    const { error } = (await shed.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe(errorCodes.serviceUnavailable);
    expect(error.message).toMatch(/busy/);
    expect(gate.figures).toEqual({ active: 1, waiting: 0, shed: 1 });

    await finish('first');
    expect((await first).status).toBe(200);
    expect(started).toEqual(['first']);
  });

  it('lets health checks through while it is full', async () => {
    const { request, finish, started, app } = gatedApp({ concurrency: 1, maxWaitMs: 5_000 });
    const first = request('first');
    await expect.poll(() => started).toEqual(['first']);
    expect((await app.request('/api/health')).status).toBe(200);
    await finish('first');
    await first;
  });

  it('forgets a waiting request whose client went away', async () => {
    const { gate, started, request, finish } = gatedApp({ concurrency: 1, maxWaitMs: 5_000 });
    const first = request('first');
    await expect.poll(() => started).toEqual(['first']);
    const client = new AbortController();
    const gone = request('gone', { signal: client.signal });
    const next = request('next');
    await expect.poll(() => gate.figures.waiting).toBe(2);

    client.abort();
    await expect.poll(() => gate.figures.waiting).toBe(1);
    await finish('first');
    await finish('next');
    expect((await next).status).toBe(200);
    expect(started).toEqual(['first', 'next']);
    await first;
    await gone.catch(() => undefined);
    expect(gate.figures).toEqual({ active: 0, waiting: 0, shed: 0 });
  });
});
