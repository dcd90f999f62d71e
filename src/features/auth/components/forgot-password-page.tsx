import { errorCodes } from '@contract/error-codes';
import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { PublicCard } from '@/components/layouts/public-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { clearFormDraft, loadFormDraft, saveFormDraft } from '@/lib/form-drafts/form-draft';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { requestErrorMessage } from '../request-error-message';
import { BackToSignInLink, EmailField, primaryLinkClass } from './account-form-parts';

const forgotPasswordDraftKey = 'forgot-password';
const emailOfDraft = (saved: unknown) =>
  typeof saved === 'object' && saved !== null && 'email' in saved && typeof saved.email === 'string'
    ? saved.email
    : null;

export function ForgotPasswordPage() {
  const requestReset = useRequestPasswordReset();
  const [email, setEmail] = useState(() => loadFormDraft(forgotPasswordDraftKey, emailOfDraft) ?? '');
  const [emailError, setEmailError] = useState<string | undefined>();
  const emailRef = useRef<HTMLInputElement>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (requestReset.isPending) return;
    // Loaded on submit, like the sign-in form: the screen itself stays free of zod.
    const { forgotPasswordRequestSchema } = await import('@contract/passwords');
    const parsed = forgotPasswordRequestSchema.safeParse({ email: email.trim() });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      emailRef.current?.focus();
      return;
    }
    setEmailError(undefined);
    requestReset.mutate(parsed.data, {
      onSuccess: () => clearFormDraft(forgotPasswordDraftKey),
      onError: (error) => {
        if (isApiRequestError(error) && error.code === errorCodes.validation && error.fields.email) {
          setEmailError(error.fields.email);
          emailRef.current?.focus();
        }
      },
    });
  };

  if (requestReset.isSuccess) {
    return (
      <PublicCard>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Check your email</h1>
        <Alert tone="info" role="status" className="mt-4">
          {requestReset.data.message}
        </Alert>
        <p className="mt-4 text-sm text-muted-foreground">
          No mail after a few minutes? Look in your spam folder, or send another link.
        </p>
        <div className="mt-6 flex flex-col gap-3">
          <Link to="/login" className={primaryLinkClass}>
            Back to sign in
          </Link>
          <Button variant="secondary" onClick={() => requestReset.reset()}>
            Send another link
          </Button>
        </div>
      </PublicCard>
    );
  }

  const showsAlert =
    requestReset.isError &&
    !(isApiRequestError(requestReset.error) && requestReset.error.code === errorCodes.validation);

  return (
    <PublicCard>
      <h1 className="text-2xl font-bold tracking-tight text-foreground">Forgot your password?</h1>
      <p className="mt-1 mb-6 text-sm text-muted-foreground">
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col">
        {showsAlert ? (
          <Alert className="mb-4">
            {requestErrorMessage(requestReset.error, 'Something went wrong. Please try again.')}
          </Alert>
        ) : null}
        <EmailField
          ref={emailRef}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(undefined);
            saveFormDraft(forgotPasswordDraftKey, { email: event.target.value });
          }}
          error={emailError}
        />
        <Button
          type="submit"
          isPending={requestReset.isPending}
          pendingLabel="Sending…"
          className="mt-1 w-full"
        >
          Send reset link
        </Button>
      </form>
      <BackToSignInLink />
    </PublicCard>
  );
}
