import { defaultPasswordPolicy } from '@contract/organizations';
import { resetLinkErrorCodes } from '@contract/passwords';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { PublicCard } from '@/components/layouts/public-layout';
import { Alert } from '@/components/ui/alert';
import { textLinkClass } from '@/components/ui/text-link-class';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { settingsQueries } from '@/lib/settings/settings-queries';
import { useResetPassword } from '../api/reset-password';
import { BackToSignInLink, primaryLinkClass } from './account-form-parts';
import { NewPasswordForm } from './new-password-form';

const resetPasswordRoute = getRouteApi('/_public/reset-password/$userId/$resetToken');

const linkProblemCodes = new Set<string>(Object.values(resetLinkErrorCodes));

function LinkProblem({ message }: { message: string }) {
  return (
    <PublicCard>
      <h1 className="text-2xl font-bold tracking-tight text-foreground">This link does not work</h1>
      <Alert tone="warning" role="alert" className="mt-4">
        {message}
      </Alert>
      <div className="mt-6 flex flex-col gap-3">
        <Link to="/forgot-password" className={primaryLinkClass}>
          Send me a new link
        </Link>
        <Link to="/login" className={`${textLinkClass} self-center text-sm`}>
          Back to sign in
        </Link>
      </div>
    </PublicCard>
  );
}

export function ResetPasswordPage() {
  const { userId, resetToken } = resetPasswordRoute.useParams();
  const { data: settings } = useSuspenseQuery(settingsQueries.public());
  const policy = settings?.passwordPolicy ?? defaultPasswordPolicy;
  const resetPassword = useResetPassword();

  if (resetPassword.isSuccess) {
    return (
      <PublicCard>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Password changed</h1>
        <p className="mt-2 text-sm text-muted-foreground" role="status">
          {resetPassword.data.message} For your safety, you have been signed out on every device.
        </p>
        <Link to="/login" className={`${primaryLinkClass} mt-6 w-full`}>
          Sign in
        </Link>
      </PublicCard>
    );
  }

  const error = resetPassword.error;
  if (isApiRequestError(error) && linkProblemCodes.has(error.code)) {
    return <LinkProblem message={error.message} />;
  }

  return (
    <PublicCard>
      <h1 className="text-2xl font-bold tracking-tight text-foreground">Choose a new password</h1>
      <p className="mt-1 mb-6 text-sm text-muted-foreground">
        After saving it, sign in again on each of your devices.
      </p>
      <NewPasswordForm
        policy={policy}
        passwordLabel="New password"
        confirmationLabel="Confirm new password"
        emptyPasswordMessage="Enter a new password"
        mismatchMessage="The passwords do not match. Type the new password again."
        submitLabel="Save new password"
        pendingLabel="Saving…"
        isPending={resetPassword.isPending}
        error={resetPassword.error}
        onSubmit={(password, onError) => resetPassword.mutate({ userId, resetToken, password }, { onError })}
      />
      <BackToSignInLink />
    </PublicCard>
  );
}
