import { and, between, sql } from 'drizzle-orm';
import { reportLimits, type Report } from '../../../contract/reports';
import {
  acuteChronic,
  dailyPitchLimit,
  pitchTypes,
  restDaysAfter,
  type DayWorkload,
} from '../../../contract/throwing';
import { throwingDays, workloadDays } from '../../db/schema';
import { addCalendarDays, ageOn } from '../calendar-days';
import { inScope, refOf, rounded, weekStartOf, type ReportContext } from './report-scope';

/** Pitch Smart asks at most 4 rest days: an outing up to 4 days before the range can make its first days too early. */
const restDaysMax = 4;
/** The arm-sensor ratio reads 28 days (chronic) ending `to`. */
const workloadDaysRead = 28;

/**
 * Pitch Smart for an age as the database compares it: the daily limit, and the pitch counts from which 1, 2, 3 and
 * 4 rest days are owed, read off contract/throwing.ts `restDaysAfter` (so its table stays the only one).
 */
function pitchSmartOf(age: number): { dailyLimit: number; restFrom: number[] } | null {
  const dailyLimit = dailyPitchLimit(age);
  if (dailyLimit === null) return null;
  const restFrom: number[] = [];
  for (let pitches = 1; restFrom.length < restDaysMax && pitches <= 1000; pitches += 1)
    if ((restDaysAfter(pitches, age) ?? 0) > restFrom.length) restFrom.push(pitches);
  return { dailyLimit, restFrom };
}

/**
 * Per athlete who pitched in the range, from the per-day rollup (`throwing_days`): pitches, days, the most in a day,
 * days over the daily limit and days pitched before the rest an earlier day called for had passed (rest runs from
 * the day after: 2 rest days after Monday means Thursday, as throwing.store's `availableFrom`). The age is the
 * athlete's on `to`, for every day of the range, as the athlete's throwing summary takes today's for its 28 days.
 */
async function pitchCounts(context: ReportContext) {
  const { tenant, from, to } = context;
  const limits = context.athletes.flatMap((athlete) => {
    const smart = athlete.dateOfBirth ? pitchSmartOf(ageOn(athlete.dateOfBirth, to)) : null;
    return smart
      ? [{ athlete_id: athlete.id, daily_limit: smart.dailyLimit, rest_from: smart.restFrom }]
      : [];
  });
  return await tenant.selectOver<{
    athleteId: string;
    pitches: number;
    days: number;
    maxDaily: number;
    dailyLimit: number | null;
    daysOverLimit: number;
    restDaysMissed: number;
  }>(
    throwingDays,
    and(
      inScope(context, throwingDays.athleteId),
      between(throwingDays.date, addCalendarDays(from, -restDaysMax), to),
    ),
    (rows) => sql`
      with days as (
        select t.athlete_id, t.date, sum(t.pitches)::int as pitches from ${rows} t group by t.athlete_id, t.date
      ),
      limits as (
        select * from jsonb_to_recordset(${JSON.stringify(limits)}::jsonb)
          as l(athlete_id uuid, daily_limit int, rest_from int[])
      ),
      judged as (
        select d.athlete_id, d.date, d.pitches, l.daily_limit,
          -- The first day the rest owed by the days before allows (rest runs from the day after an outing).
          max(d.date + 1 + (select count(*) from unnest(l.rest_from) as threshold where d.pitches >= threshold)::int)
            over (partition by d.athlete_id order by d.date rows between unbounded preceding and 1 preceding)
            as available_from
        from days d left join limits l on l.athlete_id = d.athlete_id
      )
      select j.athlete_id::text as "athleteId", sum(j.pitches)::int as pitches, count(*)::int as days,
        max(j.pitches)::int as "maxDaily", min(j.daily_limit)::int as "dailyLimit",
        (count(*) filter (where j.pitches > j.daily_limit))::int as "daysOverLimit",
        (count(*) filter (where j.date < j.available_from))::int as "restDaysMissed"
      from judged j
      where j.date >= ${from}::date
      group by j.athlete_id`,
  );
}

