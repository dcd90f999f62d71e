import type { PrescribedSet } from '../../contract/library';
import { parsePrescription } from '../../contract/prescription';
import { measureNames, type WeightUnit } from '../../contract/training-vocabulary';
import type { ReaderProblem } from '../../contract/workout-reader';

/** An exercise line as read, before its name is matched to the library. */
export interface ReadExercise {
  name: string;
  /** A superset's place ("A1"), when written. */
  label: string | null;
  line: number;
  sheet: string | null;
  notes: string | null;
  sets: PrescribedSet[];
}

/** A workout as read: under a heading ("Day 1 – Lower", "Monday"), or a sheet's rows of one day. */
export interface ReadWorkout {
  title: string | null;
  week: number | null;
  /** The day as written: 1–7 for a weekday, else "Day n"'s n. */
  day: number | null;
  notes: string[];
  exercises: ReadExercise[];
}

export interface ReadProgram {
  workouts: ReadWorkout[];
  problems: ReaderProblem[];
}

const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const weekdayPattern =
  /^(mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|rsday|urday)?\b/i;

/** The week and day a heading or a cell names: "Week 2", "Day 3 – Upper", "W1D2", "Monday", "Tue". */
export interface DayHeading {
  week: number | null;
  day: number | null;
  /** The heading as written, without its week: "Day 3 – Upper", "Monday". */
  title: string | null;
}

const separators = /^[\s:–—\-|·.,]+|[\s:–—\-|·.,]+$/g;
const cleanTitle = (text: string) => {
  const title = text.replace(separators, '').trim();
  return title === '' ? null : title;
};

/** Reads a heading's week and day, or null when the text is not one. */
export function readDayHeading(text: string): DayHeading | null {
  let rest = text.trim().replace(/^#+\s*|^\*\*|\*\*$/g, '');
  let week: number | null = null;
  let day: number | null = null;
  const compact = /^w(?:k|eek)?\s*(\d{1,2})\s*d(?:ay)?\s*(\d{1,2})\b/i.exec(rest);
  if (compact) {
    week = Number(compact[1]);
    day = Number(compact[2]);
    rest = `Day ${day}${rest.slice(compact[0].length)}`;
  } else {
    const weekMatch = /^(?:week|wk)\s*(\d{1,2})\b/i.exec(rest);
    if (weekMatch) {
      week = Number(weekMatch[1]);
      rest = rest.slice(weekMatch[0].length).replace(separators, '');
    }
    const dayMatch = /^day\s*(\d{1,3})\b/i.exec(rest);
    const weekday = weekdayPattern.exec(rest);
    if (dayMatch) day = Number(dayMatch[1]);
    // "Sun Salutation 2 x 5" is an exercise: a weekday heading ("Monday – Lower 2") counts no sets.
    else if (weekday && !/\d\s*(?:x|×|\*|\/)\s*\d/i.test(rest))
      day = weekdays.indexOf(weekday[1]!.slice(0, 3).toLowerCase()) + 1;
  }
  if (week === null && day === null) return null;
  return { week, day, title: cleanTitle(rest) };
}

const allMeasures = { measures: measureNames, weightUnit: 'lb' as WeightUnit };

/** "A1. ", "B2) ", "a3: " — a superset's place. */
const labelPattern = /^([a-z])\s?(\d{1,2})[.):]?\s+/i;
/** "- ", "* ", "• ", "1. ", "2) " — a list's marker, not part of the name. */
const bulletPattern = /^(?:[-*•·]\s+|\d{1,2}[.)]\s+)/;
/** A note after the sets: "… – pause at the bottom", "(slow eccentric)", "; cue: knees out". */
const trailingNote = /\s*(?:\(([^)]*)\)|\s[–—;]\s+(.+)|\s-\s+([a-z].*)|\s\/\/\s*(.+))$/i;

export interface ExerciseLine {
  name: string;
  label: string | null;
  notes: string | null;
  sets: PrescribedSet[];
}

/**
 * One line of an exercise and its sets ("A1. Back Squat 4x6 @ 75% (pause)"), or why it could not be read. The
 * name ends where the shorthand starts: the shortest name after which the rest reads as sets.
 */
