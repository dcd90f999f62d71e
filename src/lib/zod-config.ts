/**
 * Zod compiles object parsers with `new Function` unless told not to; our Content-Security-Policy forbids
 * eval, so the probe alone would log a CSP violation. Zod reads this global when it loads (lazily, later).
 */
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

export {};
