import type { WorkoutCategory } from '@contract/training-vocabulary';
import type {
  CommitReaderRequest,
  ExerciseMatch,
  ReaderExerciseChoice,
  ReaderPreview,
} from '@contract/workout-reader';
import { commitProblems, commitReaderRequestSchema } from '@contract/workout-reader';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { get } from 'react-hook-form';
import { nestedFieldErrors } from '@/lib/forms/field-errors';

/*
 * The review's form: what the coach can change of the server's reading (workout names and days, what each exercise
 * name becomes, how it is saved), as typed. `toCommitReaderRequest` turns it with the preview into the commit's
 * body; the contract's schema checks that body, and its issues (and the server's) land on the field they are about
 * (`reviewFieldOf`).
 */

export const createChoice = 'create';

/** A close name is chosen for the coach from this score up (ADR 077); below it the name is created as new. */
export const preselectedScore = 0.85;

export interface ExerciseChoiceValues {
  /** A library exercise's id, or `createChoice`. */
  choice: string;
  /** The new exercise's name, when created. */
  newName: string;
  /** An exercise of the library found by name (neither the match nor a close one), when the coach picked one. */
  other: { id: string; name: string } | null;
}

/** A form that says what each exercise name of a reading becomes (the review's, and a log export's). */
export interface ExerciseChoicesForm {
  /** One per exercise name of the preview, in its order. */
  exercises: ExerciseChoiceValues[];
}

export interface ReviewFormValues extends ExerciseChoicesForm {
  saveAs: 'workouts' | 'program';
  programName: string;
  /** In the preview's order. `day` as typed, so "3a" is refused with the contract's message. */
  workouts: { name: string; day: string }[];
}

/** The match when there is one, else a close name that is almost surely it, else a new exercise. */
export function defaultChoiceOf(match: ExerciseMatch): string {
  if (match.match) return match.match.exerciseId;
  const best = match.candidates[0];
  return best && best.score >= preselectedScore ? best.exerciseId : createChoice;
}

export function reviewFormOf(
  preview: ReaderPreview,
  remembered?: ReadonlyMap<string, ExerciseChoiceValues>,
): ReviewFormValues {
  return {
    saveAs: 'workouts',
    programName: '',
    workouts: preview.workouts.map((workout) => ({
      name: workout.name,
      day: workout.day === null ? '' : String(workout.day),
    })),
    exercises: exerciseChoiceDefaults(preview, remembered),
  };
}

/** What the coach chose for exercise names on this page, by name key: a new reading starts from it. */
export type RememberedChoices = Map<string, ExerciseChoiceValues>;

/** A remembered choice still stands when the new reading offers it (or it was found by name, or is a new exercise). */
function standsIn(match: ExerciseMatch, chosen: ExerciseChoiceValues): boolean {
  if (chosen.choice === createChoice || chosen.other?.id === chosen.choice) return true;
  return (
    match.match?.exerciseId === chosen.choice ||
    match.candidates.some((candidate) => candidate.exerciseId === chosen.choice)
  );
}

export function exerciseChoiceDefaults(
  preview: ReaderPreview,
  remembered?: ReadonlyMap<string, ExerciseChoiceValues>,
): ExerciseChoiceValues[] {
  return preview.exercises.map((match) => {
    const chosen = remembered?.get(match.key);
    if (chosen && standsIn(match, chosen)) return chosen;
    return { choice: defaultChoiceOf(match), newName: match.name, other: null };
  });
}

/** Keeps the choices the coach changed (not the reader's own), for the next reading of the page. */
export function rememberChoices(
  remembered: RememberedChoices,
  preview: ReaderPreview,
  chosen: readonly ExerciseChoiceValues[],
): void {
  preview.exercises.forEach((match, index) => {
    const choice = chosen[index];
    if (!choice) return;
    if (choice.choice !== defaultChoiceOf(match) || choice.newName !== match.name)
      remembered.set(match.key, choice);
    else remembered.delete(match.key);
  });
}

/**
 * A new exercise takes the category of the first workout that uses it; a log's (no workouts) goes by its measures:
 * a distance is run (sprint), a time alone is held (mobility), the rest is lifted.
 */
