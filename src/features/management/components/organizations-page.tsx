import type { ManagedOrganization } from '@contract/management';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LayersIcon, PlusIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { managementQueries } from '../api/management-queries';
import { failureMessage } from '../request-failure';
import { AdminStateBadge, BrandSwatches } from './admin-state-badge';
// The management host belongs to no organisation: the platform's own format (en-US, UTC).
import { formatInstant } from '@/lib/format/format';

export const primaryLinkClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-foreground shadow-sm hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

const swatchesOf = (organization: ManagedOrganization) => [
  organization.primaryColor,
  organization.secondaryColor,
  organization.accentColor,
];

/** Every organisation on the platform: the operator's home. */
export function OrganizationsPage() {
  const organizations = useQuery(managementQueries.organizations());
  return (
    <div>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-foreground">Organisations</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Each one has its own hosts, name and colours. People and training data stay with them.
          </p>
        </div>
        <Link to="/manage/organizations/new" className={primaryLinkClass}>
          <PlusIcon className="size-4" />
          New organisation
        </Link>
      </div>
      {organizations.isError ? (
        <Alert title="The organisations could not be loaded">
          <p>{failureMessage(organizations.error)}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void organizations.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : organizations.data?.length === 0 ? (
        <Card>
          <EmptyState
            icon={LayersIcon}
            title="No organisations yet"
            action={
              <Link to="/manage/organizations/new" className={primaryLinkClass}>
                Create the first one
              </Link>
            }
          >
            Create an organisation, give it a host, and invite its first admin.
          </EmptyState>
        </Card>
      ) : (
        <Card>
          <OrganizationTable organizations={organizations.data} />
          <OrganizationCards organizations={organizations.data} />
        </Card>
      )}
    </div>
  );
}

const skeletonRows = [0, 1, 2];

function OrganizationTable({ organizations }: { organizations: ManagedOrganization[] | undefined }) {
  return (
    <table className="hidden w-full text-left text-sm md:table">
      <thead className="border-b border-border bg-muted/50 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        <tr>
          <th scope="col" className="px-4 py-3">
            Organisation
          </th>
          <th scope="col" className="px-4 py-3">
            Hosts
          </th>
          <th scope="col" className="px-4 py-3 text-right">
            People
          </th>
          <th scope="col" className="px-4 py-3">
            Admin
          </th>
          <th scope="col" className="px-4 py-3">
            Created
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {organizations
          ? organizations.map((organization) => (
              <tr key={organization.id} className="hover:bg-muted/40">
                <td className="px-4 py-3">
                  <div className="flex items-center gap-3">
                    <BrandSwatches colors={swatchesOf(organization)} />
                    <div className="min-w-0">
                      <Link
                        to="/manage/organizations/$organizationId"
                        params={{ organizationId: organization.id }}
                        className="font-semibold text-foreground underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                      >
                        {organization.name}
                      </Link>
                      <p className="font-mono text-xs text-muted-foreground">{organization.slug}</p>
                    </div>
                  </div>
                </td>
                <td className="px-4 py-3 text-muted-foreground">
                  <HostList hosts={organization.hosts} />
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{organization.userCount}</td>
                <td className="px-4 py-3">
                  <AdminStateBadge state={organization.adminState} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                  {formatInstant(organization.createdAt, 'shortDate')}
                </td>
              </tr>
            ))
          : skeletonRows.map((row) => (
              <tr key={row}>
                {[0, 1, 2, 3, 4].map((cell) => (
                  <td key={cell} className="px-4 py-4">
                    <Skeleton className="h-4 w-3/4" />
                  </td>
                ))}
              </tr>
            ))}
      </tbody>
    </table>
  );
}

function OrganizationCards({ organizations }: { organizations: ManagedOrganization[] | undefined }) {
  return (
    <ul className="divide-y divide-border md:hidden">
      {organizations
        ? organizations.map((organization) => (
            <li key={organization.id}>
              <Link
                to="/manage/organizations/$organizationId"
                params={{ organizationId: organization.id }}
                className="flex items-start gap-3 px-4 py-4 hover:bg-muted/40 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
              >
                <BrandSwatches colors={swatchesOf(organization)} className="mt-1 size-3.5" />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-semibold text-foreground">{organization.name}</p>
                    <AdminStateBadge state={organization.adminState} />
                  </div>
                  <p className="mt-0.5 truncate text-sm text-muted-foreground">
                    <HostList hosts={organization.hosts} />
                  </p>
                  <p className="mt-1 text-xs text-muted-foreground">
                    {organization.userCount} {organization.userCount === 1 ? 'person' : 'people'} · created{' '}
                    {formatInstant(organization.createdAt, 'shortDate')}
                  </p>
                </div>
              </Link>
            </li>
          ))
        : skeletonRows.map((row) => (
            <li key={row} className="px-4 py-4">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="mt-2 h-3 w-3/4" />
            </li>
          ))}
    </ul>
  );
}

function HostList({ hosts }: { hosts: string[] }) {
  if (hosts.length === 0) return <span className="italic">No host yet</span>;
  return <span className="break-all">{hosts.join(', ')}</span>;
}
