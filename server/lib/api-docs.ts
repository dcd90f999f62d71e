import { createRequire } from 'node:module';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { PublicAppEnv } from './context';

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Connect Platform API</title>
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>`;

// A separate file rather than an inline script, so the Content-Security-Policy can forbid inline scripts.
const start = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

/** The reference page of the OpenAPI document, served from the swagger-ui-dist package (no CDN). */
export function serveApiDocs(app: Hono<PublicAppEnv>) {
  // Resolved, not imported: importing swagger-ui-dist would load its whole bundle into the server.
  const assetsRoot = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  app.get('/api/docs', (c) => c.html(page));
  app.get('/api/docs/start.js', (c) =>
    c.body(start, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
  );
  app.use(
    '/api/docs/assets/*',
    serveStatic({ root: assetsRoot, rewriteRequestPath: (p) => p.replace(/^\/api\/docs\/assets/, '') }),
  );
}
