import { clearFormDraft, saveFormDraft } from '@/lib/form-drafts/form-draft';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { firstIssuePerField } from './field-errors';
import { isValidationError } from './request-error-message';
import { useFieldFocus } from './use-field-focus';

/** The part of a zod schema this form uses (typed by hand so this file stays free of zod). */
interface RequestSchema<Request> {
  safeParse: (
    input: unknown,
  ) =>
    | { success: true; data: Request }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

type FieldErrors = Partial<Record<string, string | undefined>>;

interface AccountFormOptions<Field extends string, Request extends { email: string }> {
  /** The fields in screen order (with `password`): the first one with an error gets the focus. */
  fieldOrder: readonly (Field | 'password')[];
  /** The form's draft cookie, cleared once the account is created. */
  draftKey: string;
  isPending: boolean;
  /** Loaded on submit, not with the screen: the screen itself stays free of zod. */
  loadSchema: () => Promise<RequestSchema<Request>>;
  send: (request: Request, handlers: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}

/**
 * A form that creates an account (sign-up, registration) with a new password (kept here, never in the draft
 * cookie): checked on submit, each field's first problem (the
 * client's or the server's `fields`) shown under it with the first one focused; once created, the sign-in screen
 * opens with the email filled in.
 */
export function useAccountForm<Field extends string, Request extends { email: string }>({
  fieldOrder,
  draftKey,
  isPending,
  loadSchema,
  send,
}: AccountFormOptions<Field, Request>) {
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [createdEmail, setCreatedEmail] = useState('');
  const { refFor, focusFirstInvalid } = useFieldFocus(fieldOrder);

  const showErrors = (errors: FieldErrors) => {
    setFieldErrors(errors);
    focusFirstInvalid(errors);
  };

  const submit = async (event: FormEvent<HTMLFormElement>, input: object) => {
    event.preventDefault();
    if (isPending) return;
    const schema = await loadSchema();
    const parsed = schema.safeParse({ ...input, password });
    if (!parsed.success) {
      showErrors(firstIssuePerField(parsed.error.issues));
      return;
    }
    setFieldErrors({});
    const { email } = parsed.data;
    send(parsed.data, {
      onSuccess: () => {
        clearFormDraft(draftKey);
        setCreatedEmail(email);
        // The sign-in screen opens with this email filled in.
        saveFormDraft('login', { email });
      },
      onError: (error) => {
        if (isValidationError(error)) showErrors(error.fields);
      },
    });
  };

  /** Takes the errors off fields the person changes. */
  const clearErrors = (...fields: (Field | 'password')[]) =>
    setFieldErrors((current) => {
      const cleared = { ...current };
      for (const field of fields) delete cleared[field];
      return cleared;
    });

  return {
    fieldErrors,
    clearErrors,
    refFor,
    /** The props of the form's NewPasswordField. */
    passwordFieldProps: {
      ref: refFor('password'),
      value: password,
      onChange: (value: string) => {
        setPassword(value);
        clearErrors('password');
      },
      error: fieldErrors.password,
    },
    /** The email of the account once created, for the "check your email" card. */
    createdEmail,
    /** Submits the form with `input` and the password as the request (checked by the schema first). */
    submit: (event: FormEvent<HTMLFormElement>, input: object) => void submit(event, input),
  };
}
