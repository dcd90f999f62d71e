import { and, between, inArray, sql, type SQL } from 'drizzle-orm';
import { sdFloorOf } from '../../../contract/questionnaire-rules';
import { reportLimits, type Report } from '../../../contract/reports';
import type { TrendItem } from '../../../contract/questionnaires';
import {
  questionnaireAnswerItems,
  questionnaireAnswers,
  questionnaireVersions,
  questionnaires,
} from '../../db/schema';
import { todayIn } from '../calendar-days';
import { dueCountsBetween } from '../questionnaires/due';
import { answerFlagLevel } from '../questionnaires/group-trend';
import { round, trendItemsOf } from '../questionnaires/trends';
import { inScope, refOf, type ReportContext } from './report-scope';

type Answered = {
  id: string;
  name: string;
  answers: number;
  archived: boolean;
  anyDay: boolean;
  items: TrendItem[];
};

/** The questionnaires the scope's athletes answered in the range, with their answers and current versions' items. */
async function answeredQuestionnaires(context: ReportContext): Promise<Answered[]> {
  const { tenant, from, to } = context;
  const counted = await tenant.selectFields(
    questionnaireAnswers,
    { questionnaireId: questionnaireAnswers.questionnaireId, answers: sql<number>`count(*)::int` },
    {
      where: and(
        inScope(context, questionnaireAnswers.athleteId),
        between(questionnaireAnswers.date, from, to),
      ),
      groupBy: [questionnaireAnswers.questionnaireId],
    },
  );
  if (counted.length === 0) return [];
  const ids = counted.map((row) => row.questionnaireId);
  const [rows, versions] = await Promise.all([
    tenant.selectFields(
      questionnaires,
      { id: questionnaires.id, name: questionnaires.name, archivedAt: questionnaires.archivedAt },
      { where: inArray(questionnaires.id, ids) },
    ),
    tenant.selectFields(
      questionnaireVersions,
      {
        questionnaireId: questionnaireVersions.questionnaireId,
        questions: questionnaireVersions.questions,
        total: questionnaireVersions.total,
        anyDay: questionnaireVersions.anyDay,
      },
      {
        where: sql`(${questionnaireVersions.questionnaireId}, ${questionnaireVersions.version}) in
          (select ${questionnaires.id}, ${questionnaires.currentVersion} from ${questionnaires}
           where ${tenant.own(questionnaires, inArray(questionnaires.id, ids))})`,
      },
    ),
  ]);
  const versionOf = new Map(versions.map((version) => [version.questionnaireId, version]));
  const answersOf = new Map(counted.map((row) => [row.questionnaireId, Number(row.answers)]));
  return rows.map((row) => {
    const version = versionOf.get(row.id);
    return {
      id: row.id,
      name: row.name,
      answers: answersOf.get(row.id) ?? 0,
      archived: row.archivedAt !== null,
      anyDay: version?.anyDay ?? false,
      items: version ? trendItemsOf(version) : [],
    };
  });
}

type ItemRow = {
  byItem: boolean;
  questionnaireId: string | null;
  position: number | null;
  athleteId: string | null;
  sum: number;
  answered: number;
  amber: number;
  red: number;
};

/**
 * Each item's mean and flag counts over the range, and each athlete's flags, added up by the database from the
 * answers' typed items. The flag is server/lib/questionnaires/group-trend.ts's (contract `flagFor` against the
 * baseline kept with each answer, ADR 071-072): the coach's threshold red, else ≥ 2 SD worse red, ≥ 1 SD amber.
 */
