import { and, between, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { baselineMinAnswers, sdFloorOf, type FlagLevel } from '../../../contract/questionnaire-rules';
import type { TrendItem } from '../../../contract/questionnaires';
import { athleteGroupMembers, questionnaireAnswerItems, questionnaireAnswers, users } from '../../db/schema';
import type { TenantScope } from '../tenancy';
import { round } from './trends';

export interface GroupTrend {
  series: {
    itemId: string;
    points: { date: string; mean: number; answered: number; amber: number; red: number }[];
  }[];
  /** Whoever answered in the range, by id: its answers, its last one and that day's worst flag. */
  athletes: Map<string, { lastDate: string; flag: FlagLevel | null; answers: number }>;
}

const levels: (FlagLevel | null)[] = [null, 'amber', 'red'];

/**
 * An answer item's flag as 0, 1 (amber) or 2 (red): `flagFor` of contract/questionnaire-rules.ts in SQL, over an item
 * row `r` (value, base_mean, base_sd, base_count) and its item's settings `s` (better, alert_at, sd_floor, direction).
 */
export const answerFlagLevel = sql`case
  when s.better is null then 0
  when s.alert_at is not null and (case when s.better = 'higher' then r.value <= s.alert_at
    else r.value >= s.alert_at end) then 2
  when r.base_count < ${baselineMinAnswers} or greatest(r.base_sd, s.sd_floor) = 0 then 0
  when s.direction * ((r.value - r.base_mean) / greatest(r.base_sd, s.sd_floor)) >= 2 then 2
  when s.direction * ((r.value - r.base_mean) / greatest(r.base_sd, s.sd_floor)) >= 1 then 1
  else 0 end`;

/**
 * A group's trend, added up by the database from the answers' typed items (ADR 072): per item and date the mean of
 * the athletes who answered and how many were flagged amber or red, each against its own baseline; per athlete its
 * answers in the range, its last one and that day's worst flag. About 150 rows come back for 90 days of 50
 * athletes, not 4,000 answers' json.
 */
export async function groupTrendOf(
  tenant: TenantScope,
  query: {
    questionnaireId: string;
    groupId: string;
    items: readonly TrendItem[];
    from: string;
    to: string;
  },
): Promise<GroupTrend> {
  const { items } = query;
  const members = (athleteId: AnyPgColumn) =>
    sql`${athleteId} in (select ${athleteGroupMembers.userId} from ${athleteGroupMembers}
      join ${users} on ${users.id} = ${athleteGroupMembers.userId} and ${users.role} = 'athlete'
      where ${athleteGroupMembers.groupId} = ${query.groupId}
      and ${athleteGroupMembers.organizationId} = ${tenant.organizationId})`;
  const i = questionnaireAnswerItems;
  // Each item's settings as a list to join: the flag below is `flagFor` of contract/questionnaire-rules.ts, with
  // the same floor, minimum and double arithmetic (a test compares it with each athlete's own trend).
  const settings = items.length
    ? sql.join(
        items.map(
          (item, index) =>
            sql`(${item.id}::text, ${index}::int, ${sdFloorOf(item.kind)}::float8, ${item.better}::text, ${item.alertAt}::float8, ${item.better === 'higher' ? -1 : 1}::float8)`,
        ),
        sql`, `,
      )
    : sql`(null::text, 0, 0::float8, null::text, null::float8, 1::float8)`;
  const [figures, answered] = await Promise.all([
    tenant.selectOver<{
      byDate: boolean;
      date: string;
      athleteId: string | null;
      item: number | null;
      sum: number;
      answered: number;
      amber: number;
      red: number;
      lastAndWorst: number;
    }>(
      i,
      and(
        eq(i.questionnaireId, query.questionnaireId),
        members(i.athleteId),
        between(i.date, query.from, query.to),
      ),
      (rows) => sql`
        with setting (item_id, position, sd_floor, better, alert_at, direction) as (values ${settings}),
        judged as (
          select r.athlete_id, r.date, s.position, r.value, ${answerFlagLevel} as level
          from ${rows} r join setting s on s.item_id = r.item_id
        )
        select grouping(athlete_id) = 1 as "byDate", date::text as date, athlete_id::text as "athleteId",
          position as item, sum(value)::float8 as sum, count(*)::int as answered,
          (count(*) filter (where level = 1))::int as amber, (count(*) filter (where level = 2))::int as red,
          -- The last day and its worst flag in one number (day × 4 + flag): a plain max, no ordered aggregate.
          max((date - date '2000-01-01') * 4 + level)::int as "lastAndWorst"
        from judged
        group by grouping sets ((date, position), (athlete_id))`,
    ),
    // Every answer counts for the athlete, also one with no number (a text-only check-in).
    tenant.selectFields(
      questionnaireAnswers,
      {
        athleteId: questionnaireAnswers.athleteId,
        answers: sql<number>`count(*)::int`,
        lastDate: sql<string>`max(${questionnaireAnswers.date})::text`,
      },
      {
        where: and(
          eq(questionnaireAnswers.questionnaireId, query.questionnaireId),
          members(questionnaireAnswers.athleteId),
          between(questionnaireAnswers.date, query.from, query.to),
        ),
        groupBy: [questionnaireAnswers.athleteId],
      },
    ),
  ]);
  const series = items.map(() => [] as GroupTrend['series'][number]['points']);
  // Each athlete's worst flag on its last day with a number: the answers' last day when it is that day.
  const worstOn = new Map<string, number>();
  for (const row of figures) {
    if (row.byDate) {
      series[row.item ?? 0]?.push({
        date: row.date,
        mean: round(row.sum / row.answered),
        answered: row.answered,
        amber: row.amber,
        red: row.red,
      });
    } else {
      const lastDay = Math.floor(row.lastAndWorst / 4);
      const lastDate = new Date(Date.UTC(2000, 0, 1 + lastDay)).toISOString().slice(0, 10);
      worstOn.set(`${row.athleteId} ${lastDate}`, row.lastAndWorst % 4);
    }
  }
  return {
    series: items.map((item, index) => ({
      itemId: item.id,
      points: series[index]!.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    })),
    athletes: new Map(
      answered.map((row) => [
        row.athleteId,
        {
          lastDate: row.lastDate,
          flag: levels[worstOn.get(`${row.athleteId} ${row.lastDate}`) ?? 0] ?? null,
          answers: row.answers,
        },
      ]),
    ),
  };
}