export function readExerciseLine(
  text: string,
  weightUnit: WeightUnit,
): { ok: true; value: ExerciseLine } | { ok: false; message: string } {
  let rest = text.trim().replace(bulletPattern, '');
  const labelMatch = labelPattern.exec(rest);
  const label = labelMatch ? `${labelMatch[1]!.toUpperCase()}${labelMatch[2]}` : null;
  if (labelMatch) rest = rest.slice(labelMatch[0].length);
  const context = { ...allMeasures, weightUnit };

  const attempt = (line: string): ExerciseLine | null => {
    const words = line.split(/\s+/);
    for (let cut = 1; cut < words.length; cut += 1) {
      const name = cleanTitle(words.slice(0, cut).join(' '));
      if (!name || !/\p{L}/u.test(name)) continue;
      // The shorthand starts with a number: "4x6", "5/5/5", "3 x", "30s".
      if (!/^\d/.test(words[cut]!)) continue;
      const parsed = parsePrescription(words.slice(cut).join(' '), context);
      if (parsed.ok) return { name, label, notes: null, sets: parsed.sets };
    }
    return null;
  };

  const whole = attempt(rest);
  if (whole) return { ok: true, value: whole };
  const note = trailingNote.exec(rest);
  if (note) {
    const found = attempt(rest.slice(0, note.index));
    const noteText = (note[1] ?? note[2] ?? note[3] ?? note[4] ?? '').trim();
    if (found) return { ok: true, value: { ...found, notes: noteText || null } };
  }
  // Why: the shorthand's own message for what follows the name.
  const start = rest.search(/\s\d/);
  if (start < 0)
    return { ok: false, message: 'No sets after the name: write them like Back Squat 4 x 6 @ 75%' };
  const parsed = parsePrescription(rest.slice(start + 1), context);
  return { ok: false, message: parsed.ok ? 'Could not tell the name from the sets' : parsed.message };
}

const noteStart = /^(?:notes?|cues?|coach(?:'s)? notes?|focus)\s*[:–—-]\s*/i;

/**
 * Pasted text as coaches write it: headings for days and weeks ("Week 1", "Day 1 – Lower", "Monday"), an exercise
 * and its sets per line ("A1. RDL 3 x 8-10", "Bench 5/5/5/3/3 @ 185", "Sprint 6 x 30yd rest 90"), and notes
 * ("Note: …", a sentence, or a line in brackets). A line that is none of these is a problem with its number.
 */
export function readProgramText(text: string, weightUnit: WeightUnit): ReadProgram {
  const workouts: ReadWorkout[] = [];
  const problems: ReaderProblem[] = [];
  let week: number | null = null;
  let current: ReadWorkout | null = null;
  let afterBlank = true;

  const startWorkout = (heading: DayHeading | { week: null; day: null; title: string | null }) => {
    current = { title: heading.title, week, day: heading.day, notes: [], exercises: [] };
    workouts.push(current);
    return current;
  };
  const addNote = (note: string) => {
    const workout: ReadWorkout = current ?? startWorkout({ week: null, day: null, title: null });
    const last = workout.exercises.at(-1);
    if (last) last.notes = last.notes ? `${last.notes}\n${note}` : note;
    else workout.notes.push(note);
  };

  text.split(/\r\n|\n|\r/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    const wasAfterBlank = afterBlank;
    afterBlank = trimmed === '';
    if (trimmed === '') return;

    const heading = readDayHeading(trimmed);
    if (heading) {
      if (heading.week !== null) week = heading.week;
      // "Week 2" alone starts a week; its days follow.
      if (heading.day === null && heading.title === null) return;
      startWorkout(heading);
      return;
    }
    if (noteStart.test(trimmed)) return addNote(trimmed.replace(noteStart, ''));
    if (/^\(.*\)$/.test(trimmed)) return addNote(trimmed.slice(1, -1).trim());

    const read = readExerciseLine(trimmed, weightUnit);
    if (read.ok) {
      const workout: ReadWorkout = current ?? startWorkout({ week: null, day: null, title: null });
      workout.exercises.push({ ...read.value, line, sheet: null });
      return;
    }
    if (!/\d/.test(trimmed)) {
      const title = cleanTitle(trimmed.replace(/^#+\s*|\*\*/g, ''));
      const workout = current;
      // A short line on its own after a gap (or ending in a colon) names the next workout; an empty one takes it.
      if ((wasAfterBlank || trimmed.endsWith(':')) && trimmed.split(/\s+/).length <= 8) {
        if (workout && workout.exercises.length === 0 && workout.title === null) workout.title = title;
        else if (workout && workout.exercises.length === 0 && workout.day !== null && title)
          workout.title = workout.title ? `${workout.title} – ${title}` : title;
        else startWorkout({ week: null, day: null, title });
        return;
      }
      // A sentence is a note on what precedes it.
      if (trimmed.split(/\s+/).length >= 5) return addNote(trimmed);
    }
    problems.push({ line, sheet: null, text: trimmed.slice(0, 200), message: read.message });
  });
  return { workouts: workouts.filter((workout) => workout.exercises.length > 0), problems };
}
