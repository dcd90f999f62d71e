import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The repository root, whatever directory a script is started from. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export const fromRoot = (...segments: string[]): string => path.join(repoRoot, ...segments);

/** Tool entry points run with `process.execPath`, so no shell and no PATH lookup is involved. */
export const cli = {
  tsx: fromRoot('node_modules/tsx/dist/cli.mjs'),
  vite: fromRoot('node_modules/vite/bin/vite.js'),
  vitest: fromRoot('node_modules/vitest/vitest.mjs'),
} as const;
