// zod-free: the workout editor fills sets from a coach's shorthand with it.
import type { PrescribedSet } from './library';
import {
  measureLabels,
  measureNames,
  type DistanceUnit,
  type Measure,
  type WeightUnit,
} from './training-vocabulary';

export type ParsedPrescription = { ok: true; sets: PrescribedSet[] } | { ok: false; message: string };

interface PrescriptionContext {
  /** The measures the exercise takes: a target for any other is refused. */
  measures: readonly Measure[];
  /** The organisation's unit, for a load written without one. */
  weightUnit: WeightUnit;
  maxSets?: number;
}

/** The fields of a prescribed set that carry each measure's target. */
export const measureFields = {
  reps: ['reps', 'repsMax'],
  load: ['load', 'loadUnit'],
  percentOneRm: ['percentOneRm'],
  rpe: ['rpe'],
  time: ['timeSeconds'],
  distance: ['distance', 'distanceUnit'],
  pitchCount: ['pitchCount'],
  velocity: ['velocityMph'],
} as const satisfies Record<Measure, readonly (keyof PrescribedSet)[]>;

/** The field of each measure that holds its target (the others qualify it: a range's top, a unit). */
export const measureTargetField = {
  reps: 'reps',
  load: 'load',
  percentOneRm: 'percentOneRm',
  rpe: 'rpe',
  time: 'timeSeconds',
  distance: 'distance',
  pitchCount: 'pitchCount',
  velocity: 'velocityMph',
} as const satisfies Record<Measure, keyof PrescribedSet>;

/** A set with no targets, for the editor's "add set". */
export const emptyPrescribedSet: PrescribedSet = {
  reps: null,
  repsMax: null,
  load: null,
  loadUnit: null,
  percentOneRm: null,
  rpe: null,
  timeSeconds: null,
  distance: null,
  distanceUnit: null,
  pitchCount: null,
  velocityMph: null,
  restSeconds: null,
};

/** The measures whose targets a set gives (used to check them against its exercise). */
export const measuresUsedBy = (set: PrescribedSet): Measure[] =>
  measureNames.filter((measure) => measureFields[measure].some((field) => set[field] !== null));

const number = String.raw`\d+(?:\.\d+)?`;

/** `90`, `90s`, `2min`, `1:30` in seconds, or null. */
function seconds(text: string): number | null {
  const clock = /^(\d+):([0-5]\d)$/.exec(text);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const plain = new RegExp(`^(${number})\\s*(s|sec|secs|seconds?|min|mins|minutes?)?$`).exec(text);
  if (!plain?.[1]) return null;
  const value = Number(plain[1]);
  return Math.round(plain[2]?.startsWith('m') ? value * 60 : value);
}

type Work = Partial<PrescribedSet>;

/** The part after "sets x": reps (or a range), a time, a distance or a pitch count. */
function parseWork(text: string, measures: readonly Measure[]): Work | null {
  const range = /^(\d+)\s*(?:-|–|to)\s*(\d+)$/.exec(text);
  if (range) return { reps: Number(range[1]), repsMax: Number(range[2]) };
  const distance = new RegExp(`^(${number})\\s*(m|yd|yds|ft)$`).exec(text);
  if (distance) {
    const unit = (distance[2] === 'yds' ? 'yd' : distance[2]) as DistanceUnit;
    return { distance: Number(distance[1]), distanceUnit: unit };
  }
  const pitches = /^(\d+)\s*(?:pitches|pitch|p|throws)$/.exec(text);
  if (pitches) return { pitchCount: Number(pitches[1]) };
  if (/^\d+$/.test(text)) {
    const value = Number(text);
    // A bare number is reps, or what the exercise counts when it takes no reps.
    if (measures.includes('reps') || measures.length === 0) return { reps: value };
    if (measures.includes('time')) return { timeSeconds: value };
    if (measures.includes('pitchCount')) return { pitchCount: value };
    return { reps: value };
  }
  const time = seconds(text);
  if (time !== null) return { timeSeconds: time };
  return null;
}

/** One target after "@": 75%, 225, 100kg, RPE 8, 8 RPE, 85 mph. */
function parseIntensity(text: string, weightUnit: WeightUnit): Work | null {
  const percent = new RegExp(`^(${number})\\s*%(?:\\s*1rm)?$`).exec(text);
  if (percent) return { percentOneRm: Number(percent[1]) };
  const rpe = new RegExp(`^(?:rpe\\s*(${number})|(${number})\\s*rpe)$`).exec(text);
  if (rpe) return { rpe: Number(rpe[1] ?? rpe[2]) };
  const velocity = new RegExp(`^(${number})\\s*mph$`).exec(text);
  if (velocity) return { velocityMph: Number(velocity[1]) };
  const load = new RegExp(`^(${number})\\s*(lb|lbs|kg|kgs)?$`).exec(text);
  if (load) {
    const unit: WeightUnit = load[2]?.startsWith('kg') ? 'kg' : load[2] ? 'lb' : weightUnit;
    return { load: Number(load[1]), loadUnit: unit };
  }
  return null;
}

/** "3 x 10 each", "3 x 8/side": the sets of a one-sided exercise, written per side (the exercise says it is one-sided). */
const perSide = /\s*(?:each(?: side| leg| arm)?|per (?:side|leg|arm)|\/(?:side|leg|arm)|e\/s|ea)$/;

