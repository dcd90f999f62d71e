import { useRef, useState } from 'react';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { requestFailureMessage, typedKeptOnDevice } from '@/lib/api/request-failure';
import { clearFormDraft, loadFormDraft, saveFormDraft } from '@/lib/form-drafts/form-draft';
import { useFollowSaved } from '@/lib/form-drafts/use-follow-saved';
import type { PersonFormValues, PersonTextField } from './person-form';
import { fieldErrorsOf, readPersonDraft } from './person-form';

type FieldErrors = Partial<Record<string, string>>;

/**
 * A person form's values, kept as a cookie draft on every change (spec 3) so a reload or a lost connection
 * loses nothing typed; field errors from the form's own check or the server's `fields`, the first one focused.
 */
export function usePersonForm(draftKey: string, initial: () => PersonFormValues) {
  const [draft] = useState(() => loadFormDraft(draftKey, readPersonDraft));
  const [values, setValues] = useState<PersonFormValues>(() => draft ?? initial());
  useFollowSaved(initial(), values, setValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const update = (next: PersonFormValues) => {
    setValues(next);
    saveFormDraft(draftKey, { ...next });
  };

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    // After the render that marks the fields: the first wrong one gets the focus.
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  return {
    formRef,
    values,
    errors,
    failure,
    /** True when the form opened on a draft rather than on what is saved. */
    restoredDraft: draft !== null,
    setField: (field: PersonTextField, value: string) => {
      update({ ...values, [field]: value });
      setErrors((previous) => ({ ...previous, [field]: undefined }));
    },
    setGroups: (groupIds: string[]) => {
      update({ ...values, groupIds });
      setErrors((previous) => ({ ...previous, groupIds: undefined }));
    },
    setRole: (role: PersonFormValues['role']) => update({ ...values, role }),
    /** Back to what is saved (or empty), forgetting the draft. */
    reset: (to: PersonFormValues) => {
      clearFormDraft(draftKey);
      setValues(to);
      setErrors({});
      setFailure(null);
    },
    /** The form's own check failed: mark the fields and focus the first. */
    invalid: (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
      setFailure(null);
      showErrors(fieldErrorsOf(issues));
    },
    starting: () => setFailure(null),
    /** The server refused or could not be reached: what was typed stays, with the reason. */
    failed: (error: unknown) => {
      if (isApiRequestError(error) && Object.keys(error.fields).length > 0) {
        setFailure(null);
        showErrors({ ...error.fields });
      } else {
        setFailure(requestFailureMessage(error, typedKeptOnDevice));
      }
    },
    saved: () => {
      clearFormDraft(draftKey);
      setErrors({});
      setFailure(null);
    },
  };
}
