import { and, between, eq, isNotNull, sql } from 'drizzle-orm';
import { sessionLoadZone } from '../../../contract/questionnaire-rules';
import { reportLimits, type Report } from '../../../contract/reports';
import { convertLoad, workoutCategoryNames } from '../../../contract/training-vocabulary';
import { logTotals, questionnaireAnswers, workoutLogs } from '../../db/schema';
import { addCalendarDays } from '../calendar-days';
import {
  inScope,
  nullsLastDescending,
  refOf,
  rounded,
  weekStartOf,
  weekStartsBetween,
  type ReportContext,
} from './report-scope';

/** The session-RPE ratio's windows (contract/questionnaire-rules.ts `sessionLoadRatio`): 7 and 28 days ending `to`. */
const acuteDays = 7;
const chronicDays = 28;

const categoryOrder = (category: string) => {
  const index = (workoutCategoryNames as readonly string[]).indexOf(category);
  return index === -1 ? workoutCategoryNames.length : index;
};

/**
 * Training volume of the scope's completed workout logs in the range, per week and category: workouts, sets done
 * (done and not removed), reps and Σ load × reps (kept in kg, answered in the organisation's unit). The database
 * keeps each log's totals (`log_totals`, the rollup of its sets); this adds up each week's and category's logs.
 */
async function volumeByWeek(context: ReportContext) {
  const { tenant, from, to, weekStartsOn } = context;
  return await tenant.selectOver<{
    week: string;
    category: string;
    workouts: number;
    sets: number;
    reps: number;
    loadKg: number;
  }>(
    workoutLogs,
    and(
      eq(workoutLogs.status, 'completed'),
      inScope(context, workoutLogs.athleteId),
      between(workoutLogs.date, from, to),
    ),
    (logs) => sql`
      with logs as (select l.id, l.category, ${weekStartOf(sql`l.date`, weekStartsOn)} as week from ${logs} l),
      done as (
        select ${logTotals.logId} as log_id, ${logTotals.sets} as sets, ${logTotals.reps} as reps,
          ${logTotals.loadKg} as load_kg
        from ${logTotals}
        -- A set's date is its log's: the range and the scope read the rollup's index, not each log's sets.
        where ${tenant.own(
          logTotals,
          and(between(logTotals.performedOn, from, to), inScope(context, logTotals.athleteId)),
        )}
      )
      select l.week::text as week, l.category, count(*)::int as workouts, coalesce(sum(d.sets), 0)::int as sets,
        coalesce(sum(d.reps), 0)::int as reps, coalesce(sum(d.load_kg), 0)::float8 as "loadKg"
      from logs l left join done d on d.log_id = l.id
      group by l.week, l.category`,
  );
}

/**
 * Session-RPE load (Foster: CR-10 × minutes) of the scope: completed workouts' effort × minutes and questionnaire
 * answers' loads, as questionnaire-trends' `load` reads them for one athlete; per week of the range, and per athlete
 * its acute (7 days) and 28-day sums ending `to`.
 */
async function sessionLoads(context: ReportContext) {
  const { tenant, from, to, weekStartsOn } = context;
  const since = [from, addCalendarDays(to, -(chronicDays - 1))].sort()[0]!;
  return await tenant.selectOver<{
    kind: 'week' | 'athlete';
    key: string;
    load: number | null;
    sessions: number;
    month: number | null;
  }>(
    workoutLogs,
    and(
      eq(workoutLogs.status, 'completed'),
      inScope(context, workoutLogs.athleteId),
      between(workoutLogs.date, since, to),
      isNotNull(workoutLogs.sessionRpe),
      isNotNull(workoutLogs.durationSeconds),
    ),
    (logs) => sql`
      with sessions as (
        select l.athlete_id, l.date, l.session_rpe::float8 * (l.duration_seconds::float8 / 60) as load from ${logs} l
        union all
        select ${questionnaireAnswers.athleteId}, ${questionnaireAnswers.date}, ${questionnaireAnswers.load}::float8
        from ${questionnaireAnswers}
        where ${tenant.own(
          questionnaireAnswers,
          and(
            inScope(context, questionnaireAnswers.athleteId),
            between(questionnaireAnswers.date, since, to),
            isNotNull(questionnaireAnswers.load),
          ),
        )}
      )
      select 'week' as kind, ${weekStartOf(sql`date`, weekStartsOn)}::text as key, sum(load)::float8 as load,
        count(*)::int as sessions, null::float8 as month
      from sessions where date >= ${from}::date group by 2
      union all
      select 'athlete', athlete_id::text,
        coalesce(sum(load) filter (where date > ${to}::date - ${acuteDays}::int), 0)::float8,
        count(*)::int, coalesce(sum(load) filter (where date > ${to}::date - ${chronicDays}::int), 0)::float8
      from sessions group by athlete_id`,
  );
}