/** Each athlete's daily arm-sensor workloads of the 28 days ending `to`, by days back (null: throws, no workload). */
async function workloads(context: ReportContext) {
  const { tenant, to } = context;
  return await tenant.selectOver<{ athleteId: string; daily: Record<string, number | null> }>(
    workloadDays,
    and(
      inScope(context, workloadDays.athleteId),
      between(workloadDays.date, addCalendarDays(to, -(workloadDaysRead - 1)), to),
    ),
    (rows) => sql`
      select w.athlete_id::text as "athleteId",
        jsonb_object_agg((${to}::date - w.date)::text, w.workload_sum) as daily
      from ${rows} w group by w.athlete_id`,
  );
}

/** Mean (Σ velocity ÷ pitches) and top velocity per pitch type and week, from the rollup. */
async function velocity(context: ReportContext) {
  const { tenant, from, to, weekStartsOn } = context;
  return await tenant.selectOver<{
    weekStart: string;
    pitchType: string;
    pitches: number;
    mean: number;
    top: number;
  }>(
    throwingDays,
    and(inScope(context, throwingDays.athleteId), between(throwingDays.date, from, to)),
    (rows) => sql`
      select ${weekStartOf(sql`t.date`, weekStartsOn)}::text as "weekStart", t.pitch_type as "pitchType",
        sum(t.pitches)::int as pitches, (sum(t.velocity_sum) / sum(t.pitches))::float8 as mean,
        max(t.velocity_top)::float8 as top
      from ${rows} t group by 1, 2`,
  );
}

const pitchTypeOrder = (pitchType: string) => (pitchTypes as readonly string[]).indexOf(pitchType);

export async function throwingSection(context: ReportContext): Promise<Report['throwing']> {
  if (context.athletes.length === 0) return { athletes: [], velocity: [], totalPitches: 0 };
  const [counts, daily, weeks] = await Promise.all([
    pitchCounts(context),
    workloads(context),
    velocity(context),
  ]);
  const workloadOf = new Map(
    daily.map((row) => {
      // Oldest first, as contract/throwing.ts reads a series; a day without throws is 0.
      const series: DayWorkload[] = Array.from({ length: workloadDaysRead }, (_, index) => {
        const value = row.daily[String(workloadDaysRead - 1 - index)];
        return value === undefined ? 0 : value === null ? null : Number(value);
      });
      return [row.athleteId, acuteChronic(series)];
    }),
  );
  const athletes = counts
    .flatMap((row) => {
      const athlete = context.athleteById.get(row.athleteId);
      if (!athlete) return [];
      const workload = workloadOf.get(row.athleteId);
      return [
        {
          athlete: refOf(athlete),
          pitches: Number(row.pitches),
          days: Number(row.days),
          maxDaily: Number(row.maxDaily),
          dailyLimit: row.dailyLimit === null ? null : Number(row.dailyLimit),
          daysOverLimit: Number(row.daysOverLimit),
          restDaysMissed: Number(row.restDaysMissed),
          workloadRatio: workload?.ratio == null ? null : rounded(workload.ratio, 3),
          zone: workload?.zone ?? null,
        },
      ];
    })
    .sort((a, b) => b.pitches - a.pitches || a.athlete.name.localeCompare(b.athlete.name));
  return {
    athletes: athletes.slice(0, reportLimits.athletesMax),
    velocity: weeks
      .map((row) => ({
        weekStart: row.weekStart,
        pitchType: row.pitchType,
        pitches: Number(row.pitches),
        mean: rounded(Number(row.mean), 1),
        top: rounded(Number(row.top), 1),
      }))
      .sort(
        (a, b) =>
          a.weekStart.localeCompare(b.weekStart) || pitchTypeOrder(a.pitchType) - pitchTypeOrder(b.pitchType),
      ),
    totalPitches: athletes.reduce((sum, row) => sum + row.pitches, 0),
  };
}
