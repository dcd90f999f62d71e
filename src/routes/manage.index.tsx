import { createFileRoute } from '@tanstack/react-router';
import { managementQueries } from '@/features/management/api/management-queries';
import { OrganizationsPage } from '@/features/management/components/organizations-page';

export const Route = createFileRoute('/manage/')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(managementQueries.organizations()),
  component: OrganizationsPage,
});
