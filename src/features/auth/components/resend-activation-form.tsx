import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useResendActivation } from '../api/resend-activation';
import { isValidationError, requestErrorMessage } from '../request-error-message';
import { useEmailRequestForm } from '../use-email-request-form';
import { EmailField } from './account-form-parts';

/** Asks for a new activation link (or invitation) for an email; the server answers the same whatever it is. */
export function ResendActivationForm({ prompt }: { prompt: string }) {
  const resend = useResendActivation();
  const { handleSubmit, emailFieldProps } = useEmailRequestForm({
    loadSchema: async () => (await import('@contract/accounts')).resendActivationRequestSchema,
    isPending: resend.isPending,
    send: (request, onError) => resend.mutate(request, { onError }),
  });

  if (resend.isSuccess) {
    return (
      <Alert tone="info" role="status" title="Check your email">
        {resend.data.message}
      </Alert>
    );
  }

  const showsAlert = resend.isError && !isValidationError(resend.error);
  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col">
      <p className="mb-3 text-sm text-muted-foreground">{prompt}</p>
      {showsAlert ? (
        <Alert className="mb-4">
          {requestErrorMessage(resend.error, 'The link could not be sent. Please try again.')}
        </Alert>
      ) : null}
      <EmailField {...emailFieldProps} />
      <Button type="submit" isPending={resend.isPending} pendingLabel="Sending…" className="w-full">
        Send me a new link
      </Button>
    </form>
  );
}
