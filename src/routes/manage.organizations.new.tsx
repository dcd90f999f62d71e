import { createFileRoute } from '@tanstack/react-router';
import { NewOrganizationPage } from '@/features/management/components/new-organization-page';

export const Route = createFileRoute('/manage/organizations/new')({
  component: NewOrganizationPage,
});
