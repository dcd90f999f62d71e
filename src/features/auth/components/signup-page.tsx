import { defaultPasswordPolicy } from '@contract/organizations';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { PublicCard } from '@/components/layouts/public-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { loadFormDraft, saveFormDraft } from '@/lib/form-drafts/form-draft';
import { brandingFrom, settingsQueries } from '@/lib/settings/settings-queries';
import { useSignUp } from '../api/sign-up';
import { isValidationError, requestErrorMessage } from '../request-error-message';
import { useAccountForm } from '../use-account-form';
import { CheckEmailCard } from './check-email-card';
import { EmailField, StartOrganizationPrompt } from './account-form-parts';
import { AlreadyHaveAnAccount, NameFields } from './new-account-form-parts';
import { NewPasswordField } from './new-password-form';

const signupRoute = getRouteApi('/_public/signup');

const fieldOrder = ['firstName', 'lastName', 'email', 'password'] as const;

interface SignupDraft {
  firstName: string;
  lastName: string;
  email: string;
}

/** The sign-up form's draft: names and email; the password is never written to a cookie. */
const signupDraftKey = 'signup';
function readDraft(saved: unknown): SignupDraft | null {
  if (typeof saved !== 'object' || saved === null) return null;
  const values = saved as Record<string, unknown>;
  const text = (key: keyof SignupDraft) => (typeof values[key] === 'string' ? values[key] : '');
  return { firstName: text('firstName'), lastName: text('lastName'), email: text('email') };
}

export function SignupPage() {
  const { organization: inviteSlug } = signupRoute.useSearch();
  const { data: settings } = useSuspenseQuery(settingsQueries.public());
  const { organizationName } = brandingFrom(settings);
  // An invite link's organisation may have its own policy; the server's answer names any rule it adds.
  const policy = settings?.passwordPolicy ?? defaultPasswordPolicy;
  const signUp = useSignUp();
  const [draft, setDraft] = useState<SignupDraft>(
    () => loadFormDraft(signupDraftKey, readDraft) ?? { firstName: '', lastName: '', email: '' },
  );
  const { fieldErrors, clearErrors, refFor, passwordFieldProps, createdEmail, submit } = useAccountForm({
    fieldOrder,
    draftKey: signupDraftKey,
    isPending: signUp.isPending,
    loadSchema: async () => (await import('@contract/accounts')).signupRequestSchema,
    send: (request, handlers) => signUp.mutate(request, handlers),
  });

  const change = (field: keyof SignupDraft, value: string) => {
    setDraft((current) => {
      const updated = { ...current, [field]: value };
      saveFormDraft(signupDraftKey, { ...updated });
      return updated;
    });
    clearErrors(field);
  };

  if (signUp.isSuccess) return <CheckEmailCard message={signUp.data.message} email={createdEmail} />;

  const alertMessage =
    fieldErrors.organization ??
    (signUp.isError && !isValidationError(signUp.error)
      ? requestErrorMessage(signUp.error, 'Something went wrong. Please try again.')
      : null);

  return (
    <PublicCard>
      <h1 className="text-2xl font-bold tracking-tight text-foreground">Create your athlete account</h1>
      <p className="mt-1 mb-6 text-sm text-muted-foreground">
        {inviteSlug ? (
          <>
            You are joining with the invite link of <span className="font-medium">{inviteSlug}</span>.
          </>
        ) : (
          <>
            Join <span className="font-medium text-foreground">{organizationName}</span> to see your workouts
            and log your training.
          </>
        )}{' '}
        A coach approves new accounts.
      </p>
      <form
        noValidate
        onSubmit={(event) =>
          submit(event, {
            ...draft,
            email: draft.email.trim(),
            ...(inviteSlug ? { organization: inviteSlug } : {}),
          })
        }
        className="flex flex-col"
      >
        {alertMessage ? <Alert className="mb-4">{alertMessage}</Alert> : null}
        <NameFields
          className="grid gap-x-3 min-[360px]:grid-cols-2"
          values={draft}
          errors={fieldErrors}
          refFor={refFor}
          onChange={change}
        />
        <EmailField
          ref={refFor('email')}
          value={draft.email}
          onChange={(event) => change('email', event.target.value)}
          error={fieldErrors.email}
        />
        <NewPasswordField {...passwordFieldProps} label="Password" policy={policy} />
        <Button
          type="submit"
          isPending={signUp.isPending}
          pendingLabel="Creating your account…"
          className="mt-1 w-full"
        >
          Create account
        </Button>
      </form>
      <AlreadyHaveAnAccount>
        <StartOrganizationPrompt />
      </AlreadyHaveAnAccount>
    </PublicCard>
  );
}
