import {
  baselineFrom,
  flagFor,
  sdFloorOf,
  totalItemId,
  worseFlag,
  zScore,
  type AnswerValues,
  type FlagLevel,
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

const round = (value: number, places = 3) => {
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

export interface GroupTrend {
  series: {
    itemId: string;
    points: { date: string; mean: number; answered: number; amber: number; red: number }[];
  }[];
  athletes: { athleteId: string; lastDate: string | null; flag: FlagLevel | null; answers: number }[];
}

/**
 * A group's trend: per item and date the mean of the athletes who answered and how many were flagged amber or red
 * (each against its own baseline); per athlete its last answer in the range and that day's worst flag.
 */
export function groupSeries(
  items: readonly TrendItem[],
  athleteIds: readonly string[],
  answers: readonly TrendAnswer[],
  from: string,
  to: string,
): GroupTrend {
  type Day = { sum: number; answered: number; amber: number; red: number };
  const days = items.map(() => new Map<string, Day>());
  const floors = items.map((item) => sdFloorOf(item.kind));
  type Own = { lastDate: string | null; flag: FlagLevel | null; answers: number };
  const athletes = new Map<string, Own>(
    athleteIds.map((id) => [id, { lastDate: null, flag: null, answers: 0 }]),
  );
  // One pass over thousands of answers: each item's value against the baseline kept with the answer.
  for (const answer of answers) {
    const own = athletes.get(answer.athleteId);
    if (!own || answer.date < from || answer.date > to) continue;
    own.answers += 1;
    if (own.lastDate === null || answer.date > own.lastDate) {
      own.lastDate = answer.date;
      own.flag = null;
    }
    items.forEach((item, index) => {
      const value = itemValue(item, answer);
      if (value === null) return;
      const z = zScore(value, baselineFrom(answer.baselines[item.id], floors[index]));
      const level = flagFor(value, z, item.better, item.alertAt)?.level ?? null;
      const perDay = days[index]!;
      let day = perDay.get(answer.date);
      if (!day) perDay.set(answer.date, (day = { sum: 0, answered: 0, amber: 0, red: 0 }));
      day.sum += value;
      day.answered += 1;
      if (level === 'amber') day.amber += 1;
      if (level === 'red') day.red += 1;
      if (answer.date === own.lastDate) own.flag = worseFlag(own.flag, level);
    });
  }
  return {
    series: items.map((item, index) => ({
      itemId: item.id,
      points: [...days[index]!.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([date, day]) => ({
          date,
          mean: round(day.sum / day.answered),
          answered: day.answered,
          amber: day.amber,
          red: day.red,
        })),
    })),
    athletes: [...athletes].map(([athleteId, own]) => ({ athleteId, ...own })),
  };
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
