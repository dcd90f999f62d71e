import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { superviseWorkers } from './cluster';
import { openDatabase, type DatabaseHandle } from './db/client';
import { openConfiguredDatabase, reachConfiguredDatabase } from './db/open';
import { demoAccounts, platformAdminAccount } from './db/seed';
import { InvalidConfigurationError, readEnv, type Env } from './env';
import { liveEventsChannel } from './lib/live-events/record-live-events';
import { LiveEventsHub } from './lib/live-events/live-events-hub';
import { createMailer, describeMailSetup } from './lib/mail/mailer';
import { createPushSender, describePushSetup } from './lib/push/push-sender';
import { QuestionnaireReminders } from './lib/questionnaires/reminders';

function loadEnv(): Env {
  try {
    return readEnv();
  } catch (error) {
    if (error instanceof InvalidConfigurationError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const env = loadEnv();

if (env.WORKERS > 1 && cluster.isPrimary) {
  // The primary starts the embedded server, migrates and seeds once; the workers only open the database.
  const reached = await reachConfiguredDatabase(env);
  if (reached.options.kind !== 'postgres') {
    console.error(`WORKERS=${env.WORKERS} needs PostgreSQL, and the database is ${reached.description}.`);
    process.exit(1);
  }
  await (await openConfiguredDatabase(env, { ...reached, release: async () => {} })).close();
  console.log(describePushSetup(env));
  console.log(describeMailSetup(env));
  superviseWorkers({
    entry: fileURLToPath(import.meta.url),
    workers: env.WORKERS,
    onAllListening: (port) => printBanner(port, reached.description),
    // The workers reach the same server.
    workerEnv: { DATABASE_URL: reached.options.url },
    afterWorkers: reached.release,
  });
} else {
  await serveApi(cluster.isWorker);
}

/** One API process: the whole server when WORKERS is 1, or one of the primary's workers. */
async function serveApi(isWorker: boolean) {
  const database: DatabaseHandle & { description?: string } = isWorker
    ? await openDatabase((await reachConfiguredDatabase(env)).options)
    : await openConfiguredDatabase(env);
  // The primary has described push and mail once for all workers.
  const push = createPushSender(env);
  if (!isWorker) console.log(describePushSetup(env));
  const mailer = createMailer(env);
  if (!isWorker) console.log(describeMailSetup(env));
  const liveEvents = new LiveEventsHub(database.db, {
    listen: (onNotify, onReconnect) => database.listen(liveEventsChannel, onNotify, onReconnect),
  });
  await liveEvents.start();
  const app = createApp({ env, db: database.db, push, mailer, liveEvents });
  // Each process reminds athletes of questionnaires due; the reminders table keeps each to one (ADR 070).
  const reminders = new QuestionnaireReminders(database.db);
  reminders.start();

  const server = serve(
    { fetch: app.fetch, port: env.PORT, ...(env.HOST ? { hostname: env.HOST } : {}) },
    // A worker's listening is told by the primary (server/cluster.ts), which prints the banner once for all.
    (info) => {
      if (!isWorker) printBanner(info.port, database.description ?? 'PostgreSQL');
    },
  );

  // Idle keep-alive sockets stay open longer than a load balancer's (60 s on common ones) or a client's: whoever
  // reuses one never races our close of it (the ECONNRESET a reused socket gets).
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }

  let stopping = false;
  function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    if (!isWorker) console.log(`${signal} received: closing.`);
    // Open event streams would hold server.close() until the timeout below; their clients reconnect elsewhere.
    void liveEvents.close();
    reminders.stop();
    server.close(() => {
      void Promise.allSettled([push.close(), mailer.close(), database.close()]).finally(() =>
        process.exit(0),
      );
    });
    // Keep-alive connections may hold close() open; don't wait for them forever.
    setTimeout(() => process.exit(0), 5_000).unref();
  }
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** What the start prints once it listens: printed once by the primary when WORKERS > 1. */
function printBanner(port: number, database: string) {
  const address = `http://localhost:${port}`;
  console.log(`Connect Platform is running at ${address} (database: ${database})`);
  console.log(`  API reference: ${address}/api/docs`);
  if (env.SEED_DEMO) {
    console.log(`  Demo accounts (password "${env.DEMO_PASSWORD}"):`);
    for (const account of demoAccounts) {
      console.log(`    ${account.role.padEnd(8)} ${account.email.padEnd(22)} ${account.organization}`);
    }
    console.log(
      `  Management: http://${env.MANAGEMENT_HOST}:${port} as ${platformAdminAccount.email} (same password)`,
    );
  }
}
