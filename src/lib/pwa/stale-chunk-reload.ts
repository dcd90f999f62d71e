/** Session key: when the page last reloaded because a chunk of an older release was gone. */
export const staleChunkReloadKey = 'stale-chunk-reload-at';
/** A second failure this soon after such a reload is a real outage, not a deploy: no reload loop. */
export const staleChunkReloadGuardMs = 10_000;

/** Where the app is going: `pending` while a navigation loads, and the address it loads. */
export interface NavigationState {
  pending: boolean;
  href: string;
}

interface StaleChunkEnvironment {
  events: EventTarget;
  storage: Storage;
  /** Loads the address as a new document (of the new release). */
  open: (href: string) => void;
  now: () => number;
  navigation: () => NavigationState;
}

// Before the router exists, every chunk the page asks for is part of opening the page.
let followedNavigation: () => NavigationState = () => ({ pending: true, href: window.location.href });
let active: { environment: StaleChunkEnvironment; staleReleaseSeen: boolean } | undefined;

/** The router tells the guard whether a failed chunk was for a screen the person is opening. */
export function followNavigation(state: () => NavigationState): void {
  followedNavigation = state;
}

/** Records the reload unless one happened moments ago (then this is an outage, and reloading would loop). */
function mayReload({ storage, now }: StaleChunkEnvironment): boolean {
  try {
    const lastReloadAt = Number(storage.getItem(staleChunkReloadKey) ?? 0);
    if (now() - lastReloadAt < staleChunkReloadGuardMs) return false;
    storage.setItem(staleChunkReloadKey, String(now()));
    return true;
  } catch {
    // Storage blocked: without the guard a reload could loop, so the error is shown instead.
    return false;
  }
}

/**
 * After a deploy, a tab that is not under the service worker (first visit, private mode) may ask for a chunk
 * the server no longer has; Vite then fires `vite:preloadError`. When the chunk is for the screen the person is
 * opening, that screen opens as a new page of the new release instead of an error. Any other chunk (a preload
 * while the pointer rests on a link, a part that loads by itself) reloads nothing under the person, who may be
 * about to click or typing: the page is marked stale and the next change of screen reloads it, as an installed
 * update does (spec 4). (Route components have the same guard inside TanStack Router.)
 */
export function reloadOnStaleChunks(
  environment: StaleChunkEnvironment = {
    events: window,
    storage: sessionStorage,
    open: (href) => window.location.replace(href),
    now: () => Date.now(),
    navigation: () => followedNavigation(),
  },
): void {
  const state = { environment, staleReleaseSeen: false };
  active = state;
  environment.events.addEventListener('vite:preloadError', (event) => {
    const navigation = environment.navigation();
    if (!navigation.pending) {
      state.staleReleaseSeen = true;
      return;
    }
    if (!mayReload(environment)) return;
    event.preventDefault();
    environment.open(navigation.href);
  });
}

/** After a change of screen: a page that found its release gone reloads into the new one. True when it does. */
export function reloadIfReleaseStale(href: string): boolean {
  if (!active?.staleReleaseSeen || !mayReload(active.environment)) return false;
  active.staleReleaseSeen = false;
  active.environment.open(href);
  return true;
}
