/**
 * `npm run size`: builds the web app, serves it, opens /login in Chromium and prints the gzip size of every
 * JavaScript file the browser fetched before the sign-in form was interactive. Budget: 130 KiB (issue 3);
 * the figure is printed, never enforced.
 */
import { gzipSync } from 'node:zlib';
import { chromiumExecutable, launchBrowser } from '../e2e/support/browser';
import { startAppServer } from './lib/app-server';

const port = Number(process.env.SIZE_PORT ?? 3230);
const budgetKiB = 130;

interface Fetched {
  path: string;
  bytes: number;
  gzipBytes: number;
}

console.log(`[size] Chromium: ${chromiumExecutable}`);
const server = await startAppServer({
  label: 'size',
  entry: 'scripts/start.ts',
  port,
  readyTimeoutMs: 180_000,
});
let exitCode = 0;
try {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const pending: Promise<Fetched | null>[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== server.baseUrl || !url.pathname.endsWith('.js')) return;
      pending.push(
        response
          .body()
          .then((body) => ({
            path: url.pathname,
            bytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
          }))
          .catch(() => null),
      );
    });
    await page.goto(`${server.baseUrl}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /sign in/i }).waitFor({ state: 'visible' });
    await page.getByLabel('Email', { exact: true }).fill('coach@demo.test');
    const fetched = (await Promise.all(pending)).filter((file): file is Fetched => file !== null);
    fetched.sort((a, b) => b.gzipBytes - a.gzipBytes);
    const kib = (bytes: number) => (bytes / 1024).toFixed(1);
    console.log('\nJavaScript fetched before /login is interactive:');
    console.log('  gzip KiB   raw KiB   file');
    for (const file of fetched) {
      console.log(`  ${kib(file.gzipBytes).padStart(8)}  ${kib(file.bytes).padStart(8)}   ${file.path}`);
    }
    const total = fetched.reduce((sum, file) => sum + file.gzipBytes, 0);
    const rawTotal = fetched.reduce((sum, file) => sum + file.bytes, 0);
    console.log(
      `  ${kib(total).padStart(8)}  ${kib(rawTotal).padStart(8)}   total in ${fetched.length} files`,
    );
    console.log(
      `\nFirst-screen JavaScript: ${kib(total)} KiB gzip (budget ${budgetKiB} KiB: ${total / 1024 <= budgetKiB ? 'within' : 'OVER'})`,
    );
    const heavy = fetched.filter((file) => /sentry|firebase/i.test(file.path));
    if (heavy.length > 0)
      console.log(`Note: ${heavy.map((file) => file.path).join(', ')} loaded before sign-in.`);
  } finally {
    await browser.close();
  }
} catch (error) {
  console.error(`[size] ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await server.stop();
}
process.exit(exitCode);
