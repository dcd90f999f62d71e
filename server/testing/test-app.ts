import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { createApp, type App } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { seedDemo } from '../db/seed';
import { parseEnv, type Env } from '../env';
import { LiveEventsHub, type LiveEventsHubOptions } from '../lib/live-events/live-events-hub';
import { liveEventsChannel } from '../lib/live-events/record-live-events';
import { createMailer, type Mailer } from '../lib/mail/mailer';
import type { PushSender } from '../lib/push/push-sender';

export const demoPassword = 'test-demo-password';

/** A fresh database for one test file: PGlite in memory, or a new database on the server in DATABASE_URL (npm run test:pg). */
async function openTestDatabase(): Promise<{
  handle: DatabaseHandle;
  /** Where another process (a server started by the test) finds the same database; undefined on PGlite. */
  url: string | undefined;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
    return { handle, url: undefined, drop: () => handle.close() };
  }
  const name = `connect_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

export interface TestContextOptions {
  /** The push sender handlers get as c.var.push (default: made from the env, i.e. disabled); the test closes it. */
  push?: PushSender;
  /** The mailer handlers get as c.var.mailer (default: made from the env, i.e. SMTP when SMTP_URL is given, else the log). */
  mailer?: Mailer;
  /** Options of the live-events hub (a short poll, a small stream cap). */
  liveEvents?: Omit<LiveEventsHubOptions, 'listen'>;
}

/** Calls `app` in-process as a client would: JSON in and out, a token as a bearer token. */
function requestTo(app: App) {
  return async function request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const response = await app.request(`http://localhost${path}`, { method, headers, body });
    // An event stream never ends by itself: answer its status and headers (openLiveStream reads its events).
    if (response.headers.get('content-type') === 'text/event-stream') {
      await response.body?.cancel();
      return { status: response.status, headers: response.headers, body: '' as T };
    }
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T };
  };
}

/** The real app on a fresh, seeded database, with helpers that call it in-process. */
export async function createTestContext(
  overrides: Record<string, string> = {},
  options: TestContextOptions = {},
) {
  const { handle, url: databaseUrl, drop } = await openTestDatabase();
  await handle.migrate();
  await seedDemo(handle.db, { password: demoPassword });
  // Attachments' staged chunks and files go to a folder of this test file's own, removed on close.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'connect-test-'));
  const env: Env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO_PASSWORD: demoPassword,
    STATIC_DIR: '.tmp/no-static-dir',
    ...overrides,
  });
  // A mailer made here is closed here: a pooled SMTP connection (SmtpInbox) would otherwise outlive the test.
  const mailer = options.mailer ?? createMailer(env);
  const liveEvents = new LiveEventsHub(handle.db, {
    ...options.liveEvents,
    listen: (onNotify, onReconnect) => handle.listen(liveEventsChannel, onNotify, onReconnect),
  });
  await liveEvents.start();
  const app = createApp({ env, db: handle.db, push: options.push, mailer, liveEvents });

  const request = requestTo(app);

  async function signIn(email: string, password = demoPassword): Promise<string> {
    const response = await request<{ token: string }>('POST', '/api/login', { body: { email, password } });
    if (response.status !== 200) throw new Error(`Sign-in of ${email} failed with ${response.status}`);
    return response.body.token;
  }

  async function close() {
    await liveEvents.close();
    if (!options.mailer) await mailer.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }

  /**
   * A second app on the same database: another server process behind the same load balancer, with its own memory
   * (its queues and caches) and the same tables. Its `request` calls that app; a token works on both.
   */
  function anotherProcess() {
    const other = createApp({ env, db: handle.db, push: options.push, mailer, liveEvents });
    return { ...context, app: other, request: requestTo(other) };
  }

  const context = { app, env, db: handle.db, databaseUrl, liveEvents, request, signIn, close };
  return { ...context, anotherProcess };
}
