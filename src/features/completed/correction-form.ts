import type { CorrectWorkoutLogRequest, WorkoutLog } from '@contract';
import { correctWorkoutLogRequestSchema } from '@contract/tracking';
import type { FieldErrors, Resolver, ResolverError, ResolverSuccess } from 'react-hook-form';

/** The correction form: every value as typed (text), the sets in the log's order. */
export interface CorrectionFormValues {
  reason: string;
  durationMinutes: string;
  sessionRpe: string;
  notes: string;
  sets: { id: string; reps: string; load: string; rpe: string; done: boolean }[];
}

const text = (value: number | null) => (value === null ? '' : String(value));

export function correctionFormOf(log: WorkoutLog): CorrectionFormValues {
  return {
    reason: '',
    durationMinutes: log.durationSeconds === null ? '' : String(Math.round(log.durationSeconds / 60)),
    sessionRpe: text(log.sessionRpe),
    notes: log.notes ?? '',
    sets: log.sets
      .filter((set) => !set.removed)
      .map((set) => ({
        id: set.id,
        reps: text(set.reps),
        load: text(set.load),
        rpe: text(set.rpe),
        done: set.done,
      })),
  };
}

/** '' is "no value" where the field may be empty; anything else must read as a number (NaN is refused). */
const optionalNumber = (typed: string) => (typed.trim() === '' ? null : Number(typed));
const requiredNumber = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));

/** Only what changed goes to the server: the correction records each field's before and after. */
export function correctionRequestOf(log: WorkoutLog, values: CorrectionFormValues): CorrectWorkoutLogRequest {
  const original = correctionFormOf(log);
  const session: NonNullable<CorrectWorkoutLogRequest['session']> = {};
  if (values.durationMinutes.trim() !== original.durationMinutes) {
    const minutes = requiredNumber(values.durationMinutes);
    session.durationSeconds = Number.isNaN(minutes) ? minutes : Math.round(minutes * 60);
  }
  if (values.sessionRpe.trim() !== original.sessionRpe)
    session.sessionRpe = optionalNumber(values.sessionRpe);
  if (values.notes.trim() !== original.notes.trim()) session.notes = values.notes.trim() || null;

  const sets: CorrectWorkoutLogRequest['sets'] = [];
  values.sets.forEach((typed, index) => {
    const before = original.sets[index];
    const set = log.sets.find((candidate) => candidate.id === typed.id);
    if (!before || !set) return;
    const change: NonNullable<CorrectWorkoutLogRequest['sets']>[number] = { id: typed.id };
    if (typed.reps.trim() !== before.reps) change.reps = optionalNumber(typed.reps);
    if (typed.load.trim() !== before.load) {
      change.load = optionalNumber(typed.load);
      // A load typed where none was logged takes the organisation's unit the log's volume is in.
      if (change.load !== null && set.loadUnit === null) change.loadUnit = log.volumeUnit;
    }
    if (typed.rpe.trim() !== before.rpe) change.rpe = optionalNumber(typed.rpe);
    if (typed.done !== before.done) change.done = typed.done;
    if (Object.keys(change).length > 1) sets.push(change);
  });

  return {
    reason: values.reason.trim() || null,
    ...(Object.keys(session).length > 0 ? { session } : {}),
    sets,
  };
}

/** The form's field of a request path the contract or the server names: `sets.0.reps` → the set's own row. */
export function formFieldOf(
  path: readonly PropertyKey[],
  request: CorrectWorkoutLogRequest,
  values: CorrectionFormValues,
): string {
  const [head, second, third] = path.map(String);
  if (head === 'session') {
    return second === 'durationSeconds'
      ? 'durationMinutes'
      : second === 'sessionRpe'
        ? 'sessionRpe'
        : 'notes';
  }
  if (head === 'sets' && second !== undefined) {
    const id = request.sets?.[Number(second)]?.id;
    const row = values.sets.findIndex((set) => set.id === id);
    const field = third === 'loadUnit' ? 'load' : (third ?? 'reps');
    if (row >= 0 && ['reps', 'load', 'rpe'].includes(field)) return `sets.${row}.${field}`;
  }
  return head === 'reason' ? 'reason' : 'root';
}

/**
 * The contract's schema checks the form (react-hook-form's resolver): the values become the request, and each
 * problem lands on the field it is about. A form with no change is refused, as a correction of nothing.
 */
export const correctionResolver =
  (log: WorkoutLog): Resolver<CorrectionFormValues, unknown, CorrectWorkoutLogRequest> =>
  (values): ResolverSuccess<CorrectWorkoutLogRequest> | ResolverError<CorrectionFormValues> => {
    const request = correctionRequestOf(log, values);
    if (!request.session && (request.sets ?? []).length === 0) {
      return {
        values: {},
        errors: toFieldErrors({
          root: { type: 'unchanged', message: 'Change a value first: nothing differs from the log.' },
        }),
      };
    }
    const parsed = correctWorkoutLogRequestSchema.safeParse(request);
    if (parsed.success) return { values: request, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      errors[formFieldOf(issue.path, request, values)] ??= { type: 'contract', message: issue.message };
    }
    return { values: {}, errors: toFieldErrors(errors) };
  };

/** `sets.2.reps` keys as react-hook-form's nested error object. */
function toFieldErrors(
  flat: Record<string, { type: string; message: string }>,
): FieldErrors<CorrectionFormValues> {
  const nested: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const keys = path.split('.');
    let node = nested;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) node[key] = error;
      else node = (node[key] ??= /^\d+$/.test(keys[index + 1] ?? '') ? [] : {}) as Record<string, unknown>;
    });
  }
  return nested;
}
