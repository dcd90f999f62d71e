import type { ManagedOrganization } from '@contract/management';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { managementQueries } from '../api/management-queries';
import { useInviteFirstAdmin, useUpdateOrganization } from '../api/save-organization';
import { failureMessage, fieldErrorsOf } from '../request-failure';
import { AdminStateBadge, BrandSwatches } from './admin-state-badge';
import { BackLink } from './new-organization-page';
import { OrganizationForm } from './organization-form';

const routeApi = getRouteApi('/manage/organizations/$organizationId');

/** One organisation: its record, hosts and colours to change, and its first admin to invite. */
export function OrganizationPage() {
  const { organizationId } = routeApi.useParams();
  const organization = useQuery(managementQueries.organization(organizationId));

  if (organization.isError) {
    return (
      <div className="mx-auto max-w-3xl">
        <BackLink />
        <Alert title="This organisation could not be loaded">{failureMessage(organization.error)}</Alert>
      </div>
    );
  }
  if (!organization.data) {
    return (
      <div className="mx-auto max-w-3xl" aria-busy="true">
        <BackLink />
        <Skeleton className="mb-2 h-8 w-64" />
        <Skeleton className="mb-6 h-4 w-40" />
        <Skeleton className="h-80 w-full rounded-2xl" />
      </div>
    );
  }
  return <OrganizationDetails organization={organization.data} />;
}

function OrganizationDetails({ organization }: { organization: ManagedOrganization }) {
  const update = useUpdateOrganization(organization.id);
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink />
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <BrandSwatches
          colors={[organization.primaryColor, organization.secondaryColor, organization.accentColor]}
          className="size-5"
        />
        <h1 className="text-2xl font-bold tracking-tight text-foreground">{organization.name}</h1>
        <AdminStateBadge state={organization.adminState} />
        <p className="w-full text-sm text-muted-foreground">
          <span className="font-mono">{organization.slug}</span> · {organization.userCount}{' '}
          {organization.userCount === 1 ? 'person' : 'people'}
        </p>
      </div>

      <Card className="mb-6 p-5 sm:p-6">
        <h2 className="mb-4 text-lg font-semibold text-foreground">Organisation</h2>
        {update.isSuccess ? (
          <Alert tone="info" role="status" className="mb-4">
            Saved.
          </Alert>
        ) : null}
        <OrganizationForm
          key={organization.id}
          initial={{
            name: organization.name,
            slug: organization.slug,
            hosts: organization.hosts,
            primaryColor: organization.primaryColor ?? '',
            secondaryColor: organization.secondaryColor ?? '',
            accentColor: organization.accentColor ?? '',
          }}
          slugEditable={false}
          submitLabel="Save changes"
          pendingLabel="Saving…"
          isPending={update.isPending}
          failure={
            update.isError
              ? { message: failureMessage(update.error), fields: fieldErrorsOf(update.error) }
              : null
          }
          onChange={() => {
            if (!update.isPending && (update.isError || update.isSuccess)) update.reset();
          }}
          onSubmit={({ name, hosts, primaryColor, secondaryColor, accentColor }) =>
            update.mutate({
              name,
              hosts,
              primaryColor: primaryColor || null,
              secondaryColor: secondaryColor || null,
              accentColor: accentColor || null,
            })
          }
        />
      </Card>

      <FirstAdminCard organization={organization} />
    </div>
  );
}

function FirstAdminCard({ organization }: { organization: ManagedOrganization }) {
  const invite = useInviteFirstAdmin(organization.id);
  const headingId = useId();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const fields = fieldErrorsOf(invite.error);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invite.isPending) return;
    invite.mutate(
      { firstName: firstName.trim(), lastName: lastName.trim(), email: email.trim() },
      {
        onSuccess: () => {
          setFirstName('');
          setLastName('');
          setEmail('');
        },
      },
    );
  };
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    if (invite.isError) invite.reset();
  };

  return (
    <Card className="p-5 sm:p-6" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-foreground">
        First admin
      </h2>
      {organization.adminState === 'active' ? (
        <p className="mt-2 text-sm text-muted-foreground">
          {organization.name} has an admin who has signed in. They invite and manage everyone else from the
          organisation&rsquo;s Users screen.
        </p>
      ) : (
        <>
          <p className="mt-1 mb-4 text-sm text-muted-foreground">
            {organization.adminState === 'invited'
              ? 'An invitation is out and not used yet. Invite the same email again to send a fresh link, or invite someone else.'
              : 'They get an email with a link to choose a password, on the organisation’s own host. The link works for 7 days.'}
          </p>
          {invite.isSuccess ? (
            <Alert tone="info" role="status" className="mb-4">
              {invite.data.message}
            </Alert>
          ) : null}
          {invite.isError && Object.keys(fields).length === 0 ? (
            <Alert className="mb-4">{failureMessage(invite.error)}</Alert>
          ) : null}
          <form noValidate onSubmit={handleSubmit}>
            <div className="grid gap-x-4 sm:grid-cols-2">
              <TextField
                label="First name"
                autoComplete="off"
                value={firstName}
                onChange={(event) => edit(setFirstName)(event.target.value)}
                error={fields.firstName}
              />
              <TextField
                label="Last name"
                autoComplete="off"
                value={lastName}
                onChange={(event) => edit(setLastName)(event.target.value)}
                error={fields.lastName}
              />
            </div>
            <TextField
              label="Email"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => edit(setEmail)(event.target.value)}
              error={fields.email}
            />
            <div className="flex justify-end border-t border-border pt-4">
              <Button
                type="submit"
                isPending={invite.isPending}
                pendingLabel="Sending…"
                className="w-full sm:w-auto"
              >
                Send invitation
              </Button>
            </div>
          </form>
        </>
      )}
    </Card>
  );
}
