import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { SignOutIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { managementQueries } from '../api/management-queries';
import { useSignOutOfManagement } from '../api/sign-in-to-management';
import { clearPlatformToken } from '../platform-session';
import { isSessionEnded } from '../request-failure';

export const platformTitle = 'Connect Platform — Management';

/** The operator's frame: the platform's name, who is signed in, and sign-out. No organisation branding. */
export function ManagementLayout() {
  const navigate = useNavigate();
  const me = useQuery(managementQueries.me());
  const signOut = useSignOutOfManagement({ onSignedOut: () => navigate({ to: '/manage/login' }) });

  useEffect(() => {
    document.title = platformTitle;
  }, []);
  const queryClient = useQueryClient();
  useEffect(() => {
    // Any management call refused with 401 (revoked or expired token) ends the session on this device too.
    const leave = (error: unknown) => {
      if (!isSessionEnded(error)) return;
      clearPlatformToken();
      void navigate({ to: '/manage/login', replace: true });
    };
    leave(me.error);
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') leave(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') leave(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [me.error, navigate, queryClient]);

  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <header className="bg-slate-900 text-white">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3 sm:px-6">
          <Link
            to="/manage"
            className="flex min-w-0 items-center gap-2.5 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-white/10 text-sm font-bold"
            >
              CP
            </span>
            <span className="truncate text-sm font-semibold sm:text-base">
              Connect Platform <span className="hidden text-white/60 sm:inline">— Management</span>
            </span>
          </Link>
          <div className="ml-auto flex items-center gap-3">
            <span className="hidden text-sm text-white/70 sm:block" aria-live="polite">
              {me.data ? me.data.admin.name : <Skeleton className="h-4 w-28 bg-white/15" />}
            </span>
            <Button
              variant="ghost"
              className="min-h-9 px-3 text-white hover:bg-white/10"
              isPending={signOut.isPending}
              onClick={() => signOut.mutate()}
            >
              <SignOutIcon className="size-4" />
              Sign out
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        <Outlet />
      </main>
    </div>
  );
}
