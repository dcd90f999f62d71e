import { Link } from '@tanstack/react-router';
import { PublicCard } from '@/components/layouts/public-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { clearFormDraft, loadFormDraft, saveFormDraft } from '@/lib/form-drafts/form-draft';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { isValidationError, requestErrorMessage } from '../request-error-message';
import { useEmailRequestForm } from '../use-email-request-form';
import { BackToSignInLink, EmailField, primaryLinkClass } from './account-form-parts';

const forgotPasswordDraftKey = 'forgot-password';
const emailOfDraft = (saved: unknown) =>
  typeof saved === 'object' && saved !== null && 'email' in saved && typeof saved.email === 'string'
    ? saved.email
    : null;

export function ForgotPasswordPage() {
  const requestReset = useRequestPasswordReset();
  const { handleSubmit, emailFieldProps } = useEmailRequestForm({
    // Loaded on submit, like the sign-in form: the screen itself stays free of zod.
    loadSchema: async () => (await import('@contract/passwords')).forgotPasswordRequestSchema,
    isPending: requestReset.isPending,
    send: (request, onError) =>
      requestReset.mutate(request, { onSuccess: () => clearFormDraft(forgotPasswordDraftKey), onError }),
    initialEmail: () => loadFormDraft(forgotPasswordDraftKey, emailOfDraft) ?? '',
    onEmailChange: (email) => saveFormDraft(forgotPasswordDraftKey, { email }),
  });

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

  const showsAlert = requestReset.isError && !isValidationError(requestReset.error);

  return (
    <PublicCard>
      <h1 className="text-2xl font-bold tracking-tight text-foreground">Forgot your password?</h1>
      <p className="mt-1 mb-6 text-sm text-muted-foreground">
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col">
        {showsAlert ? (
          <Alert className="mb-4">
            {requestErrorMessage(requestReset.error, 'Something went wrong. Please try again.')}
          </Alert>
        ) : null}
        <EmailField {...emailFieldProps} />
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
