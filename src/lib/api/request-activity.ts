import { useSyncExternalStore } from 'react';
import { apiPathOf } from './api-path';

/**
 * Spec 9: calls that do not show the global loading indicator (sign-in, chat and notification polling,
 * uploads, settings, and the slow workout-reader and report-summary calls). Matched on the path under the
 * API root, so `{id}` stands for one path segment.
 */
const quietCalls: readonly { path: RegExp; searchParam?: string }[] = [
  { path: /^\/api\/login$/ },
  { path: /^\/api\/chatGroupsMessage\/[^/]+$/ },
  { path: /^\/api\/notifications$/, searchParam: 'user' },
  { path: /^\/api\/chats\/[^/]+$/ },
  { path: /^\/api\/upload\/chunk$/ },
  { path: /^\/api\/upload$/ },
  { path: /^\/api\/settings$/ },
  { path: /^\/api\/workoutreader$/ },
  { path: /^\/api\/reporting\/organization\/[^/]+\/llm$/ },
];

/** Whether a request to `url` shows the loading indicator. `apiRoot` is the API's base address. */
export function showsLoadingIndicator(url: string, apiRoot: string): boolean {
  const path = apiPathOf(url, apiRoot);
  const { searchParams } = new URL(url);
  return !quietCalls.some(
    (call) => call.path.test(path) && (call.searchParam === undefined || searchParams.has(call.searchParam)),
  );
}

let runningCalls = 0;
const listeners = new Set<() => void>();

function setRunningCalls(count: number): void {
  runningCalls = Math.max(0, count);
  for (const listener of listeners) listener();
}

/**
 * One API call as the indicator sees it: from its first attempt until it settles, retries and their waits
 * included. `start` and `end` may each be called any number of times; only the first of each counts.
 */
export class RequestActivity {
  #state: 'idle' | 'running' | 'ended' = 'idle';

  start = (): void => {
    if (this.#state !== 'idle') return;
    this.#state = 'running';
    setRunningCalls(runningCalls + 1);
  };

  end = (): void => {
    if (this.#state === 'running') setRunningCalls(runningCalls - 1);
    this.#state = 'ended';
  };
}

export const getRunningCalls = (): number => runningCalls;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while at least one call that shows the indicator is running. */
export const useHasRunningCalls = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => runningCalls > 0,
    () => false,
  );

/** Tests only: forget calls a test left running. */
export function resetRequestActivity(): void {
  setRunningCalls(0);
}
