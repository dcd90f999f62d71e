import { getRouteApi } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useSignInToManagement } from '../api/sign-in-to-management';
import { failureMessage, fieldErrorsOf } from '../request-failure';
import { platformTitle } from './management-layout';

const routeApi = getRouteApi('/manage_/login');

/** The platform admin's sign-in; only the management host shows it. */
export function ManagementLoginPage() {
  const navigate = routeApi.useNavigate();
  const { redirect } = routeApi.useSearch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignInToManagement({
    onSignedIn: () => navigate({ to: redirect ?? '/manage', replace: true }),
  });
  const fields = fieldErrorsOf(signIn.error);

  useEffect(() => {
    document.title = `Sign in · ${platformTitle}`;
  }, []);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!signIn.isPending) signIn.mutate({ email: email.trim(), password });
  };

  return (
    <div className="flex min-h-dvh flex-col bg-slate-100 dark:bg-canvas">
      <main className="flex flex-1 flex-col items-center px-4 pt-12 pb-8 sm:justify-center">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <span
            aria-hidden="true"
            className="flex size-14 items-center justify-center rounded-2xl bg-slate-900 text-lg font-bold text-white"
          >
            CP
          </span>
          <p className="text-lg font-semibold tracking-tight text-foreground">{platformTitle}</p>
        </div>
        <div className="w-full max-w-sm rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-foreground">Operator sign-in</h1>
          <p className="mt-1 mb-6 text-sm text-muted-foreground">
            For the platform team: organisations, their hosts and branding.
          </p>
          <form noValidate onSubmit={handleSubmit} className="flex flex-col">
            {signIn.isError && Object.keys(fields).length === 0 ? (
              <Alert className="mb-4">{failureMessage(signIn.error)}</Alert>
            ) : null}
            <TextField
              label="Email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={fields.email}
              required
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={fields.password}
              required
            />
            <Button
              type="submit"
              isPending={signIn.isPending}
              pendingLabel="Signing in…"
              className="mt-1 w-full"
            >
              Sign in
            </Button>
          </form>
        </div>
      </main>
    </div>
  );
}
