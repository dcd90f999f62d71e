import { apiBaseUrl, retryDelayMs, retryLimit } from './api-client';
import { ApiRequestError } from './api-request-error';
import { fetchReportingNetworkStatus } from './fetch-reporting-network-status';

/** Waits, or rejects with the signal's reason as soon as the read is cancelled. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A visitor's GET of JSON with fetch itself (ADR 079): the sign-in screen's only call, which would otherwise load
 * ky for nothing else. Spec 9's policy all the same: a network error or a status of 500 and above is tried twice
 * more, 2 s then 4 s later; with no network at all it is not, as the API client does.
 */
export async function readAsVisitor(path: string, signal: AbortSignal): Promise<unknown> {
  const url = new URL(path, apiBaseUrl());
  for (let attempt = 1; ; attempt++) {
    const isLastAttempt = attempt > retryLimit;
    let response: Response;
    try {
      response = await fetchReportingNetworkStatus(url, { signal, headers: { Accept: 'application/json' } });
    } catch (error) {
      if (signal.aborted || isLastAttempt || !navigator.onLine) throw error;
      await pause(retryDelayMs(attempt), signal);
      continue;
    }
    if (response.ok) return (await response.json()) as unknown;
    if (response.status < 500 || isLastAttempt) {
      const body: unknown = await response.json().catch(() => undefined);
      throw ApiRequestError.fromResponse(response.status, body);
    }
    await pause(retryDelayMs(attempt), signal);
  }
}
