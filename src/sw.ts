/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import type { PrecacheEntry } from 'workbox-precaching';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import {
  afterStartCacheName,
  cachedAfterStartRevision,
  offlineReadyMessage,
  warmCacheMessage,
} from './lib/pwa/cache-after-start';
import { firebaseConfig, isPushConfigured } from './lib/firebase/firebase-config';
import { openAppAt } from './lib/firebase/open-app-window';
import { clickedNotificationLink } from './lib/firebase/push-payload';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** Navigations the server answers itself: the API, its docs and the passenger endpoint are not app routes. */
function isAppNavigation(request: Request): boolean {
  if (request.mode !== 'navigate') return false;
  const url = new URL(request.url);
  return url.origin === self.location.origin && !/^\/(?:api|passenger)(?:\/|$)/.test(url.pathname);
}

// Every client-side route opens from the precached shell, so the app starts with no network. Registered before
// the precache route, and the only handler of navigations (a second respondWith would throw).
self.addEventListener('fetch', (event: FetchEvent) => {
  if (!isAppNavigation(event.request)) return;
  event.stopImmediatePropagation();
  event.respondWith(matchPrecache('/index.html').then((shell) => shell ?? fetch(event.request)));
});

// The build replaces __WB_MANIFEST with the list of emitted assets: the start's, precached at install, and the
// other scripts, marked, which wait for the page to be idle (ADR 080).
const isCachedAfterStart = (entry: PrecacheEntry | string) =>
  typeof entry !== 'string' && entry.revision === cachedAfterStartRevision;
const manifest = self.__WB_MANIFEST;
precacheAndRoute(manifest.filter((entry) => !isCachedAfterStart(entry)));
cleanupOutdatedCaches();

const afterStartUrls = new Set(
  manifest
    .filter(isCachedAfterStart)
    .map((entry) => new URL((entry as PrecacheEntry).url, self.location.href).href),
);

// Hashed, so never changed: served from the device once there, and cached by their first use before that.
registerRoute(({ url }) => afterStartUrls.has(url.href), new CacheFirst({ cacheName: afterStartCacheName }));

/** Caches what is missing, one file at a time (the page is in use), drops other releases' files, tells the pages. */
async function cacheAfterStart(): Promise<void> {
  const cache = await caches.open(afterStartCacheName);
  for (const request of await cache.keys()) {
    if (!afterStartUrls.has(request.url)) await cache.delete(request);
  }
  for (const url of afterStartUrls) {
    if (!(await cache.match(url))) await cache.add(url);
  }
  for (const client of await self.clients.matchAll({ type: 'window' })) {
    client.postMessage({ type: offlineReadyMessage });
  }
}

let warming: Promise<void> | undefined;
// A new worker that activates takes open pages over; each page then reloads once (spec 4, update flow).
clientsClaim();

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === warmCacheMessage) {
    // One at a time; a failure (offline half-way) leaves the rest to the next start's message.
    warming ??= cacheAfterStart().finally(() => (warming = undefined));
    event.waitUntil(
      warming.catch((error: unknown) => console.warn('Caching for offline use stopped:', error)),
    );
  }
});

/** A notification Firebase showed itself (a message with a `notification` block): its own listener handles it. */
function isShownByFirebase(notification: Notification): boolean {
  const data: unknown = notification.data;
  return typeof data === 'object' && data !== null && 'FCM_MSG' in data;
}

// Push exists only in builds with the Firebase configuration (ADR 014); without it this is dead code, dropped.
if (isPushConfigured && firebaseConfig) {
  const config = firebaseConfig;
  // Inlined into this file by the build, so Firebase's listeners are added during the first evaluation.
  import('./lib/firebase/background-messages')
    .then(({ startBackgroundMessages }) => startBackgroundMessages(config))
    .catch((error: unknown) => console.error('Push notifications could not start:', error));

  self.addEventListener('notificationclick', (event: NotificationEvent) => {
    if (isShownByFirebase(event.notification)) return;
    event.notification.close();
    const origin = self.location.origin;
    event.waitUntil(
      openAppAt(self.clients, origin, clickedNotificationLink(event.notification.data, origin)),
    );
  });
}
