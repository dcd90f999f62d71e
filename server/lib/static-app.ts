import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { PublicAppEnv } from './context';

const immutableAsset = /^\/assets\//;
/** A file of the build named by its content hash (scripts, styles, images), cached for good. */
export const isHashedAsset = (requestPath: string): boolean => immutableAsset.test(requestPath);
/** Assets the build writes `.br` and `.gz` copies of (vite.config.ts, precompressAssets). */
const precompressedAsset = /^\/assets\/.+\.(?:js|css|svg|json|html)$/;
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
 * Serves the built web app: hashed assets cached for a year and sent as the build compressed them, the shell
 * and the service worker never cached, and every other GET that is not an API path answered with index.html
 * (client-side routes).
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
      // A cache between us and the browser must keep the brotli, gzip and plain copies apart, even for a
      // request that got the plain one.
      if (precompressedAsset.test(c.req.path) && !/accept-encoding/i.test(c.res.headers.get('Vary') ?? '')) {
        c.res.headers.append('Vary', 'Accept-Encoding');
      }
    });
    app.use(
      '*',
      serveStatic({
        root,
        // The build's `.br` / `.gz` copy by Accept-Encoding (brotli first), with Content-Encoding and Vary;
        // the compress middleware then leaves the response as it is.
        precompressed: true,
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
