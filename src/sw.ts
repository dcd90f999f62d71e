/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import type { PrecacheEntry } from 'workbox-precaching';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';

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

// The build replaces __WB_MANIFEST with the list of emitted assets (the app shell and every chunk).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// A new worker that activates takes open pages over; each page then reloads once (spec 4, update flow).
clientsClaim();

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});
