import { errorCodes } from '@contract';
import { apiError } from '@mocks/handlers/respond';
import { server } from '@mocks/server';
import { http, HttpResponse } from 'msw';
import { saveToken } from '@/lib/auth/token-storage';
import { api, apiBaseUrl, retryDelayMs } from './api-client';
import { ApiRequestError } from './api-request-error';

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
    const error: unknown = await api
      .post('api/thing', { json: {} })
      .json()
      .catch((caught: unknown) => caught);
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
    const error: unknown = await api
      .get('api/broken', { retry: 0 })
      .json()
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, code: 'INTERNAL_ERROR' });
  });

  it('retries a 5xx twice, waiting 2 s then 4 s (spec 9)', async () => {
    expect([retryDelayMs(1), retryDelayMs(2)]).toEqual([2000, 4000]);
    let calls = 0;
    server.use(
      http.get('*/api/flaky', () => {
        calls += 1;
        return calls < 3 ? HttpResponse.json({}, { status: 503 }) : HttpResponse.json({ ok: true });
      }),
    );
    await expect(api.get('api/flaky', { retry: { delay: () => 0 } }).json()).resolves.toEqual({ ok: true });
    expect(calls).toBe(3);
  });

  it('does not retry a 4xx', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/missing', () => {
        calls += 1;
        return apiError(404, { code: errorCodes.notFound, message: 'Not found.' });
      }),
    );
    await expect(api.get('api/missing', { retry: { delay: () => 0 } }).json()).rejects.toBeInstanceOf(
      ApiRequestError,
    );
    expect(calls).toBe(1);
  });

  it('does not retry a POST', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/write', () => {
        calls += 1;
        return HttpResponse.json({}, { status: 503 });
      }),
    );
    await expect(api.post('api/write', { retry: { delay: () => 0 } }).json()).rejects.toBeInstanceOf(
      ApiRequestError,
    );
    expect(calls).toBe(1);
  });
});
