import { distance } from 'fastest-levenshtein';
import {
  workoutReaderLimits,
  type ExerciseCandidate,
  type ExerciseMatch,
} from '../../contract/workout-reader';

/** A library exercise the reader may match a name to. */
export interface LibraryName {
  id: string;
  name: string;
}

/** A name with case, spacing and punctuation left out: "Back-Squat", "back squat" and "BackSquat" are one. */
export const nameKey = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Words coaches shorten: "DB RDL" is a dumbbell Romanian deadlift. */
const shortWords: Record<string, string> = {
  rdl: 'romanian deadlift',
  sldl: 'stiff leg deadlift',
  db: 'dumbbell',
  dbs: 'dumbbell',
  bb: 'barbell',
  kb: 'kettlebell',
  mb: 'med ball',
  ohp: 'overhead press',
  bw: 'bodyweight',
  sl: 'single leg',
  sa: 'single arm',
  ssb: 'safety bar',
  bss: 'bulgarian split squat',
  ghr: 'glute ham raise',
  rfess: 'rear foot elevated split squat',
};

/** The words of a name, short ones written out and plurals made singular. */
function wordsOf(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .flatMap((word) => (shortWords[word] ?? word).split(' '))
    .map((word) =>
      word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word,
    );
}

const ratio = (a: string, b: string) => {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 0 : 1 - distance(a, b) / longest;
};

/**
 * How alike two names are, 0 to 1: the best of their spelling (letters apart, in order and sorted by word) and
 * the words they share. Written-out short words count as the same ("RDL" and "Romanian Deadlift" score 1 but are
 * only offered, never chosen for the coach).
 */
export function nameScore(written: string, library: string): number {
  const a = wordsOf(written);
  const b = wordsOf(library);
  const shared = a.filter((word) => b.includes(word)).length;
  const overlap = shared / Math.max(a.length, b.length, 1);
  // Every written word in the library's name ("DB Row" in "Single-Arm Dumbbell Row"): likely, never certain.
  const contained = shared === a.length && a.length > 0 ? 0.6 + 0.3 * (a.length / b.length) : 0;
  const spelled = ratio(a.join(' '), b.join(' '));
  const sorted = ratio([...a].sort().join(' '), [...b].sort().join(' '));
  return Math.round(Math.max(overlap, contained, spelled, sorted) * 100) / 100;
}

/** Names below this are not offered. */
const offeredFrom = 0.5;

/**
 * Each name of the source against the library: the same name exactly, else but for case, spacing and punctuation
 * (both chosen), else the closest few with their score (offered; the coach chooses).
 */
export function matchExercise(
  name: string,
  library: readonly LibraryName[],
): Pick<ExerciseMatch, 'match' | 'candidates'> {
  const exact = library.find((exercise) => exercise.name.trim() === name.trim());
  if (exact)
    return { match: { exerciseId: exact.id, name: exact.name, score: 1, how: 'exact' }, candidates: [] };
  const key = nameKey(name);
  const spaced = library.find((exercise) => nameKey(exercise.name) === key);
  if (spaced)
    return { match: { exerciseId: spaced.id, name: spaced.name, score: 1, how: 'spacing' }, candidates: [] };
  const candidates: ExerciseCandidate[] = library
    .map((exercise) => ({
      exerciseId: exercise.id,
      name: exercise.name,
      score: nameScore(name, exercise.name),
    }))
    .filter((candidate) => candidate.score >= offeredFrom)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, workoutReaderLimits.candidates);
  return { match: null, candidates };
}
