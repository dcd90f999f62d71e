/**
 * `npm start`: builds the web app when dist/ is missing or older than its sources, then runs the API
 * server (which also serves dist/) in this process. With STATIC_DIR set to another build, it serves that one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { cli, fromRoot, repoRoot } from './lib/project';

/** Everything `vite build` reads; a change to any of them makes the build stale. */
const buildInputs = ['src', 'public', 'contract', 'index.html', 'vite.config.ts', 'package-lock.json'];
const builtIndex = fromRoot('dist/index.html');

/** The newest modification time under `target` (a file or a folder, walked recursively), or 0. */
function newestChange(target: string): { mtimeMs: number; file: string } {
  let newest = { mtimeMs: 0, file: target };
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return newest;
  }
  if (!stats.isDirectory()) return { mtimeMs: stats.mtimeMs, file: target };
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    const candidate = newestChange(path.join(target, entry.name));
    if (candidate.mtimeMs > newest.mtimeMs) newest = candidate;
  }
  return newest;
}

function staleReason(): string | undefined {
  if (!existsSync(builtIndex)) return 'dist/index.html is missing';
  const builtAt = statSync(builtIndex).mtimeMs;
  for (const input of buildInputs) {
    const newest = newestChange(fromRoot(input));
    if (newest.mtimeMs > builtAt)
      return `${path.relative(repoRoot, newest.file)} changed after the last build`;
  }
  return undefined;
}

const staticDir = process.env.STATIC_DIR;
const servesOtherBuild = staticDir !== undefined && path.resolve(repoRoot, staticDir) !== fromRoot('dist');
const reason = servesOtherBuild ? undefined : staleReason();
if (servesOtherBuild) {
  console.log(`[start] Serving the web app built in ${staticDir} (STATIC_DIR); dist/ is left alone.`);
} else if (reason) {
  console.log(`[start] Building the web app: ${reason}.`);
  const startedAt = Date.now();
  // Synchronous on purpose: nothing else runs yet, and this process installs no signal handlers that
  // would later compete with the server's own shutdown handling.
  const build = spawnSync(process.execPath, [cli.vite, 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error(
      `[start] The build failed (${build.error?.message ?? `exit ${build.status ?? build.signal}`}); not starting the server.`,
    );
    process.exit(build.status ?? 1);
  }
  console.log(`[start] Built in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
} else {
  console.log('[start] The web app build in dist/ is up to date.');
}

console.log('[start] Starting the server (server/index.ts).');
await import('../server/index.ts');
