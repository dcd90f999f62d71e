import { Link } from '@tanstack/react-router';
import { PublicCard } from '@/components/layouts/public-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useResendActivation } from '../api/resend-activation';
import { requestErrorMessage } from '../request-error-message';
import { primaryLinkClass } from './account-form-parts';

/** After a registration or sign-up: where the activation mail went, and a way to have it sent again. */
export function CheckEmailCard({ message, email }: { message: string; email: string }) {
  const resend = useResendActivation();
  return (
    <PublicCard>
      <h1 className="text-2xl font-bold tracking-tight text-foreground">Check your email</h1>
      <Alert tone="info" role="status" className="mt-4">
        {message}
      </Alert>
      <p className="mt-4 text-sm text-muted-foreground">
        We sent it to <span className="font-medium break-all text-foreground">{email}</span>. Open the link in
        that mail to activate your account, then sign in.
      </p>
      <div className="mt-6 flex flex-col gap-3">
        <Link to="/login" className={primaryLinkClass}>
          Go to sign in
        </Link>
        {resend.isSuccess ? (
          <p role="status" className="text-center text-sm text-muted-foreground">
            {resend.data.message}
          </p>
        ) : (
          <Button
            variant="secondary"
            isPending={resend.isPending}
            pendingLabel="Sending…"
            onClick={() => resend.mutate({ email })}
          >
            Send the link again
          </Button>
        )}
        {resend.isError ? (
          <Alert>{requestErrorMessage(resend.error, 'The link could not be sent. Please try again.')}</Alert>
        ) : null}
      </div>
    </PublicCard>
  );
}
