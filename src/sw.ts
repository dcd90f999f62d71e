/// <reference lib="webworker" />
import type { PrecacheEntry } from 'workbox-precaching';
import { precacheAndRoute } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

// The build replaces __WB_MANIFEST with the list of emitted assets. Registration comes with the PWA issue.
precacheAndRoute(self.__WB_MANIFEST);
