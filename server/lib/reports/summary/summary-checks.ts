import type { ReportFigure, SummarySentence } from '../../../../contract/reports';

/**
 * The grounding checks of a written summary (issue 27, ADR 075): every sentence is kept and shown, and a sentence
 * stating a number that is no figure of the report, or citing an id the report has not, is marked (its
 * `unsupported` lists what is wrong) so the screen can strike it. Marked, not removed: a coach sees what the model
 * tried to say and that it was not backed, rather than a summary that silently lost a sentence.
 *
 * What counts as a number, and what is left alone:
 * - checked: integers, decimals, thousands separators (12,400), a leading minus or plus, a trailing `%` or
 *   "percent", a `k` suffix (12.4k = 12,400 to the hundred), a number glued to a unit (12kg);
 * - ignored: the digits of a citation ([F12]); ISO dates (2026-11-02) that a figure label or the report's range
 *   names, and the year of such a date; ordinals (1st, 3rd); `1RM`-like terms; the report's own windows written as
 *   7-day, 9-day or 28-day; digits inside a word (U18, CR-10) and digits of a name a figure label has (2027 Graduates);
 * - not seen at all: numbers written in words ("three"): the prompt asks for every number as digits from a figure.
 * A written number matches a figure when the figure's value rounded to the places written equals it (85 matches
 * 85.3; 85.3 matches 85.25 to 85.35); without a sign it also matches a negative figure's size ("fell by 3.5 kg" for
 * -3.5); with `%` it matches only a percentage. Cited figures are tried first, then every figure.
 */

export interface SummaryCheckContext {
  /** Dates (YYYY-MM-DD) the text may name besides those in figure labels: the report's range. */
  dates?: readonly string[];
}

