import {
  baselineFrom,
  flagFor,
  sdFloorOf,
  totalItemId,
  zScore,
  type AnswerValues,
} from '../../../contract/questionnaire-rules';
import type {
  FlaggedItem,
  QuestionnaireVersion,
  TrendItem,
  TrendPoint,
} from '../../../contract/questionnaires';
import type { AnswerBaselines } from './baselines';

/** The parts of an answer row the trends read. */
export interface TrendAnswer {
  athleteId: string;
  date: string;
  values: AnswerValues;
  total: number | null;
  baselines: AnswerBaselines;
}

/**
 * The items of a trend (ADR 066): the current version's scale and number questions (session RPE and minutes too:
 * they are numbers), then the total when it has one. Older versions' answers count by question id.
 */
export function trendItemsOf(version: QuestionnaireVersion): TrendItem[] {
  const items: TrendItem[] = [];
  for (const question of version.questions) {
    if (question.kind === 'scale')
      items.push({
        id: question.id,
        label: question.prompt,
        kind: 'scale',
        unit: '',
        min: question.min,
        max: question.max,
        better: question.better,
        alertAt: question.alertAt,
      });
    else if (question.kind === 'number')
      items.push({
        id: question.id,
        label: question.prompt,
        kind: 'number',
        unit: question.unit,
        min: question.min,
        max: question.max,
        better: question.better,
        alertAt: question.alertAt,
      });
  }
  if (version.total) {
    // The total's range is the sum of its scales' ranges: a chart's axis.
    const scales = version.questions.filter(
      (question) => question.kind === 'scale' && question.measure === null,
    );
    const sum = (pick: (question: (typeof scales)[number]) => number) =>
      scales.reduce((total, question) => total + pick(question), 0);
    items.push({
      id: totalItemId,
      label: version.total.label,
      kind: 'total',
      unit: '',
      min: sum((question) => (question.kind === 'scale' ? question.min : 0)),
      max: sum((question) => (question.kind === 'scale' ? question.max : 0)),
      better: version.total.better,
      alertAt: null,
    });
  }
  return items;
}

/** An item's value in one answer: its number, or the answer's total; null when not a number (unanswered, a word). */
export function itemValue(
  item: Pick<TrendItem, 'id' | 'kind'>,
  answer: Pick<TrendAnswer, 'values' | 'total'>,
) {
  if (item.kind === 'total') return answer.total;
  const value = answer.values[item.id];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A figure as the trends show it: to `places` decimals. */
export const round = (value: number, places = 3) => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};
const roundedOrNull = (value: number | null, places = 3) => (value === null ? null : round(value, places));

/** One item's point of one answer, against the baseline kept with the answer (ADR 071); null when not a number. */
export function pointOf(item: TrendItem, answer: TrendAnswer): TrendPoint | null {
  const value = itemValue(item, answer);
  if (value === null) return null;
  const baseline = baselineFrom(answer.baselines[item.id], sdFloorOf(item.kind));
  const z = zScore(value, baseline);
  return {
    date: answer.date,
    value,
    mean: roundedOrNull(baseline?.mean ?? null),
    sd: roundedOrNull(baseline?.sd ?? null),
    z: roundedOrNull(z),
    flag: flagFor(value, z, item.better, item.alertAt),
  };
}

const byDate = (a: { date: string }, b: { date: string }) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

/** An athlete's trend: each item's points of its answers from `from` to `to`. */
export function athleteSeries(
  items: readonly TrendItem[],
  answers: readonly TrendAnswer[],
  from: string,
  to: string,
): { itemId: string; points: TrendPoint[] }[] {
  const inRange = answers.filter((answer) => answer.date >= from && answer.date <= to).sort(byDate);
  return items.map((item) => ({
    itemId: item.id,
    points: inRange.flatMap((answer) => pointOf(item, answer) ?? []),
  }));
}

/** The flagged items of one athlete's answer to one questionnaire. */
export function flaggedItemsOf(
  questionnaire: { id: string; name: string },
  items: readonly TrendItem[],
  answer: TrendAnswer,
): FlaggedItem[] {
  return items.flatMap((item) => {
    const point = pointOf(item, answer);
    if (!point?.flag) return [];
    return [
      {
        questionnaireId: questionnaire.id,
        questionnaireName: questionnaire.name,
        itemId: item.id,
        label: item.label,
        value: point.value,
        z: point.z,
        flag: point.flag,
      },
    ];
  });
}
