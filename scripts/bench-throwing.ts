/**
 * Issue 16's part of `npm run seed:scale` and `npm run bench`: one athlete of the Scale Academy with two years of
 * throws (≈100,000 pitches and ≈100,000 arm-sensor throws, set-based INSERT … SELECT, seconds), and the timing of
 * that athlete's throwing summary over 730 days (aim: p95 ≤ 50 ms on PostgreSQL).
 */
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/db/client';
import {
  organizations,
  pitches,
  scheduleEntries,
  sensorThrows,
  throwingDays,
  users,
  workloadDays,
  workoutLogs,
  workoutSnapshots,
} from '../server/db/schema';
import { addCalendarDays, todayIn } from '../server/lib/calendar-days';
import { scaleAcademy } from './lib/scale-academy';

/** What the throwing summary should stay under on PostgreSQL (issue 16); printed only. */
export const throwingAims = { summaryP95Ms: 50 } as const;

export const scaleThrows = {
  athleteEmail: 'athlete-001@scale.test',
  /** Two years, ending today. */
  days: 730,
  pitches: 100_000,
  /** A 19-year-old (Pitch Smart's 19-22 band), 6'2", 190 lb, so limits and workloads show. */
  profile: { ageYears: 19, heightInches: 74, weightPounds: 190 },
} as const;

/** Whose throws: the Scale Academy's first athlete, or (`tsx scripts/bench-throwing.ts`) a demo athlete. */
export interface ThrowsTarget {
  slug: string;
  athleteEmail: string;
}

export interface ScaleThrowCounts {
  athleteId: string;
  logs: number;
  pitches: number;
  sensorThrows: number;
  seconds: number;
}

/**
 * Gives the Scale Academy's first athlete a completed workout on every day of the last two years that has none
 * (the academy logs only the past year), then ≈137 pitches and as many sensor throws on each, with a pitcher's
 * mix (fastball 88-94 mph, slider, changeup, curveball) and torques of 40-90 Nm. Rerunning replaces them.
 */
