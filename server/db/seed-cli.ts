import { InvalidConfigurationError, readEnv } from '../env';
import { openDatabase } from './client';
import { configuredDatabase } from './open';
import { demoAccounts, seedDemo } from './seed';

// `npm run seed`: (re)creates the demo organisations, leaving every other organisation as it is.
try {
  const env = readEnv();
  const handle = await openDatabase(configuredDatabase(env, 2));
  await handle.migrate();
  await handle.withStartupLock(() => seedDemo(handle.db, { password: env.DEMO_PASSWORD, reset: true }));
  await handle.close();
  console.log(`Demo data seeded (${handle.kind}). Accounts, password "${env.DEMO_PASSWORD}":`);
  for (const account of demoAccounts)
    console.log(`  ${account.role.padEnd(8)} ${account.email}  (${account.organization})`);
} catch (error) {
  console.error(error instanceof InvalidConfigurationError ? error.message : error);
  process.exitCode = 1;
}