export async function volumeSection(context: ReportContext): Promise<Report['volume']> {
  if (context.athletes.length === 0) return { weeks: [], categories: [], sessionLoad: [], loadRatios: [] };
  const [byWeek, loads] = await Promise.all([volumeByWeek(context), sessionLoads(context)]);
  const inUnit = (kg: number) => rounded(convertLoad(kg, 'kg', context.weightUnit), 1);
  const weeks = byWeek
    .map((row) => ({
      weekStart: row.week,
      category: row.category,
      workouts: Number(row.workouts),
      sets: Number(row.sets),
      reps: Number(row.reps),
      loadKg: Number(row.loadKg),
    }))
    .sort(
      (a, b) =>
        a.weekStart.localeCompare(b.weekStart) || categoryOrder(a.category) - categoryOrder(b.category),
    );
  const categories = new Map<string, { workouts: number; sets: number; reps: number; loadKg: number }>();
  for (const week of weeks) {
    const sum = categories.get(week.category) ?? { workouts: 0, sets: 0, reps: 0, loadKg: 0 };
    categories.set(week.category, {
      workouts: sum.workouts + week.workouts,
      sets: sum.sets + week.sets,
      reps: sum.reps + week.reps,
      loadKg: sum.loadKg + week.loadKg,
    });
  }
  const loadRatios = loads
    .filter((row) => row.kind === 'athlete')
    .flatMap((row) => {
      const athlete = context.athleteById.get(row.key);
      if (!athlete) return [];
      // sessionLoadRatio's arithmetic: chronic is the 28 days' mean week.
      const acute = Number(row.load ?? 0);
      const chronic = Number(row.month ?? 0) / 4;
      const ratio = chronic > 0 ? acute / chronic : null;
      return [
        {
          athlete: refOf(athlete),
          acute: rounded(acute, 1),
          chronic: rounded(chronic, 1),
          ratio: ratio === null ? null : rounded(ratio, 2),
          zone: ratio === null ? null : sessionLoadZone(ratio),
        },
      ];
    })
    // The highest ratio first: who ramps up too fast is on top.
    .sort((a, b) => nullsLastDescending(a.ratio, b.ratio) || a.athlete.name.localeCompare(b.athlete.name))
    .slice(0, reportLimits.athletesMax);
  return {
    weeks: weeks.map(({ loadKg, ...week }) => ({ ...week, load: inUnit(loadKg) })),
    categories: [...categories]
      .sort(([a], [b]) => categoryOrder(a) - categoryOrder(b))
      .map(([category, { loadKg, ...sum }]) => ({ category, ...sum, load: inUnit(loadKg) })),
    // Every week of the range, a week without sessions as 0: the chart's gaps are real.
    sessionLoad: weekStartsBetween(context.from, context.to, context.weekStartsOn).map((weekStart) => {
      const row = loads.find((candidate) => candidate.kind === 'week' && candidate.key === weekStart);
      return {
        weekStart,
        load: rounded(Number(row?.load ?? 0), 1),
        sessions: Number(row?.sessions ?? 0),
      };
    }),
    loadRatios,
  };
}