export function categoryOfExercise(preview: ReaderPreview, key: string): WorkoutCategory {
  const first = preview.workouts.find((workout) =>
    workout.blocks.some((block) => block.exercises.some((exercise) => exercise.key === key)),
  );
  if (first) return first.category;
  const measures = preview.exercises.find((match) => match.key === key)?.measures ?? [];
  if (measures.includes('load')) return 'lift';
  if (measures.includes('distance')) return 'sprint';
  return measures.length === 1 && measures[0] === 'time' ? 'mobility' : 'lift';
}

/** What each exercise name becomes, as the commit and a history import send it. */
export function exerciseChoicesOf(
  chosen: readonly ExerciseChoiceValues[],
  preview: ReaderPreview,
): ReaderExerciseChoice[] {
  return preview.exercises.map((match, index): ReaderExerciseChoice => {
    const choice = chosen[index];
    if (choice && choice.choice !== createChoice) return { key: match.key, exerciseId: choice.choice };
    return {
      key: match.key,
      create: {
        name: choice?.newName ?? match.name,
        category: categoryOfExercise(preview, match.key),
        measures: match.measures,
      },
    };
  });
}

/** "3" is day 3; an empty box is no day; anything else stays as typed for the schema to refuse. */
function dayOf(typed: string): number | string | null {
  const text = typed.trim();
  if (text === '') return null;
  const day = Number(text);
  return Number.isFinite(day) ? day : text;
}

/**
 * The commit's body for the review. Values that are not numbers stay as typed, so the contract's schema refuses
 * them with its own message on the right field (the type says what a valid body is, not this one).
 */
export function toCommitReaderRequest(values: ReviewFormValues, preview: ReaderPreview): CommitReaderRequest {
  const asProgram = values.saveAs === 'program';
  const request = {
    saveAs: values.saveAs,
    ...(asProgram ? { programName: values.programName } : {}),
    workouts: preview.workouts.map((workout, index) => ({
      name: values.workouts[index]?.name ?? workout.name,
      category: workout.category,
      notes: workout.notes,
      day: asProgram ? dayOf(values.workouts[index]?.day ?? '') : null,
      blocks: workout.blocks.map((block) => ({
        label: block.label,
        exercises: block.exercises.map(({ key, notes, sets }) => ({ key, notes, sets })),
      })),
    })),
    exercises: exerciseChoicesOf(values.exercises, preview),
  };
  return request as CommitReaderRequest;
}

/**
 * Where a problem with the request's `path` shows on the review: a workout's name and day on their boxes, any other
 * problem of a workout on its card (`workouts.N.content`), a new exercise's name on its box and any other problem of
 * an exercise name on its choice; the program's name on its box. The rest shows above the save button (`root`).
 */
export function reviewFieldOf(path: string): string {
  const workoutField = /^(?:program\.)?workouts\.(\d+)\.(\w+)/.exec(path);
  if (workoutField) {
    const [, index, field] = workoutField;
    return `workouts.${index}.${field === 'name' || field === 'day' ? field : 'content'}`;
  }
  const exerciseField = /^exercises\.(\d+)\.(.+)$/.exec(path);
  if (exerciseField) {
    const [, index, field] = exerciseField;
    return `exercises.${index}.${field === 'create.name' ? 'newName' : 'choice'}`;
  }
  if (path === 'programName') return 'programName';
  return 'root';
}

/** The message at a place of the review's errors (`workouts.2.content`, `root`), if any. */
export const reviewMessageAt = <Values extends FieldValues>(
  errors: FieldErrors<Values>,
  path: string,
): string | undefined => get<FieldErrors<Values>, { message?: string } | undefined>(errors, path)?.message;

/** The review's check: what the server would refuse is refused here first, on the same fields. */
export function reviewFormResolver(preview: ReaderPreview): Resolver<ReviewFormValues> {
  return (values) => {
    const request = toCommitReaderRequest(values, preview);
    const parsed = commitReaderRequestSchema.safeParse(request);
    const messages: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) messages[issue.path.map(String).join('.')] ??= issue.message;
    }
    for (const [path, message] of Object.entries(commitProblems(request))) messages[path] ??= message;
    if (Object.keys(messages).length === 0) return { values, errors: {} };
    return { values: {}, errors: nestedFieldErrors<ReviewFormValues>(messages, reviewFieldOf) };
  };
}
