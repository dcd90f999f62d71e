import { gzipSync } from 'node:zlib';
import { tz } from '@date-fns/tz';
import { endOfMonth, format, startOfMonth } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { ScheduleQuery } from '../../contract/schedule';
import { openDatabase, type Database } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { todayIn, weekOf } from '../../server/lib/calendar-days';
import { TenantScope } from '../../server/lib/tenancy';
import { ScheduleStore } from '../../server/routes/schedule/schedule.store';
import { makeScaleAcademy, scaleAcademy, type ScaleAcademyCounts } from './scale-academy';

/** What the schedule's calendars should stay under on PostgreSQL (issue 14); printed, never enforced. */
export const scheduleAims = { p95Ms: 50, monthGzipKiB: 60 } as const;

export interface ScheduleCase {
  endpoint: string;
  query: ScheduleQuery;
  aimMs: number | null;
}

/** Makes the Scale Academy on the bench's PostgreSQL and says how long it took. */
export async function makeScaleAcademyOn(
  databaseUrl: string,
  password: string,
): Promise<{ counts: ScaleAcademyCounts; seconds: number }> {
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  try {
    const startedAt = performance.now();
    const counts = await makeScaleAcademy(handle.db, password);
    return { counts, seconds: (performance.now() - startedAt) / 1000 };
  } finally {
    await handle.close();
  }
}

/** The month view around today: from the week of the 1st to the week of the last day (35 or 42 days). */
function monthView(today: string) {
  const utc = tz('UTC');
  const day = new Date(`${today}T12:00:00Z`);
  const first = format(startOfMonth(day, { in: utc }), 'yyyy-MM-dd');
  const last = format(endOfMonth(day, { in: utc }), 'yyyy-MM-dd');
  return { from: weekOf(first, 'monday').from, to: weekOf(last, 'monday').to };
}

/** The calendars a coach of the Scale Academy opens most: its large group's month, the whole week, one athlete's month. */
export function scheduleCases(ids: { largeGroupId: string; athleteId: string }): ScheduleCase[] {
  const today = todayIn(scaleAcademy.timeZone);
  const month = monthView(today);
  const week = weekOf(today, 'monday');
  return [
    {
      endpoint: `GET /api/schedule?groupId=… (month of the ${scaleAcademy.largeGroup.size}-athlete group)`,
      query: { ...month, groupId: ids.largeGroupId },
      aimMs: scheduleAims.p95Ms,
    },
    { endpoint: 'GET /api/schedule (week of the organisation)', query: week, aimMs: scheduleAims.p95Ms },
    {
      endpoint: 'GET /api/schedule?athleteId=… (month of one athlete)',
      query: { ...month, athleteId: ids.athleteId },
      aimMs: null,
    },
  ];
}

export const schedulePath = (query: ScheduleQuery) =>
  `/api/schedule?${new URLSearchParams(query as Record<string, string>).toString()}`;

/** The raw and gzip size of a calendar's answer, as the server sends it. */
export async function payloadSize(baseUrl: string, token: string, query: ScheduleQuery) {
  const response = await fetch(`${baseUrl}${schedulePath(query)}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
  });
  const text = await response.text();
  const items = (JSON.parse(text) as { data: unknown[] }).data.length;
  return { items, bytes: Buffer.byteLength(text), gzipBytes: gzipSync(text).length };
}

export interface ExplainedQuery {
  endpoint: string;
  sql: string;
  executionMs: number;
  plan: string;
}

/**
 * Runs each case through the schedule's own store with Drizzle's logger on, then `EXPLAIN (ANALYZE, BUFFERS)`
 * of every statement it sent, with its parameters: the plan of the slowest is what to look at.
 */
export async function explainSlowest(databaseUrl: string, cases: ScheduleCase[]): Promise<ExplainedQuery> {
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const sent: { sql: string; params: unknown[] }[] = [];
  const db = drizzle({ client, schema, logger: { logQuery: (sql, params) => sent.push({ sql, params }) } });
  try {
    const database = db as unknown as Database;
    const [organization] = await database
      .select()
      .from(schema.organizations)
      .where(eq(schema.organizations.slug, scaleAcademy.slug));
    const [coach] = await database
      .select()
      .from(schema.users)
      .where(
        and(
          eq(schema.users.organizationId, organization!.id),
          eq(schema.users.email, scaleAcademy.coachEmail),
        ),
      );
    const store = new ScheduleStore(new TenantScope(database, organization!.id), {
      user: coach!,
      organization: organization!,
    });
    let slowest: ExplainedQuery | undefined;
    for (const { endpoint, query } of cases) {
      sent.length = 0;
      await store.calendar(query);
      for (const statement of [...sent]) {
        const rows = await client.unsafe<{ 'QUERY PLAN': string }[]>(
          `explain (analyze, buffers) ${statement.sql}`,
          statement.params as postgres.ParameterOrJSON<never>[],
        );
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
        if (!slowest || executionMs > slowest.executionMs)
          slowest = { endpoint, sql: statement.sql, executionMs, plan };
      }
    }
    if (!slowest) throw new Error('The schedule store sent no statement');
    return slowest;
  } finally {
    await client.end({ timeout: 5 });
  }
}