export async function addScaleThrows(
  db: Database,
  target: ThrowsTarget = { slug: scaleAcademy.slug, athleteEmail: scaleThrows.athleteEmail },
): Promise<ScaleThrowCounts> {
  const startedAt = performance.now();
  const spec = scaleThrows;
  const [athlete] = await db
    .select({ id: users.id, organizationId: users.organizationId, timeZone: organizations.timeZone })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(organizations.slug, target.slug), eq(users.email, target.athleteEmail)));
  if (!athlete) throw new Error(`${target.slug} has no ${target.athleteEmail}: run npm run seed:scale first`);
  const { id: athleteId, organizationId, timeZone } = athlete;
  const today = todayIn(timeZone);
  const from = addCalendarDays(today, -(spec.days - 1));
  const born = addCalendarDays(today, -Math.round((spec.profile.ageYears + 0.5) * 365.25));
  await db
    .update(users)
    .set({
      dateOfBirth: born,
      heightInches: spec.profile.heightInches,
      weightPounds: spec.profile.weightPounds,
    })
    .where(eq(users.id, athleteId));
  await db.delete(pitches).where(eq(pitches.athleteId, athleteId));
  await db.delete(sensorThrows).where(eq(sensorThrows.athleteId, athleteId));

  // A bullpen of its own on each day without a completed workout (the academy's first year, and skipped days).
  await db.execute(sql`
    insert into ${scheduleEntries} (organization_id, athlete_id, date, position, time_of_day, snapshot_id, name,
      category, status, follows_assignment, created_by)
    select ${organizationId}::uuid, ${athleteId}::uuid, day::date, 2, '17:00', s.id, s.name, s.category,
      'completed', false, ${athleteId}::uuid
    from generate_series(${from}::date, ${addCalendarDays(today, -1)}::date, interval '1 day') as day
    cross join lateral (select id, name, category from ${workoutSnapshots}
      where organization_id = ${organizationId} order by (category in ('throw', 'command')) desc, name limit 1) s
    where not exists (select 1 from ${workoutLogs} l where l.athlete_id = ${athleteId}
      and l.date = day::date and l.status = 'completed')`);
  await db.execute(sql`
    insert into ${workoutLogs} (id, organization_id, entry_id, athlete_id, date, category, snapshot_id, status,
      started_at, finished_at, duration_seconds, session_rpe, started_by, finished_by)
    select gen_random_uuid(), e.organization_id, e.id, e.athlete_id, e.date, e.category, e.snapshot_id, 'completed',
      (e.date + time '17:00') at time zone ${timeZone},
      (e.date + time '18:00') at time zone ${timeZone}, 3600, 6, e.athlete_id, e.athlete_id
    from ${scheduleEntries} e
    where e.athlete_id = ${athleteId} and e.status = 'completed' and e.date >= ${from}::date
      and not exists (select 1 from ${workoutLogs} l where l.entry_id = e.id)`);

  // One log a day takes the day's throws; the count per log makes the total ≈ spec.pitches. (A CTE, not a
  // temporary table: the pool may run each statement on another connection.)
  const throwingLogs = sql`throwing_logs as (select distinct on (date) id, date, started_at from ${workoutLogs}
    where athlete_id = ${athleteId} and status = 'completed' and date between ${from}::date and ${today}::date
    order by date, id)`;
  const [{ logs } = { logs: 0 }] = rowsOf<{ logs: number }>(
    await db.execute(sql`with ${throwingLogs} select count(*)::int as logs from throwing_logs`),
  );
  const perLog = Math.ceil(spec.pitches / Math.max(1, logs));

  // Sequence n of a day: types by a fixed share (10 of 20 fastballs, 4 sliders, 3 changeups, 3 curveballs).
  await db.execute(sql`
    with ${throwingLogs}
    insert into ${pitches} (id, organization_id, log_id, athlete_id, date, sequence, pitch_type, velocity_mph,
      spin_rate_rpm, spin_axis_degrees, induced_vertical_break_in, horizontal_break_in, release_height_ft,
      release_side_ft, extension_ft, result, strike, source, created_by)
    select gen_random_uuid(), ${organizationId}::uuid, l.id, ${athleteId}::uuid, l.date, n, t.type,
      round((t.mph + random() * 5)::numeric, 1), round(t.spin + random() * 300), round(t.axis + random() * 20),
      round((t.ivb + random() * 4)::numeric, 1), round((t.hb + random() * 4)::numeric, 1),
      round((5.6 + random() * 0.4)::numeric, 2), round((-2.1 + random() * 0.4)::numeric, 2),
      round((6 + random() * 0.5)::numeric, 2), r.result, r.result <> 'ball', 'trackman', ${athleteId}::uuid
    from throwing_logs l
    cross join generate_series(1, ${perLog}) as n
    cross join lateral (select case when n % 20 < 10 then 'fastball' when n % 20 < 14 then 'slider'
        when n % 20 < 17 then 'changeup' else 'curveball' end as type) k
    join (values ('fastball', 88.5, 2150, 205, 14, 6), ('slider', 80, 2350, 80, 0, -7),
        ('changeup', 80, 1600, 230, 6, 12), ('curveball', 74, 2500, 20, -12, -9))
      as t(type, mph, spin, axis, ivb, hb) on t.type = k.type
    cross join lateral (select (array['ball', 'ball', 'called_strike', 'swinging_strike', 'foul', 'in_play'])
      [1 + floor(random() * 6)::int] as result) r`);
  const metres = spec.profile.heightInches * 0.0254;
  const kilograms = spec.profile.weightPounds * 0.45359237;
  await db.execute(sql`
    with ${throwingLogs}
    insert into ${sensorThrows} (id, organization_id, log_id, athlete_id, date, sequence, thrown_at,
      arm_speed_deg_per_s, elbow_torque_nm, arm_slot_degrees, shoulder_rotation_degrees, workload, source,
      created_by)
    select gen_random_uuid(), ${organizationId}::uuid, l.id, ${athleteId}::uuid, l.date, n,
      l.started_at + n * interval '35 seconds', round(4200 + random() * 900), torque,
      round((48 + random() * 8)::numeric, 1), round((160 + random() * 15)::numeric, 1),
      power(torque / (${metres}::float8 * ${kilograms}::float8), 1.3), 'mapped', ${athleteId}::uuid
    from throwing_logs l
    cross join generate_series(1, ${perLog}) as n
    cross join lateral (select round((40 + random() * 50)::numeric, 1)::float8 as torque) w`);
  // The triggers filled the per-day rollups the summary reads (migration 0007); their statistics too.
  await db.execute(
    sql`analyze ${scheduleEntries}, ${workoutLogs}, ${pitches}, ${sensorThrows}, ${throwingDays}, ${workloadDays}`,
  );
  const [counts] = await db
    .select({
      pitches: sql<number>`(select count(*) from ${pitches} where athlete_id = ${athleteId})`.mapWith(Number),
      sensorThrows: sql<number>`(select count(*) from ${sensorThrows}
        where athlete_id = ${athleteId})`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, athleteId));
  return {
    athleteId,
    logs,
    pitches: counts!.pitches,
    sensorThrows: counts!.sensorThrows,
    seconds: (performance.now() - startedAt) / 1000,
  };
}