const example = 'Write it like 4 x 6 @ 75%, 3 x 8-12 @ RPE 8, 5 x 30s or 2 x 60yd rest 90';

/**
 * A coach's shorthand for a run of sets: "4 x 6 @ 75%" is four sets of six at 75 % of 1RM. Also ranges
 * (3 x 8-12), loads (5 x 5 @ 225, @ 100kg), RPE (@ RPE 8), times (3 x 30s, 1:30), distances (60yd), pitch
 * counts (25 pitches), velocity (@ 80 mph), rest (rest 90, rest 2min), a set per number (5/5/5/3/3 @ 185) and reps
 * per side (3 x 10 each). Rejects targets the exercise does not take.
 */
export function parsePrescription(input: string, context: PrescriptionContext): ParsedPrescription {
  const text = input.trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === '') return { ok: false, message: example };
  const maxSets = context.maxSets ?? 30;

  const [main = '', restText] = text.split(/\s*(?:,\s*)?\brest\b\s*/);
  const [countAndWork = '', ...intensityParts] = main.split('@').map((part) => part.trim());
  const countMatch = /^(\d+)\s*(?:x|×|\*)\s*(.+)$/.exec(countAndWork);
  const workText = (countMatch ? countMatch[2] : countAndWork)?.trim().replace(perSide, '') ?? '';
  // "5/5/5/3/3": one set per number, each its own reps.
  const repsList = countMatch ? null : /^\d+(?:\s*\/\s*\d+)+$/.test(workText) ? workText.split('/') : null;
  const setCount = countMatch ? Number(countMatch[1]) : (repsList?.length ?? 1);

  if (setCount < 1) return { ok: false, message: 'Give at least one set' };
  if (setCount > maxSets) return { ok: false, message: `At most ${maxSets} sets in one exercise` };

  const set: PrescribedSet = { ...emptyPrescribedSet };
  const work = parseWork(repsList ? repsList[0]!.trim() : workText, context.measures);
  if (!work) return { ok: false, message: `“${workText}” is not reps, a time or a distance. ${example}` };
  Object.assign(set, work);

  for (const part of intensityParts.flatMap((piece) => piece.split(/\s*,\s*/)).filter(Boolean)) {
    const intensity = parseIntensity(part, context.weightUnit);
    if (!intensity)
      return { ok: false, message: `“${part}” is not a %1RM, load, RPE or velocity. ${example}` };
    Object.assign(set, intensity);
  }
  if (restText !== undefined) {
    const rest = seconds(restText.trim());
    if (rest === null)
      return { ok: false, message: `“${restText}” is not a rest time (90, 90s, 2min, 1:30)` };
    set.restSeconds = rest;
  }
  if (set.load !== null && set.percentOneRm !== null) {
    return { ok: false, message: 'Give a load or a %1RM, not both' };
  }
  if (set.repsMax !== null && set.reps !== null && set.repsMax < set.reps) {
    return { ok: false, message: `The range is upside down: ${set.reps}-${set.repsMax}` };
  }
  const unmeasured = measuresUsedBy(set).find((measure) => !context.measures.includes(measure));
  if (unmeasured)
    return { ok: false, message: `This exercise is not measured by ${measureLabels[unmeasured]}` };
  if (repsList) return { ok: true, sets: repsList.map((reps) => ({ ...set, reps: Number(reps) })) };
  return { ok: true, sets: Array.from({ length: setCount }, () => ({ ...set })) };
}

/** A set's targets in the shorthand's words ("6 @ 75%", "8-12 @ RPE 8", "30 s"), for lists and summaries. */
export function describeSet(set: PrescribedSet): string {
  const work: string[] = [];
  if (set.reps !== null)
    work.push(
      set.repsMax !== null && set.repsMax !== set.reps ? `${set.reps}-${set.repsMax}` : `${set.reps}`,
    );
  if (set.timeSeconds !== null) work.push(formatSeconds(set.timeSeconds));
  if (set.distance !== null) work.push(`${set.distance} ${set.distanceUnit ?? ''}`.trim());
  if (set.pitchCount !== null) work.push(`${set.pitchCount} pitches`);
  const intensity: string[] = [];
  if (set.percentOneRm !== null) intensity.push(`${set.percentOneRm}%`);
  if (set.load !== null) intensity.push(`${set.load} ${set.loadUnit ?? ''}`.trim());
  if (set.rpe !== null) intensity.push(`RPE ${set.rpe}`);
  if (set.velocityMph !== null) intensity.push(`${set.velocityMph} mph`);
  const text = [work.join(', '), intensity.join(', ')].filter(Boolean).join(' @ ');
  return text;
}

/** 45 s, 1:30, 2 min. */
export function formatSeconds(total: number): string {
  if (total < 60) return `${total} s`;
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return rest === 0 ? `${minutes} min` : `${minutes}:${String(rest).padStart(2, '0')}`;
}

/**
 * Several sets in the shorthand: equal sets collapse to "4 x 6 @ 75%"; different ones list each
 * ("5, 3, 1 @ 85%" would be too clever: "6 @ 70% · 6 @ 75% · 4 @ 80%").
 */
export function describeSets(sets: readonly PrescribedSet[]): string {
  if (sets.length === 0) return 'No sets';
  const described = sets.map(describeSet);
  const allSame = described.every((text) => text === described[0]);
  if (allSame) return `${sets.length} x ${described[0]}`;
  return described.join(' · ');
}
