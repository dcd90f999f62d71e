/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import type { PrecacheEntry } from 'workbox-precaching';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
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
