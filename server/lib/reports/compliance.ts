import { and, asc, between, sql } from 'drizzle-orm';
import { complianceOf } from '../../../contract/compliance';
import { reportLimits, type Report } from '../../../contract/reports';
import { athleteGroupMembers, athleteGroups, scheduleEntries } from '../../db/schema';
import { addCalendarDays } from '../calendar-days';
import {
  inScope,
  nullsLast,
  refOf,
  weekStartOf,
  weekStartsBetween,
  type ReportContext,
} from './report-scope';

type Counts = { completed: number; missed: number; skipped: number };
type Figures = Report['compliance']['total'];

/**
 * The counts as contract/compliance.ts judges them: they go through `complianceOf` as counted entries (a completed
 * one today, a missed one the day before, a skipped one), so due and the rounding of the rate are its own.
 */
function figuresOf(counts: Counts, today: string): Figures {
  const { completed, missed, skipped, due, rate } = complianceOf(
    [
      { date: today, status: 'completed', count: counts.completed },
      { date: addCalendarDays(today, -1), status: 'scheduled', count: counts.missed },
      { date: today, status: 'skipped', count: counts.skipped },
    ],
    today,
  );
  return { completed, missed, skipped, due, rate };
}

const none: Counts = { completed: 0, missed: 0, skipped: 0 };

/**
 * Compliance of the scope's schedule entries from `from` to the earlier of `to` and today (later days are not due):
 * the database counts each athlete's and each week's entries by standing (contract/compliance.ts
 * `complianceStanding`: completed, skipped, missed when its day has passed; today's not done is neither), and for
 * the organisation's report each group's current members' too. At most a few hundred rows come back.
 */
export async function complianceSection(context: ReportContext): Promise<Report['compliance']> {
  const { tenant, from, to, today, weekStartsOn } = context;
  const until = to < today ? to : today;
  const groupsWanted = context.kind === 'organization';
  type Row = Counts & { kind: 'athlete' | 'week' | 'group'; key: string };
  const [rows, groups] = await Promise.all([
    until < from || context.athletes.length === 0
      ? ([] as Row[])
      : tenant.selectOver<Row>(
          scheduleEntries,
          and(inScope(context, scheduleEntries.athleteId), between(scheduleEntries.date, from, until)),
          (entries) => sql`
            with counted as (
              select e.athlete_id, ${weekStartOf(sql`e.date`, weekStartsOn)} as week,
                count(*) filter (where e.status = 'completed')::int as completed,
                count(*) filter (where e.status = 'skipped')::int as skipped,
                count(*) filter (where e.status not in ('completed', 'skipped') and e.date < ${today}::date)::int
                  as missed
              from ${entries} e
              group by 1, 2
            )
            select 'athlete' as kind, athlete_id::text as key, sum(completed)::int as completed,
              sum(missed)::int as missed, sum(skipped)::int as skipped
            from counted group by athlete_id
            union all
            select 'week', week::text, sum(completed)::int, sum(missed)::int, sum(skipped)::int
            from counted group by week
            ${
              groupsWanted
                ? sql`union all
            select 'group', ${athleteGroupMembers.groupId}::text, sum(c.completed)::int, sum(c.missed)::int,
              sum(c.skipped)::int
            from counted c join ${athleteGroupMembers} on ${athleteGroupMembers.userId} = c.athlete_id
              and ${tenant.own(athleteGroupMembers)}
            group by ${athleteGroupMembers.groupId}`
                : sql``
            }`,
        ),
    groupsWanted
      ? tenant.selectFields(
          athleteGroups,
          { id: athleteGroups.id, name: athleteGroups.name },
          { orderBy: [asc(athleteGroups.name)] },
        )
      : [],
  ]);
  const countsOf = new Map<string, Counts>();
  for (const row of rows)
    countsOf.set(`${row.kind} ${row.key}`, {
      completed: Number(row.completed),
      missed: Number(row.missed),
      skipped: Number(row.skipped),
    });
  const total = [...countsOf].reduce<Counts>(
    (sum, [key, counts]) =>
      key.startsWith('athlete ')
        ? {
            completed: sum.completed + counts.completed,
            missed: sum.missed + counts.missed,
            skipped: sum.skipped + counts.skipped,
          }
        : sum,
    none,
  );
  const byRate = (a: { rate: number | null; name: string }, b: { rate: number | null; name: string }) =>
    nullsLast(a.rate, b.rate) || a.name.localeCompare(b.name);
  return {
    total: figuresOf(total, today),
    weeks: weekStartsBetween(from, to, weekStartsOn).map((weekStart) => ({
      weekStart,
      ...figuresOf(countsOf.get(`week ${weekStart}`) ?? none, today),
    })),
    groups: groups
      .map((group) => ({ group, ...figuresOf(countsOf.get(`group ${group.id}`) ?? none, today) }))
      .sort((a, b) => byRate({ ...a, name: a.group.name }, { ...b, name: b.group.name })),
    athletes: context.athletes
      .map((athlete) => ({
        athlete: refOf(athlete),
        ...figuresOf(countsOf.get(`athlete ${athlete.id}`) ?? none, today),
      }))
      .sort((a, b) => byRate({ ...a, name: a.athlete.name }, { ...b, name: b.athlete.name }))
      .slice(0, reportLimits.athletesMax),
  };
}
