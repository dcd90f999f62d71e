// zod-free: the questionnaire rules the phone and the server both apply (issue 26, ADR 065). The server's answer
// is still the truth; the phone runs the same code so an answer given offline is checked before it waits to be sent.

export const questionKinds = [
  'scale',
  'number',
  'text',
  'single_choice',
  'multiple_choice',
  'yes_no',
] as const;
export type QuestionKind = (typeof questionKinds)[number];

/** Which way is better for a scale or a number: what "worse than the baseline" means. Null: neither (no flags). */
export const betterDirections = ['higher', 'lower'] as const;
export type BetterDirection = (typeof betterDirections)[number];

/** What a question measures for the session-RPE load (Foster: CR-10 × minutes). */
export const questionMeasures = ['session_rpe', 'session_minutes'] as const;
export type QuestionMeasure = (typeof questionMeasures)[number];

export const flagLevels = ['amber', 'red'] as const;
export type FlagLevel = (typeof flagLevels)[number];

interface QuestionBase {
  id: string;
  prompt: string;
  required: boolean;
}
export interface ScaleQuestion extends QuestionBase {
  kind: 'scale';
  min: number;
  max: number;
  minLabel: string;
  maxLabel: string;
  better: BetterDirection | null;
  /** A plain threshold the coach sets: an answer at it or worse is flagged red. */
  alertAt: number | null;
  measure: 'session_rpe' | null;
}
export interface NumberQuestion extends QuestionBase {
  kind: 'number';
  unit: string;
  min: number | null;
  max: number | null;
  better: BetterDirection | null;
  alertAt: number | null;
  measure: 'session_minutes' | null;
}
export interface TextQuestion extends QuestionBase {
  kind: 'text';
}
export interface ChoiceQuestion extends QuestionBase {
  kind: 'single_choice' | 'multiple_choice';
  options: string[];
}
export interface YesNoQuestion extends QuestionBase {
  kind: 'yes_no';
}
export type Question = ScaleQuestion | NumberQuestion | TextQuestion | ChoiceQuestion | YesNoQuestion;

/** A questionnaire's sum of its scale answers (Hooper index, wellness score), tracked like an item. */
export interface QuestionnaireTotal {
  label: string;
  better: BetterDirection | null;
}

/** One answer: a number (scale, number), words (text, single choice), chosen words (multiple), yes/no, or none. */
export type AnswerValue = number | string | string[] | boolean | null;
export type AnswerValues = Record<string, AnswerValue>;

/** The id of the total among a questionnaire's items. */
export const totalItemId = 'total';

export const answerTextMax = 1000;

/** What is wrong with one answer, in words for the person answering; null when it is fine. */
export function answerProblem(question: Question, value: AnswerValue | undefined): string | null {
  const missing =
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0);
  if (missing) return question.required ? 'Answer this question' : null;
  switch (question.kind) {
    case 'scale':
      if (
        typeof value !== 'number' ||
        !Number.isInteger(value) ||
        value < question.min ||
        value > question.max
      )
        return `Choose a whole number from ${question.min} to ${question.max}`;
      return null;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'Enter a number';
      if (question.min !== null && value < question.min) return `Enter at least ${question.min}`;
      if (question.max !== null && value > question.max) return `Enter at most ${question.max}`;
      return null;
    case 'text':
      if (typeof value !== 'string') return 'Write an answer';
      return value.length > answerTextMax ? `Write at most ${answerTextMax} characters` : null;
    case 'single_choice':
      return typeof value === 'string' && question.options.includes(value)
        ? null
        : 'Choose one of the answers offered';
    case 'multiple_choice':
      return Array.isArray(value) &&
        value.every((choice) => question.options.includes(choice)) &&
        new Set(value).size === value.length
        ? null
        : 'Choose among the answers offered';
    case 'yes_no':
      return typeof value === 'boolean' ? null : 'Answer yes or no';
  }
}

/** Every problem of a set of answers, keyed by question id; answers to questions it does not have are problems too. */
export function answersProblems(
  questions: readonly Question[],
  values: AnswerValues,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const question of questions) {
    const problem = answerProblem(question, values[question.id]);
    if (problem) problems[question.id] = problem;
  }
  const known = new Set(questions.map((question) => question.id));
  for (const id of Object.keys(values))
    if (!known.has(id)) problems[id] = 'This question is not in the questionnaire';
  return problems;
}

/** The sum of the scale answers, or null when a scale question is unanswered (a partial sum would look better). */
export function questionnaireTotal(questions: readonly Question[], values: AnswerValues): number | null {
  let sum = 0;
  let scales = 0;
  for (const question of questions) {
    if (question.kind !== 'scale' || question.measure !== null) continue;
    const value = values[question.id];
    if (typeof value !== 'number') return null;
    sum += value;
    scales += 1;
  }
  return scales === 0 ? null : sum;
}

/** The session-RPE load of one answer (CR-10 × minutes, arbitrary units), or null when either is missing. */
export function sessionLoad(questions: readonly Question[], values: AnswerValues): number | null {
  const rpe = questions.find((question) => question.kind === 'scale' && question.measure === 'session_rpe');
  const minutes = questions.find(
    (question) => question.kind === 'number' && question.measure === 'session_minutes',
  );
  if (!rpe || !minutes) return null;
  const effort = values[rpe.id];
  const duration = values[minutes.id];
  return typeof effort === 'number' && typeof duration === 'number' ? effort * duration : null;
}

