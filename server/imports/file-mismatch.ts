import { tz } from '@date-fns/tz';
import { format, isValid, parse } from 'date-fns';
import type { ImportMismatch } from '../../contract/pitching';
import type { CsvRow } from './csv-file';
import { normalized } from './formats';

/**
 * Whose and which day's file this is (issue 23 defect 10): the player a file names (Rapsodo's "Player Name:"
 * preamble, TrackMan's pitcher) and the dates of its rows, against the workout's athlete and date.
 */

const utc = tz('UTC');

/** Rapsodo's preamble line `"Player Name:","Jamie Rivera"` before the header row. */
export function preamblePlayer(preamble: readonly CsvRow[]): string | null {
  for (const row of preamble) {
    const [label, value] = row.fields.map((field) => field.trim());
    if (label && normalized(label) === 'playername' && value) return value;
  }
  return null;
}

/** The date formats devices write, the date part only ("2026-03-14 16:02:17" → "2026-03-14"). */
const dateFormats = ['yyyy-MM-dd', 'M/d/yyyy', 'M/d/yy', 'yyyy/MM/dd'];

/** A cell's calendar date as YYYY-MM-DD, or null when it holds none. */
export function calendarDateOf(cell: string): string | null {
  const [datePart] = cell.trim().split(/[T ]/);
  if (!datePart) return null;
  for (const pattern of dateFormats) {
    const day = parse(datePart, pattern, new Date(2000, 0, 1), { in: utc });
    if (isValid(day) && day.getFullYear() >= 2000) return format(day, 'yyyy-MM-dd');
  }
  return null;
}

/** The distinct dates of a column, in order. */
export function datesIn(rows: readonly CsvRow[], column: number): string[] {
  if (column < 0) return [];
  // A session's rows share a few dates: each written date is parsed once (20,000 rows stay well under 2 s).
  const parsedDates = new Map<string, string | null>();
  for (const row of rows) {
    const [written = ''] = (row.fields[column] ?? '').trim().split(/[T ]/);
    if (!parsedDates.has(written)) parsedDates.set(written, calendarDateOf(written));
  }
  return [...new Set([...parsedDates.values()].filter((date) => date !== null))].sort();
}

/** A name's words, without case, accents or punctuation, first name first ("Rivera, Jamie" → jamie rivera). */
function wordsOf(name: string): string[] {
  const [before, after] = name.split(',', 2);
  const ordered = after !== undefined ? `${after} ${before}` : name;
  return ordered
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/**
 * A forgiving match: the last name's words are all there, and the first name is written out, shortened
 * ("Ty" for Tyler) or an initial ("J. Rivera"), in either order ("Rivera, Jamie").
 */
export function sameAthlete(written: string, athlete: { firstName: string; lastName: string }): boolean {
  const words = wordsOf(written);
  const last = wordsOf(athlete.lastName);
  const [first] = wordsOf(athlete.firstName);
  if (!first || last.length === 0 || !last.every((word) => words.includes(word))) return false;
  const others = words.filter((word) => !last.includes(word));
  if (others.length === 0) return true;
  return others.some(
    (word) =>
      word === first ||
      (word.length === 1 && word === first[0]) ||
      (Math.min(word.length, first.length) >= 2 && (first.startsWith(word) || word.startsWith(first))),
  );
}

const spoken = (date: string) => format(parse(date, 'yyyy-MM-dd', new Date(), { in: utc }), 'd MMMM yyyy');
const spokenDates = (dates: readonly string[]) =>
  dates.length === 1
    ? spoken(dates[0]!)
    : `${spoken(dates[0]!)} to ${spoken(dates[dates.length - 1]!)} (${dates.length} days)`;

/** What does not match, each said in words with both sides. */
export function mismatchesOf(
  file: { player: string | null; dates: readonly string[] },
  workout: { date: string; athlete?: { firstName: string; lastName: string } },
): ImportMismatch[] {
  const mismatches: ImportMismatch[] = [];
  const { athlete } = workout;
  if (file.player && athlete && !sameAthlete(file.player, athlete)) {
    mismatches.push({
      kind: 'player',
      inFile: [file.player],
      message: `The file is ${file.player}'s; this workout is ${athlete.firstName} ${athlete.lastName}'s.`,
    });
  }
  if (file.dates.length > 0 && file.dates.some((date) => date !== workout.date)) {
    mismatches.push({
      kind: 'date',
      inFile: [...file.dates],
      message: `The file's pitches are dated ${spokenDates(file.dates)}; this workout is on ${spoken(workout.date)}.`,
    });
  }
  return mismatches;
}
