import { and, between, sql } from 'drizzle-orm';
import { reportLimits, type Report } from '../../../contract/reports';
import { strengthCategory } from '../../../contract/strength';
import { convertLoad } from '../../../contract/training-vocabulary';
import { exercises, logExerciseTotals, personalRecords } from '../../db/schema';
import { inScope, nullsLastDescending, refOf, rounded, type ReportContext } from './report-scope';

/** contract/strength.ts `takesOneRm` in SQL: a lift taking load and reps, not measured by velocity or pitch count. */
const takesOneRm = sql`${exercises.category} = ${strengthCategory}
  and ${exercises.measures} @> array['load', 'reps']::text[]
  and not ${exercises.measures} && array['velocity', 'pitchCount']::text[]`;

/**
 * The main lifts (the 1RM-taking lift exercises with the most sets done in the range by the scope's athletes) and
 * per athlete its best estimated 1RM in the range and before it, from the sets that count (done, not removed) as each
 * log's exercise totals keep them.
 */
async function mainLifts(context: ReportContext) {
  const { tenant, from, to } = context;
  const t = logExerciseTotals;
  return await tenant.selectOver<{
    kind: 'lift' | 'best';
    exerciseId: string;
    name: string | null;
    athleteId: string | null;
    best: number | null;
    before: number | null;
  }>(
    t,
    and(inScope(context, t.athleteId), between(t.performedOn, from, to)),
    (totals) => sql`
      with ranged as (
        -- One pass over the range's log totals of lifts that take a 1RM: each athlete's sets and best per exercise.
        select r.exercise_id, r.athlete_id, sum(r.sets) as sets, max(r.best_one_rm_kg)::float8 as best
        from ${totals} r
        where r.exercise_id in (select ${exercises.id} from ${exercises} where ${tenant.own(exercises, takesOneRm)})
        group by r.exercise_id, r.athlete_id
      ),
      lifts as (
        select ${exercises.id} as exercise_id, ${exercises.name} as name,
          row_number() over (order by sum(r.sets) desc, ${exercises.name}) as position
        from ranged r join ${exercises} on ${exercises.id} = r.exercise_id
        group by ${exercises.id}, ${exercises.name}
        order by sum(r.sets) desc, ${exercises.name}
        limit ${reportLimits.mainLifts}
      ),
      before as (
        select ${t.exerciseId} as exercise_id, ${t.athleteId} as athlete_id, max(${t.bestOneRmKg})::float8 as before
        from ${t}
        where ${tenant.own(
          t,
          and(
            sql`${t.bestOneRmKg} is not null`,
            inScope(context, t.athleteId),
            sql`${t.performedOn} < ${from}::date`,
          ),
        )} and ${t.exerciseId} in (select exercise_id from lifts)
        group by 1, 2
      )
      select 'lift' as kind, exercise_id::text as "exerciseId", name, null::text as "athleteId",
        null::float8 as best, null::float8 as before, position
      from lifts
      union all
      select 'best', b.exercise_id::text, null, b.athlete_id::text, b.best, p.before, null
      from ranged b left join before p on p.exercise_id = b.exercise_id and p.athlete_id = b.athlete_id
      where b.best is not null and b.exercise_id in (select exercise_id from lifts)
      order by position nulls last`,
  );
}

/** Records achieved in the range (the organisation's dates), newest first, with how many there are in all. */
async function records(context: ReportContext) {
  const { tenant, from, to, timeZone } = context;
  const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone ${timeZone})`;
  return await tenant.selectOver<{
    id: string;
    athleteId: string;
    exerciseId: string;
    exerciseName: string;
    kind: string;
    value: number;
    unit: string;
    date: string;
    logId: string;
    total: number;
  }>(
    personalRecords,
    and(
      inScope(context, personalRecords.athleteId),
      sql`${personalRecords.achievedAt} >= ${dayStart(from)}`,
      sql`${personalRecords.achievedAt} < ${dayStart(to)} + interval '1 day'`,
    ),
    (rows) => sql`
      select r.id::text, r.athlete_id::text as "athleteId", r.exercise_id::text as "exerciseId",
        ${exercises.name} as "exerciseName", r.kind, r.value::float8 as value, r.unit,
        (r.achieved_at at time zone ${timeZone})::date::text as date, r.log_id::text as "logId",
        (count(*) over ())::int as total
      from ${rows} r join ${exercises} on ${exercises.id} = r.exercise_id and ${tenant.own(exercises)}
      order by r.achieved_at desc, r.id
      limit ${reportLimits.recordsMax}`,
  );
}

export async function strengthSection(context: ReportContext): Promise<Report['strength']> {
  if (context.athletes.length === 0) return { lifts: [], records: [], recordCount: 0 };
  const [liftRows, recordRows] = await Promise.all([mainLifts(context), records(context)]);
  const inUnit = (kg: number | null) =>
    kg === null ? null : rounded(convertLoad(Number(kg), 'kg', context.weightUnit), 1);
  const lifts = liftRows
    .filter((row) => row.kind === 'lift')
    .map((lift) => ({
      exercise: { id: lift.exerciseId, name: lift.name ?? '' },
      athletes: liftRows
        .filter((row) => row.kind === 'best' && row.exerciseId === lift.exerciseId)
        .flatMap((row) => {
          const athlete = context.athleteById.get(row.athleteId ?? '');
          const best = inUnit(row.best);
          if (!athlete || best === null) return [];
          const before = inUnit(row.before);
          return [
            {
              athlete: refOf(athlete),
              before,
              best,
              change: before === null ? null : rounded(best - before, 1),
            },
          ];
        })
        // The biggest gain first, then the strongest; athletes with nothing before last.
        .sort(
          (a, b) =>
            nullsLastDescending(a.change, b.change) ||
            b.best - a.best ||
            a.athlete.name.localeCompare(b.athlete.name),
        )
        .slice(0, reportLimits.athletesMax),
    }));
  return {
    lifts,
    records: recordRows.flatMap((row) => {
      const athlete = context.athleteById.get(row.athleteId);
      if (!athlete) return [];
      return [
        {
          id: row.id,
          athlete: refOf(athlete),
          exercise: { id: row.exerciseId, name: row.exerciseName },
          kind: row.kind,
          value: Number(row.value),
          unit: row.unit,
          date: row.date,
          logId: row.logId,
        },
      ];
    }),
    recordCount: Number(recordRows[0]?.total ?? 0),
  };
}