export const baselineDays = 28;
/** A baseline needs this many answers in its 28 days; fewer and only the coach's thresholds flag. */
export const baselineMinAnswers = 7;

export interface DatedValue {
  date: string;
  value: number;
}
export interface Baseline {
  mean: number;
  sd: number;
  count: number;
}

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/**
 * The athlete's own baseline for `date`: mean and sample standard deviation of its answers in the 28 days before
 * (the day itself not counted). `sdFloor` keeps a steady athlete's SD from being 0: for a scale it is one step, so
 * one step worse than an always-the-same answer is 1 SD (amber) and two steps 2 SD (red).
 */
export function baselineFor(previous: readonly DatedValue[], date: string, sdFloor = 0): Baseline | null {
  const day = dayNumber(date);
  const window = previous.filter((point) => {
    const ago = day - dayNumber(point.date);
    return ago >= 1 && ago <= baselineDays;
  });
  return baselineOf(
    window.map((point) => point.value),
    sdFloor,
  );
}

/**
 * The baseline of values already known to be a date's 28 days before (what `baselineFor` picks): null with fewer
 * than 7. A trend of many points slides its own window and calls this, rather than `baselineFor` per point.
 */
export function baselineOf(window: readonly number[], sdFloor = 0): Baseline | null {
  return baselineFrom(windowStatsOf(window), sdFloor);
}

/**
 * What is kept of a 28-day window with each answer (ADR 071): [how many values, their mean, their sample SD (0 for
 * fewer than two)], mean and SD rounded to six places, so the database's sums and these agree on a boundary like
 * exactly 1 SD. Short, a list, not an object: a group's trend reads thousands of them.
 */
export type WindowStats = [count: number, mean: number, sd: number];

const six = (value: number) => Math.round(value * 1e6) / 1e6;

export function windowStatsOf(window: readonly number[]): WindowStats {
  const count = window.length;
  if (count === 0) return [0, 0, 0];
  const mean = window.reduce((sum, value) => sum + value, 0) / count;
  const variance = count < 2 ? 0 : window.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (count - 1);
  return [count, six(mean), six(Math.sqrt(variance))];
}

/** The baseline of a window's stats: null with fewer than 7 values; the SD no lower than the item's floor. */
export function baselineFrom(stats: WindowStats | undefined, sdFloor = 0): Baseline | null {
  if (!stats || stats[0] < baselineMinAnswers) return null;
  return { mean: stats[1], sd: Math.max(stats[2], sdFloor), count: stats[0] };
}

/** How many SDs from the baseline: null without a baseline or when its SD is 0. */
export function zScore(value: number, baseline: Baseline | null): number | null {
  if (!baseline || baseline.sd === 0) return null;
  return (value - baseline.mean) / baseline.sd;
}

export interface Flag {
  level: FlagLevel;
  reason: 'baseline' | 'threshold';
}

/**
 * The flag of one answer: red at or past the coach's threshold; otherwise ≥ 2 SD worse than the athlete's own
 * baseline red, ≥ 1 SD amber. "Worse" follows `better`; a question without a direction is never flagged.
 */
export function flagFor(
  value: number,
  z: number | null,
  better: BetterDirection | null,
  alertAt: number | null,
): Flag | null {
  if (better === null) return null;
  if (alertAt !== null && (better === 'higher' ? value <= alertAt : value >= alertAt))
    return { level: 'red', reason: 'threshold' };
  if (z === null) return null;
  const worse = better === 'higher' ? -z : z;
  if (worse >= 2) return { level: 'red', reason: 'baseline' };
  if (worse >= 1) return { level: 'amber', reason: 'baseline' };
  return null;
}

/** The worse of two flags. */
export const worseFlag = (a: FlagLevel | null, b: FlagLevel | null): FlagLevel | null =>
  a === 'red' || b === 'red' ? 'red' : (a ?? b);

/** The SD floor of an item: one step for a scale (and for a total of scales), none for a number. */
export const sdFloorOf = (kind: 'scale' | 'number' | 'total'): number => (kind === 'number' ? 0 : 1);

export interface DayLoad {
  date: string;
  load: number;
}

/**
 * Session-RPE acute:chronic workload (Gabbett 2016): acute = the load of the 7 days ending `date`; chronic = the
 * mean weekly load of the 28 days ending `date`. Null ratio before any chronic load.
 */
export function sessionLoadRatio(
  daily: readonly DayLoad[],
  date: string,
): { acute: number; chronic: number; ratio: number | null } {
  const day = dayNumber(date);
  let acute = 0;
  let month = 0;
  for (const point of daily) {
    const ago = day - dayNumber(point.date);
    if (ago < 0 || ago >= 28) continue;
    month += point.load;
    if (ago < 7) acute += point.load;
  }
  const chronic = month / 4;
  return { acute, chronic, ratio: chronic > 0 ? acute / chronic : null };
}

/** The session-RPE ratio's zone: 0.8–1.3 green (the "sweet spot"), 1.3–1.5 or under 0.8 amber, above 1.5 red. */
export function sessionLoadZone(ratio: number): 'green' | 'amber' | 'red' {
  if (ratio > 1.5) return 'red';
  if (ratio > 1.3 || ratio < 0.8) return 'amber';
  return 'green';
}

/** Monday 0 … Sunday 6 of a date. */
export const weekdayOf = (date: string): number => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
