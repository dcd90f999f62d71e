/**
 * `npm run test:e2e`: the product started the way `npm start` starts it, on port 3210 with a fresh DATA_DIR,
 * driven by real Chromium through the tests in e2e/. The web app it serves is built twice beforehand with the
 * Firebase test configuration (e2e/support/releases.ts): a test deploys the second release over the first.
 * Extra arguments go to vitest, for example `npm run test:e2e -- -t "wrong password"`.
 */
import { existsSync } from 'node:fs';
import { chromiumExecutable, demoPassword } from '../e2e/support/browser';
import { siteDir } from '../e2e/support/releases';
import { buildReleases } from './lib/e2e-releases';
import { startAppServer } from './lib/app-server';
import { startFakeLlmServer } from '../server/testing/fake-llm-server';
import { cli, repoRoot } from './lib/project';
import { runToCompletion } from './lib/processes';

const port = Number(process.env.E2E_PORT ?? 3210);
/** e2e/password-reset.e2e.ts listens here for the server's mail. */
const smtpPort = process.env.E2E_SMTP_PORT ?? '2526';
/** The first start builds the web app, migrates and seeds: give it time on a small machine. */
const readyTimeoutMs = 180_000;

let exitCode = 1;
try {
  if (!existsSync(chromiumExecutable)) {
    throw new Error(
      `Chromium is not installed at ${chromiumExecutable}. Install it (apt-get install -y chromium) ` +
        'or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  await buildReleases();
  // The report's written summary comes from a local stand-in for a language model (e2e/reports.e2e.ts), paced so
  // the screen shows it arriving.
  const languageModel = await startFakeLlmServer({ chunkDelayMs: 40 });
  const server = await startAppServer({
    label: 'server',
    entry: 'scripts/start.ts',
    port,
    readyTimeoutMs,
    env: {
      DEMO_PASSWORD: demoPassword,
      STATIC_DIR: siteDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LLM_BASE_URL: languageModel.url,
      LLM_MODEL: 'fake-coach-summary',
    },
  });
  try {
    exitCode = await runToCompletion(
      'vitest',
      process.execPath,
      [cli.vitest, 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          E2E_BASE_URL: server.baseUrl,
          DEMO_PASSWORD: demoPassword,
          E2E_SMTP_PORT: smtpPort,
        },
      },
    );
  } finally {
    await server.stop();
    await languageModel.close();
    console.log('[test:e2e] Server stopped and its data folder removed.');
  }
} catch (error) {
  console.error(`[test:e2e] ${error instanceof Error ? error.message : String(error)}`);
}
process.exit(exitCode);
