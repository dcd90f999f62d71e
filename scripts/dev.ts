/**
 * `npm run dev`: the API in watch mode on port 3001 and Vite's dev server on 5173 (which proxies /api and
 * /passenger to the API). Ctrl-C stops both; when either stops on its own, the other is stopped too.
 */
import { cli, repoRoot } from './lib/project';
import { isShuttingDown, startProcess } from './lib/processes';
import type { ManagedProcess } from './lib/processes';

const apiPort = '3001';

console.log(`[dev] API (tsx watch server/index.ts) on http://127.0.0.1:${apiPort}`);
const api = startProcess(
  'api',
  process.execPath,
  [cli.tsx, 'watch', '--clear-screen=false', 'server/index.ts'],
  {
    cwd: repoRoot,
    env: { ...process.env, PORT: apiPort },
  },
);
console.log('[dev] Web app (vite) on http://localhost:5173');
const web = startProcess('web', process.execPath, [cli.vite, '--port', '5173', '--strictPort'], {
  cwd: repoRoot,
  env: { ...process.env, VITE_DEV_API_TARGET: `http://127.0.0.1:${apiPort}` },
});

// The children run in their own process groups so each can be stopped as a tree; the terminal's Ctrl-C
// therefore reaches only this process, and registerCleanup (scripts/lib/processes.ts) stops both.
const first = await Promise.race(
  [api, web].map(async (child: ManagedProcess) => ({ child, code: await child.exited })),
);
if (!isShuttingDown())
  console.log(`[dev] ${first.child.label} exited with code ${first.code}; stopping the other.`);
await Promise.all([api.stop(5_000), web.stop(5_000)]);
process.exit(first.code);
