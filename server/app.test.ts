import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import type { Database } from './db/client';
import { parseEnv } from './env';
import { createTestContext, type TestContext } from './testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ CORS_ORIGINS: 'https://coach.example.com' });
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string; requestId?: string } };
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[] }>>;
  components: { schemas: Record<string, unknown> };
};

describe('errors', () => {
  it('answers an unknown /api path with 404 JSON', async () => {
    const response = await t.request<ErrorBody>('GET', '/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.request<ErrorBody>('POST', '/api/login', {
      body: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1_100_000) }),
    });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers anything unexpected with 500, a request id and no stack', async () => {
    const broken = new Proxy({} as Database, {
      get() {
        throw new Error('connection refused at /srv/secret/path.ts:12');
      },
    });
    const app = createApp({ env: parseEnv({ NODE_ENV: 'test' }), db: broken });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const response = await app.request('http://localhost/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.test', password: 'whatever' }),
      });
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(text).not.toMatch(/secret|\.ts:|at /);
      const body = JSON.parse(text) as ErrorBody;
      expect(body.error.code).toBe('INTERNAL_ERROR');
      expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
      expect(errors).toHaveLength(1);
    } finally {
      console.error = original;
    }
  });
});

describe('headers', () => {
  it('sends security headers on every response', async () => {
    for (const path of ['/api/health', '/api/me', '/api/nope']) {
      const { headers } = await t.request('GET', path);
      expect(headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('strict-transport-security')).toContain('max-age=');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('allows CORS only for configured origins', async () => {
    const preflight = (origin: string) =>
      t.request('OPTIONS', '/api/me', {
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
    expect((await preflight('https://coach.example.com')).headers.get('access-control-allow-origin')).toBe(
      'https://coach.example.com',
    );
    expect(
      (await preflight('https://evil.example.com')).headers.get('access-control-allow-origin'),
    ).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('describes every route as OpenAPI 3.1 from the validating schemas', async () => {
    const { status, body } = await t.request<OpenApiDocument>('GET', '/api/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths).sort()).toEqual([
      '/api/activation',
      '/api/activation/resend',
      '/api/activation/{userId}/{verificationCode}',
      '/api/activities',
      '/api/activities/{activityId}',
      '/api/activities/{activityId}/comments',
      '/api/activities/{activityId}/comments/{commentId}',
      '/api/activities/{activityId}/like',
      '/api/athletes/{athleteId}/history',
      '/api/athletes/{athleteId}/last-time',
      '/api/athletes/{athleteId}/maxes',
      '/api/athletes/{athleteId}/throwing',
      '/api/athletes/{athleteId}/throwing/pitches',
      '/api/athletes/{athleteId}/training',
      '/api/branding/icons/{icon}',
      '/api/chatGroupsMessage/{id}',
      '/api/chats',
      '/api/chats/{id}',
      '/api/completed-workouts',
      '/api/completed-workouts/{logId}/pitches',
      '/api/completed-workouts/{logId}/pitches/{pitchId}',
      '/api/completed-workouts/{logId}/sensor-throws',
      '/api/completed-workouts/{logId}/sensor-throws/{throwId}',
      '/api/compliance/week',
      '/api/customSidebarItems',
      '/api/customSidebarItems/order',
      '/api/customSidebarItems/{itemId}',
      '/api/events',
      '/api/exercises',
      '/api/exercises/{exerciseId}',
      '/api/exercises/{exerciseId}/archive',
      '/api/exercises/{exerciseId}/restore',
      '/api/files/{id}',
      '/api/files/{id}/preview',
      '/api/group-assignments/{assignmentId}',
      '/api/group-assignments/{assignmentId}/update-from-library',
      '/api/groups',
      '/api/groups/{groupId}',
      '/api/groups/{groupId}/members/{userId}',
      '/api/health',
      '/api/imports/pitches',
      '/api/imports/pitches/{importId}',
      '/api/imports/pitches/{importId}/commit',
      '/api/imports/sensor-throws',
      '/api/imports/sensor-throws/{importId}',
      '/api/imports/sensor-throws/{importId}/commit',
      '/api/login',
      '/api/logout',
      '/api/manage/login',
      '/api/manage/logout',
      '/api/manage/me',
      '/api/manage/organizations',
      '/api/manage/organizations/{organizationId}',
      '/api/manage/organizations/{organizationId}/first-admin',
      '/api/me',
      '/api/notifications',
      '/api/notifications/preferences',
      '/api/notifications/read-all',
      '/api/notifications/{id}',
      '/api/organizations/{organizationId}/logo',
      '/api/password/forgot',
      '/api/password/reset',
      '/api/program-applications/{applicationId}',
      '/api/programs',
      '/api/programs/from-schedule',
      '/api/programs/{programId}',
      '/api/programs/{programId}/applications',
      '/api/programs/{programId}/applications/preview',
      '/api/programs/{programId}/duplicate',
      '/api/publicSettings',
      '/api/questionnaire-answers/export',
      '/api/questionnaire-answers/{id}',
      '/api/questionnaire-assignments',
      '/api/questionnaire-assignments/{id}',
      '/api/questionnaire-readiness',
      '/api/questionnaire-trends',
      '/api/questionnaire-trends/load',
      '/api/questionnaires',
      '/api/questionnaires/due',
      '/api/questionnaires/{id}',
      '/api/registration',
      '/api/reporting/organization/{id}',
      '/api/reporting/organization/{id}/llm',
      '/api/schedule',
      '/api/schedule/batches/{batchId}/undo',
      '/api/schedule/copy',
      '/api/schedule/delete',
      '/api/schedule/entries/{entryId}',
      '/api/schedule/entries/{entryId}/update-from-library',
      '/api/schedule/today',
      '/api/settings',
      '/api/settings/logo',
      '/api/signup',
      '/api/throwing/alerts',
      '/api/upload',
      '/api/upload/chunk',
      '/api/users',
      '/api/users/{userId}',
      '/api/users/{userId}/invitation',
      '/api/users/{userId}/role',
      '/api/users/{userId}/status',
      '/api/workout-logs',
      '/api/workout-logs/{logId}',
      '/api/workout-logs/{logId}/comments',
      '/api/workout-logs/{logId}/comments/{commentId}',
      '/api/workout-logs/{logId}/corrections',
      '/api/workout-logs/{logId}/exercises/{blockExerciseId}',
      '/api/workout-logs/{logId}/finish',
      '/api/workout-logs/{logId}/sets/{setId}',
      '/api/workoutreader',
      '/api/workoutreader/commit',
      '/api/workoutreader/history',
      '/api/workouts',
      '/api/workouts/{workoutId}',
      '/api/workouts/{workoutId}/archive',
      '/api/workouts/{workoutId}/duplicate',
      '/api/workouts/{workoutId}/restore',
      '/manifest.webmanifest',
      '/passenger',
    ]);
    expect(body.components.schemas).toHaveProperty('LoginRequest');
    expect(body.components.schemas).toHaveProperty('Settings');
  });

  it('refuses every route that is not public without a token (a new route cannot forget sign-in)', async () => {
    const { body } = await t.request<OpenApiDocument>('GET', '/api/openapi.json');
    const publicRoutes: string[] = [];
    for (const [routePath, operations] of Object.entries(body.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const concretePath = routePath.replace('{userId}', '00000000-0000-4000-8000-000000000000');
        if (!operation.security?.length) {
          publicRoutes.push(`${method.toUpperCase()} ${routePath}`);
          continue;
        }
        const response = await t.request(method.toUpperCase(), concretePath, {
          body: method === 'get' ? undefined : {},
          // The management routes exist only on the management host (ADR 024).
          headers: routePath.startsWith('/api/manage/') ? { host: 'manage.localhost' } : {},
        });
        expect(response.status, `${method} ${routePath}`).toBe(401);
      }
    }
    expect(publicRoutes.sort()).toEqual([
      'GET /api/activation/{userId}/{verificationCode}',
      'GET /api/branding/icons/{icon}',
      'GET /api/files/{id}',
      'GET /api/files/{id}/preview',
      'GET /api/health',
      'GET /api/organizations/{organizationId}/logo',
      'GET /api/publicSettings',
      'GET /manifest.webmanifest',
      'POST /api/activation',
      'POST /api/activation/resend',
      'POST /api/login',
      'POST /api/manage/login',
      'POST /api/password/forgot',
      'POST /api/password/reset',
      'POST /api/registration',
      'POST /api/signup',
    ]);
  });

  it('shows a reference page at /api/docs', async () => {
    const page = await t.request<string>('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.body).toContain('swagger-ui');
    expect((await t.request('GET', '/api/docs/assets/swagger-ui-bundle.js')).status).toBe(200);
  });
});

describe('serving the built app', () => {
  const staticDir = mkdtempSync(path.join(tmpdir(), 'connect-static-'));
  mkdirSync(path.join(staticDir, 'assets'));
  const themeScript = "document.documentElement.classList.toggle('dark', true);";
  writeFileSync(
    path.join(staticDir, 'index.html'),
    `<!doctype html><title>Connect</title><script>${themeScript}</script><div id="root"></div>` +
      '<script type="module" src="/assets/index-3f9a1c.js"></script>',
  );
  writeFileSync(path.join(staticDir, 'assets', 'index-3f9a1c.js'), `console.log("${'app '.repeat(2000)}");`);
  writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  // As the build writes them (vite.config.ts): brotli and gzip copies next to the hashed asset.
  const frameworkScript = `export const framework = "${'react '.repeat(2000)}";`;
  const frameworkFile = path.join(staticDir, 'assets', 'framework-8b2e4d.js');
  writeFileSync(frameworkFile, frameworkScript);
  writeFileSync(`${frameworkFile}.br`, brotliCompressSync(frameworkScript));
  writeFileSync(`${frameworkFile}.gz`, gzipSync(frameworkScript, { level: 9 }));
  const app = createApp({ env: parseEnv({ NODE_ENV: 'test', STATIC_DIR: staticDir }), db: {} as Database });
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.request(`http://localhost${url}`, { headers });
  afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

  it("lets exactly index.html's inline script through the Content-Security-Policy, by its hash", async () => {
    const csp = (await get('/app/dashboard')).headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(themeScript).digest('base64');
    expect(csp).toContain(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}';`);
  });

  it('lets attachments be hashed with WebAssembly and played from the device, and nothing else be evaluated', async () => {
    const csp = (await get('/app/chat')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src [^;]*'wasm-unsafe-eval'/);
    expect(csp).not.toMatch(/'unsafe-eval'/);
    expect(csp).toContain("media-src 'self' blob:;");
  });

  it('caches hashed assets as immutable, compressed', async () => {
    const response = await get('/assets/index-3f9a1c.js', { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it("sends the build's brotli or gzip copy of an asset by the browser's Accept-Encoding, cached as immutable", async () => {
    const body = async (response: Response) => Buffer.from(await response.arrayBuffer());
    const brotli = await get('/assets/framework-8b2e4d.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.get('content-type')).toContain('text/javascript');
    expect(brotliDecompressSync(await body(brotli)).toString()).toBe(frameworkScript);

    const gzip = await get('/assets/framework-8b2e4d.js', { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(await body(gzip)).toString()).toBe(frameworkScript);

    const plain = await get('/assets/framework-8b2e4d.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await body(plain)).toString()).toBe(frameworkScript);
  });

  it("sends a hashed asset with the headers a script needs, not a document's", async () => {
    const asset = await get('/assets/framework-8b2e4d.js', { 'accept-encoding': 'br' });
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-site');
    expect(asset.headers.get('content-security-policy')).toBeNull();
    expect(asset.headers.get('x-frame-options')).toBeNull();
    for (const url of ['/app/dashboard', '/service-worker.js']) {
      const document = await get(url);
      expect(document.headers.get('content-security-policy'), url).toContain("default-src 'self'");
      expect(document.headers.get('x-frame-options'), url).toBe('SAMEORIGIN');
    }
  });

  it('never caches the shell or the service worker', async () => {
    for (const url of ['/', '/index.html', '/service-worker.js']) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
    }
  });

  it('answers client routes with index.html, but not missing assets or API paths', async () => {
    const route = await get('/app/dashboard');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<div id="root">');
    expect((await get('/reset-password/abc/def')).status).toBe(200);
    expect((await get('/assets/gone-123.js')).status).toBe(404);
    expect((await get('/api/unknown')).headers.get('content-type')).toContain('application/json');
  });
});
