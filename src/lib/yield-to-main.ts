interface YieldingScheduler {
  yield: () => Promise<void>;
}

/**
 * Where `scheduler.yield` exists (Chromium, Firefox): a promise that resolves in a new task at the front of the queue,
 * so the browser handles input and paints before the rest runs. Elsewhere (Safari, tests' jsdom): undefined.
 */
export function yieldToMain(): Promise<void> | undefined {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : undefined;
}
