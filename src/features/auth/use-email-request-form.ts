import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { isValidationError } from './request-error-message';

/** The part of a zod schema this form uses (typed by hand so this file stays free of zod). */
interface EmailRequestSchema {
  safeParse: (
    input: unknown,
  ) =>
    | { success: true; data: { email: string } }
    | { success: false; error: { issues: readonly { message: string }[] } };
}

interface EmailRequestFormOptions {
  /** Loaded on submit, not with the screen: the screen itself stays free of zod. */
  loadSchema: () => Promise<EmailRequestSchema>;
  isPending: boolean;
  /** Sends a checked request; `onError` shows the server's `fields.email` at the field. */
  send: (request: { email: string }, onError: (error: unknown) => void) => void;
  /** The email the field starts with (e.g. from a saved draft). */
  initialEmail?: () => string;
  /** Each change of the email, e.g. to save it as a draft. */
  onEmailChange?: (email: string) => void;
}

/** A form of one email field: checked on submit, its error (the client's or the server's) shown and focused. */
export function useEmailRequestForm({
  loadSchema,
  isPending,
  send,
  initialEmail,
  onEmailChange,
}: EmailRequestFormOptions) {
  const [email, setEmail] = useState(initialEmail ?? '');
  const [emailError, setEmailError] = useState<string | undefined>();
  const emailRef = useRef<HTMLInputElement>(null);

  const showError = (message: string | undefined) => {
    setEmailError(message);
    emailRef.current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending) return;
    const schema = await loadSchema();
    const parsed = schema.safeParse({ email: email.trim() });
    if (!parsed.success) {
      showError(parsed.error.issues[0]?.message);
      return;
    }
    setEmailError(undefined);
    send(parsed.data, (error) => {
      if (isValidationError(error) && error.fields.email) showError(error.fields.email);
    });
  };

  return {
    handleSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
    /** The props of the form's EmailField. */
    emailFieldProps: {
      ref: emailRef,
      value: email,
      onChange: (event: { target: { value: string } }) => {
        setEmail(event.target.value);
        setEmailError(undefined);
        onEmailChange?.(event.target.value);
      },
      error: emailError,
    },
  };
}
