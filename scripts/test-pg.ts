/**
 * `npm run test:pg`: the server tests against a real PostgreSQL 15 instead of the embedded PGlite.
 * Starts a throwaway cluster, runs `vitest run --project server` with DATABASE_URL pointing at it (the
 * server's test helper makes a fresh database per test file), stops the cluster and exits with vitest's
 * code. Extra arguments go to vitest, for example `npm run test:pg -- server/routes/auth`.
 */
import { startPostgres } from './lib/postgres';
import { cli, repoRoot } from './lib/project';
import { runToCompletion } from './lib/processes';

let exitCode = 1;
try {
  console.log('[test:pg] Starting a throwaway PostgreSQL 15.');
  const postgres = await startPostgres();
  console.log(`[test:pg] PostgreSQL is ready at ${postgres.url}.`);
  try {
    exitCode = await runToCompletion(
      'vitest',
      process.execPath,
      [cli.vitest, 'run', '--project', 'server', ...process.argv.slice(2)],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: postgres.url } },
    );
  } finally {
    await postgres.stop();
    console.log('[test:pg] PostgreSQL stopped and its data folder removed.');
  }
} catch (error) {
  console.error(`[test:pg] ${error instanceof Error ? error.message : String(error)}`);
}
process.exit(exitCode);
