/**
 * Where the session's token is kept in localStorage. Its own module, free of the DOM, because the build reads it
 * too (vite.config.ts: the signed-in code is preloaded when a token is there). Versioned so a future change of the
 * stored shape can ignore old entries instead of misreading them.
 */
export const tokenStorageKey = 'connect.auth.v1';
