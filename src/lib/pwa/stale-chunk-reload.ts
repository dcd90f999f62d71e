/** Session key: when the page last reloaded because a chunk of an older release was gone. */
export const staleChunkReloadKey = 'stale-chunk-reload-at';
/** A second failure this soon after such a reload is a real outage, not a deploy: no reload loop. */
export const staleChunkReloadGuardMs = 10_000;

interface StaleChunkEnvironment {
  events: EventTarget;
  storage: Storage;
  reload: () => void;
  now: () => number;
}

/**
 * After a deploy, a tab that is not under the service worker (first visit, private mode) may ask for a chunk
 * the server no longer has. Vite then fires `vite:preloadError`: the page reloads once into the new release
 * instead of showing an error. (Route components have the same guard inside TanStack Router.)
 */
export function reloadOnStaleChunks(
  environment: StaleChunkEnvironment = {
    events: window,
    storage: sessionStorage,
    reload: () => window.location.reload(),
    now: () => Date.now(),
  },
): void {
  environment.events.addEventListener('vite:preloadError', (event) => {
    const { storage, now } = environment;
    try {
      const lastReloadAt = Number(storage.getItem(staleChunkReloadKey) ?? 0);
      if (now() - lastReloadAt < staleChunkReloadGuardMs) return;
      storage.setItem(staleChunkReloadKey, String(now()));
    } catch {
      // Storage blocked: without the guard a reload could loop, so the error is shown instead.
      return;
    }
    event.preventDefault();
    environment.reload();
  });
}