/** Rows of a raw result: postgres.js answers an array, PGlite an object with `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** The bench's part: throws added to the academy on the bench's PostgreSQL, then the summary's path to time. */
export async function throwingBenchCase(databaseUrl: string) {
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  let made: ScaleThrowCounts;
  try {
    made = await addScaleThrows(handle.db);
  } finally {
    await handle.close();
  }
  return {
    made,
    endpoint: `GET /api/athletes/…/throwing?days=730 (${made.pitches.toLocaleString('en-US')} pitches, ${made.sensorThrows.toLocaleString('en-US')} sensor throws)`,
    path: `/api/athletes/${made.athleteId}/throwing?days=${scaleThrows.days}`,
    aimMs: throwingAims.summaryP95Ms,
  };
}

/** The demo organisation's athlete who takes the two years of throws when this file runs on its own. */
const demoTarget: ThrowsTarget = { slug: 'demo', athleteEmail: 'tyler.brooks@demo.test' };
const benchRequests = { warmUp: 30, measured: 300 };

/**
 * `npx tsx scripts/bench-throwing.ts`: the throwing summary alone, without the rest of `npm run bench --schedule`
 * (whose Scale Academy takes minutes to make). A throwaway PostgreSQL 15, the server on it with the demo data,
 * two years of throws for one demo athlete, then 300 GETs of days=730 and of days=90 one at a time (after 30 to
 * warm up), and the gzip size of days=730.
 */
async function benchThrowingAlone() {
  const { startPostgres } = await import('./lib/postgres');
  const { startAppServer } = await import('./lib/app-server');
  const { findFreePort } = await import('./lib/network');
  const { gzipSync } = await import('node:zlib');
  const os = await import('node:os');
  const password = process.env.DEMO_PASSWORD ?? 'connect-demo';
  const postgres = await startPostgres({ durable: true });
  try {
    const server = await startAppServer({
      label: 'bench-throwing',
      entry: 'server/index.ts',
      port: await findFreePort(),
      readyTimeoutMs: 180_000,
      env: {
        NODE_ENV: 'production',
        LOG_REQUESTS: 'false',
        DEMO_PASSWORD: password,
        DATABASE_URL: postgres.url,
      },
    });
    try {
      const handle = await openDatabase({ kind: 'postgres', url: postgres.url, poolSize: 2 });
      let made: ScaleThrowCounts;
      try {
        made = await addScaleThrows(handle.db, demoTarget);
      } finally {
        await handle.close();
      }
      console.log(
        `[bench-throwing] ${made.pitches} pitches and ${made.sensorThrows} sensor throws over ${made.logs} logs made in ${made.seconds.toFixed(1)} s`,
      );
      const login = await fetch(`${server.baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'coach@demo.test', password }),
      });
      const { token } = (await login.json()) as { token: string };
      const headers = { authorization: `Bearer ${token}` };
      for (const days of [730, 90]) {
        const url = `${server.baseUrl}/api/athletes/${made.athleteId}/throwing?days=${days}`;
        const timings: number[] = [];
        let failed = 0;
        for (let index = 0; index < benchRequests.warmUp + benchRequests.measured; index += 1) {
          const startedAt = performance.now();
          const response = await fetch(url, { headers });
          const body = await response.arrayBuffer();
          const elapsed = performance.now() - startedAt;
          if (index === 0) {
            console.log(
              `[bench-throwing] days=${days}: ${body.byteLength} bytes, ${gzipSync(Buffer.from(body)).byteLength} gzipped`,
            );
          }
          if (index < benchRequests.warmUp) continue;
          if (!response.ok) failed += 1;
          timings.push(elapsed);
        }
        timings.sort((a, b) => a - b);
        const at = (percent: number) => timings[Math.ceil((percent / 100) * timings.length) - 1]!.toFixed(1);
        console.log(
          `[bench-throwing] GET …/throwing?days=${days}: p50 ${at(50)} ms, p95 ${at(95)} ms, max ${at(100)} ms, ` +
            `${failed} failed (aim p95 ≤ ${throwingAims.summaryP95Ms} ms; load average ${os
              .loadavg()
              .map((value) => value.toFixed(2))
              .join(' ')})`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await postgres.stop();
  }
}

if (process.argv[1] && import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href) {
  await benchThrowingAlone();
}
