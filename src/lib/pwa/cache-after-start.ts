/**
 * ADR 080: the service worker precaches what a start needs; every other script is marked in its manifest with
 * this revision and cached when the page says it is idle, so a first visit does not download them all at once.
 */
export const cachedAfterStartRevision = 'after-start';
/** The cache the worker keeps those scripts in, also filled by their first use. */
export const afterStartCacheName = 'connect-after-start';
/** Page → worker: the first screen is done; fill the cache now. */
export const warmCacheMessage = 'WARM_CACHE';
/** Worker → pages: every script of this release is on the device. */
export const offlineReadyMessage = 'OFFLINE_READY';