async function itemFigures(context: ReportContext, answered: readonly Answered[]): Promise<ItemRow[]> {
  const items = answered.flatMap((questionnaire) =>
    questionnaire.items.map((item, position) => ({ questionnaireId: questionnaire.id, item, position })),
  );
  if (items.length === 0) return [];
  const settings = sql.join(
    items.map(
      ({ questionnaireId, item, position }) =>
        sql`(${questionnaireId}::uuid, ${item.id}::text, ${position}::int, ${sdFloorOf(item.kind)}::float8, ${item.better}::text, ${item.alertAt}::float8, ${item.better === 'higher' ? -1 : 1}::float8)`,
    ),
    sql`, `,
  );
  const i = questionnaireAnswerItems;
  const where = and(
    inScope(context, i.athleteId),
    inArray(
      i.questionnaireId,
      answered.map((questionnaire) => questionnaire.id),
    ),
    between(i.date, context.from, context.to),
  );
  const judged = (rows: SQL) => sql`
    with setting (questionnaire_id, item_id, position, sd_floor, better, alert_at, direction) as (values ${settings})
    select r.athlete_id, s.questionnaire_id, s.position, r.value, ${answerFlagLevel} as level
    from ${rows} r join setting s on s.questionnaire_id = r.questionnaire_id and s.item_id = r.item_id`;
  // One plain grouping per athlete and item (it aggregates in parallel workers), then the few rows it gives are added
  // up per item and per athlete.
  return await context.tenant.selectOver<ItemRow>(
    i,
    where,
    (rows) => sql`
      with per as (
        select questionnaire_id, position, athlete_id, sum(value) as sum, count(*) as answered,
          count(*) filter (where level = 1) as amber, count(*) filter (where level = 2) as red
        from (${judged(rows)}) judged
        group by questionnaire_id, position, athlete_id
      )
      select true as "byItem", questionnaire_id::text as "questionnaireId", position, null::text as "athleteId",
        sum(sum)::float8 as sum, sum(answered)::int as answered, sum(amber)::int as amber, sum(red)::int as red
      from per group by questionnaire_id, position
      union all
      select false, null, null, athlete_id::text, 0, sum(answered)::int, sum(amber)::int, sum(red)::int
      from per group by athlete_id having sum(amber) + sum(red) > 0`,
  );
}

/** The questionnaires the scope's athletes answered in the range, and their items' sums and flags. */
export async function readinessFigures(context: ReportContext) {
  if (context.athletes.length === 0) return { answered: [], figures: [] };
  const answered = await answeredQuestionnaires(context);
  return { answered, figures: await itemFigures(context, answered) };
}

/** The answers due per questionnaire from `from` to the earlier of `to` and today, as the readiness card counts them. */
export async function readinessDue(context: ReportContext): Promise<Map<string, number>> {
  const until = context.to < context.today ? context.to : context.today;
  if (context.athletes.length === 0 || until < context.from) return new Map();
  return await dueCountsBetween(context.tenant, {
    from: context.from,
    to: until,
    // The organisation's scope is every approved athlete, as due counts them without a list.
    athleteIds: context.kind === 'organization' ? undefined : context.athletes.map((athlete) => athlete.id),
    stoppedOn: (stoppedAt) => todayIn(context.timeZone, stoppedAt),
  });
}

/**
 * Readiness: per questionnaire answered in the range by the scope's athletes its answers, the answers due (the
 * assignments' days up to today, as the readiness card counts them; null for one answered any day or archived),
 * and per scale and number item (and the total) the mean and the answers flagged; then the athletes flagged. The
 * figures and the due counts are read apart (`readinessFigures`, `readinessDue`), so they can be read at once.
 */
export function readinessOf(
  context: ReportContext,
  { answered, figures }: Awaited<ReturnType<typeof readinessFigures>>,
  due: ReadonlyMap<string, number>,
): Report['readiness'] {
  const itemRows = new Map(
    figures.filter((row) => row.byItem).map((row) => [`${row.questionnaireId} ${row.position}`, row]),
  );
  const questionnaireRows = answered
    .map((questionnaire) => ({
      questionnaire: { id: questionnaire.id, name: questionnaire.name },
      answers: questionnaire.answers,
      due: questionnaire.anyDay || questionnaire.archived ? null : (due.get(questionnaire.id) ?? 0),
      items: questionnaire.items.map((item, position) => {
        const row = itemRows.get(`${questionnaire.id} ${position}`);
        const answers = Number(row?.answered ?? 0);
        return {
          itemId: item.id,
          label: item.label,
          mean: row && answers > 0 ? round(Number(row.sum) / answers) : null,
          answers,
          amber: Number(row?.amber ?? 0),
          red: Number(row?.red ?? 0),
        };
      }),
    }))
    .sort((a, b) => b.answers - a.answers || a.questionnaire.name.localeCompare(b.questionnaire.name));
  const flagged = figures
    .filter((row) => !row.byItem && Number(row.amber) + Number(row.red) > 0)
    .flatMap((row) => {
      const athlete = context.athleteById.get(row.athleteId ?? '');
      return athlete ? [{ athlete: refOf(athlete), amber: Number(row.amber), red: Number(row.red) }] : [];
    })
    .sort((a, b) => b.red - a.red || b.amber - a.amber || a.athlete.name.localeCompare(b.athlete.name))
    .slice(0, reportLimits.athletesMax);
  return { questionnaires: questionnaireRows, flagged };
}