/** A number as written in a sentence. */
export interface WrittenNumber {
  /** As it stands in the text, for the `unsupported` list. */
  text: string;
  value: number;
  /** Half a unit of the last place written: 85 → 0.5, 85.3 → 0.05, 12.4k → 50. */
  tolerance: number;
  percent: boolean;
  /** A minus or plus was written: the sign must match too. */
  signed: boolean;
}

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Abbreviations after which a sentence goes on (the segmenter would end it there). */
const abbreviation = /(?:\b(?:Mr|Mrs|Ms|Dr|St|vs|approx|No|Jr|Sr|e\.g|i\.e)\.|(?:^|\s)\p{Lu}\.)\s*$/u;
/** One or more citation groups at the start of a segment: they belong to the sentence before ("… 85%. [F4]"). */
const leadingCitations = /^(?:\s*\[\s*F\d+[^\]\n]*\])+[\s.,;:!?)]*/iu;
/** A bracketed list of figure ids: [F3], [F1, F4], [F1; F2 and F7]. */
const citationGroup = /\[\s*(F\d+(?:\s*(?:,|;|&|\band\b)?\s*F\d+)*)\s*,?\s*\]/giu;
const figureId = /F\d+/giu;
/** Bullet, numbered-list and heading markers the prompt asks against, stripped from the start of a line. */
const lineMarker = /^[ \t]*(?:#{1,6}[ \t]+|[-*•+][ \t]+|\d{1,2}[.)][ \t]+)/gmu;
const emphasis = /\*\*|__/gu;
const isoDate = /(?<![\p{L}\p{N}])(\d{4})-(\d{2})-(\d{2})(?![\p{N}])/gu;

/**
 * A number: optional sign (a minus only where no word or digit comes right before it, so 3-4 is two numbers and
 * CR-10 none), digits with or without thousands separators, decimals, then `%`, "percent" or a glued suffix.
 */
const numberPattern =
  /(?<![\p{L}\p{N}_.]|\p{L}[-–])([-−+](?=\.?\d))?((?:\d{1,3}(?:,\d{3})+(?!\d|,\d)|\d+)(?:\.\d+)?|\.\d+)(\s?%|\s?percent\b|\s?per cent\b|[\p{L}]+|-(?:day|week)s?\b)?/giu;
const ordinalSuffix = /^(?:st|nd|rd|th)$/iu;
/** Terms whose digits name a kind, not an amount. */
const termSuffix = /^RM$/iu;
/** The report's windows (acute 7 days, the throwing workload's 9 days, chronic 28 days) when written as "7-day". */
const reportWindows = new Set([7, 9, 28]);

/** The summary split into sentences: list markers and emphasis dropped, a trailing citation kept with its sentence. */
export function splitSentences(text: string): string[] {
  const plain = text.replace(/\r\n?/gu, '\n').replace(lineMarker, '').replace(emphasis, '');
  const sentences: string[] = [];
  let carry = '';
  for (const { segment } of segmenter.segment(plain)) {
    let rest = segment;
    const previous = sentences.length - 1;
    const lead = carry === '' && previous >= 0 ? leadingCitations.exec(rest) : null;
    if (lead && previous >= 0) {
      sentences[previous] = `${sentences[previous]} ${lead[0].trim()}`;
      rest = rest.slice(lead[0].length);
    }
    const joined = carry + rest;
    if (abbreviation.test(joined.trimEnd())) {
      carry = joined;
      continue;
    }
    carry = '';
    const sentence = joined.replace(/\s+/gu, ' ').trim();
    if (sentence !== '') sentences.push(sentence);
  }
  const last = carry.replace(/\s+/gu, ' ').trim();
  if (last !== '') sentences.push(last);
  return sentences;
}

/** The figure ids a sentence cites, in order and once each, and the sentence with its citations taken out. */
export function citationsIn(sentence: string): { ids: string[]; rest: string } {
  const ids: string[] = [];
  const rest = sentence.replace(citationGroup, (_group, list: string) => {
    for (const id of list.match(figureId) ?? []) {
      const normal = id.toUpperCase();
      if (!ids.includes(normal)) ids.push(normal);
    }
    return ' ';
  });
  return { ids, rest };
}

/** Phrases of figure labels that hold digits as part of a name ("2027 Graduates"), so those digits are not amounts. */
function namePhrases(figures: readonly ReportFigure[]): string[] {
  const phrases = new Set<string>();
  const stopWords = new Set(['of', 'in', 'the', 'by', 'for', 'on', 'at', 'a', 'an', 'to', 'and', 'week']);
  for (const figure of figures) {
    const words = figure.label.replace(isoDate, ' ').split(/[\s:,]+/u);
    words.forEach((word, index) => {
      if (!/\d/u.test(word)) return;
      const before = words[index - 1];
      const after = words[index + 1];
      if (after && /^\p{L}/u.test(after) && !stopWords.has(after.toLowerCase()))
        phrases.add(`${word} ${after}`.toLowerCase());
      if (before && /^\p{L}/u.test(before) && !stopWords.has(before.toLowerCase()))
        phrases.add(`${before} ${word}`.toLowerCase());
    });
  }
  // Longest first, so a longer name is blanked before a part of it.
  return [...phrases].sort((a, b) => b.length - a.length);
}

/** Dates the summary may name, with their years. */
function knownDates(figures: readonly ReportFigure[], context: SummaryCheckContext) {
  const dates = new Set(context.dates ?? []);
  for (const figure of figures) for (const match of figure.label.matchAll(isoDate)) dates.add(match[0]);
  const years = new Set([...dates].map((date) => date.slice(0, 4)));
  return { dates, years };
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/** The numbers a sentence (its citations already out) states, and the dates it names that the report does not. */
export function numbersIn(
  text: string,
  known: { dates: ReadonlySet<string>; years: ReadonlySet<string>; names?: readonly string[] } = {
    dates: new Set(),
    years: new Set(),
  },
): { numbers: WrittenNumber[]; unknownDates: string[] } {
  const unknownDates: string[] = [];
  let rest = text.replace(isoDate, (date) => {
    if (!known.dates.has(date)) unknownDates.push(date);
    return ' ';
  });
  for (const name of known.names ?? [])
    rest = rest.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'giu'), ' ');
  const numbers: WrittenNumber[] = [];
  for (const match of rest.matchAll(numberPattern)) {
    const [, sign = '', digits = '', suffix = ''] = match;
    const trimmedSuffix = suffix.trim().toLowerCase();
    if (ordinalSuffix.test(trimmedSuffix) || termSuffix.test(trimmedSuffix)) continue;
    const plain = digits.replace(/,/gu, '');
    const magnitude = Number(plain);
    if (trimmedSuffix.startsWith('-') && !sign && reportWindows.has(magnitude)) continue;
    if (!sign && !trimmedSuffix && /^\d{4}$/u.test(plain) && known.years.has(plain)) continue;
    const decimals = plain.includes('.') ? plain.length - plain.indexOf('.') - 1 : 0;
    const scale = trimmedSuffix === 'k' ? 1000 : 1;
    const percent = trimmedSuffix === '%' || trimmedSuffix.startsWith('per');
    const negative = sign === '-' || sign === '−';
    numbers.push({
      text: (percent
        ? `${sign}${digits}%`
        : scale === 1000
          ? `${sign}${digits}k`
          : `${sign}${digits}`
      ).trim(),
      value: (negative ? -1 : 1) * magnitude * scale,
      tolerance: 0.5 * 10 ** -decimals * scale,
      percent,
      signed: sign !== '',
    });
  }
  return { numbers, unknownDates };
}

/** Whether `written` is `figure`'s value rounded to the places written (its size, when no sign was written). */
export function matchesFigure(written: WrittenNumber, figure: ReportFigure): boolean {
  if (written.percent && figure.unit !== 'percent') return false;
  // Binary fractions: 85.35 may be stored a hair off, and the rounding edge is meant to be inclusive.
  const slack = written.tolerance + 1e-9 * Math.max(1, Math.abs(figure.value));
  if (Math.abs(figure.value - written.value) <= slack) return true;
  return !written.signed && Math.abs(Math.abs(figure.value) - written.value) <= slack;
}

/** Each sentence of `text` with the ids it cites and what in it the figures do not back. */
export function checkSummary(
  text: string,
  figures: readonly ReportFigure[],
  context: SummaryCheckContext = {},
): SummarySentence[] {
  const byId = new Map(figures.map((figure) => [figure.id, figure]));
  const { dates, years } = knownDates(figures, context);
  const names = namePhrases(figures);
  return splitSentences(text).map((sentence) => {
    const { ids, rest } = citationsIn(sentence);
    const cites = ids.filter((id) => byId.has(id));
    const unsupported = ids.filter((id) => !byId.has(id));
    const cited = cites.flatMap((id) => byId.get(id) ?? []);
    const { numbers, unknownDates } = numbersIn(rest, { dates, years, names });
    unsupported.push(...unknownDates);
    for (const number of numbers) {
      const backed =
        cited.some((figure) => matchesFigure(number, figure)) ||
        figures.some((figure) => matchesFigure(number, figure));
      if (!backed && !unsupported.includes(number.text)) unsupported.push(number.text);
    }
    return { text: sentence, cites, unsupported };
  });
}
