/**
 * `npm run seed:scale`: (re)makes "Scale Academy" on PostgreSQL (DATABASE_URL) or the embedded database (DATA_DIR):
 * 500 athletes in 25 groups, 200 workouts, two years of daily schedule and the past year's completed workouts
 * logged (about 3 million sets), and two years of throws for its first athlete (≈100,000 pitches and as many
 * arm-sensor throws, issue 16), and two years of daily wellness answers for every athlete (≈330,000, issue 26), and
 * prints how long it took.
 * Its coach signs in as coach@scale.test with DEMO_PASSWORD. Other organisations are left as they are.
 */
import { openDatabase } from '../server/db/client';
import { reachConfiguredDatabase } from '../server/db/open';
import { InvalidConfigurationError, readEnv } from '../server/env';
import { addScaleWellness, scaleWellness } from './bench-questionnaires';
import { addScaleThrows, scaleThrows } from './bench-throwing';
import { makeScaleAcademy, scaleAcademy } from './lib/scale-academy';

try {
  const env = readEnv();
  const reached = await reachConfiguredDatabase(env, { poolSize: 2, own: false });
  const handle = await openDatabase(reached.options);
  const database = reached.description;
  try {
    await handle.migrate();
    console.log(`[seed:scale] Making ${scaleAcademy.name} on ${database}.`);
    const startedAt = performance.now();
    const { counts, throws, wellness } = await handle.withStartupLock(async () => {
      const made = await makeScaleAcademy(handle.db, env.DEMO_PASSWORD, (line) =>
        console.log(`[seed:scale] ${line}`),
      );
      const thrown = await addScaleThrows(handle.db);
      const wellnessStartedAt = performance.now();
      const answers = await addScaleWellness(handle.db);
      return {
        counts: made,
        throws: thrown,
        wellness: { answers, seconds: (performance.now() - wellnessStartedAt) / 1000 },
      };
    });
    const seconds = (performance.now() - startedAt) / 1000;
    const number = (value: number) => value.toLocaleString('en-US');
    console.log(
      `[seed:scale] ${scaleAcademy.name}: ${number(counts.athletes)} athletes in ${counts.groups} groups, ${counts.workouts} workouts, ` +
        `${number(counts.assignments)} group assignments, ${number(counts.entries)} schedule entries, ` +
        `${number(counts.logs)} workout logs and ${number(counts.sets)} logged sets, made in ${seconds.toFixed(1)} s.`,
    );
    console.log(
      `[seed:scale] ${scaleThrows.athleteEmail}: ${number(throws.pitches)} pitches and ${number(throws.sensorThrows)} sensor throws ` +
        `over ${number(throws.logs)} days, made in ${throws.seconds.toFixed(1)} s.`,
    );
    console.log(
      `[seed:scale] Daily wellness: ${number(wellness.answers)} answers over ${scaleWellness.days} days, made in ${wellness.seconds.toFixed(1)} s.`,
    );
    console.log(
      `[seed:scale] Sign in as ${scaleAcademy.coachEmail} with the password "${env.DEMO_PASSWORD}".`,
    );
  } finally {
    await handle.close();
    await reached.release();
  }
} catch (error) {
  console.error(error instanceof InvalidConfigurationError ? error.message : error);
  process.exitCode = 1;
}
