import { InvalidConfigurationError, readEnv } from '../env';
import { openDatabase } from './client';
import { reachConfiguredDatabase } from './open';
import { demoAccounts, seedDemo } from './seed';

// `npm run seed`: (re)creates the demo organisations, leaving every other organisation as it is.
try {
  const env = readEnv();
  // Beside a running app on the embedded server, this joins that server and leaves it running.
  const reached = await reachConfiguredDatabase(env, { poolSize: 2, own: false });
  const handle = await openDatabase(reached.options);
  try {
    await handle.migrate();
    await handle.withStartupLock(() => seedDemo(handle.db, { password: env.DEMO_PASSWORD, reset: true }));
  } finally {
    await handle.close();
    await reached.release();
  }
  console.log(`Demo data seeded (${handle.kind}). Accounts, password "${env.DEMO_PASSWORD}":`);
  for (const account of demoAccounts)
    console.log(`  ${account.role.padEnd(8)} ${account.email}  (${account.organization})`);
} catch (error) {
  console.error(error instanceof InvalidConfigurationError ? error.message : error);
  process.exitCode = 1;
}
