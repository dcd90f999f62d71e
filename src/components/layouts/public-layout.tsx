import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Outlet } from '@tanstack/react-router';
import { OrganizationLogo } from '@/components/organization-logo';
import { brandingFrom, settingsQueries } from '@/lib/settings/settings-queries';

/** The frame of the screens a visitor sees before signing in: the organisation's logo and name above a card. */
export function PublicLayout() {
  const { data: settings } = useSuspenseQuery(settingsQueries.public());
  const { organizationName, logoUrl } = brandingFrom(settings);
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <main className="flex flex-1 flex-col items-center px-4 pt-10 pb-8 sm:justify-center sm:pt-12">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <OrganizationLogo src={logoUrl} organizationName={organizationName} className="size-16" />
          <p className="text-lg font-semibold tracking-tight text-foreground">{organizationName}</p>
        </div>
        <Outlet />
      </main>
      <footer className="px-4 pb-6 text-center text-xs text-muted-foreground">
        <Link
          to="/terms-of-service"
          className="rounded underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          Terms of service
        </Link>
        <span aria-hidden="true"> · </span>
        <span>Powered by Connect Platform</span>
      </footer>
    </div>
  );
}

/** The white card most public screens sit in. */
export function PublicCard({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div
      className={`w-full rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8 ${wide ? 'max-w-2xl' : 'max-w-sm'}`}
    >
      {children}
    </div>
  );
}
