/** Builds the two releases the browser tests use, both with the Firebase test configuration (push on). */
import { rmSync } from 'node:fs';
import { firebaseTestConfig } from '../../e2e/support/firebase-test-config';
import { deployRelease, e2eRoot, releaseDir, releaseNames } from '../../e2e/support/releases';
import { cli, repoRoot } from './project';
import { runToCompletion } from './processes';

export async function buildReleases(): Promise<void> {
  rmSync(e2eRoot, { recursive: true, force: true });
  for (const name of releaseNames) {
    const startedAt = Date.now();
    const exitCode = await runToCompletion(
      `build ${name}`,
      process.execPath,
      [cli.vite, 'build', '--outDir', releaseDir(name), '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: repoRoot, env: { ...process.env, ...firebaseTestConfig, BUILD_RELEASE_TAG: name } },
    );
    if (exitCode !== 0) throw new Error(`Building ${name} for the browser tests failed (exit ${exitCode}).`);
    console.log(`[test:e2e] Built ${name} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
  }
  deployRelease('release-1');
}
