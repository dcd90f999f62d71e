import { Link, useNavigate } from '@tanstack/react-router';
import { Card } from '@/components/ui/card';
import { useCreateOrganization } from '../api/save-organization';
import { failureMessage, fieldErrorsOf } from '../request-failure';
import { newOrganizationValues, OrganizationForm } from './organization-form';

export function NewOrganizationPage() {
  const navigate = useNavigate();
  const create = useCreateOrganization();
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink />
      <h1 className="mb-1 text-2xl font-bold tracking-tight text-foreground">New organisation</h1>
      <p className="mb-6 text-sm text-muted-foreground">
        Next you invite its first admin, who sets up everything else.
      </p>
      <Card className="p-5 sm:p-6">
        <OrganizationForm
          initial={newOrganizationValues}
          slugEditable
          submitLabel="Create organisation"
          pendingLabel="Creating…"
          isPending={create.isPending}
          failure={
            create.isError
              ? { message: failureMessage(create.error), fields: fieldErrorsOf(create.error) }
              : null
          }
          onChange={() => {
            if (create.isError) create.reset();
          }}
          onSubmit={(values) =>
            create.mutate(values, {
              onSuccess: (organization) =>
                void navigate({
                  to: '/manage/organizations/$organizationId',
                  params: { organizationId: organization.id },
                }),
            })
          }
        />
      </Card>
    </div>
  );
}

export function BackLink() {
  return (
    <Link
      to="/manage"
      className="mb-4 inline-flex items-center gap-1 rounded text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      <span aria-hidden="true">←</span> All organisations
    </Link>
  );
}
