import type { Page } from 'playwright-core';

/**
 * What a page asked of the API and when (requests, answers, failures), so a live update that never came says in
 * CI's log whether the stream was open and what was read again.
 */
export function recordApiTimeline(page: Page): { text: () => string } {
  const started = Date.now();
  const lines: string[] = [];
  const at = () => `${((Date.now() - started) / 1000).toFixed(2)}s`;
  const path = (url: string) => new URL(url).pathname + new URL(url).search;
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (isApi(request.url())) lines.push(`${at()} → ${request.method()} ${path(request.url())}`);
  });
  page.on('response', (response) => {
    if (isApi(response.url())) lines.push(`${at()} ← ${response.status()} ${path(response.url())}`);
  });
  page.on('requestfailed', (request) => {
    if (isApi(request.url()))
      lines.push(`${at()} ✗ ${path(request.url())} ${request.failure()?.errorText ?? ''}`);
  });
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname === '/api/events') lines.push(`${at()} ■ stream ended`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      lines.push(`${at()} console: ${message.text()}`);
  });
  return { text: () => lines.slice(-60).join('\n') };
}

/** Waits for `waiting`; when it fails, the error carries the page's API timeline. */
export async function explainingFailure<T>(
  timeline: { text: () => string },
  waiting: Promise<T>,
): Promise<T> {
  try {
    return await waiting;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\n--- the page's API timeline ---\n${timeline.text()}`, { cause: error });
  }
}
