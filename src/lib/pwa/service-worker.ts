import { offlineReadyMessage, warmCacheMessage } from './cache-after-start';

/** Session flag of spec 4: a new worker is installed and waits for this page to take it. */
export const updatePendingKey = 'sw-update-pending';
export const serviceWorkerUrl = '/service-worker.js';

/** How often at most an open tab asks the server whether a new release is out (besides page loads). */
export const updateCheckIntervalMs = 15 * 60_000;

export interface ServiceWorkerEnvironment {
  container: ServiceWorkerContainer;
  storage: Storage;
  reload: () => void;
  /** Where the browser's `online` event arrives (the window). */
  connectivity?: EventTarget;
  /** Every script of this release is on the device (ADR 080). */
  onOfflineReady?: () => void;
  now?: () => number;
}

const browserEnvironment = (): ServiceWorkerEnvironment => ({
  container: navigator.serviceWorker,
  storage: sessionStorage,
  reload: () => window.location.reload(),
  connectivity: window,
  // Read by the browser tests before they go offline; nothing on screen depends on it.
  onOfflineReady: () => {
    document.documentElement.dataset.offlineReady = 'true';
  },
  now: () => Date.now(),
});

/** After the first screen's work, so the worker's downloads do not compete with it. */
function whenIdle(run: () => void): void {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) {
    window.requestIdleCallback(run, { timeout: 5000 });
  } else {
    setTimeout(run, 0);
  }
}

function messageType(data: unknown): unknown {
  return typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
}

function readFlag(storage: Storage): boolean {
  try {
    return storage.getItem(updatePendingKey) === 'true';
  } catch {
    return false;
  }
}

function writeFlag(storage: Storage, pending: boolean): void {
  try {
    if (pending) storage.setItem(updatePendingKey, 'true');
    else storage.removeItem(updatePendingKey);
  } catch {
    // Storage blocked: the update then waits for the next visit, which is still correct.
  }
}

let active:
  | { environment: ServiceWorkerEnvironment; registration: ServiceWorkerRegistration; lastCheckAt: number }
  | undefined;
/** One reload per page, whatever asks for it: a controller change and a RELOAD message never chain. */
let reloading = false;

function reloadOnce(environment: ServiceWorkerEnvironment): void {
  if (reloading) return;
  reloading = true;
  environment.reload();
}

/**
 * Registers the worker and follows the update flow of spec 4: an update installed while another worker
 * controls the page sets the session flag; a controller change reloads the page once; a RELOAD message from
 * the worker clears the flag and reloads. The first install (no controller before) reloads nothing.
 */
export async function registerServiceWorker(
  environment: ServiceWorkerEnvironment = browserEnvironment(),
): Promise<ServiceWorkerRegistration | undefined> {
  const { container, storage } = environment;
  let controlled = container.controller !== null;

  container.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    writeFlag(storage, false);
    reloadOnce(environment);
  });
  container.addEventListener('message', (event) => {
    if (messageType(event.data) === offlineReadyMessage) environment.onOfflineReady?.();
    if (messageType(event.data) !== 'RELOAD') return;
    writeFlag(storage, false);
    reloadOnce(environment);
  });

  try {
    const registration = await container.register(serviceWorkerUrl, { scope: '/' });
    active = { environment, registration, lastCheckAt: environment.now?.() ?? 0 };
    // Spec: offline-tolerant reload on reconnect. Back online, a waiting update is taken, else one is looked for.
    environment.connectivity?.addEventListener('online', () => {
      if (!reloadIfUpdatePending()) checkForUpdate(true);
    });
    // ADR 080: once the worker runs and the page is idle, it caches the scripts the start did not need.
    void container.ready.then((ready) =>
      whenIdle(() => ready.active?.postMessage({ type: warmCacheMessage })),
    );
    if (registration.waiting && container.controller) writeFlag(storage, true);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed' && container.controller) writeFlag(storage, true);
      });
    });
    return registration;
  } catch (error) {
    // Spec 8: the app works without a worker; the failure is for developers only.
    console.error('Service worker registration failed:', error);
    return undefined;
  }
}

/**
 * Asks the server for a new service worker (a new release) when the last check is older than the interval,
 * or at once when `force`. A tab left open for days otherwise only learns of a release on a full page load.
 */
function checkForUpdate(force = false): void {
  if (!active) return;
  const now = active.environment.now?.() ?? 0;
  if (!force && now - active.lastCheckAt < updateCheckIntervalMs) return;
  active.lastCheckAt = now;
  active.registration.update().catch((error: unknown) => {
    // Offline or the server is down: the next route change or reconnect asks again.
    console.warn('Service worker update check failed:', error);
  });
}

/**
 * Called on every resolved route change: a pending update is taken now, between two screens, so an open tab
 * never asks for a chunk that a deploy removed. A waiting worker is told to activate (the controller change
 * then reloads); when it already has, the page reloads at once. Returns whether an update was pending; when
 * none was, the server is asked for one now and then (see `updateCheckIntervalMs`).
 */
export function reloadIfUpdatePending(): boolean {
  if (!active) return false;
  if (!readFlag(active.environment.storage)) {
    checkForUpdate();
    return false;
  }
  const { environment, registration } = active;
  const waiting = registration.waiting;
  if (waiting) {
    // The new worker's clients.claim() reloads the page through `controllerchange`; when that event does not come
    // to this page, the worker being activated is the sign, so the update never stays stuck at "pending".
    waiting.addEventListener('statechange', () => {
      if (waiting.state !== 'activated') return;
      writeFlag(environment.storage, false);
      reloadOnce(environment);
    });
    waiting.postMessage({ type: 'SKIP_WAITING' });
    return true;
  }
  writeFlag(environment.storage, false);
  reloadOnce(environment);
  return true;
}

/** In production builds only, once the first screen has painted, so the worker's downloads never delay it. */
export function registerServiceWorkerAfterFirstPaint(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  requestAnimationFrame(() => {
    const start = () => void registerServiceWorker();
    if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 3000 });
    else setTimeout(start, 0);
  });
}

/** For tests: forgets the registration and the reload guard. */
export function resetServiceWorkerState(): void {
  active = undefined;
  reloading = false;
}
