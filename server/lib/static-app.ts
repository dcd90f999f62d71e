import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { PublicAppEnv } from './context';

const immutableAsset = /^\/assets\//;
const neverCached = new Set(['/index.html', '/sw.js', '/service-worker.js', '/manifest.webmanifest']);

/**
 * The CSP hashes ('sha256-…') of the inline scripts in the built index.html (the theme applied before first
 * paint), so that script-src can stay 'self' plus exactly these.
 */
export function inlineScriptHashes(staticDir: string): string[] {
  let html: string;
  try {
    html = readFileSync(path.join(path.resolve(staticDir), 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );
}

function cachePolicy(requestPath: string): string {
  if (immutableAsset.test(requestPath)) return 'public, max-age=31536000, immutable';
  if (requestPath === '/' || neverCached.has(requestPath)) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Serves the built web app: hashed assets cached for a year, the shell and the service worker never,
 * and every other GET that is not an API path answered with index.html (client-side routes).
 */
export function serveWebApp(app: Hono<PublicAppEnv>, staticDir: string) {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');

  // Without a build (API-only tests, `npm run dev`) every page answers with how to build one.
  if (existsSync(root)) {
    app.use('*', async (c, next) => {
      await next();
      if (c.res.status === 200 && !c.res.headers.has('Cache-Control')) {
        c.res.headers.set('Cache-Control', cachePolicy(c.req.path));
      }
    });
    app.use(
      '*',
      serveStatic({
        root,
        // The service worker is emitted as sw.js; spec 7 registers it as /service-worker.js.
        rewriteRequestPath: (requestPath) => (requestPath === '/service-worker.js' ? '/sw.js' : requestPath),
      }),
    );
  }

  app.get('*', async (c) => {
    if (immutableAsset.test(c.req.path)) return c.text('Not found', 404);
    const built = await stat(indexFile).catch(() => null);
    if (!built) {
      return c.text(
        'The web app is not built yet: run `npm run build` (or `npm start`, which builds it).',
        503,
      );
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(await readFile(indexFile, 'utf8'));
  });
}
