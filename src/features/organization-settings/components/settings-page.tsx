import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SlidersIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { textLinkClass } from '@/components/ui/text-link-class';
import { authQueries } from '@/lib/auth/auth-queries';
import { settingsQueries } from '@/lib/settings/settings-queries';
import { useScreenTitle } from '@/stores/header-store';
import { ChatSection } from './chat-section';
import { ColorsSection } from './colors-section';
import { GeneralSection } from './general-section';
import { LogoSection } from './logo-section';
import { PasswordPolicySection } from './password-policy-section';
import { SidebarItemsSection } from './sidebar-items-section';
import { TrainingSection } from './training-section';

const title = 'Organisation settings';

/** product.md "organisation settings (admin)": name, logo, colours, password policy and sidebar links. */
export function SettingsPage() {
  useScreenTitle(title);
  const { data: me } = useSuspenseQuery(authQueries.me());
  if (me.user.role !== 'admin') return <NotAllowed />;
  return <OrganisationSettings />;
}

function NotAllowed() {
  return (
    <div className="space-y-6">
      <PageHeader title={title} />
      <Card>
        <EmptyState
          icon={SlidersIcon}
          title="This screen is for administrators"
          action={
            <Link to="/app/dashboard" className={textLinkClass}>
              Back to Home
            </Link>
          }
        >
          Only an administrator of your organisation can change its name, logo and colours.
        </EmptyState>
      </Card>
    </div>
  );
}

function OrganisationSettings() {
  const settings = useQuery(settingsQueries.full());
  const record = settings.data;
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <PageHeader
        title={title}
        description="How the app looks and works for everyone in your organisation. Each section saves on its own."
      />
      {settings.isPending ? (
        <div className="space-y-5" aria-busy="true" aria-label="Loading the settings">
          <Skeleton className="h-48 w-full rounded-2xl" />
          <Skeleton className="h-56 w-full rounded-2xl" />
        </div>
      ) : !record ? (
        <Alert title="The settings could not be loaded.">
          <p>Check your connection and try again.</p>
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => void settings.refetch()}
            isPending={settings.isFetching}
            pendingLabel="Trying again…"
          >
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <GeneralSection settings={record} />
          <LogoSection settings={record} />
          <ColorsSection settings={record} />
          <TrainingSection settings={record} />
          <ChatSection settings={record} />
          <PasswordPolicySection settings={record} />
          <SidebarItemsSection />
        </>
      )}
    </div>
  );
}
