import { Button } from '@/components/ui/button';
import { useResendActivation } from '../api/resend-activation';
import { requestErrorMessage } from '../request-error-message';

/** Sends a new activation link to `email`, then says so (the same answer whatever the email). */
export default function ResendActivationButton({ email }: { email: string }) {
  const resend = useResendActivation();
  return (
    <>
      {resend.isSuccess ? (
        <p role="status" className="mt-2 font-medium">
          {resend.data.message}
        </p>
      ) : (
        <Button
          variant="secondary"
          isPending={resend.isPending}
          pendingLabel="Sending…"
          className="mt-2 w-full"
          onClick={() => resend.mutate({ email })}
        >
          Send a new activation link
        </Button>
      )}
      {resend.isError ? (
        <p className="mt-2 text-danger">
          {requestErrorMessage(resend.error, 'The link could not be sent. Please try again.')}
        </p>
      ) : null}
    </>
  );
}
