import { defaultPasswordPolicy } from '@contract/organizations';
import { passwordPolicyProblem } from '@contract/password-policy';
import { resetLinkErrorCodes } from '@contract/passwords';
import { errorCodes } from '@contract/error-codes';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { PublicCard } from '@/components/layouts/public-layout';
import { PasswordPolicyChecklist } from '@/components/password-policy-checklist';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { textLinkClass } from '@/components/ui/text-link-class';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { settingsQueries } from '@/lib/settings/settings-queries';
import { useResetPassword } from '../api/reset-password';
import { requestErrorMessage } from '../request-error-message';
import { BackToSignInLink, PasswordVisibilityToggle, primaryLinkClass } from './account-form-parts';

const resetPasswordRoute = getRouteApi('/_public/reset-password/$userId/$resetToken');

const linkProblemCodes = new Set<string>(Object.values(resetLinkErrorCodes));

interface FieldErrors {
  password?: string | undefined;
  confirmation?: string | undefined;
}

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
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);

  const showErrors = (errors: FieldErrors) => {
    setFieldErrors(errors);
    if (errors.password) passwordRef.current?.focus();
    else if (errors.confirmation) confirmationRef.current?.focus();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (resetPassword.isPending) return;
    const errors: FieldErrors = {
      password: password ? (passwordPolicyProblem(policy, password) ?? undefined) : 'Enter a new password',
      confirmation:
        confirmation === password ? undefined : 'The passwords do not match. Type the new password again.',
    };
    if (errors.password || errors.confirmation) {
      showErrors(errors);
      return;
    }
    setFieldErrors({});
    resetPassword.mutate(
      { userId, resetToken, password },
      {
        onError: (error) => {
          if (isApiRequestError(error) && error.code === errorCodes.validation) {
            showErrors({ password: error.fields.password ?? error.message });
          }
        },
      },
    );
  };

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
  const showsAlert =
    resetPassword.isError && !(isApiRequestError(error) && error.code === errorCodes.validation);

  return (
    <PublicCard>
      <h1 className="text-2xl font-bold tracking-tight text-foreground">Choose a new password</h1>
      <p className="mt-1 mb-6 text-sm text-muted-foreground">
        After saving it, sign in again on each of your devices.
      </p>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col">
        {showsAlert ? (
          <Alert className="mb-4">
            {requestErrorMessage(error, 'Something went wrong while saving your password. Please try again.')}
          </Alert>
        ) : null}
        <TextField
          ref={passwordRef}
          label="New password"
          type={isPasswordVisible ? 'text' : 'password'}
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setFieldErrors((current) => ({ ...current, password: undefined }));
          }}
          error={fieldErrors.password}
          trailing={
            <PasswordVisibilityToggle
              isVisible={isPasswordVisible}
              onToggle={() => setPasswordVisible((visible) => !visible)}
            />
          }
        />
        <PasswordPolicyChecklist policy={policy} password={password} />
        <TextField
          ref={confirmationRef}
          label="Confirm new password"
          type={isPasswordVisible ? 'text' : 'password'}
          name="confirm-password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => {
            setConfirmation(event.target.value);
            setFieldErrors((current) => ({ ...current, confirmation: undefined }));
          }}
          error={fieldErrors.confirmation}
        />
        <Button
          type="submit"
          isPending={resetPassword.isPending}
          pendingLabel="Saving…"
          className="mt-1 w-full"
        >
          Save new password
        </Button>
      </form>
      <BackToSignInLink />
    </PublicCard>
  );
}
