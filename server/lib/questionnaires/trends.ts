import {
  baselineDays,
  baselineOf,
  flagFor,
  sdFloorOf,
  totalItemId,
  worseFlag,
  zScore,
  type AnswerValues,
  type DatedValue,
  type FlagLevel,
} from '../../../contract/questionnaire-rules';
import type {
  FlaggedItem,
  QuestionnaireVersion,
  TrendItem,
  TrendPoint,
} from '../../../contract/questionnaires';

/** The parts of an answer row the trends read. */
export interface TrendAnswer {
  athleteId: string;
  date: string;
  values: AnswerValues;
  total: number | null;
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

// Day numbers since 1970 (UTC), parsed once per value: a trend of 50 athletes × 118 days has 35,000 baselines.
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/**
 * One item's points of one athlete from `from` to `to`, each against the baseline of the 28 days before it.
 * `values` are the athlete's values of the item by date, oldest first, from 28 days before `from`; the window
 * slides along them (what `baselineFor` picks for each date, without re-reading every value per point).
 */
export function itemPoints(
  item: TrendItem,
  values: readonly DatedValue[],
  from: string,
  to: string,
): TrendPoint[] {
  const days = values.map((point) => dayNumber(point.date));
  const floor = sdFloorOf(item.kind);
  const points: TrendPoint[] = [];
  let start = 0;
  values.forEach((point, index) => {
    if (point.date < from || point.date > to) return;
    const day = days[index] ?? 0;
    while ((days[start] ?? day) < day - baselineDays) start += 1;
    const window: number[] = [];
    for (let before = start; before < index; before += 1)
      if ((days[before] ?? day) < day) window.push(values[before]?.value ?? 0);
    const baseline = baselineOf(window, floor);
    const z = zScore(point.value, baseline);
    points.push({
      date: point.date,
      value: point.value,
      mean: roundedOrNull(baseline?.mean ?? null),
      sd: roundedOrNull(baseline?.sd ?? null),
      z: roundedOrNull(z),
      flag: flagFor(point.value, z, item.better, item.alertAt),
    });
  });
  return points;
}

/** Each item's dated values of one athlete's answers (oldest first). */
function valuesByItem(
  items: readonly TrendItem[],
  answers: readonly TrendAnswer[],
): Map<string, DatedValue[]> {
  // Dates compare as text (YYYY-MM-DD); localeCompare costs microseconds a call.
  const sorted = [...answers].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const byItem = new Map<string, DatedValue[]>();
  for (const item of items) {
    const values: DatedValue[] = [];
    for (const answer of sorted) {
      const value = itemValue(item, answer);
      if (value !== null) values.push({ date: answer.date, value });
    }
    byItem.set(item.id, values);
  }
  return byItem;
}

/** An athlete's trend: each item's points in the range (answers may start 28 days before `from`). */
export function athleteSeries(
  items: readonly TrendItem[],
  answers: readonly TrendAnswer[],
  from: string,
  to: string,
): { itemId: string; points: TrendPoint[] }[] {
  const byItem = valuesByItem(items, answers);
  return items.map((item) => ({
    itemId: item.id,
    points: itemPoints(item, byItem.get(item.id) ?? [], from, to),
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
  const byAthlete = new Map<string, TrendAnswer[]>(athleteIds.map((id) => [id, []]));
  for (const answer of answers) byAthlete.get(answer.athleteId)?.push(answer);

  type Day = { sum: number; answered: number; amber: number; red: number };
  const days = new Map<string, Map<string, Day>>(items.map((item) => [item.id, new Map()]));
  const athletes: GroupTrend['athletes'] = [];
  for (const [athleteId, own] of byAthlete) {
    const inRange = own.filter((answer) => answer.date >= from && answer.date <= to);
    const lastDate = inRange.reduce<string | null>(
      (last, answer) => (last === null || answer.date > last ? answer.date : last),
      null,
    );
    let flag: FlagLevel | null = null;
    for (const { itemId, points } of athleteSeries(items, own, from, to)) {
      const perDay = days.get(itemId);
      for (const point of points) {
        const day = perDay?.get(point.date) ?? { sum: 0, answered: 0, amber: 0, red: 0 };
        day.sum += point.value;
        day.answered += 1;
        if (point.flag?.level === 'amber') day.amber += 1;
        if (point.flag?.level === 'red') day.red += 1;
        perDay?.set(point.date, day);
        if (point.date === lastDate) flag = worseFlag(flag, point.flag?.level ?? null);
      }
    }
    athletes.push({ athleteId, lastDate, flag, answers: inRange.length });
  }
  return {
    series: items.map((item) => ({
      itemId: item.id,
      points: [...(days.get(item.id) ?? new Map<string, Day>()).entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([date, day]) => ({
          date,
          mean: round(day.sum / day.answered),
          answered: day.answered,
          amber: day.amber,
          red: day.red,
        })),
    })),
    athletes,
  };
}

/**
 * The flagged items of one athlete's answer on `date` to one questionnaire: `answers` are the athlete's answers to
 * it from 28 days before up to `date`.
 */
export function flaggedItemsOn(
  questionnaire: { id: string; name: string },
  items: readonly TrendItem[],
  answers: readonly TrendAnswer[],
  date: string,
): FlaggedItem[] {
  const flagged: FlaggedItem[] = [];
  const byItem = valuesByItem(items, answers);
  for (const item of items) {
    const points = itemPoints(item, byItem.get(item.id) ?? [], date, date);
    for (const point of points)
      if (point.flag)
        flagged.push({
          questionnaireId: questionnaire.id,
          questionnaireName: questionnaire.name,
          itemId: item.id,
          label: item.label,
          value: point.value,
          z: point.z,
          flag: point.flag,
        });
  }
  return flagged;
}
