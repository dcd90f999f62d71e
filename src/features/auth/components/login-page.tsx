import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { PublicCard } from '@/components/layouts/public-layout';
import { Alert } from '@/components/ui/alert';
import { textLinkClass } from '@/components/ui/text-link-class';
import { signedInTarget } from '../redirect-target';
import { StartOrganizationPrompt } from './account-form-parts';
import { LoginForm } from './login-form';

const loginRoute = getRouteApi('/_public/login');

export const accountLockedMessage =
  "Your account has not been approved yet. You can sign in once a coach or administrator approves it; we'll email you when they do.";
export const authFailedMessage = 'Authentication failed. Please sign in again.';

export function LoginPage() {
  const { redirect, account, status } = loginRoute.useSearch();
  const navigate = useNavigate();

  return (
    <PublicCard>
      <h1 className="text-2xl font-bold tracking-tight text-foreground">Sign in</h1>
      <p className="mt-1 mb-6 text-sm text-muted-foreground">Welcome back! Sign in to continue.</p>
      {account === 'locked' ? (
        <Alert tone="warning" role="status" title="Waiting for approval" className="mb-4">
          {accountLockedMessage}
        </Alert>
      ) : null}
      {status === 'authfailed' ? (
        <Alert tone="warning" role="status" title="Signed out" className="mb-4">
          {authFailedMessage}
        </Alert>
      ) : null}
      <LoginForm
        onSignedIn={() => navigate({ href: signedInTarget(redirect), replace: true })}
        onAccountNotApproved={() =>
          void navigate({ to: '/login', search: { redirect, account: 'locked' }, replace: true })
        }
      />
      <div className="mt-4 flex flex-col items-center gap-3 text-sm">
        <Link to="/forgot-password" className={textLinkClass}>
          Forgot your password?
        </Link>
        <div className="mt-2 w-full border-t border-border pt-4 text-center text-muted-foreground">
          <p>
            New athlete?{' '}
            <Link to="/signup" className={textLinkClass}>
              Create an account
            </Link>
          </p>
          <StartOrganizationPrompt className="mt-2" />
        </div>
      </div>
    </PublicCard>
  );
}
