import type { LoginRequest } from '@contract';
import { errorCodes, loginRequestSchema } from '@contract';
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { isNetworkError, isTimeoutError } from 'ky';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { useSignIn } from '../api/sign-in';

type FieldErrors = Partial<Record<keyof LoginRequest, string>>;

const unexpectedErrorMessage = 'Something went wrong while signing in. Please try again.';
const networkErrorMessage = 'Network error. Please check your connection.';

function fieldErrorsFrom(error: z.ZodError<LoginRequest>): FieldErrors {
  const { fieldErrors } = z.flattenError(error);
  return { email: fieldErrors.email?.[0], password: fieldErrors.password?.[0] };
}

function messageFor(error: unknown): string {
  if (isApiRequestError(error)) return error.message;
  if (isNetworkError(error) || isTimeoutError(error)) return networkErrorMessage;
  return unexpectedErrorMessage;
}

export function LoginForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const signIn = useSignIn({ onSignedIn });
  const [credentials, setCredentials] = useState<LoginRequest>({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const focusFirstInvalid = (errors: FieldErrors) => {
    if (errors.email) emailRef.current?.focus();
    else if (errors.password) passwordRef.current?.focus();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
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

  // A validation failure is already shown under its fields; every other failure gets the alert.
  const showsAlert =
    signIn.isError && !(isApiRequestError(signIn.error) && signIn.error.code === errorCodes.validation);

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col">
      {showsAlert ? <Alert className="mb-4">{messageFor(signIn.error)}</Alert> : null}
      <TextField
        ref={emailRef}
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        value={credentials.email}
        onChange={(event) => update('email')(event.target.value)}
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
          <button
            type="button"
            onClick={() => setPasswordVisible((visible) => !visible)}
            aria-pressed={isPasswordVisible}
            aria-label="Show password"
            className="rounded-md px-2.5 py-1.5 text-xs font-semibold text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            {isPasswordVisible ? 'Hide' : 'Show'}
          </button>
        }
      />
      <Button type="submit" isPending={signIn.isPending} pendingLabel="Signing in…" className="mt-1 w-full">
        Sign in
      </Button>
    </form>
  );
}
