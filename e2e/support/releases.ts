import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The browser tests run against two builds of the web app (scripts/test-e2e.ts builds them): the release the
 * server starts with, and the next one, which a test deploys over it.
 */
/** E2E_ROOT lets two runs on one machine build into different folders. */
export const e2eRoot = process.env.E2E_ROOT ?? fileURLToPath(new URL('../../.tmp/e2e', import.meta.url));
export const releaseNames = ['release-1', 'release-2'] as const;
export type ReleaseName = (typeof releaseNames)[number];
/** The folder the server serves (its STATIC_DIR): a copy of one release, replaced whole on deploy. */
export const siteDir = path.join(e2eRoot, 'site');

export const releaseDir = (name: ReleaseName): string => path.join(e2eRoot, name);

/** Replaces what the server serves with `name`, the way a deploy does: the old release's files are gone. */
export function deployRelease(name: ReleaseName): void {
  mkdirSync(siteDir, { recursive: true });
  for (const entry of readdirSync(siteDir))
    rmSync(path.join(siteDir, entry), { recursive: true, force: true });
  cpSync(releaseDir(name), siteDir, { recursive: true });
}
