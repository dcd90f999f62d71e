import { and, asc, between, eq, sql, type SQL } from 'drizzle-orm';
import {
  baselineDays,
  totalItemId,
  windowStatsOf,
  type AnswerValues,
  type WindowStats,
} from '../../../contract/questionnaire-rules';
import type { Database } from '../../db/client';
import { questionnaireAnswers, questionnaires } from '../../db/schema';
import { addCalendarDays } from '../calendar-days';
import type { TenantScope } from '../tenancy';

export type AnswerBaselines = Record<string, WindowStats>;

interface DatedAnswer {
  date: string;
  values: AnswerValues;
  total: number | null;
}

/** The numbers of one answer by item: each numeric value by question id, and the total. */
function numbersOf(answer: Pick<DatedAnswer, 'values' | 'total'>): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const [id, value] of Object.entries(answer.values))
    if (typeof value === 'number' && Number.isFinite(value)) numbers.set(id, value);
  if (answer.total !== null) numbers.set(totalItemId, answer.total);
  return numbers;
}

/**
 * The baselines of `answer` (ADR 071): for each of its numbers, the stats of the same item in `others` dated in
 * the 28 days before it (the day itself not counted). Dates compare as text; older first, as the database sums.
 */
export function baselinesOf(answer: DatedAnswer, others: readonly DatedAnswer[]): AnswerBaselines {
  const first = addCalendarDays(answer.date, -baselineDays);
  const window = others
    .filter((other) => other.date >= first && other.date < answer.date)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .map(numbersOf);
  const baselines: AnswerBaselines = {};
  for (const id of numbersOf(answer).keys()) {
    const values = window.flatMap((numbers) => {
      const value = numbers.get(id);
      return value === undefined ? [] : [value];
    });
    if (values.length > 0) baselines[id] = windowStatsOf(values);
  }
  return baselines;
}

const sameBaselines = (a: AnswerBaselines, b: AnswerBaselines) => {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const left = a[key];
    const right = b[key];
    return right !== undefined && left !== undefined && left.every((value, index) => value === right[index]);
  });
};

/**
 * Holds, until the transaction ends, the lock of one athlete's answers to one questionnaire: two devices saving
 * two days at once each refresh the other's baselines after seeing its answer.
 */
export async function lockAnswersOf(
  scope: TenantScope,
  questionnaireId: string,
  athleteId: string,
): Promise<void> {
  await scope.selectFields(
    questionnaires,
    {
      locked: sql`pg_advisory_xact_lock(hashtextextended('questionnaire-answers:' || ${questionnaireId}::text || ':' || ${athleteId}::text, 0))`,
    },
    { where: eq(questionnaires.id, questionnaireId) },
  );
}

/**
 * After an answer on `date` was stored or changed: the baselines of that day's answer and of the 28 days after
 * (whose windows hold it), where they changed. Call with `lockAnswersOf` held.
 */
export async function refreshBaselines(
  scope: TenantScope,
  key: { questionnaireId: string; athleteId: string; date: string },
): Promise<void> {
  const rows = await scope.selectFields(
    questionnaireAnswers,
    {
      id: questionnaireAnswers.id,
      date: questionnaireAnswers.date,
      values: questionnaireAnswers.values,
      total: questionnaireAnswers.total,
      baselines: questionnaireAnswers.baselines,
    },
    {
      where: and(
        eq(questionnaireAnswers.questionnaireId, key.questionnaireId),
        eq(questionnaireAnswers.athleteId, key.athleteId),
        between(
          questionnaireAnswers.date,
          addCalendarDays(key.date, -baselineDays),
          addCalendarDays(key.date, baselineDays),
        ),
      ),
      orderBy: [asc(questionnaireAnswers.date)],
    },
  );
  for (const row of rows) {
    if (row.date < key.date) continue;
    const baselines = baselinesOf(row, rows);
    if (sameBaselines(baselines, row.baselines)) continue;
    await scope.update(questionnaireAnswers, { baselines }, eq(questionnaireAnswers.id, row.id));
  }
}

/**
 * Every answer's baselines in one statement, for answers stored in bulk (the demo, seed:scale, a migration): the
 * same stats as `baselinesOf`, by window functions over each athlete's, questionnaire's and item's numbers.
 */
export async function refreshAllBaselines(db: Database, organizationId: string): Promise<void> {
  await db.execute(allBaselinesUpdate(sql`${organizationId}::uuid`));
}

function allBaselinesUpdate(organizationId: SQL): SQL {
  return sql`
    with item_values as (
      select a.id, a.questionnaire_id, a.athlete_id, a.date, item.key, item.value::numeric as value
      from questionnaire_answers a cross join lateral jsonb_each(a.values) item
      where a.organization_id = ${organizationId} and jsonb_typeof(item.value) = 'number'
      union all
      select a.id, a.questionnaire_id, a.athlete_id, a.date, ${totalItemId}, a.total::numeric
      from questionnaire_answers a
      where a.organization_id = ${organizationId} and a.total is not null
    ), windows as (
      select id, key, count(value) over w as count, avg(value) over w as mean, stddev_samp(value) over w as sd
      from item_values
      window w as (partition by questionnaire_id, athlete_id, key order by date
        range between ${sql.raw(`'${baselineDays} days'`)} preceding and '1 day' preceding)
    ), baselines as (
      select id, coalesce(jsonb_object_agg(key, jsonb_build_array(count, round(mean, 6)::float8,
        round(coalesce(sd, 0), 6)::float8)) filter (where count > 0), '{}'::jsonb) as baselines
      from windows group by id
    )
    update questionnaire_answers a set baselines = b.baselines
    from baselines b where a.id = b.id and a.baselines is distinct from b.baselines`;
}
