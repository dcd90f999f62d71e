import { errorCodes } from '@contract';
import { apiError } from '@mocks/handlers/respond';
import { server } from '@mocks/server';
import { isNetworkError } from 'ky';
import { http, HttpResponse } from 'msw';
import { saveToken } from '@/lib/auth/token-storage';
import { getNetworkStatus, networkStatusActions, resetNetworkStatus } from '@/lib/network/network-status';
import { api, apiBaseUrl, idempotencyKeyHeader, retryDelayMs } from './api-client';
import { ApiRequestError } from './api-request-error';
import { getRunningCalls, resetRequestActivity } from './request-activity';

/** Settles `promise` into a value or the error it rejects with, without an unhandled rejection. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

beforeEach(() => {
  resetNetworkStatus();
  resetRequestActivity();
});

describe('api client', () => {
  it("calls the page's own origin by default", () => {
    expect(apiBaseUrl()).toBe(`${window.location.origin}/`);
  });

  it('sends the stored token as a bearer token', async () => {
    saveToken('secret-token');
    let authorization: string | null = null;
    server.use(
      http.get('*/api/ping', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ ok: true });
      }),
    );
    await api.get('api/ping').json();
    expect(authorization).toBe('Bearer secret-token');
  });

  it('asks for the body the caller reads (Accept), though ky loads only with the first call', async () => {
    const accepted: (string | null)[] = [];
    server.use(
      http.get('*/api/ping', ({ request }) => {
        accepted.push(request.headers.get('Accept'));
        return HttpResponse.json({ ok: true });
      }),
    );
    expect(await api.get('api/ping').json()).toEqual({ ok: true });
    await api.get('api/ping').text();
    const response = await api.get('api/ping');
    expect(response.status).toBe(200);
    // Awaited as a Response, no body method: no Accept of its own.
    expect(accepted).toEqual(['application/json', 'text/*', null]);
  });

  it('reads the body of an extended client the same way', async () => {
    server.use(http.get('*/passenger/ping', () => HttpResponse.json({ from: 'passenger' })));
    const passenger = api.extend({ prefix: 'passenger' });
    expect(await passenger.get('ping').json()).toEqual({ from: 'passenger' });
  });

  it('sends no Authorization header when signed out', async () => {
    let hasHeader = true;
    server.use(
      http.get('*/api/ping', ({ request }) => {
        hasHeader = request.headers.has('Authorization');
        return HttpResponse.json({ ok: true });
      }),
    );
    await api.get('api/ping').json();
    expect(hasHeader).toBe(false);
  });

  it("turns the API's error shape into an ApiRequestError", async () => {
    server.use(
      http.post('*/api/thing', () =>
        apiError(400, {
          code: errorCodes.validation,
          message: 'Check the highlighted fields.',
          fields: { name: 'Required' },
        }),
      ),
    );
    const { error } = (await outcome(api.post('api/thing', { json: {} }).json())) as { error: unknown };
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Check the highlighted fields.',
      fields: { name: 'Required' },
    });
  });

  it('gives a generic ApiRequestError for a body that is not the error shape', async () => {
    server.use(http.get('*/api/broken', () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })));
    const { error } = (await outcome(api.get('api/broken', { retry: 0 }).json())) as { error: unknown };
    expect(error).toMatchObject({ status: 502, code: 'INTERNAL_ERROR' });
  });

  it('does not retry a 4xx', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/missing', () => {
        calls += 1;
        return apiError(404, { code: errorCodes.notFound, message: 'Not found.' });
      }),
    );
    await expect(api.get('api/missing').json()).rejects.toBeInstanceOf(ApiRequestError);
    expect(calls).toBe(1);
  });
});

