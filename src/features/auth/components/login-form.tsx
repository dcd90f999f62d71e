import type { LoginRequest } from '@contract';
import { errorCodes } from '@contract/error-codes';
import type { FormEvent } from 'react';
import { lazy, Suspense, useRef, useState } from 'react';
import { isUnreachableError } from '@/lib/api/unreachable';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { networkErrorMessage } from '@/lib/api/network-error';
import { clearFormDraft, loadFormDraft, saveFormDraft } from '@/lib/form-drafts/form-draft';
import { useSignIn } from '../api/sign-in';
import { EmailField, PasswordVisibilityToggle } from './account-form-parts';

type FieldErrors = Partial<Record<keyof LoginRequest, string>>;

/** The sign-in form's draft keeps the email only; a password is never written to a cookie. */
const loginDraftKey = 'login';
const emailOfDraft = (saved: unknown) =>
  typeof saved === 'object' && saved !== null && 'email' in saved && typeof saved.email === 'string'
    ? saved.email
    : null;

const unexpectedErrorMessage = 'Something went wrong while signing in. Please try again.';

function fieldErrorsFrom(error: z.ZodError<LoginRequest>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function messageFor(error: unknown): string {
  if (isApiRequestError(error)) return error.message;
  if (isUnreachableError(error)) return networkErrorMessage;
  return unexpectedErrorMessage;
}

/** Loaded only when a sign-in is refused for an unconfirmed email: the sign-in screen's own code stays small. */
const ResendActivationButton = lazy(() => import('./resend-activation-button'));

/** A sign-in refused because the email is not confirmed yet: the message, and a new link on request. */
function NotActivatedAlert({ message, email }: { message: string; email: string }) {
  return (
    <Alert tone="warning" title="Account not activated yet" className="mb-4">
      <p>{message}</p>
      {/* The button's height is kept while it loads, so nothing moves. */}
      <Suspense fallback={<div className="mt-2 min-h-11" />}>
        <ResendActivationButton email={email} />
      </Suspense>
    </Alert>
  );
}

interface LoginFormProps {
  onSignedIn: () => Promise<void>;
  /** The account exists but is not approved yet: the screen says so (spec 2, /login?account=locked). */
  onAccountNotApproved: () => void;
}

export function LoginForm({ onSignedIn, onAccountNotApproved }: LoginFormProps) {
  const signIn = useSignIn({
    onSignedIn: () => {
      clearFormDraft(loginDraftKey);
      return onSignedIn();
    },
  });
  const [credentials, setCredentials] = useState<LoginRequest>(() => ({
    email: loadFormDraft(loginDraftKey, emailOfDraft) ?? '',
    password: '',
  }));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const focusFirstInvalid = (errors: FieldErrors) => {
    if (errors.email) emailRef.current?.focus();
    else if (errors.password) passwordRef.current?.focus();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    // The schema (and zod) load on the first submit, not with the sign-in screen (first-screen budget).
    const { loginRequestSchema } = await import('@contract/auth');
    const parsed = loginRequestSchema.safeParse({ ...credentials, email: credentials.email.trim() });
    if (!parsed.success) {
      const errors = fieldErrorsFrom(parsed.error);
      setFieldErrors(errors);
      focusFirstInvalid(errors);
      return;
    }
    setFieldErrors({});
    signIn.mutate(parsed.data, {
      onError: (error) => {
        if (isApiRequestError(error) && error.code === errorCodes.accountNotApproved) {
          onAccountNotApproved();
          return;
        }
        if (isApiRequestError(error) && error.code === errorCodes.validation) {
          const errors: FieldErrors = { email: error.fields.email, password: error.fields.password };
          setFieldErrors(errors);
          focusFirstInvalid(errors);
        }
      },
    });
  };

  const update = (field: keyof LoginRequest) => (value: string) => {
    setCredentials((current) => ({ ...current, [field]: value }));
    if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  // A validation failure is already shown under its fields and an unapproved account by the screen; every
  // other failure gets the alert.
  const errorCode = isApiRequestError(signIn.error) ? signIn.error.code : null;
  const showsAlert =
    signIn.isError && errorCode !== errorCodes.validation && errorCode !== errorCodes.accountNotApproved;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col">
      {showsAlert && errorCode === errorCodes.accountNotActivated && signIn.variables ? (
        <NotActivatedAlert message={messageFor(signIn.error)} email={signIn.variables.email} />
      ) : showsAlert ? (
        <Alert className="mb-4">{messageFor(signIn.error)}</Alert>
      ) : null}
      <EmailField
        ref={emailRef}
        value={credentials.email}
        onChange={(event) => {
          update('email')(event.target.value);
          saveFormDraft(loginDraftKey, { email: event.target.value });
        }}
        error={fieldErrors.email}
      />
      <TextField
        ref={passwordRef}
        label="Password"
        type={isPasswordVisible ? 'text' : 'password'}
        name="password"
        autoComplete="current-password"
        value={credentials.password}
        onChange={(event) => update('password')(event.target.value)}
        error={fieldErrors.password}
        trailing={
          <PasswordVisibilityToggle
            isVisible={isPasswordVisible}
            onToggle={() => setPasswordVisible((visible) => !visible)}
          />
        }
      />
      <Button type="submit" isPending={signIn.isPending} pendingLabel="Signing in…" className="mt-1 w-full">
        Sign in
      </Button>
    </form>
  );
}
