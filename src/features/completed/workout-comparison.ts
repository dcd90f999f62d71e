import type {
  LogCorrection,
  LoggedSet,
  PersonalRecord,
  PrescribedSet,
  RecordKind,
  ScheduledWorkout,
  WorkoutLog,
} from '@contract';
import { describeSet, formatSeconds } from '@contract/prescription';

/** One row of an exercise: what was prescribed for the set and what was done. */
export interface ComparedSet {
  setNumber: number;
  /** "5 @ 80%", or null for a set added while tracking. */
  prescribed: string | null;
  /** The logged set, or null for a prescribed set never logged. */
  set: LoggedSet | null;
  records: RecordKind[];
}

export interface ComparedExercise {
  blockExerciseId: string;
  /** "A1", or "A" alone. */
  code: string;
  name: string;
  /** The prescribed exercise's name when the athlete swapped it for another. */
  swappedFrom: string | null;
  notes: string | null;
  rows: ComparedSet[];
}

export interface ComparedBlock {
  id: string;
  title: string;
  exercises: ComparedExercise[];
}

const letter = (index: number) => String.fromCharCode(65 + (index % 26));

/** A block's prescribed sets in the order they are done: each round goes through the sets again. */
export function expandPrescribedSets(sets: readonly PrescribedSet[], rounds: number): PrescribedSet[] {
  return Array.from({ length: Math.max(rounds, 1) }, () => sets).flat();
}

const recordsBySet = (records: readonly PersonalRecord[]) => {
  const bySet = new Map<string, RecordKind[]>();
  for (const record of records) bySet.set(record.setId, [...(bySet.get(record.setId) ?? []), record.kind]);
  return bySet;
};

/**
 * The workout as prescribed (the entry's copy) beside what the log holds, block by block and set by set. Without
 * the prescription (it could not be read), the log's own exercises, with the done column alone.
 */
export function compareWorkout(log: WorkoutLog, workout: ScheduledWorkout | null): ComparedBlock[] {
  const records = recordsBySet(log.records);
  const liveSets = log.sets.filter((set) => !set.removed);
  const loggedOf = (blockExerciseId: string) =>
    liveSets
      .filter((set) => set.blockExerciseId === blockExerciseId)
      .sort((a, b) => a.setNumber - b.setNumber);
  const exerciseOf = (blockExerciseId: string) =>
    log.exercises.find((exercise) => exercise.blockExerciseId === blockExerciseId);
  const rowsOf = (blockExerciseId: string, prescribed: readonly PrescribedSet[]): ComparedSet[] => {
    const logged = loggedOf(blockExerciseId);
    const count = Math.max(prescribed.length, ...logged.map((set) => set.setNumber), 0);
    return Array.from({ length: count }, (_, index) => {
      const set = logged.find((candidate) => candidate.setNumber === index + 1) ?? null;
      const target = prescribed[index];
      return {
        setNumber: index + 1,
        prescribed: target ? describeSet(target) || '—' : null,
        set,
        records: set ? (records.get(set.id) ?? []) : [],
      };
    });
  };

  if (!workout) {
    const ids = [
      ...new Set([
        ...log.exercises.map((exercise) => exercise.blockExerciseId),
        ...liveSets.map((set) => set.blockExerciseId),
      ]),
    ];
    return [
      {
        id: 'logged',
        title: 'Logged',
        exercises: ids.map((id, index) => ({
          blockExerciseId: id,
          code: letter(index),
          name: exerciseOf(id)?.exerciseName ?? loggedOf(id)[0]?.exerciseName ?? 'Exercise',
          swappedFrom: null,
          notes: exerciseOf(id)?.notes ?? null,
          rows: rowsOf(id, []),
        })),
      },
    ];
  }

  return workout.blocks.map((block, blockIndex) => ({
    id: block.id,
    title: block.label
      ? `${letter(blockIndex)} · ${block.label}`
      : block.exercises.length > 1
        ? `${letter(blockIndex)} · Superset, ${block.rounds} rounds`
        : letter(blockIndex),
    exercises: block.exercises.map((exercise, exerciseIndex) => {
      const logged = exerciseOf(exercise.id);
      const swapped = logged && logged.exerciseId !== exercise.exerciseId;
      return {
        blockExerciseId: exercise.id,
        code: block.exercises.length > 1 ? `${letter(blockIndex)}${exerciseIndex + 1}` : letter(blockIndex),
        name: swapped ? logged.exerciseName : exercise.exercise.name,
        swappedFrom: swapped ? exercise.exercise.name : null,
        notes: logged?.notes ?? null,
        rows: rowsOf(exercise.id, expandPrescribedSets(exercise.sets, block.rounds)),
      };
    }),
  }));
}

const trimmed = (value: number) => String(Math.round(value * 100) / 100);

/** What a logged set did, in the prescription's words: "5 × 225 lb @ RPE 8", "30 s", "60 yd". */
export function describePerformed(set: LoggedSet): string {
  const work: string[] = [];
  if (set.reps !== null && set.load !== null)
    work.push(`${set.reps} × ${trimmed(set.load)} ${set.loadUnit ?? ''}`.trim());
  else if (set.reps !== null) work.push(`${set.reps} reps`);
  else if (set.load !== null) work.push(`${trimmed(set.load)} ${set.loadUnit ?? ''}`.trim());
  if (set.timeSeconds !== null) work.push(formatSeconds(set.timeSeconds));
  if (set.distance !== null) work.push(`${trimmed(set.distance)} ${set.distanceUnit ?? ''}`.trim());
  if (set.velocityMph !== null) work.push(`${trimmed(set.velocityMph)} mph`);
  const text = work.join(', ') || 'Done';
  return set.rpe !== null ? `${text} @ RPE ${trimmed(set.rpe)}` : text;
}

/** "52 min", "1 h 05 min". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

const fieldLabels: Record<string, string> = {
  durationSeconds: 'Duration',
  sessionRpe: 'Session RPE',
  notes: 'Notes',
  reps: 'Reps',
  load: 'Load',
  loadUnit: 'Unit',
  rpe: 'RPE',
  timeSeconds: 'Time',
  distance: 'Distance',
  velocityMph: 'Velocity (mph)',
  done: 'Done',
};

function changedValue(field: string, value: LogCorrection['changes'][number]['before']): string {
  if (value === null || value === '') return 'nothing';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (field === 'durationSeconds' && typeof value === 'number') return formatDuration(value);
  if (field === 'timeSeconds' && typeof value === 'number') return formatSeconds(value);
  return typeof value === 'number' ? trimmed(value) : `“${value}”`;
}

/** One change of a correction in words: "Trap-bar deadlift, set 2: Reps 4 → 5". */
export function describeChange(log: WorkoutLog, change: LogCorrection['changes'][number]) {
  const set =
    change.target === 'session' ? null : log.sets.find((candidate) => candidate.id === change.target);
  return {
    where:
      change.target === 'session' ? 'Session' : set ? `${set.exerciseName}, set ${set.setNumber}` : 'A set',
    field: fieldLabels[change.field] ?? change.field,
    before: changedValue(change.field, change.before),
    after: changedValue(change.field, change.after),
  };
}
