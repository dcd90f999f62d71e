import { createFileRoute } from '@tanstack/react-router';
import { TermsOfServicePage } from '@/features/legal/components/terms-of-service-page';

export const Route = createFileRoute('/_public/terms-of-service')({
  component: TermsOfServicePage,
});
