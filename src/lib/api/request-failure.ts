import { isApiRequestError } from './api-request-error';
import { networkErrorMessage } from './network-error';

export { networkErrorMessage };

/** What a form with a draft on the device says after the network error. */
export const typedKeptOnDevice = 'What you typed is kept on this device.';

/**
 * What a failed request says above a form or in a dialog: the server's own message, else the network error,
 * followed by what the screen keeps meanwhile ("What you typed is kept on this device.") when it keeps something.
 */
export function requestFailureMessage(error: unknown, keptMeanwhile?: string): string {
  if (isApiRequestError(error)) return error.message;
  return keptMeanwhile ? `${networkErrorMessage} ${keptMeanwhile}` : networkErrorMessage;
}

/** react-hook-form's `setError`, as far as a server's field errors need it (this file stays free of the library). */
type SetFieldError<Field extends string> = (
  field: Field,
  error: { type: 'server'; message: string },
  options?: { shouldFocus: boolean },
) => void;

interface FieldFailureOptions<Field extends string> {
  setError: SetFieldError<Field>;
  /** The form's field a server field path (`sets.0.reps`, `name`) belongs to; null when the form has none. */
  fieldOf: (path: string) => Field | null;
  shouldFocus?: boolean;
  /** Said after the network error: what the screen keeps meanwhile. */
  keptMeanwhile?: string;
}

/**
 * Puts a refused request's `fields` onto the form, each under its field. Answers what to say above the form:
 * null when every problem is shown under a field; the server's message for a problem of no field (or a refusal
 * naming none); the network error when the server was never reached.
 */
export function showFieldErrors<Field extends string>(
  error: unknown,
  { setError, fieldOf, shouldFocus, keptMeanwhile }: FieldFailureOptions<Field>,
): string | null {
  if (!isApiRequestError(error)) return requestFailureMessage(error, keptMeanwhile);
  const problems = Object.entries(error.fields);
  if (problems.length === 0) return error.message;
  let unplaced: string | null = null;
  for (const [path, message] of problems) {
    const field = fieldOf(path);
    if (field === null) unplaced ??= message;
    else setError(field, { type: 'server', message }, shouldFocus ? { shouldFocus } : undefined);
  }
  return unplaced;
}

/** A refusal in one line where there is no form to mark (a dialog's alert): the message, then each field's problem. */
export function requestFailureSummary(error: unknown): string {
  if (!isApiRequestError(error)) return networkErrorMessage;
  return [...new Set([error.message, ...Object.values(error.fields)])].join(' ');
}
