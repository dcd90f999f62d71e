import { activationLinkErrorCodes } from '@contract/account-fields';
import { defaultPasswordPolicy } from '@contract/organizations';
import type { ActivationLinkResponse, ActivationResponse } from '@contract';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { PublicCard } from '@/components/layouts/public-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { textLinkClass } from '@/components/ui/text-link-class';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { saveFormDraft } from '@/lib/form-drafts/form-draft';
import { settingsQueries } from '@/lib/settings/settings-queries';
import { activationQueries, useActivateAccount } from '../api/activation';
import { requestErrorMessage } from '../request-error-message';
import { BackToSignInLink, primaryLinkClass } from './account-form-parts';
import { NewPasswordForm } from './new-password-form';
import { ResendActivationForm } from './resend-activation-form';

const activateAccountRoute = getRouteApi('/_public/activate-account/$userId/$verificationCode');

const linkProblemCodes = new Set<string>(Object.values(activationLinkErrorCodes));

const headingClass = 'text-2xl font-bold tracking-tight text-foreground';

/** While the link is checked or used: the card keeps the height of what comes, so nothing jumps. */
function Working({ label }: { label: string }) {
  return (
    <PublicCard>
      <div
        role="status"
        className="flex min-h-48 flex-col items-center justify-center gap-3 text-primary-ink"
      >
        <Spinner className="size-8" />
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
      </div>
    </PublicCard>
  );
}

/** A link that does not work: why, and what to do (sign in when it was used, else ask for a new one). */
function LinkProblem({ error }: { error: unknown }) {
  const code = isApiRequestError(error) ? error.code : null;
  const message = requestErrorMessage(error, 'This link could not be checked. Please try again.');
  if (code === activationLinkErrorCodes.used) {
    return (
      <PublicCard>
        <h1 className={headingClass}>This link was already used</h1>
        <Alert tone="info" role="status" className="mt-4">
          {message}
        </Alert>
        <div className="mt-6 flex flex-col gap-3">
          <Link to="/login" className={primaryLinkClass}>
            Sign in
          </Link>
          <Link to="/forgot-password" className={`${textLinkClass} self-center text-sm`}>
            Forgot your password?
          </Link>
        </div>
      </PublicCard>
    );
  }
  const isLinkProblem = code !== null && linkProblemCodes.has(code);
  return (
    <PublicCard>
      <h1 className={headingClass}>
        {isLinkProblem ? 'This link does not work' : 'We could not check this link'}
      </h1>
      <Alert tone="warning" role="alert" className="mt-4">
        {message}
      </Alert>
      {isLinkProblem ? (
        <div className="mt-5">
          <ResendActivationForm prompt="Enter the email of your account and we will send you a new link." />
        </div>
      ) : (
        <Button className="mt-6 w-full" onClick={() => window.location.reload()}>
          Try again
        </Button>
      )}
      <BackToSignInLink />
    </PublicCard>
  );
}

function Activated({ result, link }: { result: ActivationResponse; link: ActivationLinkResponse }) {
  const { email, organizationName } = link;
  // The sign-in screen opens with this email filled in.
  useEffect(() => saveFormDraft('login', { email }), [email]);
  const canSignIn = result.status === 'approved';
  return (
    <PublicCard>
      <h1 className={headingClass}>{canSignIn ? 'You’re all set' : 'Email confirmed'}</h1>
      <Alert tone="info" role="status" className="mt-4">
        {result.message}
      </Alert>
      {canSignIn ? (
        <>
          <p className="mt-4 text-sm text-muted-foreground">
            Sign in with <span className="font-medium break-all text-foreground">{email}</span> to open{' '}
            {organizationName}.
          </p>
          <Link to="/login" className={`${primaryLinkClass} mt-6 w-full`}>
            Sign in
          </Link>
        </>
      ) : (
        <>
          <p className="mt-4 text-sm text-muted-foreground">
            Nothing more to do for now: you can close this page. Once {organizationName} approves you, sign in
            with <span className="font-medium break-all text-foreground">{email}</span>.
          </p>
          <BackToSignInLink />
        </>
      )}
    </PublicCard>
  );
}

/** An activation link: used as soon as it is known to work (the mail's button already said "Activate"). */
function ActivateNow({ link }: { link: ActivationLinkResponse }) {
  const { userId, verificationCode } = activateAccountRoute.useParams();
  const activate = useActivateAccount();
  const started = useRef(false);
  const { mutate } = activate;
  useEffect(() => {
    // Once per mount, also under StrictMode's double effects: a link works once.
    if (started.current) return;
    started.current = true;
    mutate({ userId, verificationCode });
  }, [mutate, userId, verificationCode]);

  if (activate.isSuccess) return <Activated result={activate.data} link={link} />;
  if (activate.isError) return <LinkProblem error={activate.error} />;
  return <Working label="Activating your account…" />;
}

/** An invitation: the person chooses a password under the organisation's rules. */
function ChoosePassword({ link }: { link: ActivationLinkResponse }) {
  const { userId, verificationCode } = activateAccountRoute.useParams();
  const { data: settings } = useSuspenseQuery(settingsQueries.public());
  const policy = settings?.passwordPolicy ?? defaultPasswordPolicy;
  const activate = useActivateAccount();

  if (activate.isSuccess) return <Activated result={activate.data} link={link} />;
  const error = activate.error;
  if (isApiRequestError(error) && linkProblemCodes.has(error.code)) return <LinkProblem error={error} />;

  return (
    <PublicCard>
      <h1 className={headingClass}>Choose your password</h1>
      <p className="mt-1 mb-6 text-sm text-muted-foreground">
        Hi {link.firstName}, welcome to {link.organizationName}. Choose a password for{' '}
        <span className="font-medium break-all text-foreground">{link.email}</span> to sign in.
      </p>
      <NewPasswordForm
        policy={policy}
        passwordLabel="Password"
        confirmationLabel="Confirm password"
        emptyPasswordMessage="Choose a password"
        mismatchMessage="The passwords do not match. Type the password again."
        submitLabel="Save password"
        pendingLabel="Saving…"
        isPending={activate.isPending}
        username={link.email}
        error={activate.error}
        onSubmit={(password, onError) => activate.mutate({ userId, verificationCode, password }, { onError })}
      />
      <BackToSignInLink />
    </PublicCard>
  );
}

export function ActivateAccountPage() {
  const { userId, verificationCode } = activateAccountRoute.useParams();
  const link = useQuery(activationQueries.link(userId, verificationCode));
  if (link.isPending) return <Working label="Checking your link…" />;
  if (link.isError) return <LinkProblem error={link.error} />;
  return link.data.purpose === 'invitation' ? (
    <ChoosePassword link={link.data} />
  ) : (
    <ActivateNow link={link.data} />
  );
}