describe('retries (spec 9), on a fake clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 2 s then 4 s', () => {
    expect([retryDelayMs(1), retryDelayMs(2)]).toEqual([2000, 4000]);
  });

  /** Answers `path` with `answers` in turn (the last one repeats) and records when each call came. */
  function scripted(
    method: 'get' | 'post' | 'put' | 'patch' | 'delete',
    path: string,
    answers: (() => Response)[],
  ) {
    const calls: { at: number; idempotencyKey: string | null }[] = [];
    const start = Date.now();
    server.use(
      http[method](`*/${path}`, ({ request }) => {
        calls.push({ at: Date.now() - start, idempotencyKey: request.headers.get(idempotencyKeyHeader) });
        const answer = answers[Math.min(calls.length, answers.length) - 1];
        if (!answer) throw new Error('no answer scripted');
        return answer();
      }),
    );
    return calls;
  }

  const serverError = () => HttpResponse.json({}, { status: 503 });
  const ok = () => HttpResponse.json({ ok: true });

  it('retries a 5xx twice, 2 s and then 4 s later, and returns the answer that worked', async () => {
    const calls = scripted('get', 'api/flaky', [serverError, serverError, ok]);
    const result = outcome(api.get('api/flaky').json());

    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);

    expect(await result).toEqual({ value: { ok: true } });
    expect(calls.map((call) => call.at)).toEqual([0, 2000, 6000]);
  });

  it('gives up after the second retry', async () => {
    const calls = scripted('get', 'api/down', [serverError]);
    const result = outcome(api.get('api/down').json());
    await vi.advanceTimersByTimeAsync(10_000);

    expect(calls.map((call) => call.at)).toEqual([0, 2000, 6000]);
    expect(await result).toMatchObject({ error: { status: 503 } });
  });

  it('retries a network error the same way', async () => {
    const calls = scripted('get', 'api/unreachable', [
      () => HttpResponse.error(),
      () => HttpResponse.error(),
      ok,
    ]);
    const result = outcome(api.get('api/unreachable').json());
    await vi.advanceTimersByTimeAsync(6000);

    expect(calls.map((call) => call.at)).toEqual([0, 2000, 6000]);
    expect(await result).toEqual({ value: { ok: true } });
  });

  it.each(['api/me', 'api/login'])('never retries %s, even when the call asks for retries', async (path) => {
    const method = path === 'api/me' ? 'get' : 'post';
    const calls = scripted(method, path, [serverError]);
    const results = [
      outcome(api[method](path).json()),
      outcome(api[method](path, { retry: 2 }).json()),
      outcome(api[method](path, { retry: { limit: 2, shouldRetry: () => true } }).json()),
    ];
    await vi.advanceTimersByTimeAsync(10_000);

    for (const result of results) expect(await result).toMatchObject({ error: { status: 503 } });
    expect(calls).toHaveLength(3);
  });

  it('never retries /api/me after a network error either', async () => {
    const calls = scripted('get', 'api/me', [() => HttpResponse.error()]);
    const result = outcome(api.get('api/me').json());
    await vi.advanceTimersByTimeAsync(10_000);

    const { error } = (await result) as { error: unknown };
    expect(isNetworkError(error)).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('does not wait to retry a network error when the browser says it is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = scripted('get', 'api/settings', [() => HttpResponse.error(), () => HttpResponse.error()]);
    const result = outcome(api.get('api/settings').json());
    await vi.advanceTimersByTimeAsync(10_000);

    const { error } = (await result) as { error: unknown };
    expect(isNetworkError(error)).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it.each(['post', 'put', 'patch', 'delete'] as const)(
    'retries a signed-in %s with the same Idempotency-Key on every attempt (ADR 008)',
    async (method) => {
      saveToken('secret-token');
      const calls = scripted(method, 'api/workout-logs', [() => HttpResponse.error(), serverError, ok]);
      const result = outcome(api[method]('api/workout-logs', { json: { sets: 3 } }).json());
      await vi.advanceTimersByTimeAsync(6000);

      expect(await result).toEqual({ value: { ok: true } });
      expect(calls).toHaveLength(3);
      const [first] = calls;
      expect(first?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Set(calls.map((call) => call.idempotencyKey)).size).toBe(1);
    },
  );

  it('gives every write call its own key, and keeps one the caller chose', async () => {
    const calls = scripted('post', 'api/notes', [ok]);
    await api.post('api/notes', { json: {} }).json();
    await api.post('api/notes', { json: {} }).json();
    await api
      .post('api/notes', { json: {}, headers: { [idempotencyKeyHeader]: 'queued-write-0001' } })
      .json();

    const keys = calls.map((call) => call.idempotencyKey);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('queued-write-0001');
  });

  it('sends no Idempotency-Key on reads', async () => {
    const calls = scripted('get', 'api/notes', [ok]);
    await api.get('api/notes').json();
    expect(calls[0]?.idempotencyKey).toBeNull();
  });

  it("sends a visitor's write once: without a session the server does not apply keys once", async () => {
    const calls = scripted('post', 'api/signup', [() => HttpResponse.error()]);
    const result = outcome(api.post('api/signup', { json: {} }).json());
    await vi.advanceTimersByTimeAsync(10_000);

    const { error } = (await result) as { error: unknown };
    expect(isNetworkError(error)).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('asks again when the first attempt of a keyed write is still being applied (409, Retry-After)', async () => {
    saveToken('secret-token');
    const stillApplying = () =>
      apiError(
        409,
        { code: errorCodes.conflict, message: 'This request is already being applied.' },
        { headers: { 'Retry-After': '1' } },
      );
    const calls = scripted('post', 'api/workout-logs', [() => HttpResponse.error(), stillApplying, ok]);
    const result = outcome(api.post('api/workout-logs', { json: {} }).json());
    await vi.advanceTimersByTimeAsync(6000);

    expect(await result).toEqual({ value: { ok: true } });
    expect(calls).toHaveLength(3);
  });

  it('does not retry any other 409', async () => {
    saveToken('secret-token');
    const calls = scripted('post', 'api/groups', [
      () => apiError(409, { code: errorCodes.conflict, message: 'A group with this name exists.' }),
    ]);
    const result = outcome(api.post('api/groups', { json: {} }).json());
    await vi.advanceTimersByTimeAsync(6000);

    expect(await result).toMatchObject({ error: { status: 409 } });
    expect(calls).toHaveLength(1);
  });

  it('keeps a call on the loading indicator through its retries and their waits', async () => {
    scripted('get', 'api/flaky', [serverError, serverError, ok]);
    const result = outcome(api.get('api/flaky').json());
    await vi.advanceTimersByTimeAsync(0);
    expect(getRunningCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(getRunningCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    await result;
    expect(getRunningCalls()).toBe(0);
  });
});

describe('network status from responses (spec 4)', () => {
  it('marks the app offline when the server cannot be reached, and online on the next success', async () => {
    server.use(http.get('*/api/ping', () => HttpResponse.error()));
    await outcome(api.get('api/ping', { retry: 0 }).json());
    expect(getNetworkStatus().isOnline).toBe(false);

    server.use(http.get('*/api/ping', () => HttpResponse.json({ ok: true })));
    await api.get('api/ping').json();
    expect(getNetworkStatus().isOnline).toBe(true);
  });

  it('keeps the app offline for an answer that arrives after the browser went offline', async () => {
    let answer: (response: Response) => void = () => undefined;
    server.use(http.get('*/api/ping', () => new Promise<Response>((resolve) => (answer = resolve))));
    const result = api.get('api/ping').json();
    await vi.waitFor(() => expect(getRunningCalls()).toBe(1));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    networkStatusActions.wentOffline();
    answer(HttpResponse.json({ ok: true }));
    await result;
    expect(getNetworkStatus().isOnline).toBe(false);
  });

  it('does not count an error answer as a success, nor as being offline', async () => {
    server.use(http.get('*/api/ping', () => HttpResponse.error()));
    await outcome(api.get('api/ping', { retry: 0 }).json());
    server.use(http.get('*/api/missing', () => apiError(404, { code: errorCodes.notFound, message: 'No.' })));
    await outcome(api.get('api/missing').json());
    expect(getNetworkStatus().isOnline).toBe(false);
  });

  it('does not mark the app offline when a call is cancelled', async () => {
    server.use(http.get('*/api/slow', () => new Promise<Response>(() => undefined)));
    const controller = new AbortController();
    const result = outcome(api.get('api/slow', { signal: controller.signal }).json());
    controller.abort();
    await result;
    expect(getNetworkStatus().isOnline).toBe(true);
  });
});

describe('loading indicator bookkeeping (spec 9)', () => {
  it('counts a call from its start until it settles', async () => {
    let answer: (response: Response) => void = () => undefined;
    server.use(http.get('*/api/workouts', () => new Promise<Response>((resolve) => (answer = resolve))));
    const result = api.get('api/workouts').json();
    await vi.waitFor(() => expect(getRunningCalls()).toBe(1));
    answer(HttpResponse.json([]));
    await result;
    expect(getRunningCalls()).toBe(0);
  });

  it('stops counting a call that fails', async () => {
    server.use(
      http.get('*/api/workouts', () => apiError(400, { code: errorCodes.badRequest, message: 'No.' })),
    );
    await outcome(api.get('api/workouts').json());
    expect(getRunningCalls()).toBe(0);
  });

  it('leaves the quiet calls of spec 9 out', async () => {
    let answer: (response: Response) => void = () => undefined;
    let receive: () => void = () => undefined;
    const received = new Promise<void>((resolve) => (receive = resolve));
    server.use(
      http.get('*/api/settings', () => {
        receive();
        return new Promise<Response>((resolve) => (answer = resolve));
      }),
    );
    const result = api.get('api/settings').json();
    // A call is counted before it is sent: once the server has it, a counted one would show.
    await received;
    expect(getRunningCalls()).toBe(0);
    answer(HttpResponse.json({}));
    await result;
  });
});
