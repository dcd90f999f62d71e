import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';
import { OrganizationLogo } from '@/components/organization-logo';
import { Button } from '@/components/ui/button';
import { authQueries } from '@/lib/auth/auth-queries';
import { roleLabels } from '@/lib/auth/role-labels';
import { defaultLogoUrl, defaultOrganizationName } from '@/lib/settings/settings-queries';
import { useSignOut } from '../api/sign-out';

/** The signed-in frame: organisation and user in the header, the screen below. The full shell comes later. */
export function AppLayout() {
  const { data: me } = useSuspenseQuery(authQueries.me());
  const signOut = useSignOut();
  const organizationName = me.organization.name.trim() || defaultOrganizationName;
  const fullName = `${me.user.firstName} ${me.user.lastName}`.trim();

  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <header className="sticky top-0 z-10 border-b border-border bg-surface/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link
            to="/app/dashboard"
            className="flex min-w-0 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <OrganizationLogo
              src={me.organization.companyLogo ?? defaultLogoUrl}
              organizationName={organizationName}
              className="size-9"
            />
            <span className="truncate text-base font-semibold tracking-tight text-foreground">
              {organizationName}
            </span>
          </Link>
          <div className="flex shrink-0 items-center gap-3">
            <div className="hidden text-right sm:block">
              <p className="text-sm font-medium text-foreground">{fullName}</p>
              <p className="text-xs text-muted-foreground">{roleLabels[me.user.role]}</p>
            </div>
            <Button
              variant="secondary"
              onClick={() => signOut.mutate()}
              isPending={signOut.isPending}
              pendingLabel="Signing out…"
            >
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
