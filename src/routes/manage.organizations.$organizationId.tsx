import { createFileRoute } from '@tanstack/react-router';
import { managementQueries } from '@/features/management/api/management-queries';
import { OrganizationPage } from '@/features/management/components/organization-page';

export const Route = createFileRoute('/manage/organizations/$organizationId')({
  loader: ({ context, params }) =>
    void context.queryClient.prefetchQuery(managementQueries.organization(params.organizationId)),
  component: OrganizationPage,
});
